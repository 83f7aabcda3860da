// Cops and robbers: the bit-parallel engine (both ways of finding the cops' wins) and the tiny
// path (SmallCops) against the pack engine's table on small graphs (undirected and directed, one
// to four cops, one and two threads, with and without staying); the tiny path against
// dismantlability; known cop numbers; a winning placement checked against the table.
#include "catmouse/solve/cops.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "catmouse/io/format.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/verify.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

// The answer read off the pack engine's table, the slow way: a placement wins when every robber
// start (cops to move) is a cops' win; its capture time is the longest; the answer is the first
// winning placement of least capture time, against the lowest robber start lasting that long.
Table pack_table(const Game& game) {
  SolveOptions options;
  options.engine = Engine::kPack;
  return solve_table(game, options).value();
}

CopsResult cops_from_table(const Graph& graph, std::uint32_t k, CopsVariant variant = {}) {
  const Table table = pack_table(Game(graph, cops_rules(k, variant)));
  const Placements placements(k, graph.node_count());
  CopsResult result;
  result.cops = k;
  result.states = table.state_count();
  for (std::uint64_t c = 0; c < placements.count(); ++c) {
    const std::vector<NodeId> cops = placements.nodes(c);
    bool win = true;
    std::uint32_t longest = 0;
    NodeId robber = 0;
    for (NodeId r = 0; r < graph.node_count() && win; ++r) {
      const Position p{r, cops, Side::kCat};
      win = table.value(p) == Value::kCatWin;
      const std::uint32_t t = table.remoteness(p).value_or(0);
      if (win && t > longest) longest = t, robber = r;
    }
    if (win && (!result.win || longest < result.capture_moves)) {
      result.win = true;
      result.placement = cops;
      result.capture_moves = longest;
      result.robber = robber;
    }
  }
  return result;
}

void expect_same(const CopsResult& a, const CopsResult& b, const std::string& what) {
  EXPECT_EQ(a.win, b.win) << what;
  EXPECT_EQ(a.placement, b.placement) << what;
  EXPECT_EQ(a.capture_moves, b.capture_moves) << what;
  EXPECT_EQ(a.robber, b.robber) << what;
  EXPECT_EQ(a.states, b.states) << what;
}

// Every variant in turn: the classical game first.
CopsVariant variant_of(int t) {
  return {t % 4 != 1 && t % 4 != 3, t % 4 < 2};
}

std::string describe(const Graph& graph, std::uint32_t k, CopsVariant variant) {
  return to_leetcode(graph) + " k=" + std::to_string(k) + (graph.directed() ? " directed" : "") +
         (variant.cop_stays ? "" : " no-cop-stays") +
         (variant.robber_stays ? "" : " no-robber-stays");
}

TEST(Cops, BitEngineMatchesPackTable) {
  testing::Random random(77);
  int wins = 0, losses = 0;
  for (int t = 0; t < 480; ++t) {
    const NodeId n = 3 + random.below(t < 360 ? 9 : 20);
    const Graph graph = random.below(4) == 0
                            ? testing::random_digraph(n, 20 + random.below(40), random)
                            : testing::random_graph(n, 10 + random.below(40), random);
    const std::uint32_t k = 1 + random.below(n <= 6 ? 4 : n <= 12 ? 3 : 2);
    const CopsVariant variant = variant_of(t);
    const CopsResult expected = cops_from_table(graph, k, variant);
    SolveOptions options;
    options.threads = 1 + random.below(2);
    const std::string what = describe(graph, k, variant);
    // kAuto: the tiny path (SmallCops) here; kPush and kDense: the engine's two sweeps.
    for (CopsSweep sweep : {CopsSweep::kAuto, CopsSweep::kPush, CopsSweep::kDense}) {
      expect_same(solve_cops(graph, k, options, sweep, variant).value(), expected,
                  what + " sweep " + std::to_string(static_cast<int>(sweep)));
    }
    (expected.win ? wins : losses)++;
  }
  EXPECT_GT(wins, 50);  // both outcomes are exercised
  EXPECT_GT(losses, 50);
}

// Graphs of more than 64 nodes: rows of two, three, four and more words (each has its own code).
TEST(Cops, WideRows) {
  testing::Random random(11);
  int wins = 0, losses = 0;
  for (NodeId n : {70u, 150u, 200u, 270u}) {
    for (int extra : {0, 3, 40}) {  // a tree (one cop wins), a few cycles, many
      std::vector<Edge> edges;
      for (NodeId v = 1; v < n; ++v) edges.push_back({static_cast<NodeId>(random.below(v)), v});
      for (int e = 0; e < extra; ++e) {
        const NodeId a = random.below(n), b = random.below(n);
        if (a != b) edges.push_back({a, b});
      }
      std::sort(edges.begin(), edges.end(), [](Edge x, Edge y) {
        return std::minmax(x.from, x.to) < std::minmax(y.from, y.to);
      });
      edges.erase(std::unique(edges.begin(), edges.end(),
                              [](Edge x, Edge y) {
                                return std::minmax(x.from, x.to) == std::minmax(y.from, y.to);
                              }),
                  edges.end());
      const Graph graph = Graph::from_edges(n, edges).value();
      for (std::uint32_t k = 1; k <= (n <= 150 ? 2u : 1u); ++k) {
        const CopsResult expected = cops_from_table(graph, k);
        (expected.win ? wins : losses)++;
        for (CopsSweep sweep : {CopsSweep::kPush, CopsSweep::kDense}) {
          SolveOptions options;
          options.threads = 2;
          expect_same(solve_cops(graph, k, options, sweep).value(), expected,
                      "n=" + std::to_string(n) + " extra=" + std::to_string(extra) +
                          " k=" + std::to_string(k));
        }
      }
    }
  }
  EXPECT_GE(wins, 4);
  EXPECT_GE(losses, 4);
}

// The tiny path keeps its buffers from one graph to the next: answers do not depend on what it
// solved before, and match the engine's, also past its tuples (where it runs the engine).
TEST(Cops, SmallCopsReusedMatchesEngine) {
  testing::Random random(2024);
  SmallCops small;
  for (int t = 0; t < 300; ++t) {
    const NodeId n = 3 + random.below(t % 3 == 0 ? 61 : 14);
    const Graph graph = random.below(5) == 0
                            ? testing::random_digraph(n, 5 + random.below(40), random)
                            : testing::random_graph(n, 5 + random.below(50), random);
    const std::uint32_t k = 1 + random.below(n <= 10 ? 4 : n <= 20 ? 3 : 2);
    const CopsVariant variant = variant_of(t);
    const CopsResult got = small.solve(SmallGraph::of(graph).value(), k, variant).value();
    SolveOptions options;
    options.threads = 1;
    expect_same(got, solve_cops(graph, k, options, CopsSweep::kPush, variant).value(),
                describe(graph, k, variant));
  }
}

// Graphs of one and two nodes, which only SmallGraph holds (collections of every graph on n
// nodes start there).
TEST(Cops, OneAndTwoNodes) {
  SmallCops small;
  SmallGraph one;
  one.node_count = 1;
  const CopsResult a = small.solve(one, 1).value();
  EXPECT_TRUE(a.win);
  EXPECT_EQ(a.capture_moves, 0u);
  EXPECT_EQ(a.placement, std::vector<NodeId>{0});
  SmallGraph edge;
  edge.node_count = 2;
  edge.rows[0] = 2;
  edge.rows[1] = 1;
  const CopsResult b = small.solve(edge, 1).value();
  EXPECT_TRUE(b.win);
  EXPECT_EQ(b.capture_moves, 1u);  // the cop steps onto the robber
  EXPECT_EQ(b.robber, 1u);
  SmallGraph apart;
  apart.node_count = 2;
  EXPECT_FALSE(small.solve(apart, 1).value().win);
  EXPECT_TRUE(small.solve(apart, 2).value().win);
  EXPECT_TRUE(dismantlable(one));
  EXPECT_TRUE(dismantlable(edge));
  EXPECT_FALSE(dismantlable(apart));
  // Without staying, the robber on an edge is caught all the same: he must step onto the cop.
  EXPECT_TRUE(small.solve(edge, 1, {false, false}).value().win);
  EXPECT_FALSE(small.solve(SmallGraph{}, 1).ok());  // no nodes
}

// One cop wins exactly on dismantlable graphs: every graph of up to 6 labelled nodes, and random
// ones up to 24 nodes.
TEST(Cops, OneCopWinsExactlyOnDismantlableGraphs) {
  SmallCops small;
  int wins = 0, losses = 0;
  const auto check = [&](const Graph& graph) {
    const SmallGraph g = SmallGraph::of(graph).value();
    const bool win = small.solve(g, 1).value().win;
    ASSERT_EQ(win, dismantlable(g)) << to_leetcode(graph);
    (win ? wins : losses)++;
  };
  for (NodeId n = 3; n <= 6; ++n) {
    for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << (n * (n - 1) / 2)); ++mask) {
      check(testing::graph_from_mask(n, mask));
    }
  }
  testing::Random random(8);
  for (int t = 0; t < 3000; ++t) {
    check(testing::random_graph(7 + random.below(18), 8 + random.below(50), random));
  }
  EXPECT_GT(wins, 1000);
  EXPECT_GT(losses, 1000);
}

TEST(Cops, Limits) {
  testing::Random random(3);
  const Graph graph = testing::random_graph(10, 30, random);
  EXPECT_FALSE(solve_cops(graph, 0).ok());
  EXPECT_FALSE(solve_cops(graph, kMaxCops + 1).ok());
  SolveOptions tight;
  tight.memory_limit = 1000;
  const auto refused = solve_cops(graph, 3, tight);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("over the limit"), std::string::npos);
  EXPECT_GT(cops_memory_estimate(10, 3), 1000u);
}

// The fewest cops that win, up to 4.
std::uint32_t cop_number(const Graph& graph) {
  for (std::uint32_t k = 1; k <= 4; ++k) {
    if (solve_cops(graph, k).value().win) return k;
  }
  return 5;
}

Graph from_edges(NodeId n, const std::vector<Edge>& edges) {
  return Graph::from_edges(n, edges).value();
}

TEST(Cops, KnownCopNumbers) {
  testing::Random random(5);
  for (int t = 0; t < 20; ++t) {  // trees: one cop
    const NodeId n = 3 + random.below(20);
    std::vector<Edge> edges;
    for (NodeId v = 1; v < n; ++v) edges.push_back({static_cast<NodeId>(random.below(v)), v});
    EXPECT_EQ(cop_number(from_edges(n, edges)), 1u) << t;
  }
  for (NodeId n = 4; n <= 12; ++n) {  // cycles of 4 or more: two
    std::vector<Edge> edges;
    for (NodeId v = 0; v < n; ++v) edges.push_back({v, (v + 1) % n});
    EXPECT_EQ(cop_number(from_edges(n, edges)), 2u) << "C" << n;
  }
  {
    std::vector<Edge> edges{{0, 1}, {1, 2}, {2, 0}};  // a triangle: one
    EXPECT_EQ(cop_number(from_edges(3, edges)), 1u);
  }
  for (NodeId rows = 2; rows <= 5; ++rows) {  // grids: two
    const NodeId cols = rows + 1;
    std::vector<Edge> edges;
    for (NodeId r = 0; r < rows; ++r) {
      for (NodeId c = 0; c < cols; ++c) {
        if (c + 1 < cols) edges.push_back({r * cols + c, r * cols + c + 1});
        if (r + 1 < rows) edges.push_back({r * cols + c, (r + 1) * cols + c});
      }
    }
    EXPECT_EQ(cop_number(from_edges(rows * cols, edges)), 2u) << rows << "x" << cols;
  }
  // The Petersen graph (graph6 "IheA@GUAo") and the dodecahedron: three.
  EXPECT_EQ(cop_number(parse_graph6("IheA@GUAo", "petersen", 1).value()), 3u);
  std::vector<Edge> dodecahedron;
  for (NodeId i = 0; i < 5; ++i) {
    dodecahedron.push_back({i, (i + 1) % 5});            // outer pentagon
    dodecahedron.push_back({i, 5 + 2 * i});              // spokes to the middle ring
    dodecahedron.push_back({5 + 2 * i, 5 + 2 * i + 1});  // middle ring, a 10-cycle
    dodecahedron.push_back({5 + 2 * i + 1, 5 + (2 * i + 2) % 10});
    dodecahedron.push_back({5 + 2 * i + 1, 15 + i});     // spokes to the inner pentagon
    dodecahedron.push_back({15 + i, 15 + (i + 1) % 5});  // inner pentagon
  }
  const Graph d = from_edges(20, dodecahedron);
  for (NodeId v = 0; v < 20; ++v) ASSERT_EQ(d.neighbours(v).size(), 3u) << v;
  EXPECT_EQ(d.edge_count(), 30u);
  EXPECT_EQ(cop_number(d), 3u);
}

// The generalized Petersen graph GP(25, 7) (50 nodes, girth 8) needs four cops (Morris, Runte and
// Skelton 2020: most of girth 8 do); GP(24, 5), also of girth 8, three.
TEST(Cops, GeneralizedPetersenGraphs) {
  const auto petersen = [](NodeId n, NodeId k) {
    std::vector<Edge> edges;
    for (NodeId i = 0; i < n; ++i) {
      edges.push_back({i, (i + 1) % n});          // outer cycle
      edges.push_back({i, n + i});                // spoke
      edges.push_back({n + i, n + (i + k) % n});  // inner star polygon
    }
    return from_edges(2 * n, edges);
  };
  EXPECT_EQ(cop_number(petersen(25, 7)), 4u);
  EXPECT_EQ(cop_number(petersen(24, 5)), 3u);
}

// A winning placement really wins: every robber start is a cops' win, within the capture time.
TEST(Cops, PlacementAndCaptureTime) {
  std::vector<Edge> edges;
  for (NodeId v = 0; v < 6; ++v) edges.push_back({v, (v + 1) % 6});
  const Graph cycle = from_edges(6, edges);
  const CopsResult one = solve_cops(cycle, 1).value();
  EXPECT_FALSE(one.win);
  const CopsResult two = solve_cops(cycle, 2).value();
  ASSERT_TRUE(two.win);
  ASSERT_EQ(two.placement.size(), 2u);
  // Checked against the table itself: every robber start loses, the slowest in capture_moves.
  const Game game(cycle, cops_rules(2));
  const Table table = pack_table(game);
  std::uint32_t longest = 0;
  for (NodeId r = 0; r < 6; ++r) {
    const Position s{r, two.placement, Side::kCat};
    EXPECT_EQ(table.value(s), Value::kCatWin);
    longest = std::max(longest, *table.remoteness(s));
  }
  EXPECT_EQ(longest, two.capture_moves);
  EXPECT_EQ(cop_rounds(two.capture_moves), (two.capture_moves + 1) / 2);
}

// The cops engine's whole table (what solve() returns for cops and robbers) is the pack engine's,
// state by state, values only too, on one and two threads; and verify() accepts it.
TEST(Cops, WholeTableMatchesPackEngine) {
  testing::Random random(91);
  int routed = 0;
  for (int t = 0; t < 200; ++t) {
    const NodeId n = 3 + random.below(12);
    const Graph graph = random.below(4) == 0
                            ? testing::random_digraph(n, 10 + random.below(40), random)
                            : testing::random_graph(n, 15 + random.below(50), random);
    const std::uint32_t k = 2 + random.below(2);
    const Game game(graph, cops_rules(k, variant_of(t)));
    const Table pack = pack_table(game);
    if (plan(make_spec(graph, cops_rules(k, variant_of(t)))).value().engine() != Engine::kCops) {
      // A cop can be stuck (a node with no way out, and the cops never stay): the robber can
      // win, which the cops engine does not keep. solve() takes the pack engine; kCops refuses.
      SolveOptions cops;
      cops.engine = Engine::kCops;
      EXPECT_FALSE(solve_table(game, cops).ok()) << describe(graph, k, variant_of(t));
      EXPECT_EQ(solve_table(game, {}).value(), pack);
      ++routed;
      continue;
    }
    for (unsigned threads : {1u, 2u}) {
      SolveOptions options;
      options.engine = Engine::kCops;
      options.threads = threads;
      const Table cops = solve_table(game, options).value();
      ASSERT_EQ(cops, pack) << describe(graph, k, variant_of(t));
      EXPECT_TRUE(verify(game, cops).ok()) << verify(game, cops).error().to_string();
      options.values_only = true;
      const Table values = solve_table(game, options).value();
      for (StateIndex i = 0; i < pack.state_count(); ++i) {
        ASSERT_EQ(values.value(i), pack.value(i)) << to_leetcode(graph);
      }
    }
  }
  EXPECT_GT(routed, 5);
}

}  // namespace
}  // namespace catmouse
