// The frontier kernel: the one-cat game solved as two independent attractors, each level costing
// time in proportion to the states it decides and their neighbours, never to n. Internal to
// src/solve; docs/algorithm.md has the design and the cost of a level.
//
// The mouse-won states are the mouse's attractor of its winning end states: a mouse-to-move state
// joins at level r + 1 when some mouse move reaches a state that joined at level r; a cat-to-move
// state joins when every cat move reaches a state that has joined, the last at level r. Only
// mouse-won states are read: a state with a mouse-won child is never cat-won and vice versa. So
// the cat-won states are computed apart, in the same way with the roles swapped, and the level at
// which a state joins is its remoteness (the fastest win, the slowest loss).
//
// Each attractor keeps its states as bit rows indexed by its own player's node (the mouse's
// attractor: rows = mouse node, bits = cat node, in both halves; the cat's: rows = cat node):
//  - its player's moves change the row: "some move reaches a new state" is the OR of whole rows
//    of new states, pushed to the rows of the nodes that move there (the reverse move lists);
//  - the opponent's moves change the bit: "every move reaches a won state" is evaluated inside a
//    row, 64 states at a time, by a word program (node_order.hpp): a few shifted windows of the
//    won row per word once the nodes are numbered breadth-first.
// A level visits only the rows and words of the previous level's new states (frontier.hpp), and
// the remoteness is written in 8 x 8 blocks (blocked_remoteness.hpp), marked with the attractor
// that wrote it. The two attractors share nothing but the remoteness array (distinct states), so
// with two threads they run side by side.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/kernel/blocked_remoteness.hpp"
#include "solve/kernel/frontier.hpp"
#include "solve/kernel/frontier_plan.hpp"
#include "solve/kernel/level_hook.hpp"
#include "solve/kernel/level_zero.hpp"
#include "solve/kernel/node_order.hpp"
#include "solve/worker_pool.hpp"

namespace catmouse::detail {

// kPartial: this process holds the rows of a RowRange, and a driver exchanges what its levels
// find with the other processes (seed, for_each_new_other, receive_other, step_level). Without
// it, every row is here and run() solves alone; the range checks compile away.
template <class W, bool kPartial = false>
class FrontierKernel {
  static constexpr W kTop = BlockedRemoteness<W>::kTop;
  // The threads of the pool (one, or two with threads): a level's rows are shared out among them
  // one by one (step_level), each thread listing the rows it adds in a shard of its own.
  static constexpr unsigned kThreads = 2;
  // A step of a level with fewer words to visit than this runs on one thread: a microsecond of
  // work would not pay for the other's wake-up (a ring's levels have a row or two).
  static constexpr std::uint64_t kShareWords = 256;

  // The states one player wins. Rows are that player's nodes, bits the opponent's; "own" states
  // have the player to move, "other" states the opponent.
  struct Attractor {
    int player = 0;  // 0 mouse, 1 cat
    GuardedRows own_won, other_won;
    Frontier own_new, other_new, other_next;
    // The states that can join: per column word, for a row whose node is a hole / is not (end
    // states and nodes the cat may not enter excluded), and whether a row can hold any.
    std::vector<std::uint64_t> open_in_hole, open_plain;
    std::vector<std::uint8_t> row_open;
    std::vector<std::uint64_t> opponent_moves;   // columns whose node has a move
    std::vector<std::uint64_t> marks[kThreads];  // per thread: words of one row to evaluate
    StateIndex found = 0;                        // states that joined at the last level
    // Per thread, at the last level: a cache line each, as the threads count at once.
    struct alignas(64) Count {
      StateIndex value = 0;
    };
    Count found_in[kThreads];
    std::vector<NodeId> candidates;       // the rows a level's own states may join (join_some_move)
    std::vector<std::uint8_t> candidate;  // per row, whether it is in candidates
    // kPartial: the rows of other processes whose reverse moves reach rows here.
    std::vector<std::uint8_t> reaches_here;
    // kPartial, values only: the opponent-to-move states of this attractor by the row that holds
    // them in StateSpace orientation (the opponent's node), which the remoteness marks otherwise.
    GuardedRows transposed;
  };

 public:
  // The cat's attractor writes remoteness + 1 below the top bit (blocked_remoteness.hpp).
  static constexpr std::uint64_t kMaxRemoteness = kTop - 2;

  // `rows` only with kPartial (otherwise every row).
  FrontierKernel(const Game& game, const SolveOptions& options, const FrontierPlan& plan,
                 RowRange rows = {})
      : game_(game),
        plan_(plan),
        n_(game.node_count()),
        words_per_row_((std::uint64_t{n_} + 63) / 64),
        first_(kPartial ? rows.first : 0),
        last_(kPartial ? rows.last : n_),
        first_word_(first_ / 64),
        last_word_((std::uint64_t{last_} + 63) / 64),
        keep_remoteness_(!options.values_only),
        parallel_(options.threads > 1),
        threads_(parallel_ ? kThreads : 1),
        progress_(options.progress),
        cancelled_(options.cancelled),
        pool_(threads_) {
    if (keep_remoteness_) {
      remoteness_ = BlockedRemoteness<W>(n_, first_, last_ - first_, on_pool());
    }
    // The attractors' rows, each on a thread of its own: their first touch is most of the cost.
    pool_.run(parallel_, 2, 1, [&](std::size_t first, std::size_t last, unsigned) {
      for (std::size_t a = first; a < last; ++a) setup(attractor_[a], static_cast<int>(a));
    });
  }

  // Bytes a process holding `rows` rows allocates for its attractors and remoteness (the plan,
  // and the Table of a whole solve, apart).
  static std::uint64_t memory(NodeId n, NodeId rows, bool values_only) {
    const std::uint64_t words = (std::uint64_t{n} + 63) / 64;
    const std::uint64_t planes = kPartial && values_only ? 12 : 10;
    const std::uint64_t rows8 = (std::uint64_t{rows} + 7) / 8 * 8;
    const std::uint64_t n8 = (std::uint64_t{n} + 7) / 8 * 8;
    return planes * rows * (words + 2) * sizeof(std::uint64_t) +
           (values_only ? 0 : 2 * rows8 * n8 * sizeof(W));
  }

  // Solves; false when a remoteness does not fit in W. With a target, stops at the level that
  // decides it.
  bool run(std::optional<State> target = std::nullopt) {
    static_assert(!kPartial, "a distributed solve is driven level by level (src/mpi)");
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t first_level = 0;
    StateIndex decided = 0;  // before the last level
    if (resume_ != nullptr) {
      if (!restore(*resume_, decided)) return true;
      first_level = resume_->last_level();
    } else {
      seed();
      if (!hand_out(0)) return true;
    }
    decided += attractor_[0].found + attractor_[1].found;
    for (std::uint64_t level = first_level;; ++level) {
      if (target && reached(*target, level)) return true;
      const bool busy[2] = {has_work(attractor_[0]), has_work(attractor_[1])};
      if (!busy[0] && !busy[1]) return true;
      if (level + 1 > max_level()) return false;
      step_level(busy, level, NoRemote{});
      decided += attractor_[0].found + attractor_[1].found;
      if (!hand_out(level + 1)) return true;
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        progress_(
            {decided, game_.state_count(), static_cast<std::uint32_t>(level + 1), elapsed.count()});
      }
      if (cancelled_ && cancelled_()) {
        stopped_ = true;
        return true;
      }
    }
  }

  // The pieces of run() for a driver (kPartial). seed() is level 0 of the rows here; then, per
  // level, the driver hands the new opponent-to-move states of every attractor
  // (for_each_new_other) to the processes that need them (receive_other, and step_level's
  // `remote`), agrees with them whether any attractor has work (busy) and steps the level.

  // Level 0: the end states and stuck players, each into the attractor of its winner.
  void seed() {
    for (Attractor& a : attractor_) reset_found(a);
    seed_rows();
    for (Attractor& a : attractor_) sum_found(a);
  }
  // Whether attractor p has states to work from here.
  bool busy(int p) const { return has_work(attractor_[p]); }
  // States attractor p found here at the last level (the seed or step_level).
  StateIndex found(int p) const { return attractor_[p].found; }
  // The greatest level W can stamp.
  std::uint64_t max_level() const { return keep_remoteness_ ? kMaxRemoteness : UINT64_MAX; }
  // Level + 1 of the attractors marked busy (on two threads when both are and threads allow).
  // kPartial: remote(p, visit) calls visit(x, words) for each row x (p's player's node) of new
  // opponent-to-move states that other processes found at `level` in attractor p, where
  // words(f) calls f(w, bits) for each of its words; called from both threads at once, it only
  // reads.
  template <class Remote>
  void step_level(const bool busy[2], std::uint64_t level, const Remote& remote) {
    const W stamp[2] = {level_word(0, level + 1), level_word(1, level + 1)};
    // visit(a, i, thread) for i in [0, count[a]) of both busy attractors, the rows dealt out to the
    // threads one at a time (a level of a deep game has few rows, and some far heavier than
    // others).
    // `words`: the frontier words the step visits, its work.
    const auto each_row = [&](const std::size_t count[2], std::uint64_t words, auto&& visit) {
      const std::size_t total = count[0] + count[1];
      pool_.run(parallel_ && total > 1 && words >= kShareWords, total, 1,
                [&](std::size_t first, std::size_t last, unsigned thread) {
                  for (std::size_t i = first; i < last; ++i) {
                    const int p = i < count[0] ? 0 : 1;
                    visit(attractor_[p], p == 0 ? i : i - count[0], thread);
                  }
                });
    };
    std::size_t count[2] = {0, 0};
    std::uint64_t words = 0;
    for (int p = 0; p < 2; ++p) {
      if (!busy[p]) continue;
      Attractor& a = attractor_[p];
      reset_found(a);
      count[p] = a.own_new.rows().size();
      if (parallel_) {
        for (NodeId x : a.own_new.rows()) words += a.own_new.words(x);
      }
    }
    // The opponent-to-move states first: they must see the own states up to this level only.
    each_row(count, words, [&](Attractor& a, std::size_t i, unsigned thread) {
      const NodeId x = a.own_new.rows()[i];
      join_every_move(a, x, thread, stamp[a.player]);
      a.own_new.clear_row(x);  // read by this row's step only
    });
    words = 0;
    for (int p = 0; p < 2; ++p) {
      if (!busy[p]) continue;
      attractor_[p].other_next.gather_shards();
      attractor_[p].own_new.forget_rows();
      count[p] = list_candidates(attractor_[p], words);
    }
    each_row(count, words, [&](Attractor& a, std::size_t i, unsigned thread) {
      join_some_move(a, a.candidates[i], thread, stamp[a.player]);
    });
    for (int p = 0; p < 2; ++p) {
      if (!busy[p]) continue;
      Attractor& a = attractor_[p];
      if constexpr (kPartial) join_remote(a, stamp[p], remote);
      a.own_new.gather_shards();
      a.other_new.clear();
      std::swap(a.other_new, a.other_next);
      sum_found(a);
    }
  }
  // Calls f(x, w, bits) for each word of new opponent-to-move states attractor p found here at
  // the last level: row x (p's player's node), word w of the opponent's nodes.
  template <class F>
  void for_each_new_other(int p, F&& f) const {
    const Frontier& fresh = attractor_[p].other_new;
    for (NodeId x : fresh.rows()) {
      const std::uint64_t* row = fresh.row(x);
      fresh.for_each_word(x, [&](std::uint64_t w) { f(x, w, row[w]); });
    }
  }
  // A word that another process passed on from its for_each_new_other(p, ...) at `level`, whose
  // StateSpace rows (the opponent's nodes of word w) are here: their remoteness (values only,
  // their bits).
  void receive_other(int p, NodeId x, std::uint64_t w, std::uint64_t bits, std::uint64_t level) {
    static_assert(kPartial);
    write_remoteness(p, 1 - p, x, w, bits, level_word(p, level));
  }
  // After the solve (kPartial): the value of the state (mouse m, cat c, half) in kernel labels,
  // whose StateSpace row (m for half 0, c for half 1) is here.
  StateValue value_here(int half, NodeId m, NodeId c) const {
    static_assert(kPartial);
    if (keep_remoteness_) {
      const W v = remoteness_.at(half, m, c);
      if (v == 0) return {};
      if (v & kTop) return {Value::kMouseWin, static_cast<std::uint32_t>(v & ~kTop)};
      return {Value::kCatWin, static_cast<std::uint32_t>(v - 1)};
    }
    const NodeId row = half == 0 ? m : c, column = half == 0 ? c : m;
    // Half 0: the mouse's own states, the cat's opponent states; half 1 the other way round.
    const Attractor& own = attractor_[half];
    const Attractor& other = attractor_[1 - half];
    if (test(own.own_won.row(row), column)) {
      return {half == 0 ? Value::kMouseWin : Value::kCatWin, std::nullopt};
    }
    if (test(other.transposed.row(row), column)) {
      return {half == 0 ? Value::kCatWin : Value::kMouseWin, std::nullopt};
    }
    return {};
  }
  // After the solve (kPartial, with remoteness): the word of that state (blocked_remoteness.hpp): 0
  // a draw, kTop | r a mouse win in r, r + 1 a cat win in r.
  W word_here(int half, NodeId m, NodeId c) const {
    static_assert(kPartial);
    return remoteness_.at(half, m, c);
  }
  // Frees the frontiers (kPartial: once solved, before the values are read).
  void release_frontiers() {
    for (Attractor& a : attractor_) {
      a.own_new.release();
      a.other_new.release();
      a.other_next.release();
    }
  }

  // Whether run() stopped because SolveOptions::cancelled said so (the table is then partial).
  bool cancelled() const { return stopped_; }

  StateValue target_value(const State& /*target*/) const {
    if (!target_) return {};
    return {target_->first, target_->second};
  }

  // Before run(): each level's new states go to `sink` as the level ends, and with `resume` the
  // solve starts after the replay's last level instead of from the seed (level_hook.hpp). A
  // sink that stops the solve or a replay that fails leaves cancelled() true.
  void set_levels(LevelSink* sink, LevelReplay* resume) {
    sink_ = sink;
    resume_ = resume;
  }

  Table take_table();

 private:
  NodeId label(NodeId v) const { return plan_.order.rank[v]; }
  // Whether row x / the word of columns w is this process's (always, without kPartial).
  bool owns(NodeId x) const {
    if constexpr (kPartial) return x >= first_ && x < last_;
    return true;
  }
  bool owns_word(std::uint64_t w) const {
    if constexpr (kPartial) return w >= first_word_ && w < last_word_;
    return true;
  }
  static bool test(const std::uint64_t* row, NodeId bit) {
    return (row[bit >> 6] >> (bit & 63)) & 1;
  }

  // The pool, to fault in a large array's pages on every thread (huge_pages.hpp).
  ForEachPart on_pool() {
    return [this](std::size_t parts, const std::function<void(std::size_t)>& part) {
      pool_.run(parallel_, parts, 1, [&](std::size_t first, std::size_t last, unsigned) {
        for (std::size_t i = first; i < last; ++i) part(i);
      });
    };
  }

  void setup(Attractor& a, int player) {
    a.player = player;
    const NodeId rows = last_ - first_;
    a.own_won = GuardedRows(rows, words_per_row_, first_);
    a.other_won = GuardedRows(rows, words_per_row_, first_);
    a.own_new = Frontier(rows, words_per_row_, first_, threads_);
    a.other_new = Frontier(rows, words_per_row_, first_, threads_);
    a.other_next = Frontier(rows, words_per_row_, first_, threads_);
    a.candidate.assign(n_, 0);
    if constexpr (kPartial) {
      if (!keep_remoteness_) a.transposed = GuardedRows(rows, words_per_row_, first_);
      // Row x here is pushed to from the rows its player moves to (step's reverse moves).
      a.reaches_here.assign(n_, 0);
      for (NodeId x = first_; x < last_; ++x) {
        for (NodeId to : plan_.moves[player].of(x)) a.reaches_here[to] = 1;
      }
    }
    a.open_in_hole.assign(words_per_row_, 0);
    a.open_plain.assign(words_per_row_, 0);
    a.opponent_moves.assign(words_per_row_, 0);
    a.row_open.assign(n_, 1);
    for (std::vector<std::uint64_t>& marks : a.marks) marks.assign((words_per_row_ + 63) / 64, 0);
    const Rules& rules = game_.rules();
    const int opponent = 1 - player;
    for (NodeId y = 0; y < n_; ++y) {
      const NodeId v = plan_.order.order[y];
      const std::uint64_t bit = std::uint64_t{1} << (y & 63);
      // Columns are the opponent's nodes: for the mouse's attractor, the cat's, which may be
      // barred.
      const bool column_ok = player == 1 || !game_.cat_forbidden(v);
      const auto finished = [&](bool row_hole) {
        const bool column_hole = game_.is_hole(v);
        return player == 0 ? finished_value(rules, row_hole, column_hole, false).has_value()
                           : finished_value(rules, column_hole, row_hole, false).has_value();
      };
      if (column_ok && !finished(true)) a.open_in_hole[y >> 6] |= bit;
      if (column_ok && !finished(false)) a.open_plain[y >> 6] |= bit;
      if (!plan_.moves[opponent].of(y).empty()) a.opponent_moves[y >> 6] |= bit;
      if (player == 1 && game_.cat_forbidden(v)) a.row_open[y] = 0;
    }
  }

  // The states of row x, word w that may still join (not end states, not barred, not on the
  // diagonal, where the cat has caught the mouse).
  std::uint64_t open(const Attractor& a, NodeId x, std::uint64_t w) const {
    if (!a.row_open[x]) return 0;
    std::uint64_t bits = game_.is_hole(plan_.order.order[x]) ? a.open_in_hole[w] : a.open_plain[w];
    if ((x >> 6) == w) bits &= ~(std::uint64_t{1} << (x & 63));
    return bits;
  }

  static bool has_work(const Attractor& a) { return !a.own_new.empty() || !a.other_new.empty(); }

  // The word that marks remoteness r in attractor p's states (blocked_remoteness.hpp).
  static W level_word(int player, std::uint64_t r) {
    return static_cast<W>(player == 0 ? kTop | r : r + 1);
  }

  // Writes `stamp` for the states `bits` of row x, word w of attractor `player`, in `half`. The
  // mouse's rows run along the blocks, 8 states to a run; the cat's cross them.
  void write_remoteness(int player, int half, NodeId x, std::uint64_t w, std::uint64_t bits,
                        W stamp) {
    // Opponent-to-move states lie in the StateSpace rows of their column word: another
    // process's, maybe, which then writes them when they reach it (receive_other).
    if (half != player && !owns_word(w)) return;
    if (!keep_remoteness_) {
      if constexpr (kPartial) {
        if (half != player) {
          for (; bits != 0; bits &= bits - 1) {
            const auto y = static_cast<NodeId>(64 * w + std::countr_zero(bits));
            attractor_[player].transposed.row(y)[x >> 6] |= std::uint64_t{1} << (x & 63);
          }
        }
      }
      return;
    }
    if (player == 0) {
      for (int byte = 0; byte < 8; ++byte) {
        const auto eight = static_cast<std::uint8_t>(bits >> (8 * byte));
        if (eight == 0) continue;
        W* run = remoteness_.cats_of(half, x, static_cast<NodeId>(8 * w + byte));
        if (eight == 0xFF) {
          std::fill_n(run, 8, stamp);
          continue;
        }
        for (unsigned b = eight; b != 0; b &= b - 1) run[std::countr_zero(b)] = stamp;
      }
      return;
    }
    for (; bits != 0; bits &= bits - 1) {
      const auto y = static_cast<NodeId>(64 * w + std::countr_zero(bits));
      remoteness_.at(half, y, x) = stamp;
    }
  }

  static void reset_found(Attractor& a) {
    for (auto& count : a.found_in) count.value = 0;
  }
  static void sum_found(Attractor& a) {
    a.found = 0;
    for (const auto& count : a.found_in) a.found += count.value;
  }

  // States of row x joining attractor a: own states (the player to move) or opponent-to-move
  // states, listed in `into` by the shard of `thread`, which counts them.
  void join_own(Attractor& a, NodeId x, std::uint64_t w, std::uint64_t bits, W stamp,
                unsigned thread = 0) {
    a.own_won.row(x)[w] |= bits;
    a.own_new.add(x, w, bits, thread);
    a.found_in[thread].value += static_cast<StateIndex>(std::popcount(bits));
    write_remoteness(a.player, a.player, x, w, bits, stamp);
  }
  void join_other(Attractor& a, Frontier& into, NodeId x, std::uint64_t w, std::uint64_t bits,
                  W stamp, unsigned thread = 0) {
    a.other_won.row(x)[w] |= bits;
    into.add(x, w, bits, thread);
    a.found_in[thread].value += static_cast<StateIndex>(std::popcount(bits));
    write_remoteness(a.player, 1 - a.player, x, w, bits, stamp);
  }

  // Level 0: the end states and the stuck players (level_zero.hpp), each into the attractor of its
  // winner. Rows here are in StateSpace orientation; the attractor whose rows are the other
  // player's nodes takes the bits one by one (few: a diagonal, a hole's column). With kPartial,
  // a process seeds its own rows, and the columns of other rows that are its attractor rows.
  void seed_rows() {
    const Rules& rules = game_.rules();
    std::vector<std::uint64_t> holes(words_per_row_, 0), cat_allowed(words_per_row_, 0),
        all(words_per_row_, 0);
    for (NodeId y = 0; y < n_; ++y) {
      const std::uint64_t bit = std::uint64_t{1} << (y & 63);
      const NodeId v = plan_.order.order[y];
      all[y >> 6] |= bit;
      if (game_.is_hole(v)) holes[y >> 6] |= bit;
      if (!game_.cat_forbidden(v)) cat_allowed[y >> 6] |= bit;
    }
    for (int half = 0; half < 2; ++half) {
      const Side side = half == 0 ? Side::kMouse : Side::kCat;
      for (NodeId x = 0; x < n_; ++x) {
        const NodeId v = plan_.order.order[x];
        if (half == 1 && game_.cat_forbidden(v)) continue;
        const bool mine = owns(x);
        const bool stuck = plan_.moves[half].of(x).empty();
        const std::uint64_t w_end = mine ? words_per_row_ : last_word_;
        for (std::uint64_t w = mine ? 0 : first_word_; w < w_end; ++w) {
          const std::uint64_t self = (x >> 6) == w ? std::uint64_t{1} << (x & 63) : 0;
          const LevelZeroWord word =
              level_zero_word(rules, side, game_.is_hole(v), half == 0 ? cat_allowed[w] : all[w],
                              holes[w], self, stuck);
          // The winner whose attractor has rows of this half's row player takes the word whole.
          const std::uint64_t whole = half == 0 ? word.mouse : word.cat;
          const std::uint64_t scattered = half == 0 ? word.cat : word.mouse;
          if (whole != 0 && mine) join_own(attractor_[half], x, w, whole, level_word(half, 0));
          for (std::uint64_t b = scattered; b != 0; b &= b - 1) {
            const auto y = static_cast<NodeId>(64 * w + std::countr_zero(b));
            Attractor& other = attractor_[1 - half];
            const std::uint64_t bit = std::uint64_t{1} << (x & 63);
            if (owns_word(w)) {
              join_other(other, other.other_new, y, x >> 6, bit, level_word(1 - half, 0));
            } else {  // row y is another process's; the remoteness of row x is this one's
              write_remoteness(1 - half, half, y, x >> 6, bit, level_word(1 - half, 0));
            }
          }
        }
      }
    }
  }

  // step_level()'s remote without kPartial: every row is here.
  struct NoRemote {
    template <class Visit>
    void operator()(int /*player*/, Visit&& /*visit*/) const {}
  };

  // A level of attractor a, in two steps, each row of a step on one thread (frontier_level.hpp):
  // the opponent-to-move states of row x whose every move now wins; the rows with a move to a new
  // opponent-to-move state (their count; `words` grows by the words they will visit); the own
  // states of one such row; and (kPartial) those from the states other processes found.
  void join_every_move(Attractor& a, NodeId x, unsigned thread, W stamp);
  std::size_t list_candidates(Attractor& a, std::uint64_t& words);
  void join_some_move(Attractor& a, NodeId x, unsigned thread, W stamp);
  template <class Remote>
  void join_remote(Attractor& a, W stamp, const Remote& remote);

  // Whether the target is decided once the states of remoteness `level` are known.
  bool reached(const State& target, std::uint64_t level) {
    const NodeId m = label(target.mouse), c = label(target.cat);
    const bool mouse_turn = target.turn == Side::kMouse;
    const bool mouse = mouse_turn ? test(attractor_[0].own_won.row(m), c)
                                  : test(attractor_[0].other_won.row(m), c);
    const bool cat = mouse_turn ? test(attractor_[1].other_won.row(c), m)
                                : test(attractor_[1].own_won.row(c), m);
    if (!mouse && !cat) return false;
    target_.emplace(mouse ? Value::kMouseWin : Value::kCatWin, static_cast<std::uint32_t>(level));
    return true;
  }

  // The remoteness into StateSpace order and the mouse-won bitset, the halves' bands shared out
  // among the threads, then each half's rows moved to their input labels.
  void unblock(ZeroedVector<std::uint64_t>& mouse);

  // ORs 64 bits into a bitset at any bit offset; other threads may write the neighbouring bits.
  static void or_bits(ZeroedVector<std::uint64_t>& dense, StateIndex at, std::uint64_t bits);

  // A state of attractor p's row x, column y (kernel labels); `own`: the player of p is to move.
  StateIndex state_of(int p, bool own, NodeId x, NodeId y) const;

  // Gives the sink the states of `level`: the new states of both attractors (relabelled, so one
  // by one); false when it stops the solve.
  bool hand_out(std::uint64_t level);

  // The state after the replay's last level: every replayed state in its winner's attractor, and
  // those of the last level in its frontiers; `before` counts the others. False (and
  // cancelled()) when the replay fails.
  bool restore(LevelReplay& replay, StateIndex& before);

  // Values only: both bitsets state by state from the four won sets.
  void values_only_bits(ZeroedVector<std::uint64_t>& mouse, ZeroedVector<std::uint64_t>& decided);

  const Game& game_;
  const FrontierPlan& plan_;
  const NodeId n_;
  const std::uint64_t words_per_row_;
  const NodeId first_, last_;  // the rows here (all without kPartial)
  const std::uint64_t first_word_, last_word_;
  const bool keep_remoteness_;
  const bool parallel_;
  const unsigned threads_;                                    // of the pool
  const std::function<void(const SolveProgress&)> progress_;  // a copy: options may be a temporary
  const std::function<bool()> cancelled_;
  bool stopped_ = false;
  WorkerPool pool_;
  LevelSink* sink_ = nullptr;
  LevelReplay* resume_ = nullptr;
  Attractor attractor_[2];  // [0] the mouse's, [1] the cat's
  BlockedRemoteness<W> remoteness_;
  std::optional<std::pair<Value, std::uint32_t>> target_;
};

}  // namespace catmouse::detail

// The definitions of the members that turn the attractors into results: the table, the values-
// only bitsets, and the levels handed to a sink or restored from a replay.
#include "solve/kernel/frontier_level.hpp"
#include "solve/kernel/frontier_results.hpp"
