// Exact shortcuts for the cop number of a small undirected graph, from theorems, with no game
// solved. Each bound is a theorem of the classical game (both sides may stay; cops_rules()):
//
//  - dismantlable <=> cop number 1 (Nowakowski and Winkler 1983; Quilliot 1978);
//  - cop number <= domination number, and k cops on a dominating set of k nodes catch the robber
//    on their first move (he must stand on or next to one of them);
//  - a graph with fewer nodes than the least order of a k-cop-win graph has cop number < k. The
//    least orders: 1 for one cop, 4 for two (the 4-cycle), 10 for three (the Petersen graph;
//    Baird, Beveridge, Bonato, Codenotti, Maurer, McCauley and Valeva 2014) and at least 19 for
//    four (Turcotte and Yvon 2021);
//  - removing a batch of dominated nodes, each with a dominator that stays, maps the graph onto
//    what is left (a retraction). k cops that catch the robber's image there within t rounds
//    (cop moves) catch him within t + 1 (standing on his image they are next to him), and a
//    retract's cop number is at most the graph's (Berarducci and Intrigila 1993): the two have the
//    same cop number;
//  - one cop catches the robber within n - 4 rounds on a cop-win graph of n >= 7 nodes
//    (Gavenčiak 2010).
//
// The bounds settle the cop number when lower == upper; the game decides every other case, and
// it alone gives capture times beyond what the bounds pin down (docs/census.md).
#pragma once

#include <cstdint>
#include <optional>

#include "catmouse/solve/cops.hpp"

namespace catmouse {

struct CopBounds {
  std::uint32_t lower = 1;  // the cop number is at least this
  std::uint32_t upper = 0;  // and at most this (0: no bound from these theorems)
  // When lower == upper: the capture time (plies from the cops' first move) of that many cops
  // is at least capture_moves_lower and at most capture_moves_upper, when a theorem gives one.
  std::optional<std::uint32_t> capture_moves_upper;
  std::uint32_t capture_moves_lower = 0;
  bool settled() const { return upper != 0 && lower == upper; }
  // Whether the bounds give the cop number and its capture time exactly.
  bool exact() const {
    return settled() && capture_moves_upper && *capture_moves_upper == capture_moves_lower;
  }
};

// Whether some `k` nodes dominate the graph (every node is one of them or next to one), k <= 3.
bool dominated_by(const SmallGraph& graph, std::uint32_t k);

// The cop number's upper bound for a connected graph of node_count nodes from the least orders
// of k-cop-win graphs: 1 below 4 nodes, 2 below 10, 3 below 19, and 0 (none known) from 19 on.
std::uint32_t cop_number_order_bound(NodeId node_count);

// The bounds above for a connected graph of at least one node (the cop number of a graph that
// is not connected is not what these theorems speak of: they then give no bound).
CopBounds cop_bounds(const SmallGraph& graph);

// cop_bounds() and more for a graph of 1 to kTinyCopsMaxNodes nodes, in a fraction of a
// microsecond (the cop-number census answers every graph with it; docs/census.md), with the
// capture time's bounds of the game on any graph, connected or not:
//  - a dominating node: cop number 1, capture time 1 (0 on one node);
//  - dismantlable: cop number 1, capture time from 3 plies to the bound of the retractions above
//    (one round per batch of dominated nodes removed, one for a last dominating node), at most
//    n - 4 rounds from 7 nodes on;
//  - not, with a dominating pair: cop number 2, capture time 1;
//  - two cops catching the robber within two rounds from some start: cop number 2, capture time 3
//    (a test of the start pairs, the likely ones first);
//  - else, if the graph left when no dominated node is left has a dominating pair: cop number 2,
//    capture time from 5 plies to one round per batch and one for the pair.
// Any other graph gets the lower bound 2 and the least-order bound (with the capture time at
// least 5 where that settles 2). A graph outside 1..kTinyCopsMaxNodes nodes gets cop_bounds().
CopBounds tiny_cop_bounds(const SmallGraph& graph);

// The classical game (cops_rules(k)) for one or two cops on a graph of at most 16 nodes, for a
// census of millions of tiny graphs: 16-bit rows in fixed arrays on the stack, no allocation.
// The capture time in plies from the cops' first move (CopsResult::capture_moves) when k cops
// win, nullopt when they lose; the same answers as SmallCops and solve_cops (tests check it on
// every connected graph of up to 8 nodes and random ones up to 16). Fails on k outside 1..2 or
// a graph outside 1..kTinyCopsMaxNodes nodes.
inline constexpr NodeId kTinyCopsMaxNodes = 16;
Result<std::optional<std::uint32_t>> tiny_cops_capture(const SmallGraph& graph, std::uint32_t k);

}  // namespace catmouse
