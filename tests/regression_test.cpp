// Graphs on which a DP capped at 2n turns answers wrongly (its cap cuts a forced win short):
// catmouse must give the true answer and remoteness, and the capped DP must indeed disagree, so
// the data keeps meaning what it claims.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "capped_dp.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"

namespace catmouse {
namespace {

// A line of capped_2n_counterexamples.txt: the start's value and remoteness, and the graph.
struct Counterexample {
  int expected;
  std::uint32_t remoteness;
  std::string lists;
  Graph graph;
};

std::vector<Counterexample> counterexamples() {
  std::ifstream in(std::string(CATMOUSE_TEST_DATA) + "/capped_2n_counterexamples.txt");
  EXPECT_TRUE(in) << "missing test data";
  std::vector<Counterexample> all;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int expected = -1;
    std::uint32_t remoteness = 0;
    std::string lists;
    fields >> expected >> remoteness >> lists;
    Result<Graph> graph = parse_leetcode(lists, "capped_2n_counterexamples.txt");
    EXPECT_TRUE(graph.ok()) << graph.error().to_string();
    if (graph.ok()) all.push_back({expected, remoteness, lists, std::move(graph).value()});
  }
  return all;
}

TEST(Regression, TwoNTurnCapCounterexamples) {
  int graphs = 0;
  for (const Counterexample& c : counterexamples()) {
    const Game game(c.graph, Rules{});
    const Table table = solve_table(game).value();
    EXPECT_EQ(static_cast<int>(table.value(game.start())), c.expected) << c.lists;
    EXPECT_EQ(table.remoteness(game.start()), c.remoteness) << c.lists;
    EXPECT_EQ(solve_reference(c.graph, Rules{}), table) << c.lists;
    EXPECT_GE(c.remoteness, 2 * c.graph.node_count());
    EXPECT_NE(testing::capped_dp(c.graph, 2 * c.graph.node_count()), c.expected) << c.lists;
    ++graphs;
  }
  EXPECT_GE(graphs, 5);
}

// With a cap far beyond every remoteness the capped DP is right, which shows the test DP itself
// is faithful and only its cap is at fault.
TEST(Regression, CappedDpIsRightWithALargeCap) {
  for (const Counterexample& c : counterexamples()) {
    EXPECT_EQ(testing::capped_dp(c.graph, 4 * c.remoteness + 8), c.expected) << c.lists;
  }
}

}  // namespace
}  // namespace catmouse
