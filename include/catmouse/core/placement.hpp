// Placements: where k interchangeable pieces (cats, or cops) stand, as sorted multisets of the
// nodes they may stand on, numbered densely. With a allowed nodes there are C(a + k - 1, k) of
// them instead of a^k ordered tuples (about k! times fewer).
//
// The numbering is colex over ranks: a placement whose pieces stand on nodes of ranks
// r_0 <= r_1 <= ... <= r_{k-1} among the allowed nodes has index sum_i C(r_i + i, i + 1). Every
// engine and table that keeps one entry per placement uses this numbering, so their tables agree.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "catmouse/core/graph.hpp"

namespace catmouse {

// C(a + k - 1, k): the number of k-multisets of a things, saturating at 2^63.
std::uint64_t multiset_count(std::uint64_t a, std::uint32_t k);

class Placements {
 public:
  Placements() = default;
  // k pieces on the nodes marked in `allowed` (one entry per node of the graph).
  Placements(std::uint32_t k, const std::vector<bool>& allowed);
  // k pieces anywhere on node_count nodes.
  Placements(std::uint32_t k, NodeId node_count);

  std::uint32_t pieces() const { return k_; }
  NodeId node_count() const { return static_cast<NodeId>(rank_.size()); }
  std::uint64_t count() const { return count_; }
  bool allowed(NodeId v) const { return rank_[v] != kNone; }

  // The index of `sorted` (k nodes in increasing order, repeats allowed); nullopt when it is not
  // a placement: wrong size, not sorted, a node out of range or not allowed.
  std::optional<std::uint64_t> index(std::span<const NodeId> sorted) const;
  // The same without checks, for engines: `sorted` must be a placement.
  std::uint64_t index_of(const NodeId* sorted) const { return index_of(sorted, k_); }
  // The index of the m-piece placement `sorted` among all m-piece placements, for m <= pieces()
  // (the numbering of fewer pieces is the start of this one's).
  std::uint64_t index_of(const NodeId* sorted, std::uint32_t m) const {
    std::uint64_t index = 0;
    for (std::uint32_t i = 0; i < m; ++i) index += term(i, sorted[i]);
    return index;
  }
  // What piece i (0-based, in sorted order) on `node` adds to the index.
  std::uint64_t term(std::uint32_t i, NodeId node) const { return binomial(i, rank_[node] + i); }
  // The nodes of placement `index` (< count()), sorted, written to out[0..k).
  void nodes(std::uint64_t index, NodeId* out) const;
  std::vector<NodeId> nodes(std::uint64_t index) const;
  // Every placement in index order: count() * k nodes.
  std::vector<NodeId> all() const;

  friend bool operator==(const Placements& a, const Placements& b) {
    return a.k_ == b.k_ && a.rank_ == b.rank_;
  }

 private:
  static constexpr NodeId kNone = UINT32_MAX;
  // C(s, i + 1) for s < stride_.
  std::uint64_t binomial(std::uint32_t i, std::uint64_t s) const {
    return binomials_[i * stride_ + s];
  }

  std::uint32_t k_ = 0;
  std::uint64_t count_ = 0;
  std::vector<NodeId> rank_;   // node -> rank among the allowed nodes, or kNone
  std::vector<NodeId> nodes_;  // rank -> node
  std::uint64_t stride_ = 0;
  std::vector<std::uint64_t> binomials_;
};

}  // namespace catmouse
