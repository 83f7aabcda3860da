// The game board: an immutable graph in compressed sparse row (CSR) form, with out- and
// in-neighbours. Built only through the validating factories below, so a Graph in hand is always
// well formed: ids in range, no self-loops, no repeated neighbours, and for an undirected graph
// every edge listed from both ends.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "catmouse/core/error.hpp"

namespace catmouse {

using NodeId = std::uint32_t;

// One edge (undirected) or arc (directed, from -> to).
struct Edge {
  NodeId from;
  NodeId to;
};

class Graph {
 public:
  // Smallest board the default rules can play on (hole, mouse start, cat start).
  static constexpr NodeId kMinNodes = 3;

  // From adjacency lists: lists[a] holds the neighbours of a, as in LeetCode 913. Errors name the
  // node and the position in its list: out of range, self-loop, repeated neighbour, asymmetric
  // (a lists b, b does not list a), fewer than kMinNodes nodes.
  static Result<Graph> from_adjacency(const std::vector<std::vector<NodeId>>& lists);

  // The same from lists in CSR form: node a lists targets[offsets[a] .. offsets[a + 1]).
  static Result<Graph> from_csr(std::vector<std::uint64_t> offsets, std::vector<NodeId> targets);

  // An undirected graph from each node's larger neighbours: node a lists, in increasing order, the
  // neighbours b > a in targets[offsets[a] .. offsets[a + 1]) (each edge once). Symmetry and
  // sorted lists follow from that form, so it is checked in one sequential pass: faster than
  // from_csr for a board read back from a file. Errors name the node and the position.
  static Result<Graph> from_upper_lists(std::vector<std::uint64_t> offsets,
                                        std::vector<NodeId> targets);

  // From an edge list on node_count nodes: undirected edges, or with `directed` arcs from -> to
  // (then the mover may go from -> to only). Errors name the edge by its index in `edges`
  // (Location::field = ErrorField::kEdge, index = K): out of range, self-loop, repeated edge (or
  // arc).
  static Result<Graph> from_edges(NodeId node_count, std::span<const Edge> edges,
                                  bool directed = false);

  NodeId node_count() const { return static_cast<NodeId>(out_offsets_.size() - 1); }
  // Number of edges (undirected), or of arcs (directed).
  std::uint64_t edge_count() const {
    return directed_ ? out_targets_.size() : out_targets_.size() / 2;
  }
  bool directed() const { return directed_; }

  // Nodes reachable in one move from v, in increasing id order.
  std::span<const NodeId> neighbours(NodeId v) const {
    return {out_targets_.data() + out_offsets_[v], out_targets_.data() + out_offsets_[v + 1]};
  }
  // Nodes from which v is reachable in one move (the same as neighbours() when undirected).
  std::span<const NodeId> in_neighbours(NodeId v) const {
    if (!directed_) return neighbours(v);
    return {in_sources_.data() + in_offsets_[v], in_sources_.data() + in_offsets_[v + 1]};
  }
  std::uint32_t degree(NodeId v) const {
    return static_cast<std::uint32_t>(out_offsets_[v + 1] - out_offsets_[v]);
  }
  std::uint32_t max_degree() const { return max_degree_; }

  // Adjacency lists in LeetCode form (sorted).
  std::vector<std::vector<NodeId>> to_adjacency() const;

 private:
  Graph() = default;
  static Graph from_sorted_arcs(NodeId node_count, std::vector<Edge> arcs, bool directed);

  std::vector<std::uint64_t> out_offsets_;  // node_count + 1 entries
  std::vector<NodeId> out_targets_;         // 2 * edge_count entries
  std::uint32_t max_degree_ = 0;
  bool directed_ = false;
  std::vector<std::uint64_t> in_offsets_;  // directed only: node_count + 1 entries
  std::vector<NodeId> in_sources_;         // directed only, sorted per node
};

}  // namespace catmouse
