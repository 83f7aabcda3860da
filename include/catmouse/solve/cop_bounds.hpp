// Exact shortcuts for the cop number of a small undirected graph, from theorems, with no game
// solved. Each bound is a theorem of the classical game (both sides may stay; cops_rules()):
//
//  - dismantlable <=> cop number 1 (Nowakowski and Winkler 1983; Quilliot 1978);
//  - cop number <= domination number, and k cops on a dominating set of k nodes catch the robber
//    on their first move (he must stand on or next to one of them);
//  - a graph with fewer nodes than the least order of a k-cop-win graph has cop number < k. The
//    least orders: 1 for one cop, 4 for two (the 4-cycle), 10 for three (the Petersen graph;
//    Baird, Beveridge, Bonato, Codenotti, Maurer, McCauley and Valeva 2014) and at least 19 for
//    four (Turcotte and Yvon 2021).
//
// The bounds settle the cop number when lower == upper; the game decides every other case, and
// it alone gives capture times beyond the one-move bound of a dominating set (docs/census.md).
#pragma once

#include <cstdint>
#include <optional>

#include "catmouse/solve/cops.hpp"

namespace catmouse {

struct CopBounds {
  std::uint32_t lower = 1;  // the cop number is at least this
  std::uint32_t upper = 0;  // and at most this (0: no bound from these theorems)
  // When lower == upper: an upper bound on the capture time (plies from the cops' first move)
  // of that many cops, when a theorem gives one.
  std::optional<std::uint32_t> capture_moves_upper;
  bool settled() const { return upper != 0 && lower == upper; }
};

// Whether some `k` nodes dominate the graph (every node is one of them or next to one), k <= 2.
bool dominated_by(const SmallGraph& graph, std::uint32_t k);

// The cop number's upper bound for a connected graph of node_count nodes from the least orders
// of k-cop-win graphs: 1 below 4 nodes, 2 below 10, 3 below 19, and 0 (none known) from 19 on.
std::uint32_t cop_number_order_bound(NodeId node_count);

// The bounds above for a connected graph of at least one node (the cop number of a graph that
// is not connected is not what these theorems speak of: they then give no bound).
CopBounds cop_bounds(const SmallGraph& graph);

// The classical game (cops_rules(k)) for one or two cops on a graph of at most 16 nodes, for a
// census of millions of tiny graphs: 16-bit rows in fixed arrays on the stack, no allocation.
// The capture time in plies from the cops' first move (CopsResult::capture_moves) when k cops
// win, nullopt when they lose; the same answers as SmallCops and solve_cops (tests check it on
// every connected graph of up to 8 nodes and random ones up to 16). Fails on k outside 1..2 or
// a graph outside 1..kTinyCopsMaxNodes nodes.
inline constexpr NodeId kTinyCopsMaxNodes = 16;
Result<std::optional<std::uint32_t>> tiny_cops_capture(const SmallGraph& graph, std::uint32_t k);

}  // namespace catmouse
