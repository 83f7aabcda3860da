// Sources of graphs for testing other Cat-and-Mouse solvers (catmouse check), and the shrinking of
// a graph on which one is wrong. Everything here is deterministic: the same arguments give the
// same graphs on every machine.
//
// The graphs that break most wrong solvers are those with a long forced win (a turn cap shorter
// than the win calls it a draw), and random graphs almost never have one. LongWinSearch looks for
// them by hill climbing: it changes one edge of a graph at a time, solves it, and keeps the change
// unless the longest forced win from any position gets shorter; that position is then made the
// start by relabelling the nodes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "catmouse/graph.hpp"
#include "catmouse/rules.hpp"

namespace catmouse {

// Whether `graph` is a valid LeetCode 913 input: at least 3 nodes, every node with a neighbour,
// and the mouse's and the cat's start nodes (1 and 2) each with a neighbour other than the hole.
bool leetcode_valid(const Graph& graph);

// Every labelled graph on `nodes` nodes that is leetcode_valid, in a fixed order (edge sets
// counted in binary over the pairs). nodes is 3 to 8 (2^28 edge sets at 8).
class SmallGraphs {
 public:
  explicit SmallGraphs(NodeId nodes);
  std::optional<Graph> next();  // nullopt after the last

 private:
  NodeId nodes_;
  std::uint64_t mask_ = 0, end_;
};

struct LongWinSearchOptions {
  NodeId min_nodes = 8;  // climbs use max_nodes nodes, then one fewer each, down to min_nodes
  NodeId max_nodes = 14;
  std::uint64_t seed = 1;
  // Changes without a longer win before the climb restarts; 0: 10 n^2, at most 200,000.
  std::uint32_t patience = 0;
};

// Hill climbing for graphs whose start is a long forced win (either side), under default rules.
// A climb starts from a random tree with a few more edges, and each step either toggles one pair
// or moves one end of an edge; a change is kept when the longest win does not get shorter, so the
// climb walks along plateaus. Cost per step: one solve of an n-node game (2 n^2 states), about
// 40 us at n = 50. Found on 2 cores: wins over 102 plies at n = 30 and at n = 50 within seconds,
// over 200 plies at n = 50 within a minute (see docs/algorithm.md).
class LongWinSearch {
 public:
  explicit LongWinSearch(const LongWinSearchOptions& options);
  // The next candidate: the climb's graph each time its longest forced win grows, relabelled so
  // that the position of that win is the start (mouse on 1, cat on 2, mouse to move).
  Graph next();
  std::uint32_t last_remoteness() const { return last_; }  // of the candidate next() returned
  std::uint32_t best_remoteness() const { return best_; }  // over every candidate so far

 private:
  struct Scored {
    std::uint32_t remoteness = 0;  // the longest forced win from a position that can be a start
    NodeId mouse = 1, cat = 2;     // that position
  };
  Scored score() const;
  bool edge(NodeId a, NodeId b) const { return adjacency_[a * n_ + b] != 0; }
  void flip(NodeId a, NodeId b);
  bool every_node_has_a_neighbour() const;
  void restart();
  std::uint64_t random();
  std::uint64_t below(std::uint64_t n) { return random() % n; }

  LongWinSearchOptions options_;
  std::uint64_t state_;
  NodeId n_ = 0;
  std::vector<std::uint8_t> adjacency_;  // n_ x n_, 1 for an edge
  std::vector<NodeId> degree_;
  Scored current_, climb_best_;
  std::uint64_t climbs_ = 0;
  std::uint32_t stale_ = 0;  // steps since the climb's win last grew
  std::uint32_t last_ = 0, best_ = 0;
};

// The graph with node `v` removed (nodes above it renumbered down by one).
Graph remove_node(const Graph& graph, NodeId v);
// The graph without the edge {a, b}.
Graph remove_edge(const Graph& graph, NodeId a, NodeId b);

// The graph with node v merged into `keep` (v's edges moved to keep, v removed as above).
Graph contract_edge(const Graph& graph, NodeId keep, NodeId v);

struct ShrinkResult {
  Graph graph;
  std::uint32_t tries = 0;  // calls of `fails`
};

// A smallest-by-removal graph on which `fails` holds, starting from `graph` (where it holds):
// removes nodes (other than 0, 1, 2), merges nodes into a neighbour, then removes edges, one at a
// time, keeping each change after which the graph is still leetcode_valid and `fails` still holds,
// until no single change is kept. The result is 1-minimal: any one more such change makes it
// passing or invalid. `fails` is called at most max_tries times.
ShrinkResult shrink(const Graph& graph, const std::function<bool(const Graph&)>& fails,
                    std::uint32_t max_tries = 100000);

}  // namespace catmouse
