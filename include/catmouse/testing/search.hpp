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
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/io/generate.hpp"

namespace catmouse {

// Whether `graph` is a valid input under `rules`: undirected, at least 3 nodes, every node with a
// neighbour, the rules valid for it (rules.hpp validate), the mouse's start with a neighbour that
// is not a hole and the cat's start with one it may enter. Under the default rules this is
// LeetCode 913's guarantee (nodes 1 and 2 each with a neighbour other than 0).
bool valid_input(const Graph& graph, const Rules& rules);
inline bool leetcode_valid(const Graph& graph) {
  return valid_input(graph, Rules{});
}

// Every labelled graph on `nodes` nodes that is a valid_input under `rules`, in a fixed order (edge
// sets counted in binary over the pairs). nodes is 3 to 8 (2^28 edge sets at 8).
class SmallGraphs {
 public:
  explicit SmallGraphs(NodeId nodes, Rules rules = {});
  std::optional<Graph> next();  // nullopt after the last

 private:
  NodeId nodes_;
  Rules rules_;
  std::uint64_t mask_ = 0, end_;
};

struct LongWinSearchOptions {
  NodeId min_nodes = 8;  // climbs use max_nodes nodes, then one fewer each, down to min_nodes
  NodeId max_nodes = 14;
  std::uint64_t seed = 1;
  // Changes without a longer win before the climb restarts; 0: 10 n^2, at most 200,000.
  std::uint32_t patience = 0;
  // The rules of the games (one cat); min_nodes must exceed every node they name. Only positions
  // that can be relabelled to the rules' starts count: the relabelling swaps the record position's
  // nodes with the start nodes, so each must be a hole, or cat-forbidden, exactly when its start
  // is.
  Rules rules;
  // Polled between steps (a solve each); once it returns true, next() returns nullopt at once.
  // May be empty.
  std::function<bool()> cancelled = nullptr;
  // Hand out only each climb's best graph, once the climb ends (or after 2,000 steps, for the
  // long climbs of large graphs), instead of every record on the way: the longest wins first,
  // for a solver that is slow to run (catmouse check).
  bool whole_climbs = false;
};

// Hill climbing for graphs whose start is a long forced win (either side).
// A climb starts from a random tree with a few more edges, and each step either toggles one pair
// or moves one end of an edge; a change is kept when the longest win does not get shorter, so the
// climb walks along plateaus. Cost per step: one solve of an n-node game (2 n^2 states), about
// 40 us at n = 50. Found on 2 cores: wins over 102 plies at n = 30 and at n = 50 within seconds,
// over 200 plies at n = 50 within a minute (see docs/algorithm.md).
class LongWinSearch {
 public:
  explicit LongWinSearch(const LongWinSearchOptions& options);
  // The next candidate: the climb's graph each time its longest forced win grows, relabelled so
  // that the position of that win is the start (by default mouse on 1, cat on 2, mouse to move).
  // nullopt when a climb of every size in turn found no forced win at all (rules under which the
  // positions that can be starts are all draws or lost at once); later calls go on climbing. Also
  // nullopt when options.cancelled returns true.
  std::optional<Graph> next();
  std::uint32_t last_remoteness() const { return last_; }  // of the candidate next() returned
  std::uint32_t best_remoteness() const { return best_; }  // over every candidate so far

 private:
  struct Scored {
    std::uint32_t remoteness = 0;  // the longest forced win from a position that can be a start
    NodeId mouse = 1, cat = 2;     // that position
  };
  Scored score() const;
  Graph relabelled(NodeId mouse, NodeId cat) const;
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
  static constexpr std::uint8_t kHole = 1, kCatForbidden = 2;
  std::vector<std::uint8_t> kind_;  // per node: kHole, kCatForbidden (from the rules)
  Scored current_, climb_best_;
  std::uint64_t climbs_ = 0;
  std::uint32_t stale_ = 0;         // steps since the climb's win last grew
  std::uint64_t empty_climbs_ = 0;  // climbs in a row that handed out nothing
  std::uint32_t last_ = 0, best_ = 0;
  std::optional<Graph> pending_;     // whole_climbs: the climb's best so far, relabelled
  std::uint32_t pending_steps_ = 0;  // steps since pending_ was last handed out or the climb began
};

// A deep game on `nodes` nodes (the `long` family of catmouse gen): LongWinSearch (default rules)
// on `base` nodes (min(nodes, 50) by default) until the start is a forced win of at least
// `min_plies` plies, or the best of `max_candidates` candidates; then copies of that graph are
// chained through their node 0: copy 0 keeps the hole and the start, and copy i's node 0 is joined
// to copy i-1's. The cat may not enter the hole, and a mouse that reaches it has won, so copy 0's
// game from the start is the searched one. Nodes left over (nodes mod base) hang in a path from
// the last copy's node 0. Deterministic for a seed.
struct LongGraphOptions {
  NodeId nodes = 50;
  std::uint64_t seed = 1;
  std::uint32_t min_plies = 100;
  NodeId base = 0;  // 0: min(nodes, 50)
  std::uint32_t max_candidates = 400;
};
struct LongGraph {
  Graph graph;
  std::uint32_t base_nodes = 0;  // nodes of the searched graph
  std::uint32_t plies = 0;       // remoteness of its start
};
LongGraph long_win_graph(const LongGraphOptions& options);

// The graph families of `catmouse gen` and of the web page's Generate list: generate()'s
// (io/generate.hpp) and `long`. parse_generator() gives generate()'s family for its names and
// nullopt for `long`; an unknown name is an error that lists them all. generate_graph() makes a
// graph of it: generate(options) with options.family set, or long_win_graph() on options.nodes
// with options.seed.
Result<std::optional<GraphFamily>> parse_generator(std::string_view name);
Result<Graph> generate_graph(std::optional<GraphFamily> family, GenerateOptions options);

// The graph with node `v` removed (nodes above it renumbered down by one).
Graph remove_node(const Graph& graph, NodeId v);
// The graph without the edge {a, b}.
Graph remove_edge(const Graph& graph, NodeId a, NodeId b);

// The graph with node v merged into `keep` (v's edges moved to keep, v removed as above).
Graph contract_edge(const Graph& graph, NodeId keep, NodeId v);

struct ShrinkOptions {
  std::uint32_t max_tries = 100000;  // calls of `fails` at most
  NodeId fixed = 3;                  // nodes below this are never removed or merged away
  // Graphs that may be tried; by default LeetCode 913's inputs.
  std::function<bool(const Graph&)> valid = leetcode_valid;
  // Polled before each call of `fails`; once it returns true the shrink ends with the smallest
  // failing graph so far. May be empty.
  std::function<bool()> cancelled = nullptr;
};

struct ShrinkResult {
  Graph graph;
  std::uint32_t tries = 0;  // calls of `fails`
  bool cancelled = false;   // ended by options.cancelled, not because no change was kept
};

// A smallest-by-removal graph on which `fails` holds, starting from `graph` (where it holds):
// removes nodes (from `fixed` up), merges such nodes into a neighbour, then removes edges, one at a
// time, keeping each change after which the graph is still `valid` and `fails` still holds, until
// no single change is kept. The result is 1-minimal: any one more such change makes it passing or
// invalid. `fails` is called at most max_tries times.
ShrinkResult shrink(const Graph& graph, const std::function<bool(const Graph&)>& fails,
                    const ShrinkOptions& options = {});

}  // namespace catmouse
