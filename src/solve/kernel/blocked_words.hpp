// The remoteness words of the frontier kernel: one word per state, in 8 x 8 blocks over the
// kernel's node labels, so that a level whose states run along a row or down a column of either
// half touches one or two cache lines per 8 states; and the conversion, in place, to the Table's
// order (StateSpace numbering, input labels). Internal to src/solve.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "catmouse/core/graph.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catmouse::detail {

template <class W>
class BlockedWords {
 public:
  BlockedWords() = default;
  explicit BlockedWords(NodeId n) : n_(n), n8_((std::uint64_t{n} + 7) & ~std::uint64_t{7}) {
    const std::uint64_t count = 2 * n8_ * n8_;
    words_.reserve(count);
    advise_huge_pages(words_.data(), count * sizeof(W));
    words_.resize(count, 0);
  }

  // Half 0 (mouse to move) rows are mouse nodes, half 1 rows cat nodes, as in StateSpace.
  W& at(int half, NodeId row, NodeId column) {
    return words_[static_cast<std::uint64_t>(half) * n8_ * n8_ +
                  ((std::uint64_t{row} >> 3) * (n8_ >> 3) + (column >> 3)) * 64 + (row & 7) * 8 +
                  (column & 7)];
  }

  // The 8 rows 8 * band .. 8 * band + 7 of a half, as 8 rows of n8 words in place, with column
  // c (a kernel label) moved to column order[c] (an input label): row i reads its column j from
  // the kernel column rank[j]. `row_done(row, words)` sees each row (kernel label) once converted.
  template <class RowDone>
  void unblock_band(int half, std::uint64_t band, const std::vector<NodeId>& rank,
                    std::vector<W>& scratch, RowDone&& row_done) {
    W* base = words_.data() + static_cast<std::uint64_t>(half) * n8_ * n8_ + band * 8 * n8_;
    scratch.assign(base, base + 8 * n8_);
    for (std::uint64_t i = 0; i < 8 && 8 * band + i < n_; ++i) {
      W* out = base + i * n8_;
      const W* in = scratch.data() + i * 8;
      for (NodeId j = 0; j < n_; ++j) {
        const NodeId s = rank[j];
        out[j] = in[(std::uint64_t{s} >> 3) * 64 + (s & 7)];
      }
      row_done(static_cast<NodeId>(8 * band + i), out);
    }
  }
  std::uint64_t bands() const { return n8_ >> 3; }

  // After unblock_band over every band of both halves: moves row r of each half to row order[r]
  // and packs rows of n8 words into rows of n, giving the StateSpace order.
  std::vector<W> take(const std::vector<NodeId>& order) {
    std::vector<W> a(n8_), b(n8_);
    std::vector<std::uint8_t> placed(n_);
    for (int half = 0; half < 2; ++half) {
      W* base = words_.data() + static_cast<std::uint64_t>(half) * n8_ * n8_;
      std::fill(placed.begin(), placed.end(), 0);
      for (NodeId start = 0; start < n_; ++start) {
        if (placed[start] || order[start] == start) continue;
        // Follow the cycle start -> order[start] -> ...: `a` holds the row in hand.
        std::copy_n(base + std::uint64_t{start} * n8_, n8_, a.data());
        for (NodeId at = order[start];; at = order[at]) {
          W* slot = base + std::uint64_t{at} * n8_;
          std::copy_n(slot, n8_, b.data());
          std::copy_n(a.data(), n8_, slot);
          placed[at] = 1;
          std::swap(a, b);
          if (at == start) break;
        }
      }
    }
    if (n8_ != n_) {
      for (int half = 0; half < 2; ++half) {
        for (NodeId r = 0; r < n_; ++r) {
          const W* from = words_.data() + static_cast<std::uint64_t>(half) * n8_ * n8_ + r * n8_;
          W* to = words_.data() + static_cast<std::uint64_t>(half) * n_ * n_ + std::uint64_t{r} * n_;
          std::memmove(to, from, n_ * sizeof(W));
        }
      }
    }
    words_.resize(2 * std::uint64_t{n_} * n_);
    return std::move(words_);
  }

 private:
  // Transparent huge pages for a large array written all over: fewer TLB misses.
  static void advise_huge_pages([[maybe_unused]] void* data, [[maybe_unused]] std::uint64_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uint64_t kHuge = std::uint64_t{1} << 21;
    const auto first = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
    const auto last = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
    if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
  }

  NodeId n_ = 0;
  std::uint64_t n8_ = 0;
  std::vector<W> words_;
};

}  // namespace catmouse::detail
