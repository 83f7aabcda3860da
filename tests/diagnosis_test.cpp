// The diagnosis line of a check's failure (testing/diagnosis.hpp) on games where each known class
// of bug is the answer received: a turn cap of 2n, the cat entering the hole, the mouse not
// winning at the hole, a draw called a win; and no line for a right answer, for something that
// is not an answer, or for a wrong answer no class explains.
#include "catmouse/testing/diagnosis.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catmouse/core/game.hpp"
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
            "of 2n = 18 cuts it and calls the game a draw");
}

// A short win called a draw that no rule mistake gives: a cap, but none of the usual sizes.
TEST(Diagnosis, ATurnCapOfNoUsualSize) {
  const std::vector<std::vector<NodeId>> path = {{1}, {0, 2}, {1}};  // the mouse steps in: 1 ply
  EXPECT_EQ(diagnosis(path, "0"),
            "diagnosis: a turn cap? the shortest correct answer needs 1 ply on 3 nodes; a cap of "
            "1 turn or fewer cuts it and calls the game a draw");
}

TEST(Diagnosis, TheCatEnteringTheHole) {
  const std::vector<std::vector<NodeId>> graph = {{2, 3}, {2, 4}, {0, 1}, {0, 4}, {1, 3}};
  ASSERT_EQ(exact(game_of(graph)).value, Value::kMouseWin);
  EXPECT_EQ(diagnosis(graph, "0"),
            "diagnosis: the hole's rule: the answer received is a draw as if the cat could enter "
            "the hole 0; the cat may never move onto it");
}

TEST(Diagnosis, TheMouseNotWinningAtTheHole) {
  const std::vector<std::vector<NodeId>> graph = {{1, 2, 4}, {0, 3}, {0, 3}, {1, 2}, {0}};
  ASSERT_EQ(exact(game_of(graph)).value, Value::kMouseWin);
  EXPECT_EQ(diagnosis(graph, "0"),
            "diagnosis: the hole's rule: the answer received is a draw as if the mouse did not "
            "win on reaching the hole 0; it wins there at once");
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

TEST(Diagnosis, NoLineWithoutAKnownClass) {
  EXPECT_EQ(diagnosis(kLongWin, "1"), "");  // right
  EXPECT_EQ(diagnosis(kLongWin, "2"), "");  // a mouse win called a cat win: no class
  EXPECT_EQ(diagnosis(kLongWin, "3"), "");  // not an answer
  EXPECT_EQ(diagnosis(kLongWin, "true"), "");
  EXPECT_EQ(diagnosis(kLongWin, ""), "");
}

}  // namespace
}  // namespace catmouse
