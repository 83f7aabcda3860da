// k cats: the pack engine against the reference (ordered tuples, no symmetry) on every state of
// small games with two and three cats, under random rules; cops and robbers' known cop numbers.
#include "catmouse/pack.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "catmouse/cops.hpp"
#include "catmouse/format.hpp"
#include "catmouse/generate.hpp"
#include "catmouse/reference.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

// Disagreeing states, the first one reported; also checks that the reference gives every order
// of the cats the same answer (the symmetry the engine relies on).
int compare_pack(const Graph& graph, const Rules& rules) {
  const Game game(graph, rules);
  const PackTable table = solve_pack(game).value();
  const auto reference = solve_pack_reference(graph, rules);
  const NodeId n = graph.node_count();
  int bad = 0;
  for (std::uint64_t c = 0; c < table.config_count(); ++c) {
    const auto cats = table.config(c);
    for (NodeId m = 0; m < n; ++m) {
      for (Side turn : {Side::kMouse, Side::kCat}) {
        PackState s{m, std::vector<NodeId>(cats.begin(), cats.end()), turn};
        const auto expected = reference[pack_reference_index(n, s)];
        const auto r = table.remoteness(turn, c, m);
        if (table.value(turn, c, m) != expected.first ||
            r.value_or(kNoRemoteness) != expected.second) {
          if (bad++ == 0) {
            ADD_FAILURE() << to_leetcode(graph) << " k=" << rules.cats << " mouse " << m << " cats "
                          << ::testing::PrintToString(s.cats) << " turn " << static_cast<int>(turn)
                          << ": pack " << static_cast<int>(table.value(turn, c, m)) << "/"
                          << r.value_or(kNoRemoteness) << ", reference "
                          << static_cast<int>(expected.first) << "/" << expected.second;
          }
        }
        std::reverse(s.cats.begin(), s.cats.end());
        if (reference[pack_reference_index(n, s)] != expected && bad++ == 0) {
          ADD_FAILURE() << "reference is not symmetric on " << to_leetcode(graph);
        }
      }
    }
  }
  return bad;
}

TEST(Pack, TwoAndThreeCatsAgainstReference) {
  testing::Random random(2024);
  for (int g = 0; g < 300; ++g) {
    const std::uint32_t k = g % 3 == 2 ? 3 : 2;
    const NodeId n = 3 + random.below(k == 3 ? 4 : 5);
    const Graph graph = random.below(4) == 0
                            ? testing::random_digraph(n, 35, random)
                            : testing::random_graph(n, 25 + random.below(50), random);
    Rules rules;
    rules.cats = k;
    rules.holes.clear();
    if (random.below(4) != 0) rules.holes.push_back(0);
    if (random.below(3) == 0) rules.holes.push_back(n - 1);
    if (random.below(3) == 0) rules.cat_forbidden = std::vector<NodeId>{};
    rules.mouse_stays = random.below(2) == 0;
    rules.cat_stays = random.below(2) == 0;
    rules.cat_wins_in_hole = rules.cat_forbidden && random.below(2) == 0;
    rules.stuck = random.below(4) == 0 ? StuckRule::kDraw : StuckRule::kLose;
    rules.mouse_start = 1;
    rules.cat_start = 2;
    if (!validate(rules, graph).ok()) continue;
    ASSERT_EQ(compare_pack(graph, rules), 0);
  }
}

// Exhaustive: every labelled graph on 4 nodes and a sample on 5, two cats, 913's rules and cops
// and robbers' rules (no hole, both stay).
TEST(Pack, EverySmallGraphTwoCats) {
  for (NodeId n : {4u, 5u}) {
    const std::uint64_t masks = std::uint64_t{1} << (n * (n - 1) / 2);
    for (std::uint64_t mask = 0; mask < masks; mask += n == 4 ? 1 : 7) {
      const Graph graph = testing::graph_from_mask(n, mask);
      Rules rules;
      rules.cats = 2;
      ASSERT_EQ(compare_pack(graph, rules), 0);
      rules.holes.clear();
      rules.mouse_stays = rules.cat_stays = true;
      ASSERT_EQ(compare_pack(graph, rules), 0);
    }
  }
}

// One cat through the pack engine is the main engine's game.
TEST(Pack, OneCatMatchesMainEngine) {
  testing::Random random(1);
  for (int g = 0; g < 100; ++g) {
    const Graph graph = testing::random_graph(3 + random.below(8), 40, random);
    const Game game(graph, Rules{});
    const Table main = solve(game).value();
    const PackTable pack = solve_pack(game).value();
    for (StateIndex i = 0; i < game.state_count(); ++i) {
      const State s = game.space().state(i);
      if (!game.valid(s)) continue;
      const PackState p{s.mouse, {s.cat}, s.turn};
      ASSERT_EQ(pack.value(p), main.value(i));
      ASSERT_EQ(pack.remoteness(p), main.remoteness(s));
    }
  }
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
  const PackTable table = solve_pack(game).value();
  std::uint32_t longest = 0;
  for (NodeId r = 0; r < 6; ++r) {
    const PackState s{r, two.placement, Side::kCat};
    EXPECT_EQ(table.value(s), Value::kCatWin);
    longest = std::max(longest, *table.remoteness(s));
  }
  EXPECT_EQ(longest, two.capture_moves);
  EXPECT_EQ(cop_rounds(two.capture_moves), (two.capture_moves + 1) / 2);
}

}  // namespace
}  // namespace catmouse
