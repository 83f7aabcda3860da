// The main engine on known games, its memory guard, and the agreement of move and unmove
// generation that every engine relies on.
#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/verify.hpp"
#include "solve/engines.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_lists;

Table solved(const Game& game) {
  Result<Table> table = solve_table(game);
  EXPECT_TRUE(table.ok());
  return std::move(table).value();
}

TEST(Solver, LeetCodeExampleOneIsADraw) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  const Game game(g, Rules{});
  const Table table = solved(game);
  EXPECT_EQ(table.value(game.start()), Value::kDraw);
  EXPECT_EQ(table.remoteness(game.start()), std::nullopt);
}

TEST(Solver, LeetCodeExampleTwoMouseWinsInOneMove) {
  const Graph g = graph_from_lists({{1, 3}, {0}, {3}, {0, 2}});
  const Game game(g, Rules{});
  const Table table = solved(game);
  EXPECT_EQ(table.value(game.start()), Value::kMouseWin);
  EXPECT_EQ(table.remoteness(game.start()), 1u);
}

TEST(Solver, FinishedPositionsHaveRemotenessZero) {
  const Graph g = graph_from_lists({{1, 3}, {0}, {3}, {0, 2}});
  const Game game(g, Rules{});
  const Table table = solved(game);
  for (Side turn : {Side::kMouse, Side::kCat}) {
    EXPECT_EQ(table.value(State{0, 2, turn}), Value::kMouseWin);
    EXPECT_EQ(table.remoteness(State{0, 2, turn}), 0u);
    EXPECT_EQ(table.value(State{3, 3, turn}), Value::kCatWin);
    EXPECT_EQ(table.remoteness(State{3, 3, turn}), 0u);
  }
}

// Path 0 - 1 - 2 - 3: the cat at 2 can reach 1 and 3; the mouse at 1 must step into the hole
// or onto the cat.
TEST(Solver, CatCatchesOnAPathWhenMouseIsCornered) {
  const Graph g = graph_from_lists({{1}, {0, 2}, {1, 3}, {2}});
  const Game game(g, Rules{});
  const Table table = solved(game);
  EXPECT_EQ(table.value(game.start()), Value::kMouseWin);  // 1 -> 0 at once
  EXPECT_EQ(table.remoteness(game.start()), 1u);
  // Mouse at 3 with the cat at 2 and the mouse to move: its only move is onto the cat.
  EXPECT_EQ(table.value(State{3, 2, Side::kMouse}), Value::kCatWin);
  EXPECT_EQ(table.remoteness(State{3, 2, Side::kMouse}), 1u);
}

// A cat whose only neighbour is the hole is stuck: it loses by default, draws under kDraw.
TEST(Solver, StuckRule) {
  const Graph g = graph_from_lists({{1, 2}, {0, 3}, {0}, {1}});
  Rules rules;
  Game lose(g, rules);
  const Table lose_table = solved(lose);
  const State stuck{3, 2, Side::kCat};
  EXPECT_EQ(lose_table.value(stuck), Value::kMouseWin);
  EXPECT_EQ(lose_table.remoteness(stuck), 0u);
  rules.stuck = StuckRule::kDraw;
  Game draw(g, rules);
  const Table draw_table = solved(draw);
  EXPECT_EQ(draw_table.value(stuck), Value::kDraw);
  EXPECT_TRUE(verify(draw, draw_table).ok());
}

std::uint64_t estimate(const Game& game, bool values_only = false) {
  SolveOptions options;
  options.values_only = values_only;
  GameSpec spec = make_spec(game.graph(), game.rules());
  return plan(std::move(spec), options).value().memory_bytes();
}

TEST(Solver, RefusesBeforeExceedingTheMemoryLimit) {
  const Graph g = graph_from_lists({{1, 3}, {0}, {3}, {0, 2}});
  const Game game(g, Rules{});
  SolveOptions options;
  options.memory_limit = estimate(game) - 1;
  Result<Table> table = solve_table(game, options);
  ASSERT_FALSE(table.ok());
  EXPECT_NE(table.error().message.find("needs about"), std::string::npos);
  EXPECT_EQ(table.error().kind, ErrorKind::kRefusedMemory);
  EXPECT_EQ(table.error().where.field, ErrorField::kMemoryLimit);
  // Values only needs less, and the hint after the message says so, naming the option.
  EXPECT_LT(estimate(game, true), estimate(game));
  EXPECT_EQ(table.error().hint.option, ErrorField::kValuesOnly);
  EXPECT_NE(table.error().hint.text.find("values only"), std::string::npos);
  EXPECT_EQ(table.error().message.find("values only"), std::string::npos);
  EXPECT_NE(table.error().to_string().find("; values only"), std::string::npos);
  options.memory_limit = estimate(game);
  EXPECT_TRUE(solve_table(game, options).ok());
}

// The solve's failures each carry their kind, whatever their message says: a front end decides
// by it alone (exit code, HTTP status, exception).
TEST(Solver, EachFailureCarriesItsKind) {
  const Error refused = detail::memory_error("solving 8 states", 2048, 1024);
  EXPECT_EQ(refused.kind, ErrorKind::kRefusedMemory);
  EXPECT_EQ(refused.hint.option, ErrorField::kNone);
  EXPECT_EQ(refused.hint_clause(), "");
  const Error ran_out = detail::out_of_memory_error("the heap is exhausted");
  EXPECT_EQ(ran_out.kind, ErrorKind::kOutOfMemory);
  EXPECT_EQ(ran_out.where.field, ErrorField::kMemoryLimit);
  const Error threads = detail::thread_error(8, "Resource temporarily unavailable");
  EXPECT_EQ(threads.kind, ErrorKind::kResources);
  EXPECT_EQ(detail::cancelled_error().kind, ErrorKind::kCancelled);
  EXPECT_EQ(detail::check_threads(kMaxThreads + 1).error().kind, ErrorKind::kBadInput);
}

// The estimate is an upper bound on what the arrays of a finished table hold.
TEST(Solver, MemoryEstimateCoversTheTable) {
  testing::Random random(3);
  const Graph g = testing::random_graph(40, 10, random);
  const Game game(g, Rules{});
  for (bool values_only : {false, true}) {
    SolveOptions options;
    options.values_only = values_only;
    const Table table = solve_table(game, options).value();
    EXPECT_LE(table.memory_bytes(), estimate(game, values_only));
  }
}

TEST(Solver, ReportsProgress) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  const Game game(g, Rules{});
  int calls = 0;
  SolveOptions options;
  options.progress = [&](const SolveProgress& p) {
    ++calls;
    EXPECT_EQ(p.total, game.state_count());
  };
  ASSERT_TRUE(solve_table(game, options).ok());
  EXPECT_GE(calls, 1);
}

// Every move s -> c must appear as an unmove c -> s and the other way round.
void expect_moves_match_unmoves(const Game& game) {
  std::vector<std::pair<StateIndex, StateIndex>> forward, backward;
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    const State s = game.space().state(i);
    if (!game.valid(s)) continue;
    if (!game.outcome(s)) {
      std::uint32_t count = 0;
      game.for_each_move(s, [&](NodeId, const State& c) {
        ++count;
        forward.push_back({i, game.space().index(c)});
      });
      EXPECT_EQ(count, game.move_count(s));
    }
    game.for_each_parent(s, [&](const State& p) {
      backward.push_back({game.space().index(p), i});
    });
  }
  std::sort(forward.begin(), forward.end());
  std::sort(backward.begin(), backward.end());
  ASSERT_EQ(forward, backward);
}

// A Game references its graphs: one built on a temporary graph must not compile.
static_assert(std::is_constructible_v<Game, const Graph&, const Rules&>);
static_assert(!std::is_constructible_v<Game, Graph&&, const Rules&>);
static_assert(!std::is_constructible_v<Game, Graph, const Rules&>);

TEST(Game, MovesAndUnmovesAgree) {
  testing::Random random(99);
  for (int k = 0; k < 300; ++k) {
    const NodeId n = 3 + random.below(8);
    const Graph g = testing::random_graph(n, 45, random);
    expect_moves_match_unmoves(Game(g, Rules{}));
  }
}

// The same with stay moves (a state can be its own parent), barred nodes and one-way arcs.
TEST(Game, MovesAndUnmovesAgreeWithVariants) {
  testing::Random random(17);
  for (int k = 0; k < 300; ++k) {
    const NodeId n = 3 + random.below(8);
    // Half directed (one-way arcs), half undirected.
    const Graph g =
        k % 2 == 0 ? testing::random_digraph(n, 35, random) : testing::random_graph(n, 45, random);
    Rules rules;
    rules.mouse_stays = random.below(2) == 1;
    rules.cat_stays = random.below(2) == 1;
    rules.cat_forbidden = std::vector<NodeId>{0, n - 1};
    rules.cat_start = 1;
    rules.mouse_start = 2;
    ASSERT_TRUE(validate(rules, g).ok());
    expect_moves_match_unmoves(Game(g, rules));
  }
}

TEST(StateSpace, IndexAndStateAreInverse) {
  const StateSpace space(7);
  for (StateIndex i = 0; i < space.size(); ++i) ASSERT_EQ(space.index(space.state(i)), i);
}

// A copy in the editable storage of Table(node_count).
Table editable_copy(const Table& table) {
  Table copy(table.node_count());
  for (StateIndex i = 0; i < table.state_count(); ++i) {
    copy.set(i, table.value(i), table.remoteness_raw(i));
  }
  return copy;
}

TEST(Verify, RejectsACorruptedTable) {
  const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  const Game game(g, Rules{});
  const Table good = editable_copy(solved(game));
  ASSERT_EQ(good, solved(game));
  ASSERT_TRUE(verify(game, good).ok());
  int rejected = 0, tried = 0;
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    if (!game.valid(game.space().state(i))) continue;
    const Value v = good.value(i);
    const std::uint32_t r = good.remoteness_raw(i);
    // A wrong remoteness, and a wrong value, must each be caught.
    Table bad_r = good;
    bad_r.set(i, v, r == kNoRemoteness ? 3 : r + 2);
    Table bad_v = good;
    bad_v.set(i, v == Value::kCatWin ? Value::kMouseWin : Value::kCatWin,
              r == kNoRemoteness ? 1 : r);
    for (const Table* bad : {&bad_r, &bad_v}) {
      if (bad == &bad_r && v == Value::kDraw) continue;  // a draw cannot hold a remoteness
      ++tried;
      Status status = verify(game, *bad);
      if (!status.ok()) {
        ++rejected;
        EXPECT_NE(status.error().where.field_text().find("state ("), std::string::npos);
      }
    }
  }
  EXPECT_EQ(rejected, tried);
}

}  // namespace
}  // namespace catmouse
