// The cop-number shortcuts (cop_bounds.hpp) against the game: on every connected graph of 3 to 8
// nodes (nauty's geng; skipped with a message where it is missing) and on random graphs of 9 to
// 11 nodes, the cop number the game finds lies within the bounds, and a bounded capture time is
// not exceeded.
#include "catmouse/solve/cop_bounds.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "catmouse/io/format.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

struct Checked {
  int graphs = 0;
  int settled = 0;
  int bounded_capture = 0;
};

// The cop number (up to 4; 5 for more) with its capture time, by the game.
std::pair<std::uint32_t, std::uint32_t> game_cop_number(SmallCops& small, const SmallGraph& g) {
  for (std::uint32_t k = 1; k <= 4; ++k) {
    const CopsResult r = small.solve(g, k).value();
    if (r.win) return {k, r.capture_moves};
  }
  return {5, 0};
}

// The tiny game of one and two cops gives SmallCops' answer: whether they win, and how fast.
void check_tiny(SmallCops& small, const SmallGraph& g, const std::string& name) {
  for (std::uint32_t k = 1; k <= 2; ++k) {
    const CopsResult game = small.solve(g, k).value();
    const std::optional<std::uint32_t> tiny = tiny_cops_capture(g, k).value();
    ASSERT_EQ(tiny.has_value(), game.win) << name << ", " << k << " cops";
    if (game.win) {
      ASSERT_EQ(*tiny, game.capture_moves) << name << ", " << k << " cops";
    }
  }
}

void check(SmallCops& small, const SmallGraph& g, const std::string& name, Checked& checked) {
  check_tiny(small, g, name);
  if (::testing::Test::HasFatalFailure()) return;
  const CopBounds b = cop_bounds(g);
  const auto [cops, moves] = game_cop_number(small, g);
  ++checked.graphs;
  ASSERT_GE(cops, b.lower) << name;
  if (b.upper != 0) {
    ASSERT_LE(cops, b.upper) << name;
  }
  ASSERT_EQ(cops == 1, dismantlable(g)) << name;
  if (b.settled()) ++checked.settled;
  if (b.capture_moves_upper) {
    ASSERT_TRUE(b.settled()) << name;
    ASSERT_LE(moves, *b.capture_moves_upper) << name;
    ++checked.bounded_capture;
  }
}

TEST(CopBounds, OrderBoundAndDomination) {
  EXPECT_EQ(cop_number_order_bound(3), 1u);
  EXPECT_EQ(cop_number_order_bound(4), 2u);
  EXPECT_EQ(cop_number_order_bound(9), 2u);
  EXPECT_EQ(cop_number_order_bound(10), 3u);
  EXPECT_EQ(cop_number_order_bound(18), 3u);
  EXPECT_EQ(cop_number_order_bound(19), 0u);
  // The Petersen graph: not dismantlable, no dominating pair, 10 nodes: between 2 and 3.
  const Graph petersen = parse_graph6("IheA@GUAo", "petersen", 1, 0).value();
  const SmallGraph p = SmallGraph::of(petersen).value();
  EXPECT_FALSE(dominated_by(p, 2));
  const CopBounds b = cop_bounds(p);
  EXPECT_EQ(b.lower, 2u);
  EXPECT_EQ(b.upper, 3u);
  EXPECT_FALSE(b.settled());
  // The 4-cycle: a dominating pair and not dismantlable: exactly 2, caught on the first move.
  std::vector<Edge> c4{{0, 1}, {1, 2}, {2, 3}, {3, 0}};
  const CopBounds c = cop_bounds(SmallGraph::of(Graph::from_edges(4, c4).value()).value());
  EXPECT_TRUE(c.settled());
  EXPECT_EQ(c.lower, 2u);
  EXPECT_EQ(c.capture_moves_upper, std::optional<std::uint32_t>(1));
}

TEST(CopBounds, AgreeWithTheGameOnEveryConnectedGraphUpTo8Nodes) {
  if (std::system("command -v nauty-geng >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "nauty-geng is not installed (scripts/setup installs nauty)";
  }
  SmallCops small;
  Checked checked;
  for (int n = 3; n <= 8; ++n) {
    const std::string command = "nauty-geng -cq " + std::to_string(n);
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    ASSERT_TRUE(pipe);
    char buffer[256];
    std::uint64_t line = 0;
    while (std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr) {
      std::string text(buffer);
      while (!text.empty() && text.back() == '\n') text.pop_back();
      const Graph graph = parse_graph6(text, "geng", ++line, 0).value();
      check(small, SmallGraph::of(graph).value(), text, checked);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_EQ(checked.graphs, 2 + 6 + 21 + 112 + 853 + 11117);  // connected graphs on 3..8 nodes
  EXPECT_GT(checked.settled, checked.graphs / 2);
  EXPECT_GT(checked.bounded_capture, 1000);
}

TEST(CopBounds, AgreeWithTheGameOnRandomGraphsOf9To11Nodes) {
  testing::Random random(27);
  SmallCops small;
  Checked checked;
  for (int t = 0; t < 3000; ++t) {
    const auto n = static_cast<NodeId>(9 + random.below(3));
    const Graph graph = testing::random_graph(n, 15 + random.below(60), random);
    check(small, SmallGraph::of(graph).value(), to_leetcode(graph), checked);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(checked.settled, 500);
}

TEST(TinyCops, AgreesWithTheGameOnRandomGraphsOf1To16Nodes) {
  testing::Random random(913);
  SmallCops small;
  int two_cops_lose = 0;
  for (int t = 0; t < 3000; ++t) {
    const auto n = static_cast<NodeId>(1 + random.below(16));
    SmallGraph g;
    g.node_count = n;
    // Sparse to dense, connected or not: the game is played the same on any graph.
    const std::uint64_t percent = 10 + random.below(60);
    for (NodeId j = 1; j < n; ++j) {
      for (NodeId i = 0; i < j; ++i) {
        if (random.below(100) >= percent) continue;
        g.rows[i] |= std::uint64_t{1} << j;
        g.rows[j] |= std::uint64_t{1} << i;
      }
    }
    check_tiny(small, g, "random graph " + std::to_string(t));
    if (HasFatalFailure()) return;
    if (!small.solve(g, 2).value().win) ++two_cops_lose;
  }
  EXPECT_GT(two_cops_lose, 100);  // the losing side of the game is exercised too
}

TEST(TinyCops, PetersenNeedsThreeAndLimitsAreRefused) {
  const Graph petersen = parse_graph6("IheA@GUAo", "petersen", 1, 0).value();
  const SmallGraph p = SmallGraph::of(petersen).value();
  EXPECT_EQ(tiny_cops_capture(p, 1).value(), std::nullopt);
  EXPECT_EQ(tiny_cops_capture(p, 2).value(), std::nullopt);
  EXPECT_FALSE(tiny_cops_capture(p, 3).ok());
  EXPECT_FALSE(tiny_cops_capture(SmallGraph{}, 1).ok());
  SmallGraph big;
  big.node_count = 17;
  EXPECT_FALSE(tiny_cops_capture(big, 1).ok());
  SmallGraph one;
  one.node_count = 1;
  EXPECT_EQ(tiny_cops_capture(one, 1).value(), std::optional<std::uint32_t>(0));
  EXPECT_EQ(tiny_cops_capture(one, 2).value(), std::optional<std::uint32_t>(0));
}

}  // namespace
}  // namespace catmouse
