#include "catmouse/graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace catmouse {

namespace {

Error node_error(NodeId node, std::string field, std::string message) {
  Error error{std::move(message), {}};
  error.where.node = node;
  error.where.field = std::move(field);
  return error;
}

Error too_small(std::uint64_t n) {
  return Error{
      fmt::format("the graph has {} node{}; at least {} are needed (hole 0, mouse 1, cat 2)", n,
                  n == 1 ? "" : "s", Graph::kMinNodes),
      {}};
}

bool arc_less(const Edge& a, const Edge& b) {
  return a.from != b.from ? a.from < b.from : a.to < b.to;
}

}  // namespace

Graph Graph::from_sorted_arcs(NodeId node_count, std::vector<Edge> arcs) {
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
  return g;
}

Result<Graph> Graph::from_adjacency(const std::vector<std::vector<NodeId>>& lists) {
  if (lists.size() < kMinNodes) return too_small(lists.size());
  if (lists.size() > UINT32_MAX) {
    return Error{fmt::format("{} nodes exceed the 32-bit node id range", lists.size()), {}};
  }
  const auto n = static_cast<NodeId>(lists.size());
  std::vector<Edge> arcs;
  std::size_t total = 0;
  for (const auto& list : lists) total += list.size();
  arcs.reserve(total);
  for (NodeId a = 0; a < n; ++a) {
    for (std::size_t i = 0; i < lists[a].size(); ++i) {
      const NodeId b = lists[a][i];
      const std::string field = fmt::format("neighbour {}", i);
      if (b >= n) {
        return node_error(a, field,
                          fmt::format("neighbour {} is out of range (nodes are 0..{})", b, n - 1));
      }
      if (b == a) return node_error(a, field, "self-loop: a node may not list itself");
      arcs.push_back({a, b});
    }
  }
  // Sorting keeps each node's list together; equal neighbours become adjacent.
  std::stable_sort(arcs.begin(), arcs.end(), arc_less);
  for (std::size_t i = 1; i < arcs.size(); ++i) {
    if (arcs[i].from == arcs[i - 1].from && arcs[i].to == arcs[i - 1].to) {
      const auto& list = lists[arcs[i].from];
      const auto second =
          std::find(std::find(list.begin(), list.end(), arcs[i].to) + 1, list.end(), arcs[i].to);
      return node_error(arcs[i].from, fmt::format("neighbour {}", second - list.begin()),
                        fmt::format("neighbour {} is listed twice", arcs[i].to));
    }
  }
  // Symmetry: b must list a for every a listing b. Binary search in b's sorted run.
  std::vector<std::size_t> start(static_cast<std::size_t>(n) + 1, 0);
  for (const Edge& a : arcs) ++start[a.from + 1];
  for (NodeId v = 0; v < n; ++v) start[v + 1] += start[v];
  for (const Edge& a : arcs) {
    const auto first = arcs.begin() + static_cast<std::ptrdiff_t>(start[a.to]);
    const auto last = arcs.begin() + static_cast<std::ptrdiff_t>(start[a.to + 1]);
    if (!std::binary_search(first, last, Edge{a.to, a.from}, arc_less)) {
      const auto& list = lists[a.from];
      const auto pos = std::find(list.begin(), list.end(), a.to) - list.begin();
      return node_error(
          a.from, fmt::format("neighbour {}", pos),
          fmt::format("asymmetric lists: node {} lists {}, but node {} does not list {}", a.from,
                      a.to, a.to, a.from));
    }
  }
  return from_sorted_arcs(n, std::move(arcs));
}

Result<Graph> Graph::from_edges(NodeId node_count, std::span<const Edge> edges) {
  if (node_count < kMinNodes) return too_small(node_count);
  std::vector<Edge> arcs;
  arcs.reserve(edges.size() * 2);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    Error error{"", {}};
    error.where.field = fmt::format("edge {}", i);
    if (e.from >= node_count || e.to >= node_count) {
      error.message = fmt::format("node {} is out of range (nodes are 0..{})",
                                  e.from >= node_count ? e.from : e.to, node_count - 1);
      return error;
    }
    if (e.from == e.to) {
      error.message = fmt::format("self-loop on node {}", e.from);
      return error;
    }
    arcs.push_back({e.from, e.to});
    arcs.push_back({e.to, e.from});
  }
  std::vector<std::size_t> order(arcs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return arc_less(arcs[a], arcs[b]); });
  for (std::size_t k = 1; k < order.size(); ++k) {
    const Edge& a = arcs[order[k - 1]];
    const Edge& b = arcs[order[k]];
    if (a.from == b.from && a.to == b.to) {
      Error error{fmt::format("repeated edge {} {} (first given as edge {})", b.from, b.to,
                              order[k - 1] / 2),
                  {}};
      error.where.field = fmt::format("edge {}", order[k] / 2);
      return error;
    }
  }
  std::vector<Edge> sorted(arcs.size());
  for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = arcs[order[k]];
  return from_sorted_arcs(node_count, std::move(sorted));
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
