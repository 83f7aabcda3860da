// The diagnosis line of a check's failure (testing/diagnosis.hpp) on games where each known class
// of bug is the answer received: a turn cap of 2n, the cat entering the hole, the mouse not
// winning at the hole, a draw called a win; and no line for a right answer, for something that
// is not an answer, or for a wrong answer no class explains.
#include "catmouse/testing/diagnosis.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/io/grid_format.hpp"
#include "catmouse/solve/solve.hpp"

namespace catmouse {
namespace {

GameSpec game_of(const std::vector<std::vector<NodeId>>& lists) {
  Result<Graph> graph = Graph::from_adjacency(lists);
  EXPECT_TRUE(graph.ok());
  return make_spec(std::move(graph).value());
}

StateValue exact(const GameSpec& game) {
  Result<StateValue> value = solve_value(game, start_position(game.rules));
  EXPECT_TRUE(value.ok());
  return value.ok() ? *value : StateValue{};
}

std::string diagnosis(const std::vector<std::vector<NodeId>>& lists, const std::string& answer) {
  const GameSpec game = game_of(lists);
  return diagnose_graph(game, exact(game), answer);
}

// The 9-node graph catmouse check shrinks the 2n-capped DP to (seed 1): a mouse win in 19 plies.
const std::vector<std::vector<NodeId>> kLongWin = {{5, 7, 8},    {3, 4, 5, 6}, {4, 5, 6, 8},
                                                   {1, 4, 6, 7}, {1, 2, 3, 5}, {0, 1, 2, 4, 7},
                                                   {1, 2, 3, 7}, {0, 3, 5, 6}, {0, 2}};

TEST(Diagnosis, ATurnCapThatCutsTheWin) {
  ASSERT_EQ(exact(game_of(kLongWin)), (StateValue{Value::kMouseWin, 19}));
  EXPECT_EQ(diagnosis(kLongWin, "0"),
            "diagnosis: a turn cap? the shortest correct answer needs 19 plies on 9 nodes; a cap "
            "of 2n = 18 cuts it and calls the game a draw. Solve it without a cap, by retrograde "
            "analysis (docs/algorithm.md#turn-caps-are-wrong; the templates in "
            "docs/check.md#templates do)");
}

// A short win called a draw that no rule mistake gives: a cap, but none of the usual sizes.
TEST(Diagnosis, ATurnCapOfNoUsualSize) {
  const std::vector<std::vector<NodeId>> path = {{1}, {0, 2}, {1}};  // the mouse steps in: 1 ply
  EXPECT_EQ(diagnosis(path, "0"),
            "diagnosis: a turn cap? the shortest correct answer needs 1 ply on 3 nodes; a cap of "
            "1 turn or fewer cuts it and calls the game a draw. Solve it without a cap, by "
            "retrograde analysis (docs/algorithm.md#turn-caps-are-wrong; the templates in "
            "docs/check.md#templates do)");
}

TEST(Diagnosis, TheCatEnteringTheHole) {
  const std::vector<std::vector<NodeId>> graph = {{2, 3}, {2, 4}, {0, 1}, {0, 4}, {1, 3}};
  ASSERT_EQ(exact(game_of(graph)).value, Value::kMouseWin);
  EXPECT_EQ(diagnosis(graph, "0"),
            "diagnosis: the hole's rule: the answer received is a draw as if the cat could enter "
            "the hole 0; the cat may never move onto it: leave the hole out of the cat's moves "
            "(see docs/rules.md)");
}

TEST(Diagnosis, TheMouseNotWinningAtTheHole) {
  const std::vector<std::vector<NodeId>> graph = {{1, 2, 4}, {0, 3}, {0, 3}, {1, 2}, {0}};
  ASSERT_EQ(exact(game_of(graph)).value, Value::kMouseWin);
  EXPECT_EQ(diagnosis(graph, "0"),
            "diagnosis: the hole's rule: the answer received is a draw as if the mouse did not "
            "win on reaching the hole 0; it wins there at once: end the game when the mouse moves "
            "onto the hole (see docs/rules.md)");
}

TEST(Diagnosis, ADrawCalledAWin) {
  const std::vector<std::vector<NodeId>> graph = {{3}, {4}, {3}, {0, 2}, {1}};
  ASSERT_EQ(exact(game_of(graph)).value, Value::kDraw);
  const std::string line = diagnosis(graph, "2");
  EXPECT_EQ(line.rfind("diagnosis: a draw called a cat win: with best play neither side can "
                       "force a win and the game repeats positions for ever; ",
                       0),
            0u)
      << line;
  EXPECT_NE(line.find(" gets a cat win"), std::string::npos) << line;
  EXPECT_EQ(diagnosis(graph, "1").rfind("diagnosis: a draw called a mouse win: ", 0), 0u);
}

// The 7x8 map catmouse check shrinks the 70-move-capped 1728 solver to (seed 1): a mouse win in
// 71 moves, one more than the cap.
TEST(Diagnosis, AMoveCapOnAMap) {
  const GameSpec map = grid_spec(parse_grid(R"({"grid":["....#...",".##...#.","...###CM","##....)"
                                            R"(##",".F###...",".#...##.","...#...."],"catJump":)"
                                            R"(1,"mouseJump":1})",
                                            "map")
                                     .value());
  const StateValue value = exact(map);
  ASSERT_EQ(value, (StateValue{Value::kMouseWin, 71}));
  EXPECT_EQ(diagnose_grid(map, value, "false"),
            "diagnosis: a move cap? the mouse wins in 71 moves here, one more than a cap of 70, "
            "and a solver that stops after 70 moves calls the map a cat win. LeetCode 1728's "
            "limit is 1000 moves: raise the cap to 1000, or solve it without a cap, by retrograde "
            "analysis (docs/algorithm.md#turn-caps-are-wrong; the templates in "
            "docs/check.md#templates do)");
  // A cap of rows * cols: 7 * 8 = 56 cuts a win of 60 moves.
  EXPECT_EQ(diagnose_grid(map, StateValue{Value::kMouseWin, 60}, "false")
                .rfind("diagnosis: a move cap? the mouse wins in 60 moves here, 4 more than a cap "
                       "of 56 (rows * cols), and a solver that stops after 56 moves",
                       0),
            0u);
  // Right, not an answer, or a cat win called a mouse win: no line.
  EXPECT_EQ(diagnose_grid(map, value, "true"), "");
  EXPECT_EQ(diagnose_grid(map, value, "1"), "");
  EXPECT_EQ(diagnose_grid(map, StateValue{Value::kCatWin, 3}, "true"), "");
}

TEST(Diagnosis, NoLineWithoutAKnownClass) {
  EXPECT_EQ(diagnosis(kLongWin, "1"), "");  // right
  EXPECT_EQ(diagnosis(kLongWin, "2"), "");  // a mouse win called a cat win: no class
  EXPECT_EQ(diagnosis(kLongWin, "3"), "");  // not an answer
  EXPECT_EQ(diagnosis(kLongWin, "true"), "");
  EXPECT_EQ(diagnosis(kLongWin, ""), "");
}

}  // namespace
}  // namespace catmouse
