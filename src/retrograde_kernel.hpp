// The retrograde kernel behind solve(): level-synchronous backward induction over bitset
// frontiers, generic in the word type W (uint8/16/32) and in whether several threads share the
// arrays (atomic updates) or one thread owns them (plain updates). Internal to src/.
//
// Per state it keeps one word W and three bits (mouse wins; member of the current and of the next
// frontier). The word's top bit marks a decided state. While a state is open the other bits count
// its moves not yet known to lose; once the state has been processed they hold its remoteness
// (with values_only they are left as they are). Level r takes exactly the states decided at
// remoteness r and decides their open parents at r + 1: a parent whose mover can move into a win
// is a win; a parent whose counter drops to zero is a loss.
//
// Work is split by cat node c: task c owns row c of both halves (the words, and the bits, whose
// rows are padded to whole 64-bit words so that no two rows share one). It pushes the cat-to-move
// frontier of row c into the mouse-to-move row c (the mouse moved within the row), and pulls into
// the cat-to-move row c from the mouse-to-move frontier rows of the cat's destinations. Each task
// writes only what it owns, so threads need no atomic read-modify-write; and which parents a
// level decides, and how, does not depend on the order of the work, so the result is the same
// for any number of threads.
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

// Memory access: plain for one thread; with several, relaxed atomic loads and stores (plain moves
// on x86) where a word one task owns is read by another. Each level ends by joining its threads,
// which orders everything.
template <bool kShared>
struct Access {
  template <class T>
  static T load(const T& x) {
    if constexpr (kShared) {
      return std::atomic_ref<T>(const_cast<T&>(x)).load(std::memory_order_relaxed);
    } else {
      return x;
    }
  }
  template <class T>
  static void store(T& x, T value) {
    if constexpr (kShared) {
      std::atomic_ref<T>(x).store(value, std::memory_order_relaxed);
    } else {
      x = value;
    }
  }
};

// Runs body(first, last, thread) over [0, count) in chunks, on `threads` threads (1: inline).
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
  static constexpr W kTop = static_cast<W>(W{1} << (8 * sizeof(W) - 1));

 public:
  // Largest remoteness and largest move count a word can hold.
  static constexpr std::uint64_t kMaxCount = kTop - 1;

  RetrogradeKernel(const Game& game, const SolveOptions& options)
      : game_(game),
        graph_(game.graph()),
        n_(game.node_count()),
        row_words_((StateIndex{n_} + 63) / 64),
        keep_remoteness_(!options.values_only),
        threads_(kShared ? std::max(1u, options.threads) : 1u),
        progress_(options.progress),
        words_(game.state_count(), 0),
        mouse_(2 * n_ * row_words_, 0),
        frontier_(mouse_.size(), 0),
        next_(mouse_.size(), 0),
        row_flag_(game.space().rows(), 0),
        next_row_flag_(game.space().rows(), 0) {
    for (NodeId v = 0; v < n_; ++v) {
      if (game.is_hole(v)) holes_.push_back(v);
      if (graph_.degree(v) == 0 && !game.is_hole(v)) stuck_mice_.push_back(v);
    }
  }

  // Solves; false when a remoteness does not fit in W (then the caller retries wider).
  bool run() {
    const auto started = std::chrono::steady_clock::now();
    std::vector<StateIndex> per_thread(threads_, 0);
    parallel_chunks(threads_, n_, 16, [&](std::size_t a, std::size_t b, unsigned t) {
      for (std::size_t c = a; c < b; ++c) {
        per_thread[t] += seed_row(c) + seed_row(n_ + c);
      }
    });
    StateIndex decided = 0;
    for (std::uint64_t level = 0; has_frontier(); ++level) {
      if (keep_remoteness_ && level > kMaxCount) return false;
      for (StateIndex d : per_thread) decided += d;
      std::fill(per_thread.begin(), per_thread.end(), 0);
      parallel_chunks(threads_, n_, 8, [&](std::size_t a, std::size_t b, unsigned t) {
        for (std::size_t c = a; c < b; ++c) {
          per_thread[t] += process_cat(static_cast<NodeId>(c), static_cast<W>(level));
        }
      });
      // The old frontier is spent: clear its rows, then it becomes the next level's target.
      parallel_chunks(threads_, row_flag_.size(), 64, [&](std::size_t a, std::size_t b, unsigned) {
        for (std::size_t row = a; row < b; ++row) {
          if (row_flag_[row]) std::fill_n(frontier_.begin() + row * row_words_, row_words_, 0);
        }
      });
      frontier_.swap(next_);
      row_flag_.swap(next_row_flag_);
      std::fill(next_row_flag_.begin(), next_row_flag_.end(), 0);
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        StateIndex pending = 0;
        for (StateIndex d : per_thread) pending += d;
        progress_({decided + pending, game_.state_count(), static_cast<std::uint32_t>(level),
                   elapsed.count()});
      }
    }
    return true;
  }

  Table take_table() {
    frontier_ = {};
    next_ = {};
    const StateIndex dense_words = (game_.state_count() + 63) / 64;
    std::vector<std::uint64_t> mouse(dense_words, 0), decided;
    for (StateIndex row = 0; row < 2 * StateIndex{n_}; ++row) {
      for (NodeId m = 0; m < n_; ++m) {
        if (bit(mouse_, row, m)) set_dense(mouse, row * n_ + m);
      }
    }
    mouse_ = {};
    std::vector<std::uint16_t> r16;
    std::vector<std::uint32_t> r32;
    if (!keep_remoteness_) {
      decided.assign(dense_words, 0);
      for (StateIndex i = 0; i < words_.size(); ++i) {
        if (words_[i] & kTop) set_dense(decided, i);
      }
    } else if constexpr (sizeof(W) == 2) {
      r16 = std::move(words_);
    } else if constexpr (sizeof(W) == 4) {
      r32 = std::move(words_);
    }
    words_ = {};
    return Table(game_.space(), std::move(mouse), std::move(decided), std::move(r16),
                 std::move(r32));
  }

 private:
  static void set_dense(std::vector<std::uint64_t>& bits, StateIndex i) {
    bits[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  bool bit(const Bits& bits, StateIndex row, NodeId m) const {
    return (A::load(bits[row * row_words_ + (m >> 6)]) >> (m & 63)) & 1;
  }
  bool has_frontier() const {
    return std::find(row_flag_.begin(), row_flag_.end(), 1) != row_flag_.end();
  }

  // Marks open state (row, m) decided with the given winner, in the `into` frontier. Only the
  // task owning `row` calls this.
  void decide(StateIndex row, NodeId m, bool mouse_wins, Bits& into,
              std::vector<std::uint8_t>& into_flags) {
    W& word = words_[row * n_ + m];
    A::store(word, static_cast<W>(word | kTop));
    const StateIndex w = row * row_words_ + (m >> 6);
    const std::uint64_t mask = std::uint64_t{1} << (m & 63);
    if (mouse_wins) A::store(mouse_[w], mouse_[w] | mask);
    A::store(into[w], into[w] | mask);
    into_flags[row] = 1;
  }

  // Initial counters of one row; finished positions and stuck players form level 0.
  StateIndex seed_row(StateIndex row) {
    const bool mouse_turn = row < n_;
    const auto cat = static_cast<NodeId>(mouse_turn ? row : row - n_);
    if (!game_.cat_may_enter(cat)) return 0;  // states the rules exclude stay undecided
    W* words = words_.data() + row * n_;
    if (mouse_turn) {
      for (NodeId m = 0; m < n_; ++m) words[m] = static_cast<W>(graph_.degree(m));
    } else {
      std::fill(words, words + n_, static_cast<W>(game_.cat_move_count(cat)));
    }
    StateIndex decided = 0;
    auto finish = [&](NodeId m, bool mouse_wins) {
      if (words[m] & kTop) return;
      words[m] = 0;
      decide(row, m, mouse_wins, frontier_, row_flag_);
      ++decided;
    };
    for (NodeId hole : holes_) finish(hole, true);
    finish(cat, false);
    if (game_.rules().stuck == StuckRule::kLose) {
      if (mouse_turn) {
        for (NodeId m : stuck_mice_) finish(m, false);
      } else if (game_.cat_move_count(cat) == 0) {
        for (NodeId m = 0; m < n_; ++m) finish(m, true);
      }
    }
    return decided;
  }

  // Calls f(m, mouse_wins) for each frontier state of `row`.
  template <class F>
  void for_each_frontier(StateIndex row, F&& f) const {
    const std::uint64_t* bits = frontier_.data() + row * row_words_;
    const std::uint64_t* wins = mouse_.data() + row * row_words_;
    for (StateIndex w = 0; w < row_words_; ++w) {
      std::uint64_t b = A::load(bits[w]);
      if (b == 0) continue;
      const std::uint64_t mouse_bits = A::load(wins[w]);
      while (b != 0) {
        const int k = __builtin_ctzll(b);
        b &= b - 1;
        f(static_cast<NodeId>((w << 6) + k), (mouse_bits >> k) & 1);
      }
    }
  }

  void prefetch_row(const W* words) const {
    constexpr std::size_t kLine = 64 / sizeof(W);
    for (std::size_t k = 0; k < n_; k += kLine) __builtin_prefetch(words + k, 1);
  }

  // One level's work for cat node c; returns the states it decided.
  StateIndex process_cat(NodeId c, W level) {
    if (!game_.cat_may_enter(c)) return 0;
    const StateIndex mouse_row = c, cat_row = n_ + c;
    W* const mouse_words = words_.data() + mouse_row * n_;
    W* const cat_words = words_.data() + cat_row * n_;
    StateIndex decided = 0;
    if (keep_remoteness_) {
      const W stamp = static_cast<W>(kTop | level);
      if (row_flag_[mouse_row]) {
        for_each_frontier(mouse_row, [&](NodeId m, bool) { A::store(mouse_words[m], stamp); });
      }
      if (row_flag_[cat_row]) {
        for_each_frontier(cat_row, [&](NodeId m, bool) { A::store(cat_words[m], stamp); });
      }
    }
    // Push: cat-to-move (m, c) decided; parents are mouse-to-move (m', c), the mouse m' -> m.
    if (row_flag_[cat_row]) {
      // The updates land at random places in the row: fetch all of it at once rather than
      // waiting for one cache miss after another.
      prefetch_row(mouse_words);
      for_each_frontier(cat_row, [&](NodeId m, bool mouse_wins) {
        for (NodeId from : graph_.in_neighbours(m)) {
          W& word = mouse_words[from];
          if (word & kTop) continue;
          if (mouse_wins) {
            decide(mouse_row, from, true, next_, next_row_flag_);
            ++decided;
          } else if (--word == 0) {
            decide(mouse_row, from, false, next_, next_row_flag_);
            ++decided;
          }
        }
      });
    }
    // Pull: cat-to-move (m, c) is a parent of mouse-to-move (m, c'') for each move c -> c''.
    for (NodeId to : graph_.neighbours(c)) {
      if (!game_.cat_may_enter(to) || !row_flag_[to]) continue;
      for_each_frontier(to, [&](NodeId m, bool mouse_wins) {
        W& word = cat_words[m];
        if (word & kTop) return;
        if (!mouse_wins) {
          decide(cat_row, m, false, next_, next_row_flag_);
          ++decided;
        } else if (--word == 0) {
          decide(cat_row, m, true, next_, next_row_flag_);
          ++decided;
        }
      });
    }
    return decided;
  }

  const Game& game_;
  const Graph& graph_;
  const NodeId n_;
  const StateIndex row_words_;  // 64-bit words per row of a bitset
  const bool keep_remoteness_;
  const unsigned threads_;
  const std::function<void(const SolveProgress&)>& progress_;
  std::vector<NodeId> holes_;       // nodes where the mouse wins
  std::vector<NodeId> stuck_mice_;  // non-hole nodes with no move for the mouse
  std::vector<W> words_;            // dense: row * n + mouse
  Bits mouse_, frontier_, next_;    // padded: row * row_words_ words per row
  std::vector<std::uint8_t> row_flag_, next_row_flag_;  // rows with frontier states
};

}  // namespace catmouse::detail
