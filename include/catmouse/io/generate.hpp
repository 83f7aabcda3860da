// Graph generators for tests, examples and benchmarks. Every generated graph meets LeetCode 913's
// guarantees: it is connected, has at least 3 nodes, node 1 has a neighbour and node 2 has a
// neighbour other than the hole 0. Output depends only on the arguments (the random source is
// specified here, not taken from the standard library), so a seed names the same graph on every
// machine.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"

namespace catmouse {

enum class GraphFamily {
  kRandom,    // random spanning tree plus random extra edges up to average degree `degree`
  kGrid,      // rows of ceil(sqrt(n)) nodes, 4-neighbour grid; the last row may be partial
  kTree,      // random recursive tree
  kCycle,     // one cycle through all nodes
  kComplete,  // every pair joined
  kPath,      // nodes in a line 0-1-...-(n-1): the hole at one end
  kMaze,      // a random spanning tree of the grid (depth-first, long corridors) plus n/64 of the
              // grid's other edges
};

struct GenerateOptions {
  GraphFamily family = GraphFamily::kRandom;
  NodeId nodes = 10;
  double degree = 4.0;  // average degree, used by kRandom only
  std::uint64_t seed = 1;
};

// "random|grid|tree|cycle|complete|path|maze" -> family.
Result<GraphFamily> parse_family_name(std::string_view name);

// Errors: fewer than 3 nodes, a degree the family cannot meet (random: below 2 * (n - 1) / n,
// or above n - 1), a complete graph too large to hold in memory.
Result<Graph> generate(const GenerateOptions& options);

// The same graph with node v renamed permutation[v] (a permutation of 0..n-1).
Graph relabel(const Graph& graph, const std::vector<NodeId>& permutation);

// A random permutation of 0..n-1 from `seed` that keeps the nodes below `fixed` in place (the
// hole 0, the mouse's start 1 and the cat's start 2 by default), for relabelling a graph without
// changing its game.
std::vector<NodeId> shuffled_labels(NodeId n, std::uint64_t seed, NodeId fixed = 3);

}  // namespace catmouse
