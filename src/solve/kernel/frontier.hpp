// Bit rows with a zero guard word at each end, and a frontier: such rows plus the list of rows and
// words that hold a set bit, so that a level visits and clears only what it touched. Internal to
// src/solve.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "catmouse/core/graph.hpp"
#include "solve/kernel/huge_pages.hpp"

namespace catmouse::detail {

// Rows first .. first + rows - 1 of `words` 64-bit words each (a process of a distributed solve
// holds a range of rows; otherwise first is 0 and rows n); row(r)[-1] and row(r)[words] exist and
// stay zero, so that a shifted window (node_order.hpp) may read one word past either end.
class GuardedRows {
 public:
  GuardedRows() = default;
  GuardedRows(NodeId rows, std::uint64_t words, NodeId first = 0)
      : first_(first),
        stride_(words + 2),
        bits_(zeroed_array<std::uint64_t>(std::uint64_t{rows} * stride_ + 1)) {}
  std::uint64_t* row(NodeId r) { return bits_.data() + std::uint64_t{r - first_} * stride_ + 1; }
  const std::uint64_t* row(NodeId r) const {
    return bits_.data() + std::uint64_t{r - first_} * stride_ + 1;
  }
  void release() { bits_ = {}; }

 private:
  NodeId first_ = 0;
  std::uint64_t stride_ = 0;
  std::vector<std::uint64_t> bits_;
};

// The states found at one level, by rows (first .. first + rows - 1, as GuardedRows): bits, the
// rows that have any, and per row a bitmask of its words that have any.
class Frontier {
 public:
  Frontier() = default;
  Frontier(NodeId rows, std::uint64_t words, NodeId first = 0)
      : bits_(rows, words, first),
        first_(first),
        masks_((words + 63) / 64),
        occupied_(std::uint64_t{rows} * masks_, 0),
        listed_(rows, 0) {}

  void add(NodeId r, std::uint64_t w, std::uint64_t bits) {
    bits_.row(r)[w] |= bits;
    occupied(r)[w >> 6] |= std::uint64_t{1} << (w & 63);
    if (!listed_[r - first_]) {
      listed_[r - first_] = 1;
      rows_.push_back(r);
    }
  }
  const std::vector<NodeId>& rows() const { return rows_; }
  bool empty() const { return rows_.empty(); }
  const std::uint64_t* row(NodeId r) const { return bits_.row(r); }
  // The occupancy masks of row r (words_with_bits / 64 rounded up of them).
  const std::uint64_t* occupied(NodeId r) const {
    return occupied_.data() + std::uint64_t{r - first_} * masks_;
  }
  std::uint64_t masks() const { return masks_; }

  // Calls f(w) for each word w of row r that holds a bit.
  template <class F>
  void for_each_word(NodeId r, F&& f) const {
    const std::uint64_t* occupancy = occupied(r);
    for (std::uint64_t k = 0; k < masks_; ++k) {
      for (std::uint64_t m = occupancy[k]; m != 0; m &= m - 1) f(64 * k + std::countr_zero(m));
    }
  }

  // Back to empty, in time proportional to what was added.
  void clear() {
    for (NodeId r : rows_) {
      std::uint64_t* occupancy = occupied(r);
      std::uint64_t* bits = bits_.row(r);
      for (std::uint64_t k = 0; k < masks_; ++k) {
        for (std::uint64_t m = occupancy[k]; m != 0; m &= m - 1) {
          bits[64 * k + std::countr_zero(m)] = 0;
        }
        occupancy[k] = 0;
      }
      listed_[r - first_] = 0;
    }
    rows_.clear();
  }
  void release() { *this = Frontier(); }

 private:
  std::uint64_t* occupied(NodeId r) {
    return occupied_.data() + std::uint64_t{r - first_} * masks_;
  }

  GuardedRows bits_;
  NodeId first_ = 0;
  std::uint64_t masks_ = 0;
  std::vector<std::uint64_t> occupied_;
  std::vector<std::uint8_t> listed_;
  std::vector<NodeId> rows_;
};

}  // namespace catmouse::detail
