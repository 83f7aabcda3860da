// The seam: solve(GameSpec) -> Solution, and the queries a Solution answers whatever the engine
// (moves with their values, optimal moves and optimal lines, counts), and what solve() refuses.
#include "catmouse/solve/solution.hpp"

#include <gtest/gtest.h>

#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_lists;

Solution solved(const Graph& g, const Rules& rules = {}, const SolveOptions& options = {}) {
  Result<Solution> solution = solve(make_spec(g, rules), options);
  EXPECT_TRUE(solution.ok()) << solution.error().to_string();
  return std::move(solution).value();
}

TEST(Solution, MovesListEveryChildWithItsValue) {
  const Solution solution = solved(graph_from_lists({{1, 3}, {0}, {3}, {0, 2}}));
  const auto options = solution.moves(solution.start());
  ASSERT_EQ(options.size(), 1u);
  EXPECT_EQ(options[0].child.mouse, 0u);
  EXPECT_EQ(options[0].value.value, Value::kMouseWin);
  EXPECT_EQ(options[0].value.remoteness, 0u);
  EXPECT_TRUE(solution.moves(State{0, 2, Side::kCat}).empty());
}

TEST(Solution, DrawLineEndsInACycle) {
  const Solution solution =
      solved(graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}}));
  const Line line = solution.line(solution.start()).value();
  ASSERT_TRUE(line.cycle_start.has_value());
  EXPECT_EQ(line.end, LineEnd::kRepetition);
  for (const Position& p : line.positions) EXPECT_EQ(solution.value(p).value, Value::kDraw);
  // The move after the last position returns to cycle_start.
  const auto next = solution.best_move(line.positions.back());
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->child, line.positions[*line.cycle_start]);
}

// On random graphs: winning lines take exactly `remoteness` moves, lose nothing on the way, and
// every optimal move keeps the value with remoteness one less.
TEST(Solution, LinesRealiseTheRemoteness) {
  testing::Random random(5);
  for (int k = 0; k < 500; ++k) {
    const NodeId n = 4 + random.below(9);
    const Solution solution = solved(testing::random_graph(n, 35, random));
    const Game& game = solution.game();
    for (StateIndex i = 0; i < game.state_count(); ++i) {
      const State s = game.space().state(i);
      if (!game.valid(s)) continue;
      const Line line = solution.line(s).value();
      const auto r = solution.value(s).remoteness;
      if (solution.value(s).value == Value::kDraw) {
        EXPECT_TRUE(line.cycle_start.has_value() || line.end == LineEnd::kStuck);
      } else {
        ASSERT_TRUE(r.has_value());
        ASSERT_EQ(line.positions.size(), *r + 1);
        EXPECT_FALSE(line.cycle_start.has_value());
        for (std::size_t p = 0; p < line.positions.size(); ++p) {
          EXPECT_EQ(solution.value(line.positions[p]).value, solution.value(s).value);
          EXPECT_EQ(solution.value(line.positions[p]).remoteness, *r - p);
        }
      }
    }
  }
}

TEST(Solution, BestMovePrefersFastestWinAndSmallestNode) {
  // Mouse at 3 may go to 0 (the hole, wins at once) or to 4 (wins later): it must take 0.
  const Solution solution = solved(graph_from_lists({{3, 4}, {4}, {4}, {0, 4}, {0, 1, 2, 3}}));
  const auto best = solution.best_move(State{3, 1, Side::kMouse});
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->child.mouse, 0u);
  EXPECT_EQ(best->value.remoteness, 0u);
}

TEST(Solution, ReachableStuckState) {
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

TEST(Solution, DescribeNamesTheState) {
  EXPECT_EQ(describe(State{1, 2, Side::kMouse}), "(mouse 1, cat 2, mouse to move)");
  EXPECT_EQ(describe(Position{1, {2, 5}, Side::kCat}), "(mouse 1, cats 2,5, cat to move)");
}

// The bug this seam exists for: two cats through solve() get the pack engine's answer, never a
// one-cat table. On LeetCode's example 1 two cats (on 2 and 5) catch the mouse in 2 moves.
TEST(Solution, TwoCatsGetThePackEngine) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  Rules rules;
  rules.cats = 2;
  rules.cat_starts = {2, 5};
  const Solution solution = solved(g, rules);
  EXPECT_EQ(solution.engine(), Engine::kPack);
  EXPECT_EQ(solution.value(solution.start()), (StateValue{Value::kCatWin, 2}));
  // solve_value() agrees, and so does the reference over ordered tuples.
  EXPECT_EQ(solve_value(make_spec(g, rules), solution.start()).value(),
            (StateValue{Value::kCatWin, 2}));
  const auto reference = solve_pack_reference(g, rules);
  const auto [value, remoteness] = reference[pack_reference_index(6, solution.start())];
  EXPECT_EQ(value, Value::kCatWin);
  EXPECT_EQ(remoteness, 2u);
  rules.cats = 1;
  rules.cat_starts.clear();
  EXPECT_EQ(solved(g, rules).value(Position{1, {2}, Side::kMouse}).value, Value::kDraw);
}

// The engine each game gets by default, and that every answer is the same whichever runs.
TEST(Solution, EngineChoice) {
  const Graph small = graph_from_lists({{1, 3}, {0}, {3}, {0, 2}});
  EXPECT_EQ(solved(small).engine(), Engine::kSmall);
  SolveOptions general;
  general.engine = Engine::kGeneral;
  EXPECT_EQ(solved(small, {}, general).engine(), Engine::kGeneral);
  EXPECT_EQ(solved(small, cops_rules(2)).engine(), Engine::kCops);
  SolveOptions pack;
  pack.engine = Engine::kPack;
  const Solution by_pack = solved(small, cops_rules(2), pack);
  EXPECT_EQ(by_pack.engine(), Engine::kPack);
  EXPECT_EQ(solved(small, cops_rules(2)).table(), by_pack.table());
}

// Every engine refuses what it cannot do, with an error that names the option.
TEST(Solution, EnginesRefuseOptionsTheyCannotHonour) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  Rules two;
  two.cats = 2;
  const auto refused = [&](const Rules& rules, SolveOptions options, const char* field) {
    Result<Solution> solution = solve(make_spec(g, rules), options);
    ASSERT_FALSE(solution.ok()) << field;
    EXPECT_EQ(solution.error().where.field_text(), field) << solution.error().to_string();
  };
  SolveOptions options;
  options.engine = Engine::kSmall;
  refused(two, options, "engine");  // one-cat kernels: one cat
  options.engine = Engine::kGeneral;
  refused(two, options, "engine");
  options.engine = Engine::kCops;
  refused(two, options, "engine");  // the cops engine: cops and robbers only
  options = {};
  options.memory_limit = 100;
  refused(Rules{}, options, "memory_limit");
  refused(two, options, "memory_limit");
  refused(cops_rules(2), options, "memory_limit");
  Rules limited;
  limited.move_limit = 10;
  options = {};
  options.values_only = true;
  refused(limited, options, "values_only");
  Rules bad;
  bad.holes = {9};
  refused(bad, {}, "holes");
  // The cops' question has no remoteness to drop, and runs on the cops engine only.
  options = {};
  options.values_only = true;
  EXPECT_EQ(solve_cops(g, 2, options).error().where.field_text(), "values_only");
  options = {};
  options.engine = Engine::kPack;
  EXPECT_EQ(solve_cops(g, 2, options).error().where.field_text(), "engine");
}

// Values only: every engine keeps the values and drops the remoteness; lines need remoteness.
TEST(Solution, ValuesOnlyEveryEngine) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  SolveOptions lean;
  lean.values_only = true;
  Rules two;
  two.cats = 2;
  for (const Rules& rules : {Rules{}, two, cops_rules(2)}) {
    const Solution full = solved(g, rules);
    const Solution values = solved(g, rules, lean);
    EXPECT_FALSE(values.has_remoteness());
    for (StateIndex i = 0; i < full.table().state_count(); ++i) {
      ASSERT_EQ(values.table().value(i), full.table().value(i));
    }
    EXPECT_FALSE(values.line(values.start()).ok());
    EXPECT_FALSE(values.best_move(values.start()).has_value());
  }
}

TEST(Solution, CheckNamesTheBadPart) {
  const Solution solution = solved(graph_from_lists({{1, 3}, {0}, {3}, {0, 2}}));
  EXPECT_TRUE(solution.check(solution.start()).ok());
  EXPECT_EQ(solution.check(Position{9, {2}, Side::kMouse}).error().where.field_text(), "mouse");
  EXPECT_EQ(solution.check(Position{1, {0}, Side::kMouse}).error().where.field_text(), "cat");
  EXPECT_EQ(solution.check(Position{1, {2, 3}, Side::kMouse}).error().where.field_text(), "cats");
  // Queries on a bad position answer without crashing.
  EXPECT_EQ(solution.value(Position{9, {9}, Side::kMouse}).value, Value::kDraw);
  EXPECT_TRUE(solution.moves(Position{9, {9}, Side::kMouse}).empty());
}

TEST(Solution, CountsAndMoveLimit) {
  const Solution solution =
      solved(graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}}));
  const Counts counts = solution.counts();
  EXPECT_EQ(counts.states, solution.game().valid_state_count());
  EXPECT_EQ(counts.mouse_wins + counts.cat_wins + counts.draws, counts.states);
  ASSERT_TRUE(counts.max_remoteness.has_value());
  // Under a move limit of 2 won by the cat, the line stops at the limit.
  Rules limited;
  limited.move_limit = 2;
  limited.limit_outcome = LimitOutcome::kCatWin;
  const Solution cut = solved(solution.spec().graph, limited);
  const Line line = cut.line(cut.start()).value();
  EXPECT_EQ(line.end, LineEnd::kMoveLimit);
  EXPECT_EQ(line.positions.size(), 3u);
  EXPECT_EQ(cut.value(cut.start()).value, Value::kCatWin);
}

}  // namespace
}  // namespace catmouse
