// The theorems behind cop_bounds() are cited in cop_bounds.hpp and docs/census.md.
#include "catmouse/solve/cop_bounds.hpp"

#include <bit>

namespace catmouse {

namespace {

using Word = std::uint64_t;

constexpr Word bit(NodeId v) {
  return Word{1} << v;
}

Word all_nodes(NodeId n) {
  return n == 64 ? ~Word{0} : bit(n) - 1;
}

bool connected(const SmallGraph& graph) {
  const NodeId n = graph.node_count;
  if (n == 0) return false;
  Word seen = bit(0);
  Word frontier = seen;
  while (frontier != 0) {
    Word next = 0;
    for (Word f = frontier; f != 0; f &= f - 1) next |= graph.rows[std::countr_zero(f)];
    next &= ~seen & all_nodes(n);
    seen |= next;
    frontier = next;
  }
  return seen == all_nodes(n);
}

}  // namespace

bool dominated_by(const SmallGraph& graph, std::uint32_t k) {
  const NodeId n = graph.node_count;
  const Word all = all_nodes(n);
  if (n == 0 || k == 0) return n == 0;
  if (k >= n) return true;
  for (NodeId u = 0; u < n; ++u) {
    const Word closed_u = (graph.rows[u] | bit(u)) & all;
    if (closed_u == all) return true;
    if (k < 2) continue;
    for (NodeId v = u + 1; v < n; ++v) {
      if ((closed_u | graph.rows[v] | bit(v)) == all) return true;
    }
  }
  return false;
}

std::uint32_t cop_number_order_bound(NodeId node_count) {
  // The least orders of 2-, 3- and 4-cop-win graphs: 4, 10 and at least 19.
  if (node_count < 4) return 1;
  if (node_count < 10) return 2;
  if (node_count < 19) return 3;
  return 0;
}

CopBounds cop_bounds(const SmallGraph& graph) {
  CopBounds bounds;
  if (graph.node_count == 0) return bounds;
  const bool one_cop = dismantlable(graph);
  if (one_cop) {
    bounds.lower = bounds.upper = 1;
    if (dominated_by(graph, 1)) bounds.capture_moves_upper = 1;
    return bounds;
  }
  bounds.lower = 2;
  if (dominated_by(graph, 2)) {
    bounds.upper = 2;
    bounds.capture_moves_upper = 1;
    return bounds;
  }
  // Not dominated by two nodes, so the cop number is at most the order bound, if any.
  if (connected(graph)) bounds.upper = cop_number_order_bound(graph.node_count);
  return bounds;
}

}  // namespace catmouse
