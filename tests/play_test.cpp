// play.hpp: whether a position is over and why, the sentences the front ends print, and the
// optimal line from a position with moves already made (move limits, cycles, cuts).
#include "catmouse/solve/play.hpp"

#include <gtest/gtest.h>

#include "catmouse/core/grid.hpp"
#include "catmouse/solve/solve.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_lists;

// LeetCode 913's examples: a draw on six nodes, a mouse win in one move on four.
const std::vector<std::vector<NodeId>> kDraw = {{2, 5},    {3},    {0, 4, 5},
                                                {1, 4, 5}, {2, 3}, {0, 2, 3}};
const std::vector<std::vector<NodeId>> kMouseWins = {{1, 3}, {0}, {3}, {0, 2}};

Solution solved(GameSpec spec) {
  Result<Solution> solution = solve(std::move(spec));
  EXPECT_TRUE(solution.ok()) << solution.error().to_string();
  return std::move(solution).value();
}
Solution solved(const std::vector<std::vector<NodeId>>& lists, const Rules& rules = {}) {
  return solved(make_spec(graph_from_lists(lists), rules));
}

TEST(Play, FinishedSaysWhyInTheOrderOfTheRules) {
  Rules limited;
  limited.move_limit = 4;
  const Solution s = solved(kDraw, limited);
  EXPECT_EQ(finished(s, Position(0, {2}, Side::kCat)), LineEnd::kHole);
  EXPECT_EQ(finished(s, Position(4, {4}, Side::kMouse)), LineEnd::kCapture);
  EXPECT_EQ(finished(s, s.start(), 3), std::nullopt);
  EXPECT_EQ(finished(s, s.start(), 4), LineEnd::kMoveLimit);
  EXPECT_EQ(finished(s, s.start(), 9), LineEnd::kMoveLimit);
  // A finished position stays what it is at the limit.
  EXPECT_EQ(finished(s, Position(0, {2}, Side::kCat), 4), LineEnd::kHole);
}

TEST(Play, AStuckSideIsOver) {
  // No hole, and node 0 alone: a mouse there cannot move, and by the stuck rule it loses.
  Rules rules;
  rules.holes = {};
  rules.mouse_start = 0;
  rules.cat_start = 1;
  Result<Graph> g = Graph::from_edges(4, std::vector<Edge>{{1, 2}, {2, 3}});
  ASSERT_TRUE(g.ok());
  const Solution s = solved(make_spec(std::move(g).value(), rules));
  EXPECT_EQ(finished(s, Position(0, {1}, Side::kMouse)), LineEnd::kStuck);
  EXPECT_EQ(finished_sentence(s, Position(0, {1}, Side::kMouse), LineEnd::kStuck),
            "cat wins: the mouse cannot move");
  EXPECT_EQ(finished(s, Position(0, {1}, Side::kCat)), std::nullopt);
}

TEST(Play, ValueSentences) {
  EXPECT_EQ(value_sentence({Value::kMouseWin, 3}), "mouse wins in 3 moves");
  EXPECT_EQ(value_sentence({Value::kCatWin, 1}), "cat wins in 1 move");
  EXPECT_EQ(value_sentence({Value::kCatWin, std::nullopt}), "cat wins");
  EXPECT_EQ(value_sentence({Value::kDraw, std::nullopt}), "draw");
}

TEST(Play, FinishedSentences) {
  const Solution s = solved(kDraw);
  EXPECT_EQ(finished_sentence(s, Position(0, {2}, Side::kCat), LineEnd::kHole),
            "mouse wins: the mouse is in the hole");
  EXPECT_EQ(finished_sentence(s, Position(4, {4}, Side::kMouse), LineEnd::kCapture),
            "cat wins: the cat caught the mouse");
  Rules two;
  two.cats = 2;
  two.cat_starts = {2, 5};
  const Solution k2 = solved(kDraw, two);
  EXPECT_EQ(finished_sentence(k2, Position(4, {2, 4}, Side::kMouse), LineEnd::kCapture),
            "cat wins: a cat caught the mouse");
  Rules limited;
  limited.move_limit = 20;
  const Solution l = solved(kDraw, limited);
  EXPECT_EQ(finished_sentence(l, l.start(), LineEnd::kMoveLimit, 20),
            "draw: the move limit of 20 moves is reached");
  EXPECT_EQ(finished_sentence(l, l.start(), LineEnd::kRepetition), "draw: a position repeats");

  // LeetCode 1728: food instead of a hole, the cat wins by reaching it first or at the limit.
  GridMap map{{"####F", "#C...", "M...."}, 1, 2};
  const Solution grid = solved(grid_spec(map));
  const NodeId food = map.find('F');
  EXPECT_EQ(finished_sentence(grid, Position(food, {map.node(1, 1)}, Side::kCat), LineEnd::kHole),
            "mouse wins: the mouse is on the food");
  EXPECT_EQ(
      finished_sentence(grid, Position(map.node(2, 0), {food}, Side::kMouse), LineEnd::kCapture),
      "cat wins: the cat reached the food first");
  EXPECT_EQ(finished_sentence(grid, grid.start(), LineEnd::kMoveLimit, 1000),
            "cat wins: the move limit of 1000 moves is reached");
}

TEST(Play, LineWithoutALimitIsTheSolutionsLine) {
  for (const auto& lists : {kDraw, kMouseWins}) {
    const Solution s = solved(lists);
    const Line expected = s.line(s.start()).value();
    const PlayedLine got = line_from(s, s.start(), 7, 10000).value();
    EXPECT_FALSE(got.cut);
    EXPECT_EQ(got.line.positions, expected.positions);
    EXPECT_EQ(got.line.end, expected.end);
    EXPECT_EQ(got.line.cycle_start, expected.cycle_start);
  }
}

TEST(Play, UnderAMoveLimitTheLineGoesRoundTheCycleToTheLimit) {
  const Solution free = solved(kDraw);
  const Line cycle = free.line(free.start()).value();
  ASSERT_EQ(cycle.end, LineEnd::kRepetition);
  Rules limited;
  limited.move_limit = 12;
  const Solution s = solved(kDraw, limited);
  for (const std::uint32_t played : {0u, 5u, 12u, 20u}) {
    const PlayedLine got = line_from(s, s.start(), played, 10000).value();
    const std::size_t left = played < 12 ? 12 - played : 0;
    ASSERT_EQ(got.line.positions.size(), left + 1) << played;
    EXPECT_EQ(got.line.end, LineEnd::kMoveLimit);
    EXPECT_FALSE(got.line.cycle_start.has_value());
    EXPECT_FALSE(got.cut);
    // The positions are the unlimited line's, round its cycle.
    const std::size_t start = *cycle.cycle_start;
    const std::size_t length = cycle.positions.size() - start;
    for (std::size_t i = 0; i < got.line.positions.size(); ++i) {
      const std::size_t j = i < cycle.positions.size() ? i : start + (i - start) % length;
      EXPECT_EQ(got.line.positions[i], cycle.positions[j]) << played << " " << i;
    }
  }
}

TEST(Play, AWinBeforeTheLimitEndsTheLine) {
  Rules limited;
  limited.move_limit = 5;
  const Solution s = solved(kMouseWins, limited);
  const PlayedLine got = line_from(s, s.start(), 4, 10000).value();
  ASSERT_EQ(got.line.positions.size(), 2u);
  EXPECT_EQ(got.line.end, LineEnd::kHole);
}

TEST(Play, AnEndOnTheLimitsMoveIsTheGamesOwn) {
  // A capture exactly on the third move, with a limit of 3: the line ends in the capture.
  Rules rules;
  rules.move_limit = 3;
  rules.mouse_stays = true;
  rules.cat_stays = true;
  Result<Graph> g = Graph::from_edges(5, std::vector<Edge>{{0, 1}, {0, 2}, {1, 2}, {1, 4}, {2, 3}});
  ASSERT_TRUE(g.ok());
  const Solution s = solved(make_spec(std::move(g).value(), rules));
  const Position start(3, {1}, Side::kCat);
  ASSERT_EQ(s.value(start), (StateValue{Value::kCatWin, 3}));
  const PlayedLine got = line_from(s, start, 0, 10000).value();
  ASSERT_EQ(got.line.positions.size(), 4u);
  EXPECT_EQ(got.line.end, LineEnd::kCapture);
  EXPECT_EQ(s.line(start).value().end, LineEnd::kCapture);
}

TEST(Play, LongLinesAreCut) {
  const Solution free = solved(kDraw);
  const PlayedLine cut = line_from(free, free.start(), 0, 2).value();
  EXPECT_TRUE(cut.cut);
  EXPECT_EQ(cut.line.positions.size(), 3u);
  EXPECT_FALSE(cut.line.cycle_start.has_value());
  Rules limited;
  limited.move_limit = 1000;
  const Solution s = solved(kDraw, limited);
  const PlayedLine long_line = line_from(s, s.start(), 0, 50).value();
  EXPECT_TRUE(long_line.cut);
  EXPECT_EQ(long_line.line.positions.size(), 51u);
  // The cut falls exactly on the limit: the limit ends the line, nothing is cut.
  const PlayedLine exact = line_from(s, s.start(), 950, 50).value();
  EXPECT_FALSE(exact.cut);
  EXPECT_EQ(exact.line.end, LineEnd::kMoveLimit);
  EXPECT_EQ(exact.line.positions.size(), 51u);
}

}  // namespace
}  // namespace catmouse
