// The sweep kernel: level-synchronous backward induction, bit-parallel, every row of both halves
// swept at each level (for shallow games and dense or irregular graphs; the general one-cat engine
// picks it or the frontier kernel, one_cat.cpp). Internal to src/.
//
// Each half of the state space (mouse to move, cat to move) is an n x n bit matrix, kept twice:
//  - in the parent layout, where a row holds the states whose moves all leave from the same
//    row of children: mouse to move with rows = mouse node (the mouse moves, the cat stays, so
//    the children of row m are rows m' of the cat-to-move child layout); cat to move with
//    rows = cat node (children in rows c' of the mouse-to-move child layout);
//  - in the child layout, the transpose, which parents read.
// In both, the children of one 64-bit word of parents are words at the same column in a few
// rows, so a level decides 64 parents per handful of word operations:
//   mover wins  = open & OR over moves of (child in the frontier & child won by the mover)
//   mover loses = open & AND over moves of (child decided & child won by the opponent)
// The frontier holds the states decided at the previous level, so wins and losses found at
// level r + 1 get remoteness r + 1: the fastest win and the slowest loss. After each level the
// newly decided states are transposed (64 x 64 blocks) into the child layout.
//
// Tasks own rows of the parent layout and write nothing else, so threads need no atomics and
// the result cannot depend on the thread count. Cost per level: O(words of the rows whose
// children changed), i.e. at most O(m * n / 64); memory: 12 bit matrices (6 bits per state),
// plus the remoteness word W per state unless values only.
#pragma once

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <thread>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/kernel/bit_matrix.hpp"
#include "solve/kernel/huge_pages.hpp"
#include "solve/kernel/level_hook.hpp"
#include "solve/kernel/level_zero.hpp"
#include "solve/worker_pool.hpp"

namespace catmouse::detail {

// W: the remoteness word (uint16_t or uint32_t; its top bit marks "decided", as Table expects).
template <class W>
class SweepKernel {
  static constexpr W kTop = static_cast<W>(W{1} << (8 * sizeof(W) - 1));
  // The two halves of the state space, by the side to move.
  static constexpr int half(Side side) { return static_cast<int>(side); }

  // 64 states of one row: the three bits of each, kept together so that one cache line
  // serves a parent's reads and a level's writes. Trivial, so that its matrices start as zeros
  // with no pass over them (ZeroedVector).
  struct Cell {
    std::uint64_t decided;
    std::uint64_t mouse_wins;
    std::uint64_t fresh;  // parent layout: decided this level; child layout: the frontier
  };

  // One half of the state space in one layout.
  struct Layer {
    PaddedRows<Cell> cells;
    std::vector<std::uint8_t> rows;  // rows with a fresh bit
    // Per row, which of its words have a fresh bit, so that a thin frontier costs little.
    std::vector<std::uint64_t> occupied;
    std::uint64_t occupied_words = 0;  // per row
    explicit Layer(NodeId n) : cells(n), rows(n, 0), occupied_words((cells.row_words() + 63) / 64) {
      occupied.assign(n * occupied_words, 0);
    }
    Cell* row(std::uint64_t r) { return cells.row(r); }
    const Cell* row(std::uint64_t r) const { return cells.row(r); }
    std::uint64_t* occupancy(std::uint64_t row) { return occupied.data() + row * occupied_words; }
    const std::uint64_t* occupancy(std::uint64_t row) const {
      return occupied.data() + row * occupied_words;
    }
  };

 public:
  static constexpr std::uint64_t kMaxRemoteness = kTop - 1;
  // A level with fewer fresh states than this runs on one thread.
  static constexpr StateIndex kParallelStep = 4096;
  // A 64-row block with fewer fresh states than this is transposed bit by bit.
  static constexpr std::uint64_t kSparseBlock = 1024;

  SweepKernel(const Game& game, const SolveOptions& options)
      : game_(game),
        graph_(game.graph()),
        n_(game.node_count()),
        row_words_((std::uint64_t{n_} + 63) / 64),
        keep_remoteness_(!options.values_only),
        threads_(std::max(1u, options.threads)),
        progress_(options.progress),
        cancelled_(options.cancelled),
        parent_{Layer(n_), Layer(n_)},
        child_{Layer(n_), Layer(n_)},
        all_mice_(row_words_, 0),
        holes_(row_words_, 0),
        cat_allowed_(row_words_, 0),
        pool_(threads_) {
    if (threads_ > 1) marks_.assign(threads_ * marks_stride(), 0);
    if (keep_remoteness_) {
      words_ = zeroed_array<W>(game.state_count(), [this](std::size_t parts, const auto& part) {
        pool_.run(threads_ > 1, parts, 1, [&](std::size_t first, std::size_t last, unsigned) {
          for (std::size_t i = first; i < last; ++i) part(i);
        });
      });
    }
    for (NodeId v = 0; v < n_; ++v) {
      all_mice_[v >> 6] |= std::uint64_t{1} << (v & 63);
      if (game.is_hole(v)) holes_[v >> 6] |= std::uint64_t{1} << (v & 63);
      if (!game.cat_forbidden(v)) cat_allowed_[v >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }

  // Before run(): each level's new states go to `sink` before they are published, and with
  // `resume` the solve starts after the replay's last level instead of from the seed
  // (level_hook.hpp). A sink that stops the solve or a replay that fails leaves cancelled() true.
  void set_levels(LevelSink* sink, LevelReplay* resume) {
    sink_ = sink;
    resume_ = resume;
  }

  // Solves; false when a remoteness does not fit in W (the caller then retries wider). With a
  // target, stops as soon as the target is decided.
  bool run(std::optional<State> target = std::nullopt) {
    const auto started = std::chrono::steady_clock::now();
    std::vector<StateIndex> per_thread(threads_, 0);
    StateIndex decided = 0;
    std::uint64_t level = 0;
    if (resume_ != nullptr) {
      if (!restore(*resume_, per_thread[0], decided)) return true;
      level = resume_->last_level();
    } else {
      pool_.run(true, 2 * std::size_t{n_}, 64, [&](std::size_t a, std::size_t b, unsigned t) {
        for (std::size_t task = a; task < b; ++task) per_thread[t] += seed(task);
      });
      if (!hand_out(0)) return true;
    }
    StateIndex fresh = game_.state_count();  // states decided by the last step (seed: many)
    for (; publish(fresh >= kParallelStep); ++level) {
      if (target && reached(*target, level)) return true;
      fresh = 0;
      for (StateIndex& d : per_thread) fresh += std::exchange(d, 0);
      decided += fresh;
      if (keep_remoteness_ && level + 1 > kMaxRemoteness) return false;
      const W stamp = static_cast<W>(kTop | (level + 1));
      // A level whose frontier is thin is quicker on one thread than shared out.
      pool_.run(fresh >= kParallelStep, 2 * std::size_t{n_}, 64,
                [&](std::size_t a, std::size_t b, unsigned t) {
                  for (std::size_t task = a; task < b; ++task) {
                    per_thread[t] += task < n_ ? mouse_row(static_cast<NodeId>(task), stamp)
                                               : cat_row(static_cast<NodeId>(task - n_), stamp);
                  }
                });
      if (!hand_out(level + 1)) return true;
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        StateIndex now = decided;
        for (StateIndex d : per_thread) now += d;
        progress_(
            {now, game_.state_count(), static_cast<std::uint32_t>(level + 1), elapsed.count()});
      }
      if (cancelled_ && cancelled_()) {
        stopped_ = true;
        return true;
      }
    }
    return true;
  }

  // Whether run() stopped because SolveOptions::cancelled said so (the table is then partial).
  bool cancelled() const { return stopped_; }

  // The target's value and remoteness, after run(target).
  StateValue target_value(const State& s) const {
    if (!target_level_) return {};
    const bool mouse = bit(s, &Cell::mouse_wins);
    return {mouse ? Value::kMouseWin : Value::kCatWin, static_cast<std::uint32_t>(*target_level_)};
  }

  Table take_table() {
    child_[0] = Layer(0);
    child_[1] = Layer(0);
    const StateIndex dense_words = (game_.state_count() + 63) / 64;
    ZeroedVector<std::uint64_t> mouse(dense_words), decided;
    if (!keep_remoteness_) decided.assign(dense_words, 0);
    for (const Side side : {Side::kMouse, Side::kCat}) {
      for (NodeId row = 0; row < n_; ++row) {
        const StateIndex offset = StateIndex(half(side)) * n_ * n_ + StateIndex{row} * n_;
        const Cell* cells = parent_[half(side)].row(row);
        copy_bits(cells, &Cell::mouse_wins, mouse, offset);
        if (!keep_remoteness_) copy_bits(cells, &Cell::decided, decided, offset);
      }
    }
    parent_[0] = Layer(0);
    parent_[1] = Layer(0);
    ZeroedVector<std::uint16_t> r16;
    ZeroedVector<std::uint32_t> r32;
    if constexpr (sizeof(W) == 2) {
      r16 = std::move(words_);
    } else {
      r32 = std::move(words_);
    }
    return Table(game_.space(), std::move(mouse), std::move(decided), std::move(r16),
                 std::move(r32));
  }

 private:
  // A bit of state s in the parent layout.
  bool bit(const State& s, std::uint64_t Cell::*field) const {
    const bool mouse_turn = s.turn == Side::kMouse;
    const NodeId row = mouse_turn ? s.mouse : s.cat;
    const NodeId column = mouse_turn ? s.cat : s.mouse;
    return (parent_[mouse_turn ? 0 : 1].row(row)[column >> 6].*field >> (column & 63)) & 1;
  }
  // Whether the target is decided once the states of remoteness `level` are known.
  bool reached(const State& target, std::uint64_t level) {
    if (!bit(target, &Cell::decided)) return false;
    target_level_ = level;
    return true;
  }

  // Gives the sink the states of `level` (the parent layout's fresh bits: StateSpace order);
  // false when it stops the solve.
  bool hand_out(std::uint64_t level) {
    if (sink_ == nullptr) return true;
    for (const Side side : {Side::kMouse, Side::kCat}) {
      const Layer& layer = parent_[half(side)];
      for (NodeId r = 0; r < n_; ++r) {
        if (!layer.rows[r]) continue;
        const StateIndex at = StateIndex(half(side)) * n_ * n_ + StateIndex{r} * n_;
        for_each_occupied(layer, r, [&](std::uint64_t w) {
          const Cell& cell = layer.row(r)[w];
          sink_->add({at + 64 * w, cell.fresh, cell.fresh & cell.mouse_wins});
        });
      }
    }
    if (sink_->end_level(static_cast<std::uint32_t>(level))) return true;
    stopped_ = true;
    return false;
  }

  // The state after computing the replay's last level L, before publishing it: levels below L
  // decided and published, level L decided. `last` gets the states of level L, `before` those
  // below. False (and cancelled()) when the replay fails.
  bool restore(LevelReplay& replay, StateIndex& last, StateIndex& before) {
    const std::uint32_t final_level = replay.last_level();
    bool published = false;
    const bool ok = replay.replay([&](std::uint32_t level, std::span<const LevelWord> words) {
      if (level == final_level && !published) {
        publish(true);
        published = true;
      }
      const W stamp = static_cast<W>(kTop | std::min<std::uint64_t>(level, kMaxRemoteness));
      StateIndex& count = level == final_level ? last : before;
      for (const LevelWord& word : words) {
        for_each_row_word(
            word, n_,
            [&](int h, NodeId row, std::uint64_t w, std::uint64_t states, std::uint64_t mouse) {
              count +=
                  decide(h == 0 ? Side::kMouse : Side::kCat, row, w, mouse, states & ~mouse, stamp);
            });
      }
    });
    if (!published) publish(true);  // a last level without states
    stopped_ = !ok;
    return ok;
  }

  // Appends the n bits of a padded row at bit `offset` of a dense bitset.
  void copy_bits(const Cell* row, std::uint64_t Cell::*field, ZeroedVector<std::uint64_t>& dense,
                 StateIndex offset) const {
    for (std::uint64_t w = 0; w < row_words_; ++w) {
      const std::uint64_t bits = row[w].*field;
      if (bits == 0) continue;
      const StateIndex at = offset + 64 * w;
      dense[at >> 6] |= bits << (at & 63);
      if ((at & 63) != 0 && ((at >> 6) + 1) < dense.size())
        dense[(at >> 6) + 1] |= bits >> (64 - (at & 63));
    }
  }

  // Decides the open states `mouse | cat` of one parent-layout word (mouse / cat: who wins).
  StateIndex decide(Side side, NodeId row, std::uint64_t w, std::uint64_t mouse, std::uint64_t cat,
                    W stamp) {
    const std::uint64_t all = mouse | cat;
    if (all == 0) return 0;
    Layer& layer = parent_[half(side)];
    Cell& cell = layer.row(row)[w];
    cell.decided |= all;
    cell.mouse_wins |= mouse;
    cell.fresh |= all;
    layer.rows[row] = 1;
    layer.occupancy(row)[w >> 6] |= std::uint64_t{1} << (w & 63);
    if (keep_remoteness_) {
      W* words = words_.data() + StateIndex(half(side)) * n_ * n_ + StateIndex{row} * n_ + 64 * w;
      for (std::uint64_t b = all; b != 0; b &= b - 1) words[std::countr_zero(b)] = stamp;
    }
    return static_cast<StateIndex>(std::popcount(all));
  }

  // Level 0 for one parent row: finished positions and stuck players (level_zero.hpp).
  StateIndex seed(std::size_t task) {
    const Rules& rules = game_.rules();
    const bool mouse_turn = task < n_;
    const auto node = static_cast<NodeId>(mouse_turn ? task : task - n_);
    if (!mouse_turn && game_.cat_forbidden(node)) return 0;
    const bool stuck =
        mouse_turn ? game_.mouse_moves(node).empty() : game_.cat_move_count(node) == 0;
    const std::uint64_t* columns = mouse_turn ? cat_allowed_.data() : all_mice_.data();
    StateIndex decided = 0;
    for (std::uint64_t w = 0; w < row_words_; ++w) {
      const std::uint64_t self = node >> 6 == w ? std::uint64_t{1} << (node & 63) : 0;
      const LevelZeroWord word =
          level_zero_word(rules, mouse_turn ? Side::kMouse : Side::kCat, game_.is_hole(node),
                          columns[w], holes_[w], self, stuck);
      decided +=
          decide(mouse_turn ? Side::kMouse : Side::kCat, node, w, word.mouse, word.cat, kTop);
    }
    return decided;
  }

  // Calls f(w) for each word w in which some child row in `moves` has a fresh bit.
  template <class Moves, class F>
  void for_each_word(const Layer& children, const Moves& moves, F&& f) const {
    for (std::uint64_t k = 0; k < children.occupied_words; ++k) {
      std::uint64_t words = 0;
      for (NodeId to : moves) words |= children.occupancy(to)[k];
      for (; words != 0; words &= words - 1) f(64 * k + std::countr_zero(words));
    }
  }

  // Mouse-to-move parents (m, c) for all c: the mouse moves m -> m', to cat-to-move (m', c).
  StateIndex mouse_row(NodeId m, W stamp) {
    if (game_.is_hole(m) || game_.mouse_moves(m).empty()) return 0;  // level 0, or drawn
    return parent_row(Side::kMouse, m, game_.mouse_moves(m), cat_allowed_.data(), stamp);
  }

  // Cat-to-move parents (m, c) for all m: the cat moves c -> c', to mouse-to-move (m, c').
  StateIndex cat_row(NodeId c, W stamp) {
    if (game_.cat_forbidden(c) || game_.cat_move_count(c) == 0) return 0;
    if (game_.rules().cat_wins_in_hole && game_.is_hole(c)) return 0;  // decided at level 0
    return parent_row(Side::kCat, c, game_.cat_moves(c), all_mice_.data(), stamp);
  }

  // One level for parent row `row` of the half where `side` is to move, whose moves lead to rows
  // `moves` of the other half's child layout; `columns` masks the states the rules allow.
  StateIndex parent_row(Side side, NodeId row, std::span<const NodeId> moves,
                        const std::uint64_t* columns, W stamp) {
    const Layer& children = child_[half(opponent(side))];
    if (std::none_of(moves.begin(), moves.end(), [&](NodeId to) { return children.rows[to]; })) {
      return 0;
    }
    // A child "won by the mover" is a mouse win when the mouse moves, a cat win when the cat does.
    const std::uint64_t flip = side == Side::kMouse ? 0 : ~std::uint64_t{0};
    StateIndex decided = 0;
    const Cell* open = parent_[half(side)].row(row);
    for_each_word(children, moves, [&](std::uint64_t w) {
      std::uint64_t frontier = 0, wins = 0, losses = ~std::uint64_t{0};
      for (NodeId to : moves) {
        const Cell& child = children.row(to)[w];
        const std::uint64_t mine = child.mouse_wins ^ flip;
        frontier |= child.fresh;
        wins |= child.fresh & mine;
        losses &= child.decided & ~mine;
      }
      if (frontier == 0) return;
      const std::uint64_t undecided = ~open[w].decided & columns[w];
      wins &= undecided;
      losses &= undecided & ~wins;
      decided += side == Side::kMouse ? decide(side, row, w, wins, losses, stamp)
                                      : decide(side, row, w, losses, wins, stamp);
    });
    return decided;
  }

  // Ends a level: the states it decided become the frontier, in the child layout. Returns
  // false when there are none.
  bool publish(bool parallel) {
    bool any = false;
    for (const Side side : {Side::kMouse, Side::kCat}) {
      Layer& child = child_[half(side)];
      for (NodeId r = 0; r < n_; ++r) {
        if (child.rows[r]) clear_fresh(child, r);
      }
      std::fill(child.rows.begin(), child.rows.end(), 0);
      const std::size_t blocks = static_cast<std::size_t>(row_words_);
      // Shared out, every task would write every child row's occupancy and row flag: each thread
      // marks its own copy instead, merged after (a shared cache line written by both threads
      // cost more than the transpose itself).
      const bool shared = parallel && threads_ > 1 && blocks > 1;
      pool_.run(shared, blocks, 1, [&](std::size_t a, std::size_t b, unsigned thread) {
        std::uint64_t* marks = shared ? marks_.data() + thread * marks_stride() : nullptr;
        for (std::size_t block = a; block < b; ++block) transpose_block_row(side, block, marks);
      });
      if (shared) merge_marks(child);
      Layer& parent = parent_[half(side)];
      for (NodeId r = 0; r < n_; ++r) {
        if (!parent.rows[r]) continue;
        any = true;
        clear_fresh(parent, r);
        parent.rows[r] = 0;
      }
    }
    return any;
  }

  // Words of one thread's copy of a layer's occupancy (marks_).
  std::uint64_t marks_stride() const { return std::uint64_t{n_} * child_[0].occupied_words; }

  // ORs the threads' occupancy marks into `child` (zeroing them) and flags the rows they mark.
  void merge_marks(Layer& child) {
    const std::uint64_t words = child.occupied_words;
    pool_.run(true, n_, 256, [&](std::size_t a, std::size_t b, unsigned) {
      for (std::size_t r = a; r < b; ++r) {
        std::uint64_t* occupancy = child.occupancy(static_cast<NodeId>(r));
        std::uint64_t any = 0;
        for (unsigned t = 0; t < threads_; ++t) {
          std::uint64_t* marks = marks_.data() + t * marks_stride() + r * words;
          for (std::uint64_t k = 0; k < words; ++k) {
            occupancy[k] |= marks[k];
            any |= marks[k];
            marks[k] = 0;
          }
        }
        if (any != 0) child.rows[r] = 1;
      }
    });
  }

  // Zeroes the fresh words of a row (and its occupancy).
  void clear_fresh(Layer& layer, NodeId r) {
    std::uint64_t* occupancy = layer.occupancy(r);
    Cell* cells = layer.row(r);
    for (std::uint64_t k = 0; k < layer.occupied_words; ++k) {
      for (std::uint64_t words = occupancy[k]; words != 0; words &= words - 1) {
        cells[64 * k + std::countr_zero(words)].fresh = 0;
      }
      occupancy[k] = 0;
    }
  }

  // Transposes parent rows [64 * block, 64 * block + 64) of the fresh states into child-layout
  // word `block` of every row: bit by bit where a 64 x 64 block holds few fresh states (thin
  // frontiers, many levels), by a block transpose where it holds many.
  // `marks`: this thread's occupancy copy when the blocks are shared out, else null.
  void transpose_block_row(Side side, std::size_t block, std::uint64_t* marks) {
    const Layer& parent = parent_[half(side)];
    const NodeId first = static_cast<NodeId>(64 * block);
    const NodeId last = static_cast<NodeId>(std::min<std::uint64_t>(n_, first + 64));
    NodeId rows[64];
    int count = 0;
    std::uint64_t bits = 0;
    for (NodeId r = first; r < last; ++r) {
      if (!parent.rows[r]) continue;
      rows[count++] = r;
      for_each_occupied(parent, r,
                        [&](std::uint64_t w) { bits += std::popcount(parent.row(r)[w].fresh); });
    }
    if (count == 0) return;
    if (bits < kSparseBlock) {
      // Few fresh states: move them one by one, row by row.
      for (int k = 0; k < count; ++k) {
        const NodeId r = rows[k];
        const std::uint64_t mask = std::uint64_t{1} << (r - first);
        for_each_occupied(parent, r, [&](std::uint64_t w) {
          const Cell& cell = parent.row(r)[w];
          for (std::uint64_t f = cell.fresh; f != 0; f &= f - 1) {
            const int j = std::countr_zero(f);
            publish_word(side, block, 64 * w + j, mask, (cell.mouse_wins >> j) & 1 ? mask : 0,
                         marks);
          }
        });
      }
      return;
    }
    for (std::uint64_t group = 0; group < parent.occupied_words; ++group) {
      std::uint64_t words = 0;
      for (int k = 0; k < count; ++k) words |= parent.occupancy(rows[k])[group];
      for (; words != 0; words &= words - 1) {
        transpose_word(side, block, rows, count, 64 * group + std::countr_zero(words), marks);
      }
    }
  }

  // Calls f(w) for each word of `row` with a fresh bit.
  template <class F>
  static void for_each_occupied(const Layer& layer, NodeId row, F&& f) {
    const std::uint64_t* occupancy = layer.occupancy(row);
    for (std::uint64_t k = 0; k < layer.occupied_words; ++k) {
      for (std::uint64_t words = occupancy[k]; words != 0; words &= words - 1) {
        f(64 * k + std::countr_zero(words));
      }
    }
  }

  // ORs fresh states (and their mouse wins) into child-layout word `block` of `row`.
  // This task alone writes the cell; the row's occupancy bit and flag go to `marks` if not null.
  void publish_word(Side side, std::size_t block, std::uint64_t row, std::uint64_t bits,
                    std::uint64_t mouse, std::uint64_t* marks) {
    Layer& child = child_[half(side)];
    Cell& cell = child.row(row)[block];
    if (cell.fresh == 0) {
      const std::uint64_t mask = std::uint64_t{1} << (block & 63);
      if (marks != nullptr) {
        // The index as a plain integer first: with the Layer-dependent expression inside the
        // brackets, clang-tidy's readability-non-const-parameter does not see the write.
        const std::uint64_t at = row * child.occupied_words + (block >> 6);
        marks[at] |= mask;
      } else {
        child.occupancy(row)[block >> 6] |= mask;
        child.rows[row] = 1;
      }
    }
    cell.fresh |= bits;
    cell.decided |= bits;
    cell.mouse_wins |= mouse;
  }

  // Word column w of transpose_block_row.
  void transpose_word(Side side, std::size_t block, const NodeId* rows, int count, std::uint64_t w,
                      std::uint64_t* marks) {
    const Layer& parent = parent_[half(side)];
    const NodeId first = static_cast<NodeId>(64 * block);
    std::uint64_t fresh[64] = {}, wins[64] = {};
    std::uint64_t any_wins = 0;
    for (int k = 0; k < count; ++k) {
      const NodeId r = rows[k];
      const Cell& cell = parent.row(r)[w];
      fresh[r - first] = cell.fresh;
      wins[r - first] = cell.fresh & cell.mouse_wins;
      any_wins |= wins[r - first];
    }
    transpose64(fresh);
    if (any_wins != 0) transpose64(wins);
    for (NodeId k = 0; k < 64; ++k) {
      if (fresh[k] != 0)
        publish_word(side, block, 64 * w + k, fresh[k], wins[k], marks);  // none past n - 1
    }
  }

  const Game& game_;
  const Graph& graph_;
  const NodeId n_;
  const std::uint64_t row_words_;
  const bool keep_remoteness_;
  const unsigned threads_;
  const std::function<void(const SolveProgress&)> progress_;  // a copy: options may be a temporary
  const std::function<bool()> cancelled_;
  bool stopped_ = false;
  Layer parent_[2];
  Layer child_[2];
  std::vector<std::uint64_t> all_mice_;     // columns 0..n-1
  std::vector<std::uint64_t> holes_;        // the holes, as columns
  std::vector<std::uint64_t> cat_allowed_;  // nodes the cat may stand on (not cat-forbidden)
  WorkerPool pool_;
  LevelSink* sink_ = nullptr;
  LevelReplay* resume_ = nullptr;
  ZeroedVector<W> words_;  // StateSpace order; top bit = decided
  // Per thread, a child layer's occupancy (marks_stride() words), while a publish is shared out.
  std::vector<std::uint64_t> marks_;
  std::optional<std::uint64_t> target_level_;
};

}  // namespace catmouse::detail
