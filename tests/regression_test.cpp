// Graphs on which a DP capped at 2n turns answers wrongly (its cap cuts a forced win short):
// catmouse must give the true answer and remoteness, and the capped DP must indeed disagree, so
// the data keeps meaning what it claims.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "capped_dp.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"

namespace catmouse {
namespace {

TEST(Regression, TwoNTurnCapCounterexamples) {
  std::ifstream in(std::string(CATMOUSE_TEST_DATA) + "/capped_2n_counterexamples.txt");
  ASSERT_TRUE(in) << "missing test data";
  std::string line;
  int graphs = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int expected = -1;
    std::uint32_t remoteness = 0;
    std::string lists;
    fields >> expected >> remoteness >> lists;
    Result<Graph> graph = parse_leetcode(lists, "capped_2n_counterexamples.txt");
    ASSERT_TRUE(graph.ok()) << graph.error().to_string();
    const Game game(*graph, Rules{});
    const Table table = solve_table(game).value();
    EXPECT_EQ(static_cast<int>(table.value(game.start())), expected) << lists;
    EXPECT_EQ(table.remoteness(game.start()), remoteness) << lists;
    EXPECT_EQ(solve_reference(*graph, Rules{}), table) << lists;
    EXPECT_GE(remoteness, 2 * graph->node_count());
    EXPECT_NE(testing::capped_dp(*graph, 2 * graph->node_count()), expected) << lists;
    ++graphs;
  }
  EXPECT_GE(graphs, 5);
}

// With a cap far beyond every remoteness the capped DP is right, which shows the test DP itself
// is faithful and only its cap is at fault.
TEST(Regression, CappedDpIsRightWithALargeCap) {
  std::ifstream in(std::string(CATMOUSE_TEST_DATA) + "/capped_2n_counterexamples.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int expected = -1;
    std::uint32_t remoteness = 0;
    std::string lists;
    fields >> expected >> remoteness >> lists;
    Result<Graph> graph = parse_leetcode(lists, "data");
    ASSERT_TRUE(graph.ok());
    EXPECT_EQ(testing::capped_dp(*graph, 4 * remoteness + 8), expected) << lists;
  }
}

}  // namespace
}  // namespace catmouse
