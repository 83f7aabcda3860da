// Helpers shared by the tests: graphs from edge masks, a small deterministic random source, and
// solving with both engines.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "catmouse/core/graph.hpp"

namespace catmouse::testing {

// splitmix64: tiny, deterministic everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound); the bias of a plain modulo is irrelevant for tests.
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

// All node pairs (a < b) of an n-node graph, in a fixed order: bit k of a mask picks pair k.
inline std::vector<Edge> all_pairs(NodeId n) {
  std::vector<Edge> pairs;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) pairs.push_back({a, b});
  }
  return pairs;
}

inline Graph graph_from_mask(NodeId n, std::uint64_t mask) {
  const std::vector<Edge> pairs = all_pairs(n);
  std::vector<Edge> edges;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (mask >> k & 1) edges.push_back(pairs[k]);
  }
  Result<Graph> g = Graph::from_edges(n, edges);
  EXPECT_TRUE(g.ok());
  return std::move(g).value();
}

inline Graph graph_from_lists(const std::vector<std::vector<NodeId>>& lists) {
  Result<Graph> g = Graph::from_adjacency(lists);
  EXPECT_TRUE(g.ok()) << g.error().to_string();
  return std::move(g).value();
}

// A random graph on n nodes where each pair is an edge with probability percent / 100.
inline Graph random_graph(NodeId n, std::uint32_t percent, Random& random) {
  const std::size_t pairs = std::size_t{n} * (n - 1) / 2;
  std::vector<Edge> all = all_pairs(n), edges;
  for (std::size_t k = 0; k < pairs; ++k) {
    if (random.below(100) < percent) edges.push_back(all[k]);
  }
  Result<Graph> g = Graph::from_edges(n, edges);
  EXPECT_TRUE(g.ok());
  return std::move(g).value();
}

// A random directed graph on n nodes where each ordered pair is an arc with probability
// percent / 100 (so a pair gets no arc, one, or both).
inline Graph random_digraph(NodeId n, std::uint32_t percent, Random& random) {
  std::vector<Edge> arcs;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = 0; b < n; ++b) {
      if (a != b && random.below(100) < percent) arcs.push_back({a, b});
    }
  }
  Result<Graph> g = Graph::from_edges(n, arcs, true);
  EXPECT_TRUE(g.ok());
  return std::move(g).value();
}

}  // namespace catmouse::testing
