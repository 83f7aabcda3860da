#include "catmouse/core/graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <unordered_map>

namespace catmouse {

namespace {

// An error about node `node`'s neighbour number `index`.
Error node_error(NodeId node, std::uint64_t index, std::string marked) {
  Error error = with_nodes(std::move(marked));
  error.where.node = node;
  error.where.field = ErrorField::kNeighbour;
  error.where.index = index;
  return error;
}

// The reason names no node: the starts and holes may be the defaults' ids or the caller's
// own nodes (or labels, in Python), which the graph does not know.
Error too_small(std::uint64_t n) {
  return Error{fmt::format("the graph has {} node{}; at least {} are needed (a hole, the mouse's "
                           "start and the cat's start)",
                           n, n == 1 ? "" : "s", Graph::kMinNodes),
               {}};
}

// The node count of lists in CSR form, or why there cannot be such a graph.
Result<NodeId> csr_node_count(const std::vector<std::uint64_t>& offsets,
                              const std::vector<NodeId>& targets) {
  const std::uint64_t nodes = offsets.empty() ? 0 : offsets.size() - 1;
  if (nodes < Graph::kMinNodes) return too_small(nodes);
  if (nodes > UINT32_MAX) {
    return Error{fmt::format("{} nodes exceed the 32-bit node id range", nodes), {}};
  }
  assert(offsets.front() == 0 && offsets.back() == targets.size());
  (void)targets;
  return static_cast<NodeId>(nodes);
}

bool arc_less(const Edge& a, const Edge& b) {
  return a.from != b.from ? a.from < b.from : a.to < b.to;
}

}  // namespace

Graph Graph::from_sorted_arcs(NodeId node_count, std::vector<Edge> arcs, bool directed) {
  assert(std::is_sorted(arcs.begin(), arcs.end(), arc_less));
  Graph g;
  g.out_offsets_.assign(static_cast<std::size_t>(node_count) + 1, 0);
  for (const Edge& a : arcs) ++g.out_offsets_[a.from + 1];
  for (NodeId v = 0; v < node_count; ++v) {
    g.max_degree_ =
        std::max<std::uint32_t>(g.max_degree_, static_cast<std::uint32_t>(g.out_offsets_[v + 1]));
    g.out_offsets_[v + 1] += g.out_offsets_[v];
  }
  g.out_targets_.resize(arcs.size());
  for (std::size_t i = 0; i < arcs.size(); ++i) g.out_targets_[i] = arcs[i].to;
  g.directed_ = directed;
  if (directed) {
    // In-neighbours: the arcs again, grouped by head; sources stay sorted (arcs are sorted).
    g.in_offsets_.assign(static_cast<std::size_t>(node_count) + 1, 0);
    for (const Edge& a : arcs) ++g.in_offsets_[a.to + 1];
    for (NodeId v = 0; v < node_count; ++v) g.in_offsets_[v + 1] += g.in_offsets_[v];
    g.in_sources_.resize(arcs.size());
    std::vector<std::uint64_t> next(g.in_offsets_.begin(), g.in_offsets_.end() - 1);
    for (const Edge& a : arcs) g.in_sources_[next[a.to]++] = a.from;
  }
  return g;
}

Result<Graph> Graph::from_adjacency(const std::vector<std::vector<NodeId>>& lists) {
  std::vector<std::uint64_t> offsets(lists.size() + 1, 0);
  for (std::size_t a = 0; a < lists.size(); ++a) offsets[a + 1] = offsets[a] + lists[a].size();
  std::vector<NodeId> targets;
  targets.reserve(offsets.back());
  for (const auto& list : lists) targets.insert(targets.end(), list.begin(), list.end());
  return from_csr(std::move(offsets), std::move(targets));
}

Result<Graph> Graph::from_csr(std::vector<std::uint64_t> offsets, std::vector<NodeId> targets) {
  const Result<NodeId> count = csr_node_count(offsets, targets);
  if (!count.ok()) return count.error();
  const NodeId n = *count;
  auto field = [&](NodeId a, std::uint64_t k) { return k - offsets[a]; };
  for (NodeId a = 0; a < n; ++a) {
    for (std::uint64_t k = offsets[a]; k < offsets[a + 1]; ++k) {
      const NodeId b = targets[k];
      if (b >= n) {
        return node_error(a, field(a, k),
                          fmt::format("neighbour {} is out of range (nodes are 0..{})", b, n - 1));
      }
      if (b == a) return node_error(a, field(a, k), "self-loop: a node may not list itself");
    }
  }
  // Sort each node's list (usually sorted already, then free) so that equal neighbours become
  // adjacent; an unsorted list is copied first, so that errors can name positions as given.
  std::unordered_map<NodeId, std::vector<NodeId>> unsorted;
  auto given = [&](NodeId a) {
    const auto it = unsorted.find(a);
    return it != unsorted.end() ? it->second
                                : std::vector<NodeId>(targets.begin() + offsets[a],
                                                      targets.begin() + offsets[a + 1]);
  };
  for (NodeId a = 0; a < n; ++a) {
    const auto first = targets.begin() + static_cast<std::ptrdiff_t>(offsets[a]);
    const auto last = targets.begin() + static_cast<std::ptrdiff_t>(offsets[a + 1]);
    if (!std::is_sorted(first, last)) {
      unsorted.emplace(a, std::vector<NodeId>(first, last));
      std::sort(first, last);
    }
    const auto repeat = std::adjacent_find(first, last);
    if (repeat != last) {
      const std::vector<NodeId> list = given(a);
      const auto second =
          std::find(std::find(list.begin(), list.end(), *repeat) + 1, list.end(), *repeat);
      return node_error(a, static_cast<std::uint64_t>(second - list.begin()),
                        fmt::format("neighbour {} is listed twice", node_ref(*repeat)));
    }
  }
  // Symmetry: b must list a for every a listing b. With sorted lists one pass settles it: walking
  // the arcs (a, b) by increasing a, the nodes that list b arrive in order, and each must be the
  // next entry of b's own list. Only when that fails does the slower search below find the first
  // offending entry for the message.
  std::vector<std::uint64_t> cursor(offsets.begin(), offsets.end() - 1);
  bool symmetric = true;
  for (NodeId a = 0; a < n && symmetric; ++a) {
    for (std::uint64_t k = offsets[a]; k < offsets[a + 1]; ++k) {
      const NodeId b = targets[k];
      if (cursor[b] == offsets[b + 1] || targets[cursor[b]] != a) {
        symmetric = false;
        break;
      }
      ++cursor[b];
    }
  }
  for (NodeId b = 0; b < n && symmetric; ++b) symmetric = cursor[b] == offsets[b + 1];
  for (NodeId a = 0; a < n && !symmetric; ++a) {
    for (std::uint64_t k = offsets[a]; k < offsets[a + 1]; ++k) {
      const NodeId b = targets[k];
      const auto first = targets.begin() + static_cast<std::ptrdiff_t>(offsets[b]);
      const auto last = targets.begin() + static_cast<std::ptrdiff_t>(offsets[b + 1]);
      if (!std::binary_search(first, last, a)) {
        const std::vector<NodeId> list = given(a);
        const auto position = std::find(list.begin(), list.end(), b) - list.begin();
        return node_error(
            a, static_cast<std::uint64_t>(position),
            fmt::format("asymmetric lists: node {} lists {}, but node {} does not list {}",
                        node_ref(a), node_ref(b), node_ref(b), node_ref(a)));
      }
    }
  }
  Graph g;
  g.out_offsets_ = std::move(offsets);
  g.out_targets_ = std::move(targets);
  for (NodeId v = 0; v < n; ++v) g.max_degree_ = std::max(g.max_degree_, g.degree(v));
  return g;
}

Result<Graph> Graph::from_upper_lists(std::vector<std::uint64_t> offsets,
                                      std::vector<NodeId> targets) {
  const Result<NodeId> count = csr_node_count(offsets, targets);
  if (!count.ok()) return count.error();
  const NodeId n = *count;
  Graph g;
  g.out_offsets_.assign(offsets.size(), 0);
  for (NodeId a = 0; a < n; ++a) {
    NodeId least = a + 1;  // the next neighbour must be at least this
    for (std::uint64_t k = offsets[a]; k < offsets[a + 1]; ++k) {
      const NodeId b = targets[k];
      if (b < least || b >= n) {
        return node_error(
            a, k - offsets[a],
            b >= n ? fmt::format("neighbour {} is out of range (nodes are 0..{})", b, n - 1)
                   : fmt::format("neighbour {} is not larger than the one before "
                                 "it and than the node",
                                 node_ref(b)));
      }
      least = b + 1;
      ++g.out_offsets_[a + 1];
      ++g.out_offsets_[b + 1];
    }
  }
  for (NodeId v = 0; v < n; ++v) {
    g.max_degree_ =
        std::max<std::uint32_t>(g.max_degree_, static_cast<std::uint32_t>(g.out_offsets_[v + 1]));
    g.out_offsets_[v + 1] += g.out_offsets_[v];
  }
  // Node b's list: its smaller neighbours a, met in increasing order of a, before its own
  // larger ones, which are written when b's turn comes: sorted without a sort.
  g.out_targets_.resize(targets.size() * 2);
  std::vector<std::uint64_t> next(g.out_offsets_.begin(), g.out_offsets_.end() - 1);
  for (NodeId a = 0; a < n; ++a) {
    for (std::uint64_t k = offsets[a]; k < offsets[a + 1]; ++k) {
      const NodeId b = targets[k];
      g.out_targets_[next[a]++] = b;
      g.out_targets_[next[b]++] = a;
    }
  }
  return g;
}

Result<Graph> Graph::from_edges(NodeId node_count, std::span<const Edge> edges, bool directed) {
  if (node_count < kMinNodes) return too_small(node_count);
  const std::size_t per_edge = directed ? 1 : 2;  // arcs made from one input edge
  std::vector<Edge> arcs;
  arcs.reserve(edges.size() * per_edge);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    Location where;
    where.field = ErrorField::kEdge;
    where.index = i;
    if (e.from >= node_count || e.to >= node_count) {
      return Error(fmt::format("node {} is out of range (nodes are 0..{})",
                               e.from >= node_count ? e.from : e.to, node_count - 1),
                   where);
    }
    if (e.from == e.to)
      return with_nodes(fmt::format("self-loop on node {}", node_ref(e.from)), where);
    arcs.push_back({e.from, e.to});
    if (!directed) arcs.push_back({e.to, e.from});
  }
  std::vector<std::size_t> order(arcs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return arc_less(arcs[a], arcs[b]); });
  for (std::size_t k = 1; k < order.size(); ++k) {
    const Edge& a = arcs[order[k - 1]];
    const Edge& b = arcs[order[k]];
    if (a.from == b.from && a.to == b.to) {
      Location where;
      where.field = ErrorField::kEdge;
      where.index = order[k] / per_edge;
      return with_nodes(
          fmt::format("repeated {} {} {} (first given as edge {})", directed ? "arc" : "edge",
                      node_ref(b.from), node_ref(b.to), order[k - 1] / per_edge),
          where);
    }
  }
  std::vector<Edge> sorted(arcs.size());
  for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = arcs[order[k]];
  return from_sorted_arcs(node_count, std::move(sorted), directed);
}

std::vector<std::vector<NodeId>> Graph::to_adjacency() const {
  std::vector<std::vector<NodeId>> lists(node_count());
  for (NodeId v = 0; v < node_count(); ++v) {
    auto nb = neighbours(v);
    lists[v].assign(nb.begin(), nb.end());
  }
  return lists;
}

}  // namespace catmouse
