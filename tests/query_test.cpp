// Queries on a solved table: moves with their values, optimal moves and optimal lines.
#include "catmouse/solve/query.hpp"

#include <gtest/gtest.h>

#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solver.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_lists;

TEST(Query, MovesListEveryChildWithItsValue) {
  const Graph g = graph_from_lists({{1, 3}, {0}, {3}, {0, 2}});
  const Game game(g, Rules{});
  const Table table = solve(game).value();
  const auto options = moves(game, table, game.start());
  ASSERT_EQ(options.size(), 1u);
  EXPECT_EQ(options[0].to, 0u);
  EXPECT_EQ(options[0].value, Value::kMouseWin);
  EXPECT_EQ(options[0].remoteness, 0u);
  EXPECT_TRUE(moves(game, table, State{0, 2, Side::kCat}).empty());
}

TEST(Query, DrawLineEndsInACycle) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  const Game game(g, Rules{});
  const Table table = solve(game).value();
  const Line line = optimal_line(game, table, game.start());
  ASSERT_TRUE(line.cycle_start.has_value());
  for (const State& s : line.positions) EXPECT_EQ(table.value(s), Value::kDraw);
  // The move after the last position returns to cycle_start.
  const auto next = best_move(game, table, line.positions.back());
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->child, line.positions[*line.cycle_start]);
}

// On random graphs: winning lines take exactly `remoteness` moves, lose nothing on the way, and
// every optimal move keeps the value with remoteness one less.
TEST(Query, LinesRealiseTheRemoteness) {
  testing::Random random(5);
  for (int k = 0; k < 500; ++k) {
    const NodeId n = 4 + random.below(9);
    const Graph g = testing::random_graph(n, 35, random);
    const Game game(g, Rules{});
    const Table table = solve(game).value();
    for (StateIndex i = 0; i < game.state_count(); ++i) {
      const State s = game.space().state(i);
      if (!game.valid(s)) continue;
      const Line line = optimal_line(game, table, s);
      const auto r = table.remoteness(s);
      if (table.value(s) == Value::kDraw) {
        EXPECT_TRUE(line.cycle_start.has_value() || game.move_count(line.positions.back()) == 0);
      } else {
        ASSERT_TRUE(r.has_value());
        ASSERT_EQ(line.positions.size(), *r + 1);
        EXPECT_FALSE(line.cycle_start.has_value());
        for (std::size_t p = 0; p < line.positions.size(); ++p) {
          EXPECT_EQ(table.value(line.positions[p]), table.value(s));
          EXPECT_EQ(table.remoteness(line.positions[p]), *r - p);
        }
      }
    }
  }
}

TEST(Query, BestMovePrefersFastestWinAndSmallestNode) {
  // Mouse at 3 may go to 0 (the hole, wins at once) or to 4 (wins later): it must take 0.
  const Graph g = graph_from_lists({{3, 4}, {4}, {4}, {0, 4}, {0, 1, 2, 3}});
  const Game game(g, Rules{});
  const Table table = solve(game).value();
  const auto best = best_move(game, table, State{3, 1, Side::kMouse});
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->to, 0u);
  EXPECT_EQ(best->remoteness, 0u);
}

TEST(Query, ReachableStuckState) {
  const Graph stuck = graph_from_lists({{1, 2}, {0, 3}, {0}, {1}});
  const Game game(stuck, Rules{});
  const auto s = reachable_stuck_state(game, game.start());
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->turn, Side::kCat);
  EXPECT_EQ(s->cat, 2u);
  const Graph fine = graph_from_lists({{1, 3}, {0}, {3}, {0, 2}});
  const Game ok(fine, Rules{});
  EXPECT_FALSE(reachable_stuck_state(ok, ok.start()).has_value());
}

TEST(Query, DescribeNamesTheState) {
  EXPECT_EQ(describe(State{1, 2, Side::kMouse}), "(mouse 1, cat 2, mouse to move)");
}

}  // namespace
}  // namespace catmouse
