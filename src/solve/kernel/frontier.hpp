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
  // The memory is faulted in here, on the thread that builds the rows: the first level to touch
  // it would otherwise do so on one thread.
  GuardedRows(NodeId rows, std::uint64_t words, NodeId first = 0)
      : first_(first),
        stride_(words + 2),
        bits_(zeroed_array<std::uint64_t>(std::uint64_t{rows} * stride_ + 1, on_this_thread)) {}
  std::uint64_t* row(NodeId r) { return bits_.data() + std::uint64_t{r - first_} * stride_ + 1; }
  const std::uint64_t* row(NodeId r) const {
    return bits_.data() + std::uint64_t{r - first_} * stride_ + 1;
  }
  void release() { bits_ = {}; }

 private:
  NodeId first_ = 0;
  std::uint64_t stride_ = 0;
  ZeroedVector<std::uint64_t> bits_;
};

// The states found at one level, by rows (first .. first + rows - 1, as GuardedRows): bits, the
// rows that have any, and per row a bitmask of its words that have any.
class Frontier {
 public:
  Frontier() = default;
  // `shards`: how many threads may add at once, each to rows of its own (add's `shard`).
  Frontier(NodeId rows, std::uint64_t words, NodeId first = 0, unsigned shards = 1)
      : bits_(rows, words, first),
        first_(first),
        masks_((words + 63) / 64),
        occupied_(std::uint64_t{rows} * masks_),
        listed_(rows),
        shards_(shards) {}

  // Adds the bits to word w of row r; shard s lists the row if it is new. Threads may add at once
  // if they add to different rows, each with its own shard.
  void add(NodeId r, std::uint64_t w, std::uint64_t bits, unsigned shard = 0) {
    bits_.row(r)[w] |= bits;
    occupied(r)[w >> 6] |= std::uint64_t{1} << (w & 63);
    if (!listed_[r - first_]) {
      listed_[r - first_] = 1;
      shards_[shard].rows.push_back(r);
    }
  }
  // The rows listed by shards 1.. join shard 0's list, in shard order: rows() then has them all.
  void gather_shards() {
    std::vector<NodeId>& all = shards_[0].rows;
    for (std::size_t s = 1; s < shards_.size(); ++s) {
      all.insert(all.end(), shards_[s].rows.begin(), shards_[s].rows.end());
      shards_[s].rows.clear();
    }
  }
  // How many words of row r hold a bit.
  std::uint64_t words(NodeId r) const {
    std::uint64_t count = 0;
    for (std::uint64_t k = 0; k < masks_; ++k) count += std::popcount(occupied(r)[k]);
    return count;
  }
  // Whether row r holds a bit.
  bool listed(NodeId r) const { return listed_[r - first_] != 0; }
  // The rows with a bit (after gather_shards() if several shards added).
  const std::vector<NodeId>& rows() const { return shards_[0].rows; }
  bool empty() const { return rows().empty(); }
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
    for (NodeId r : rows()) clear_row(r);
    forget_rows();
  }
  // Row r back to empty but still in rows(): threads may clear different rows at once, and then
  // forget_rows() empties the list.
  void clear_row(NodeId r) {
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
  void forget_rows() { shards_[0].rows.clear(); }
  void release() { *this = Frontier(); }

 private:
  std::uint64_t* occupied(NodeId r) {
    return occupied_.data() + std::uint64_t{r - first_} * masks_;
  }

  // A shard's list on a cache line of its own: the shards push on different threads.
  struct alignas(64) Shard {
    std::vector<NodeId> rows;
  };

  GuardedRows bits_;
  NodeId first_ = 0;
  std::uint64_t masks_ = 0;
  ZeroedVector<std::uint64_t> occupied_;
  ZeroedVector<std::uint8_t> listed_;
  std::vector<Shard> shards_ = std::vector<Shard>(1);
};

}  // namespace catmouse::detail
