// The retrograde kernel behind solve(): level-synchronous backward induction over bitset
// frontiers, generic in the counter word W (uint8/16/32) and in whether several threads share
// the arrays (atomic updates) or one thread owns them (plain updates). Internal to src/.
//
// Per state it keeps one word W (the count of moves not yet known to lose while the state is
// open; its remoteness once the state has been processed) and four bits: decided, mouse wins,
// and membership in the current and the next frontier. Level r processes exactly the states
// decided at remoteness r, row by row in index order, and decides their open parents at r + 1:
// a parent whose mover can move into a win is a win; a parent whose counter drops to zero is a
// loss. Which parents a level decides, and how, does not depend on the order of updates within
// the level, so the result is the same for any number of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <thread>
#include <vector>

#include "catmouse/game.hpp"
#include "catmouse/solver.hpp"
#include "catmouse/table.hpp"

namespace catmouse::detail {

using Bits = std::vector<std::uint64_t>;

// Memory access: plain when one thread owns the arrays, relaxed atomics when threads share them.
// Relaxed order suffices: each level ends with a thread join, which orders everything.
template <bool kShared>
struct Access {
  template <class T>
  static T fetch_sub_one(T& x) {
    if constexpr (kShared) {
      return std::atomic_ref<T>(x).fetch_sub(1, std::memory_order_relaxed);
    } else {
      return x--;
    }
  }
  static std::uint64_t fetch_or(std::uint64_t& x, std::uint64_t mask) {
    if constexpr (kShared) {
      return std::atomic_ref<std::uint64_t>(x).fetch_or(mask, std::memory_order_relaxed);
    } else {
      const std::uint64_t old = x;
      x |= mask;
      return old;
    }
  }
  static std::uint64_t load(std::uint64_t& x) {
    if constexpr (kShared) {
      return std::atomic_ref<std::uint64_t>(x).load(std::memory_order_relaxed);
    } else {
      return x;
    }
  }
  static std::uint64_t take(std::uint64_t& x, std::uint64_t mask) {  // clears mask, returns old
    if constexpr (kShared) {
      return std::atomic_ref<std::uint64_t>(x).fetch_and(~mask, std::memory_order_relaxed);
    } else {
      const std::uint64_t old = x;
      x &= ~mask;
      return old;
    }
  }
  static void raise(std::uint8_t& flag) {
    if constexpr (kShared) {
      std::atomic_ref<std::uint8_t>(flag).store(1, std::memory_order_relaxed);
    } else {
      flag = 1;
    }
  }
};

// Runs body(first, last) over [0, count) in chunks, on `threads` threads (1: inline).
inline void parallel_chunks(unsigned threads, std::size_t count, std::size_t chunk,
                            const std::function<void(std::size_t, std::size_t, unsigned)>& body) {
  if (threads <= 1 || count <= chunk) {
    if (count > 0) body(0, count, 0);
    return;
  }
  std::atomic<std::size_t> next{0};
  auto worker = [&](unsigned id) {
    for (;;) {
      const std::size_t first = next.fetch_add(chunk, std::memory_order_relaxed);
      if (first >= count) return;
      body(first, std::min(count, first + chunk), id);
    }
  };
  std::vector<std::jthread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
}

template <class W, bool kShared>
class RetrogradeKernel {
  using A = Access<kShared>;

  // One worker's lists of the frontier states of a row, split by winner.
  struct Scratch {
    std::vector<NodeId> mouse_won;
    std::vector<NodeId> cat_won;
  };

 public:
  RetrogradeKernel(const Game& game, const SolveOptions& options)
      : game_(game),
        graph_(game.graph()),
        n_(game.node_count()),
        half_(StateIndex{n_} * n_),
        keep_remoteness_(!options.values_only),
        threads_(kShared ? std::max(1u, options.threads) : 1u),
        progress_(options.progress),
        words_(game.state_count(), 0),
        decided_(bit_words()),
        mouse_(bit_words()),
        frontier_(bit_words()),
        next_(bit_words()),
        row_flag_(game.space().rows(), 0),
        next_row_flag_(game.space().rows(), 0),
        scratch_(threads_) {}

  // Solves; false when a remoteness does not fit in W (then the caller retries wider).
  bool run() {
    const auto started = std::chrono::steady_clock::now();
    std::vector<StateIndex> decided_per_thread(threads_, 0);
    parallel_chunks(threads_, game_.space().rows(), 16, [&](std::size_t a, std::size_t b, unsigned t) {
      for (std::size_t row = a; row < b; ++row) decided_per_thread[t] += seed_row(row);
    });
    StateIndex decided = 0;
    for (StateIndex d : decided_per_thread) decided += d;
    std::vector<StateIndex> rows = flagged_rows();
    for (std::uint64_t level = 0; !rows.empty(); ++level) {
      if (keep_remoteness_ && level > std::numeric_limits<W>::max()) return false;
      std::fill(decided_per_thread.begin(), decided_per_thread.end(), 0);
      parallel_chunks(threads_, rows.size(), 4, [&](std::size_t a, std::size_t b, unsigned t) {
        for (std::size_t k = a; k < b; ++k) {
          decided_per_thread[t] += process_row(rows[k], static_cast<W>(level), scratch_[t]);
        }
      });
      for (StateIndex d : decided_per_thread) decided += d;
      frontier_.swap(next_);  // processing emptied the old frontier
      row_flag_.swap(next_row_flag_);
      std::fill(next_row_flag_.begin(), next_row_flag_.end(), 0);
      rows = flagged_rows();
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        progress_({decided, game_.state_count(), static_cast<std::uint32_t>(level), elapsed.count()});
      }
    }
    return true;
  }

  Table take_table() {
    std::vector<std::uint16_t> r16;
    std::vector<std::uint32_t> r32;
    if (keep_remoteness_) {
      if constexpr (sizeof(W) == 2) {
        r16 = std::move(words_);
      } else if constexpr (sizeof(W) == 4) {
        r32 = std::move(words_);
      } else {
        r16.assign(words_.begin(), words_.end());
      }
    }
    words_ = {};
    frontier_ = {};
    next_ = {};
    return Table(game_.space(), std::move(decided_), std::move(mouse_), std::move(r16),
                 std::move(r32));
  }

 private:
  std::size_t bit_words() const { return static_cast<std::size_t>((game_.state_count() + 63) / 64); }

  std::vector<StateIndex> flagged_rows() const {
    std::vector<StateIndex> rows;
    for (StateIndex r = 0; r < row_flag_.size(); ++r) {
      if (row_flag_[r]) rows.push_back(r);
    }
    return rows;
  }

  bool is_decided(StateIndex p) {
    return (A::load(decided_[p >> 6]) >> (p & 63)) & 1;
  }

  // Marks p decided with the given winner in the `into` frontier; false if it already was.
  bool claim(StateIndex p, StateIndex row, bool mouse_wins, Bits& into,
             std::vector<std::uint8_t>& into_flags) {
    const std::uint64_t mask = std::uint64_t{1} << (p & 63);
    if (A::fetch_or(decided_[p >> 6], mask) & mask) return false;
    if (mouse_wins) A::fetch_or(mouse_[p >> 6], mask);
    A::fetch_or(into[p >> 6], mask);
    A::raise(into_flags[row]);
    return true;
  }

  // Initial counters of one row; finished positions and stuck players form level 0.
  StateIndex seed_row(StateIndex row) {
    const bool mouse_turn = row < n_;
    const auto cat = static_cast<NodeId>(mouse_turn ? row : row - n_);
    if (!game_.cat_may_enter(cat)) return 0;  // states the rules exclude stay undecided
    const bool lose_when_stuck = game_.rules().stuck == StuckRule::kLose;
    StateIndex decided = 0;
    const StateIndex base = row * n_;
    for (NodeId mouse = 0; mouse < n_; ++mouse) {
      const StateIndex i = base + mouse;
      if (game_.is_hole(mouse) || mouse == cat) {
        decided += claim(i, row, game_.is_hole(mouse), frontier_, row_flag_);
        continue;
      }
      const std::uint32_t moves =
          mouse_turn ? graph_.degree(mouse) : game_.cat_move_count(cat);
      words_[i] = static_cast<W>(moves);
      if (moves == 0 && lose_when_stuck) decided += claim(i, row, !mouse_turn, frontier_, row_flag_);
    }
    return decided;
  }

  // Processes the frontier states of one row at remoteness `level`; returns parents decided.
  StateIndex process_row(StateIndex row, W level, Scratch& scratch) {
    // Collect the row's frontier states by value, clearing them from the frontier.
    std::vector<NodeId>& mouse_won = scratch.mouse_won;
    std::vector<NodeId>& cat_won = scratch.cat_won;
    mouse_won.clear();
    cat_won.clear();
    const StateIndex first = row * n_, last = first + n_;
    for (StateIndex w = first >> 6; w <= (last - 1) >> 6; ++w) {
      std::uint64_t mask = ~std::uint64_t{0};
      if (w == first >> 6) mask &= ~std::uint64_t{0} << (first & 63);
      if (w == (last - 1) >> 6 && (last & 63) != 0) mask &= ~std::uint64_t{0} >> (64 - (last & 63));
      std::uint64_t bits = A::take(frontier_[w], mask) & mask;
      const std::uint64_t mouse_bits = A::load(mouse_[w]);
      while (bits != 0) {
        const int b = __builtin_ctzll(bits);
        bits &= bits - 1;
        const StateIndex i = (w << 6) + static_cast<StateIndex>(b);
        if (keep_remoteness_) words_[i] = level;
        ((mouse_bits >> b) & 1 ? mouse_won : cat_won).push_back(static_cast<NodeId>(i - first));
      }
    }
    StateIndex decided = 0;
    if (row < n_) {
      // Mouse-to-move states (m, c): parents are cat-to-move (m, c') with c' -> c.
      const auto cat = static_cast<NodeId>(row);
      for (NodeId from : graph_.in_neighbours(cat)) {
        if (!game_.cat_may_enter(from)) continue;
        const StateIndex parent_row = n_ + from;
        const StateIndex base = parent_row * n_;
        for (NodeId m : cat_won) {
          if (!is_decided(base + m)) decided += claim(base + m, parent_row, false, next_, next_row_flag_);
        }
        for (NodeId m : mouse_won) {
          const StateIndex p = base + m;
          if (!is_decided(p) && A::fetch_sub_one(words_[p]) == 1) {
            decided += claim(p, parent_row, true, next_, next_row_flag_);
          }
        }
      }
    } else {
      // Cat-to-move states (m, c): parents are mouse-to-move (m', c) with m' -> m.
      const StateIndex parent_row = row - n_;
      const StateIndex base = parent_row * n_;
      for (NodeId m : mouse_won) {
        for (NodeId from : graph_.in_neighbours(m)) {
          if (!is_decided(base + from)) decided += claim(base + from, parent_row, true, next_, next_row_flag_);
        }
      }
      for (NodeId m : cat_won) {
        for (NodeId from : graph_.in_neighbours(m)) {
          const StateIndex p = base + from;
          if (!is_decided(p) && A::fetch_sub_one(words_[p]) == 1) {
            decided += claim(p, parent_row, false, next_, next_row_flag_);
          }
        }
      }
    }
    return decided;
  }

  const Game& game_;
  const Graph& graph_;
  const NodeId n_;
  const StateIndex half_;
  const bool keep_remoteness_;
  const unsigned threads_;
  const std::function<void(const SolveProgress&)>& progress_;
  std::vector<W> words_;
  Bits decided_, mouse_, frontier_, next_;
  std::vector<std::uint8_t> row_flag_, next_row_flag_;
  std::vector<Scratch> scratch_;  // one per thread
};

}  // namespace catmouse::detail
