// search.hpp: the sources of graphs for catmouse check (exhaustive enumeration, the long-win
// search) and the removals and shrinking that make a failing graph small.
#include "catmouse/testing/search.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "catmouse/core/game.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::Random;

Graph lists(const std::vector<std::vector<NodeId>>& adjacency) {
  return Graph::from_adjacency(adjacency).value();
}

Graph edges(NodeId n, const std::vector<Edge>& list) {
  return Graph::from_edges(n, list).value();
}

LongWinSearchOptions climbs(NodeId min_nodes, NodeId max_nodes, std::uint64_t seed) {
  LongWinSearchOptions options;
  options.min_nodes = min_nodes;
  options.max_nodes = max_nodes;
  options.seed = seed;
  return options;
}

StateValue start_value(const Graph& graph) {
  const Game game(graph, Rules{});
  return solve_state(game, game.start()).value();
}

TEST(Search, LeetcodeValid) {
  EXPECT_TRUE(leetcode_valid(lists({{2}, {2}, {0, 1}})));
  EXPECT_FALSE(leetcode_valid(edges(4, {{0, 1}, {1, 2}})));  // node 3 alone
  EXPECT_FALSE(leetcode_valid(lists({{1, 2}, {0}, {0}})));   // 1 can only go to the hole
  const std::vector<Edge> both{{0, 1}, {1, 0}, {1, 2}, {2, 1}, {0, 2}, {2, 0}};
  EXPECT_FALSE(leetcode_valid(Graph::from_edges(3, both, true).value()));  // directed
}

// The count of valid labelled graphs, by a direct test of each edge set (degrees from the mask),
// against the enumeration; every graph enumerated is valid and appears once.
TEST(Search, SmallGraphsEnumeratesEveryValidGraphOnce) {
  for (NodeId n = 3; n <= 5; ++n) {
    const int pairs = static_cast<int>(n * (n - 1) / 2);
    std::uint64_t expected = 0;
    for (std::uint32_t mask = 0; mask < (1u << pairs); ++mask) {
      std::vector<int> degree(n, 0), away_from_hole(n, 0);
      int bit = 0;
      for (NodeId a = 0; a < n; ++a) {
        for (NodeId b = a + 1; b < n; ++b, ++bit) {
          if (!((mask >> bit) & 1)) continue;
          ++degree[a], ++degree[b];
          if (a != 0) ++away_from_hole[a], ++away_from_hole[b];
        }
      }
      bool ok = away_from_hole[1] > 0 && away_from_hole[2] > 0;
      for (NodeId v = 0; v < n; ++v) ok = ok && degree[v] > 0;
      expected += ok;
    }
    SmallGraphs graphs(n);
    std::set<std::string> seen;
    while (const auto graph = graphs.next()) {
      EXPECT_TRUE(leetcode_valid(*graph));
      EXPECT_TRUE(seen.insert(to_leetcode(*graph)).second);
    }
    EXPECT_EQ(seen.size(), expected) << n << " nodes";
  }
}

// Each candidate is valid, its start is a forced win of exactly the announced remoteness (checked
// with the reference engine), the records only grow, and the same seed gives the same graphs.
TEST(Search, LongWinCandidatesAreWhatTheySay) {
  const LongWinSearchOptions options = climbs(6, 12, 7);
  LongWinSearch search(options), again(options);
  std::uint32_t record = 0;
  for (int k = 0; k < 60; ++k) {
    const Graph graph = search.next().value();
    ASSERT_TRUE(leetcode_valid(graph));
    EXPECT_GE(graph.node_count(), 6u);
    EXPECT_LE(graph.node_count(), 12u);
    const Table table = solve_reference(graph, Rules{});
    const auto remoteness = table.remoteness(State{1, 2, Side::kMouse});
    ASSERT_TRUE(remoteness.has_value()) << to_leetcode(graph);
    EXPECT_EQ(*remoteness, search.last_remoteness()) << to_leetcode(graph);
    record = std::max(record, search.last_remoteness());
    EXPECT_EQ(search.best_remoteness(), record);
    EXPECT_EQ(to_leetcode(again.next().value()), to_leetcode(graph));
  }
  // A 2n turn cap fails where the win outlasts it: the search must reach past 2n at 12 nodes.
  EXPECT_GT(search.best_remoteness(), 24u);
}

// Under a variant the candidates stay valid for the rules, and their start (relabelled by swaps
// that keep holes and cat-barred nodes in place) has the announced remoteness.
TEST(Search, LongWinUnderAVariantKeepsTheRules) {
  Rules rules;
  rules.holes = {0, 4};
  rules.cat_forbidden = std::vector<NodeId>{0, 4, 5};
  rules.mouse_stays = true;
  rules.first = Side::kCat;
  LongWinSearchOptions options = climbs(7, 10, 11);
  options.rules = rules;
  LongWinSearch search(options);
  for (int k = 0; k < 40; ++k) {
    const Graph graph = search.next().value();
    ASSERT_TRUE(valid_input(graph, rules)) << to_leetcode(graph);
    const Table table = solve_reference(graph, rules);
    const auto remoteness = table.remoteness(State{1, 2, Side::kCat});
    ASSERT_TRUE(remoteness.has_value()) << to_leetcode(graph);
    EXPECT_EQ(*remoteness, search.last_remoteness()) << to_leetcode(graph);
  }
  SmallGraphs small(6, rules);
  int count = 0;
  while (const auto graph = small.next()) {
    EXPECT_TRUE(valid_input(*graph, rules));
    ++count;
  }
  EXPECT_GT(count, 0);
}

// Starts of other kinds: the mouse starts on a node the cat may not enter, the cat starts on the
// food (LeetCode 1728 style, the cat wins there). The record position must be of the same kinds.
TEST(Search, LongWinWithStartsOfOtherKinds) {
  for (int variant = 0; variant < 2; ++variant) {
    Rules rules;
    if (variant == 0) {
      rules.cat_forbidden = std::vector<NodeId>{0, 1};
    } else {
      rules.holes = {0, 2};
      rules.cat_forbidden = std::vector<NodeId>{0};
      rules.cat_wins_in_hole = true;
    }
    LongWinSearchOptions options = climbs(6, 9, 5);
    options.rules = rules;
    LongWinSearch search(options);
    for (int k = 0; k < 20; ++k) {
      const std::optional<Graph> graph = search.next();
      if (!graph) break;  // the second variant may have no forced win from any start
      ASSERT_TRUE(valid_input(*graph, rules)) << to_leetcode(*graph);
      const Table table = solve_reference(*graph, rules);
      const auto remoteness = table.remoteness(State{1, 2, Side::kMouse});
      ASSERT_TRUE(remoteness.has_value()) << to_leetcode(*graph);
      EXPECT_EQ(*remoteness, search.last_remoteness()) << variant << " " << to_leetcode(*graph);
    }
  }
}

// Rules under which no start can be a forced win: the search says so instead of climbing forever.
TEST(Search, LongWinGivesUpWhenNoWinExists) {
  Rules rules;
  rules.cat_forbidden = std::vector<NodeId>{0, 1, 3, 4, 5};  // on 6 nodes the cat never moves
  LongWinSearchOptions options = climbs(6, 6, 1);
  options.rules = rules;
  options.patience = 200;
  LongWinSearch search(options);
  EXPECT_FALSE(search.next().has_value());
}

// Shrinking never removes or merges away the nodes below `fixed`, whatever `fails` asks: here it
// asks for a graph where node 4 has degree 1 and node 5 exists, with every other node removable.
TEST(Search, ShrinkKeepsFixedNodes) {
  Random random(3);
  std::vector<Edge> list;
  for (NodeId v = 1; v < 12; ++v) list.push_back({random.below(v), v});
  list.push_back({3, 5});
  const Graph graph = edges(12, list);
  ShrinkOptions options;
  options.fixed = 6;
  options.valid = [](const Graph& g) { return g.node_count() >= 3; };
  const auto fails = [](const Graph& g) { return g.node_count() >= 6; };
  const ShrinkResult result = shrink(graph, fails, options);
  EXPECT_EQ(result.graph.node_count(), 6u);
  // Nodes 0..5 were never renumbered: the edges among them are the original ones.
  for (NodeId a = 0; a < 6; ++a) {
    for (NodeId b = a + 1; b < 6; ++b) {
      const auto in = [&](const Graph& g) {
        const auto next = g.neighbours(a);
        return std::find(next.begin(), next.end(), b) != next.end();
      };
      if (in(graph)) continue;
      EXPECT_FALSE(in(result.graph)) << a << "-" << b;
    }
  }
}

// What breaks a cap of 102 plies at n <= 50 (seed001 among the baselines): the search finds a
// longer win at 50 nodes within its first climb.
TEST(Search, LongWinBeyondOneHundredAndTwoPliesAtFiftyNodes) {
  LongWinSearch search(climbs(50, 50, 1));
  std::optional<Graph> found;
  for (int k = 0; k < 300 && !found; ++k) {
    Graph graph = search.next().value();
    if (search.last_remoteness() > 102) found = std::move(graph);
  }
  ASSERT_TRUE(found.has_value()) << "best " << search.best_remoteness();
  const StateValue value = start_value(*found);
  ASSERT_TRUE(value.remoteness.has_value());
  EXPECT_EQ(*value.remoteness, search.last_remoteness());
}

TEST(Search, RemovalsAndMerges) {
  // 0-1-2-3-0, plus 1-3.
  const Graph square = lists({{1, 3}, {0, 2, 3}, {1, 3}, {0, 1, 2}});
  EXPECT_EQ(to_leetcode(remove_node(square, 1)), "[[2],[2],[0,1]]");
  EXPECT_EQ(to_leetcode(remove_edge(square, 3, 1)), "[[1,3],[0,2],[1,3],[0,2]]");
  // 3 merged into 1: 3's edges to 0 and 2 are already 1's, 1-3 disappears.
  EXPECT_EQ(to_leetcode(contract_edge(square, 1, 3)), "[[1],[0,2],[1]]");
  // 2 merged into 3: the edge 1-2 becomes 1-3 (already there), 2-3 disappears, and 3 becomes 2.
  EXPECT_EQ(to_leetcode(contract_edge(square, 3, 2)), "[[1,2],[0,2],[0,1]]");
}

// Shrinking keeps the property and ends 1-minimal: no single node removal, merge or edge removal
// that leaves a valid graph keeps it. The property: a cat win of at least 10 plies.
TEST(Search, ShrinkEndsOneMinimal) {
  const auto fails = [](const Graph& graph) {
    const StateValue value = start_value(graph);
    return value.value == Value::kCatWin && *value.remoteness >= 10;
  };
  LongWinSearch search(climbs(12, 12, 3));
  int shrunk = 0;
  for (int k = 0; k < 200 && shrunk < 3; ++k) {
    const Graph graph = search.next().value();
    if (!fails(graph)) continue;
    ++shrunk;
    const ShrinkResult result = shrink(graph, fails);
    ASSERT_TRUE(fails(result.graph));
    EXPECT_LE(result.graph.node_count(), graph.node_count());
    EXPECT_GT(result.tries, 0u);
    const auto kept = [&](const Graph& smaller) {
      return leetcode_valid(smaller) && fails(smaller);
    };
    const Graph& g = result.graph;
    for (NodeId v = 3; v < g.node_count(); ++v) {
      EXPECT_FALSE(kept(remove_node(g, v))) << to_leetcode(g) << " without " << v;
      for (NodeId u : g.neighbours(v)) {
        EXPECT_FALSE(kept(contract_edge(g, u, v))) << to_leetcode(g) << " " << v << " into " << u;
      }
    }
    for (NodeId a = 0; a < g.node_count(); ++a) {
      for (NodeId b : g.neighbours(a)) {
        if (a > b) continue;
        EXPECT_FALSE(kept(remove_edge(g, a, b))) << to_leetcode(g) << " " << a << "-" << b;
      }
    }
  }
  EXPECT_EQ(shrunk, 3);
}

TEST(Search, ShrinkStopsAtItsBudget) {
  int calls = 0;
  const auto always = [&](const Graph&) { return ++calls, true; };
  const Graph graph = LongWinSearch(climbs(14, 14, 5)).next().value();
  const ShrinkResult result = shrink(graph, always, ShrinkOptions{7});
  EXPECT_EQ(result.tries, 7u);
  EXPECT_EQ(calls, 7);
}

}  // namespace
}  // namespace catmouse
