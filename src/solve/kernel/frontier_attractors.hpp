// The frontier kernel's state: its two attractors (the states each player wins, as bit rows and
// the frontiers of the last and next level), the remoteness written as states join, and how a
// state joins. The level step (frontier_level.hpp) and the results (frontier_results.hpp) are
// free functions over it, and FrontierKernel (frontier_kernel.hpp) drives them; all of it is
// inline templates, so a level's inner loops make direct calls only. Internal to src/solve.
//
// Each attractor keeps its states as bit rows indexed by its own player's node (the mouse's
// attractor: rows = mouse node, bits = cat node, in both halves; the cat's: rows = cat node). The
// remoteness is written in 8 x 8 blocks (blocked_remoteness.hpp), marked with the attractor that
// wrote it. The two attractors share nothing but the remoteness array (distinct states), so with
// two threads they run side by side.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/options.hpp"
#include "solve/kernel/blocked_remoteness.hpp"
#include "solve/kernel/frontier.hpp"
#include "solve/kernel/frontier_plan.hpp"
#include "solve/kernel/huge_pages.hpp"
#include "solve/kernel/node_order.hpp"
#include "solve/worker_pool.hpp"

namespace catmouse::detail {

// The threads of the frontier kernel's pool (one, or two with threads): a level's rows are shared
// out among them one by one, each thread listing the rows it adds in a shard of its own.
inline constexpr unsigned kFrontierThreads = 2;

// The states one player wins. Rows are that player's nodes, bits the opponent's; "own" states
// have the player to move, "other" states the opponent.
struct FrontierAttractor {
  int player = 0;  // 0 mouse, 1 cat
  GuardedRows own_won, other_won;
  Frontier own_new, other_new, other_next;
  // The states that can join: per column word, for a row whose node is a hole / is not (end
  // states and nodes the cat may not enter excluded), and whether a row can hold any.
  std::vector<std::uint64_t> open_in_hole, open_plain;
  std::vector<std::uint8_t> row_open;
  std::vector<std::uint64_t> opponent_moves;           // columns whose node has a move
  std::vector<std::uint64_t> marks[kFrontierThreads];  // per thread: words of one row to evaluate
  StateIndex found = 0;                                // states that joined at the last level
  // Per thread, at the last level: a cache line each, as the threads count at once.
  struct alignas(64) Count {
    StateIndex value = 0;
  };
  Count found_in[kFrontierThreads];
  std::vector<NodeId> candidates;       // the rows a level's own states may join (join_some_move)
  std::vector<std::uint8_t> candidate;  // per row, whether it is in candidates
  // kPartial: the rows of other processes whose reverse moves reach rows here.
  std::vector<std::uint8_t> reaches_here;
  // kPartial, values only: the opponent-to-move states of this attractor by the row that holds
  // them in StateSpace orientation (the opponent's node), which the remoteness marks otherwise.
  GuardedRows transposed;

  bool has_work() const { return !own_new.empty() || !other_new.empty(); }
  void reset_found() {
    for (Count& count : found_in) count.value = 0;
  }
  void sum_found() {
    found = 0;
    for (const Count& count : found_in) found += count.value;
  }
  void release_frontiers() {
    own_new.release();
    other_new.release();
    other_next.release();
  }
};

// kPartial: this process holds the rows of a RowRange (a distributed solve); without it every row
// is here and the range checks compile away. Members are public: the level step and the results
// read and write them directly.
template <class W, bool kPartial>
struct FrontierAttractors {
  static constexpr W kTop = BlockedRemoteness<W>::kTop;
  // The cat's attractor writes remoteness + 1 below the top bit (blocked_remoteness.hpp).
  static constexpr std::uint64_t kMaxRemoteness = kTop - 2;

  // `rows` only with kPartial (otherwise every row).
  FrontierAttractors(const Game& game_in, const SolveOptions& options, const FrontierPlan& plan_in,
                     RowRange rows)
      : game(game_in),
        plan(plan_in),
        n(game_in.node_count()),
        words_per_row((std::uint64_t{n} + 63) / 64),
        first(kPartial ? rows.first : 0),
        last(kPartial ? rows.last : n),
        first_word(first / 64),
        last_word((std::uint64_t{last} + 63) / 64),
        keep_remoteness(!options.values_only),
        parallel(options.threads > 1),
        threads(parallel ? kFrontierThreads : 1),
        pool(threads) {
    if (keep_remoteness) {
      remoteness = BlockedRemoteness<W>(n, first, last - first, on_pool());
    }
    // The attractors' rows, each on a thread of its own: their first touch is most of the cost.
    pool.run(parallel, 2, 1, [&](std::size_t a_first, std::size_t a_last, unsigned) {
      for (std::size_t a = a_first; a < a_last; ++a) setup(attractor[a], static_cast<int>(a));
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

  // The greatest level W can stamp.
  std::uint64_t max_level() const { return keep_remoteness ? kMaxRemoteness : UINT64_MAX; }

  NodeId label(NodeId v) const { return plan.order.rank[v]; }
  // Whether row x / the word of columns w is this process's (always, without kPartial).
  bool owns(NodeId x) const {
    if constexpr (kPartial) return x >= first && x < last;
    return true;
  }
  bool owns_word(std::uint64_t w) const {
    if constexpr (kPartial) return w >= first_word && w < last_word;
    return true;
  }
  static bool test(const std::uint64_t* row, NodeId bit) {
    return (row[bit >> 6] >> (bit & 63)) & 1;
  }

  // The pool, to fault in a large array's pages on every thread (huge_pages.hpp).
  ForEachPart on_pool() {
    return [this](std::size_t parts, const std::function<void(std::size_t)>& part) {
      pool.run(parallel, parts, 1, [&](std::size_t part_first, std::size_t part_last, unsigned) {
        for (std::size_t i = part_first; i < part_last; ++i) part(i);
      });
    };
  }

  // The states of row x, word w that may still join (not end states, not barred, not on the
  // diagonal, where the cat has caught the mouse).
  std::uint64_t open(const FrontierAttractor& a, NodeId x, std::uint64_t w) const {
    if (!a.row_open[x]) return 0;
    std::uint64_t bits = game.is_hole(plan.order.order[x]) ? a.open_in_hole[w] : a.open_plain[w];
    if ((x >> 6) == w) bits &= ~(std::uint64_t{1} << (x & 63));
    return bits;
  }

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
    if (!keep_remoteness) {
      if constexpr (kPartial) {
        if (half != player) {
          for (; bits != 0; bits &= bits - 1) {
            const auto y = static_cast<NodeId>(64 * w + std::countr_zero(bits));
            attractor[player].transposed.row(y)[x >> 6] |= std::uint64_t{1} << (x & 63);
          }
        }
      }
      return;
    }
    if (player == 0) {
      for (int byte = 0; byte < 8; ++byte) {
        const auto eight = static_cast<std::uint8_t>(bits >> (8 * byte));
        if (eight == 0) continue;
        W* run = remoteness.cats_of(half, x, static_cast<NodeId>(8 * w + byte));
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
      remoteness.at(half, y, x) = stamp;
    }
  }

  // States of row x joining attractor a: own states (the player to move) or opponent-to-move
  // states, listed in `into` by the shard of `thread`, which counts them.
  void join_own(FrontierAttractor& a, NodeId x, std::uint64_t w, std::uint64_t bits, W stamp,
                unsigned thread = 0) {
    a.own_won.row(x)[w] |= bits;
    a.own_new.add(x, w, bits, thread);
    a.found_in[thread].value += static_cast<StateIndex>(std::popcount(bits));
    write_remoteness(a.player, a.player, x, w, bits, stamp);
  }
  void join_other(FrontierAttractor& a, Frontier& into, NodeId x, std::uint64_t w,
                  std::uint64_t bits, W stamp, unsigned thread = 0) {
    a.other_won.row(x)[w] |= bits;
    into.add(x, w, bits, thread);
    a.found_in[thread].value += static_cast<StateIndex>(std::popcount(bits));
    write_remoteness(a.player, 1 - a.player, x, w, bits, stamp);
  }

  const Game& game;
  const FrontierPlan& plan;
  const NodeId n;
  const std::uint64_t words_per_row;
  const NodeId first, last;  // the rows here (all without kPartial)
  const std::uint64_t first_word, last_word;
  const bool keep_remoteness;
  const bool parallel;
  const unsigned threads;  // of the pool
  WorkerPool pool;
  FrontierAttractor attractor[2];  // [0] the mouse's, [1] the cat's
  BlockedRemoteness<W> remoteness;

 private:
  void setup(FrontierAttractor& a, int player) {
    a.player = player;
    const NodeId rows = last - first;
    a.own_won = GuardedRows(rows, words_per_row, first);
    a.other_won = GuardedRows(rows, words_per_row, first);
    a.own_new = Frontier(rows, words_per_row, first, threads);
    a.other_new = Frontier(rows, words_per_row, first, threads);
    a.other_next = Frontier(rows, words_per_row, first, threads);
    a.candidate.assign(n, 0);
    if constexpr (kPartial) {
      if (!keep_remoteness) a.transposed = GuardedRows(rows, words_per_row, first);
      // Row x here is pushed to from the rows its player moves to (step's reverse moves).
      a.reaches_here.assign(n, 0);
      for (NodeId x = first; x < last; ++x) {
        for (NodeId to : plan.moves[player].of(x)) a.reaches_here[to] = 1;
      }
    }
    a.open_in_hole.assign(words_per_row, 0);
    a.open_plain.assign(words_per_row, 0);
    a.opponent_moves.assign(words_per_row, 0);
    a.row_open.assign(n, 1);
    for (std::vector<std::uint64_t>& marks : a.marks) marks.assign((words_per_row + 63) / 64, 0);
    const Rules& rules = game.rules();
    const int opponent = 1 - player;
    for (NodeId y = 0; y < n; ++y) {
      const NodeId v = plan.order.order[y];
      const std::uint64_t bit = std::uint64_t{1} << (y & 63);
      // Columns are the opponent's nodes: for the mouse's attractor, the cat's, which may be
      // barred.
      const bool column_ok = player == 1 || !game.cat_forbidden(v);
      const auto finished = [&](bool row_hole) {
        const bool column_hole = game.is_hole(v);
        return player == 0 ? finished_value(rules, row_hole, column_hole, false).has_value()
                           : finished_value(rules, column_hole, row_hole, false).has_value();
      };
      if (column_ok && !finished(true)) a.open_in_hole[y >> 6] |= bit;
      if (column_ok && !finished(false)) a.open_plain[y >> 6] |= bit;
      if (!plan.moves[opponent].of(y).empty()) a.opponent_moves[y >> 6] |= bit;
      if (player == 1 && game.cat_forbidden(v)) a.row_open[y] = 0;
    }
  }
};

}  // namespace catmouse::detail
