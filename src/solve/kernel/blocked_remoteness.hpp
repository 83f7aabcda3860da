// The remoteness words of the frontier kernel: one word per state in 8 x 8 blocks over the
// kernel's node labels, so that a level whose states run along a row or down a column touches a
// cache line or two per 8 states; and the conversion, in place, to the Table's order (StateSpace
// numbering, input labels). Internal to src/solve.
//
// A block holds 8 mouse nodes x 8 cat nodes of one half, mouse-major in both halves (so the
// mouse's attractor writes 8 states of a row as one 16-byte run); the blocks themselves are
// laid out in StateSpace orientation (mouse-to-move: rows of mouse nodes; cat-to-move: rows of
// cat nodes), so that 8 rows of a half are one band of blocks.
//
// While the kernel runs, a word says who won: the mouse's attractor writes kTop | remoteness (the
// Table's form), the cat's writes remoteness + 1 without the top bit, and 0 stays a draw. The
// conversion turns the cat's into kTop | remoteness and reads the mouse-won bit off the top bit,
// so that no bit matrix has to survive the solve.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "catmouse/core/graph.hpp"
#include "solve/kernel/huge_pages.hpp"

namespace catmouse::detail {

template <class W>
class BlockedRemoteness {
 public:
  static constexpr W kTop = static_cast<W>(W{1} << (8 * sizeof(W) - 1));

  BlockedRemoteness() = default;
  // Every row of both halves; or, for a process of a distributed solve, the rows first .. first +
  // rows - 1 (first a multiple of 8) of each half, with every column.
  explicit BlockedRemoteness(NodeId n) : BlockedRemoteness(n, 0, n) {}
  BlockedRemoteness(NodeId n, NodeId first, NodeId rows, const ForEachPart& for_each_part = {})
      : n_(n),
        n8_((std::uint64_t{n} + 7) & ~std::uint64_t{7}),
        first_(first),
        half_(((std::uint64_t{rows} + 7) & ~std::uint64_t{7}) * n8_),
        words_(zeroed_array<W>(2 * half_, for_each_part)) {}

  // The word of (mouse m, cat c) in half 0 (mouse to move) or 1 (cat to move), kernel labels.
  W& at(int half, NodeId m, NodeId c) { return words_[index(half, m, c)]; }
  W at(int half, NodeId m, NodeId c) const { return words_[index(half, m, c)]; }
  // The 8 words of mouse m and cats 8 * group .. 8 * group + 7: adjacent in both halves.
  W* cats_of(int half, NodeId m, NodeId group) { return &at(half, m, 8 * group); }

  std::uint64_t bands() const { return n8_ >> 3; }

  // The 8 rows 8 * band .. 8 * band + 7 of a half as rows of n8 words in place, each with column
  // j (an input label) read from kernel column rank[j] and decoded (see above). row_done(row,
  // mouse) sees each converted row (a kernel label) with its mouse-won columns as a bitset.
  template <class RowDone>
  void unblock_band(int half, std::uint64_t band, const std::vector<std::uint32_t>& gather,
                    std::vector<W>& scratch, std::vector<std::uint64_t>& mouse,
                    RowDone&& row_done) {
    W* base = words_.data() + static_cast<std::uint64_t>(half) * half_ + band * 8 * n8_;
    scratch.assign(base, base + 8 * n8_);
    // Row i of the band within a block: its mouse index (half 0) or cat index (half 1).
    const std::uint64_t step = half == 0 ? 8 : 1;
    for (std::uint64_t i = 0; i < 8 && 8 * band + i < n_; ++i) {
      W* out = base + i * n8_;
      const W* in = scratch.data() + i * step;
      mouse.resize((n_ + 63) / 64);
      for (NodeId first = 0; first < n_; first += 64) {
        const NodeId last = std::min<NodeId>(n_, first + 64);
        std::uint64_t bits = 0;
        for (NodeId j = first; j < last; ++j) {
          const W v = in[gather[j]];
          const W top = static_cast<W>(v >> (8 * sizeof(W) - 1));
          const W cat = static_cast<W>((v != 0) & (top ^ 1));
          out[j] = static_cast<W>(v + cat * (kTop - 1));
          bits |= std::uint64_t{top} << (j - first);
        }
        mouse[first >> 6] = bits;
      }
      row_done(static_cast<NodeId>(8 * band + i), mouse);
    }
  }
  // unblock_band's gather for a half: the offset within a band's blocks of kernel column rank[j].
  std::vector<std::uint32_t> gather(int half, const std::vector<NodeId>& rank) const {
    std::vector<std::uint32_t> out(n_);
    for (NodeId j = 0; j < n_; ++j) {
      const NodeId s = rank[j];
      out[j] = static_cast<std::uint32_t>((s >> 3) * 64 + (s & 7) * (half == 0 ? 1 : 8));
    }
    return out;
  }

  // After unblock_band over a half: row r to row order[r] (rows of n8 words), by cycles, each
  // row copied once: slot t takes the row of rank[t], the kernel label of input node t.
  void permute_rows(int half, const std::vector<NodeId>& rank) {
    std::vector<W> first(n_);
    std::vector<std::uint8_t> placed(n_, 0);
    W* base = words_.data() + static_cast<std::uint64_t>(half) * half_;
    const auto row = [&](NodeId r) { return base + std::uint64_t{r} * n8_; };
    for (NodeId start = 0; start < n_; ++start) {
      if (placed[start] || rank[start] == start) continue;
      std::copy_n(row(start), n_, first.data());
      NodeId to = start;
      for (NodeId from = rank[to]; from != start; to = from, from = rank[to]) {
        std::copy_n(row(from), n_, row(to));
        placed[to] = 1;
      }
      std::copy_n(first.data(), n_, row(to));
      placed[to] = 1;
    }
  }

  // After permute_rows of both halves: rows of n8 words packed into rows of n, in StateSpace
  // order.
  ZeroedVector<W> take() {
    if (n8_ != n_) {
      for (int half = 0; half < 2; ++half) {
        for (NodeId r = 0; r < n_; ++r) {
          const W* from = words_.data() + static_cast<std::uint64_t>(half) * half_ + r * n8_;
          W* to =
              words_.data() + static_cast<std::uint64_t>(half) * n_ * n_ + std::uint64_t{r} * n_;
          std::memmove(to, from, n_ * sizeof(W));
        }
      }
    }
    words_.resize(2 * std::uint64_t{n_} * n_);
    return std::move(words_);
  }

 private:
  std::uint64_t index(int half, NodeId m, NodeId c) const {
    const NodeId row = (half == 0 ? m : c) - first_, column = half == 0 ? c : m;
    return static_cast<std::uint64_t>(half) * half_ +
           ((std::uint64_t{row} >> 3) * (n8_ >> 3) + (column >> 3)) * 64 + (m & 7) * 8 + (c & 7);
  }

  NodeId n_ = 0;
  std::uint64_t n8_ = 0;
  NodeId first_ = 0;
  std::uint64_t half_ = 0;  // words per half
  ZeroedVector<W> words_;
};

}  // namespace catmouse::detail
