// The main engine against the reference engine, state by state, on every labelled graph with up
// to 6 nodes and on tens of thousands of random graphs with 7 to 12 nodes, under both stuck
// rules; verify() must accept every table.
#include <gtest/gtest.h>

#include <algorithm>

#include "catmouse/core/game.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/verify.hpp"
#include "catmouse/testing/search.hpp"
#include "sanitized.hpp"
#include "solve/engines.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_mask;
using testing::Random;

constexpr detail::OneCatKernel kForcedKernels[] = {detail::OneCatKernel::kSweep,
                                                   detail::OneCatKernel::kFrontier};

// Each kernel of the general engine, forced whatever the graph, against `expected` (with
// remoteness), and its values-only table against the values; the number of disagreements.
int compare_forced_kernels(const Game& game, const Table& expected) {
  int bad = 0;
  for (detail::OneCatKernel kernel : kForcedKernels) {
    for (bool values_only : {false, true}) {
      SolveOptions options;
      options.engine = Engine::kGeneral;
      options.values_only = values_only;
      Result<Table> table = detail::solve_one_cat(game, options, kernel);
      EXPECT_TRUE(table.ok());
      for (StateIndex i = 0; i < game.state_count() && table.ok(); ++i) {
        const bool same = table->value(i) == expected.value(i) &&
                          (values_only || table->remoteness_raw(i) == expected.remoteness_raw(i));
        if (!same) {
          const State s = game.space().state(i);
          ADD_FAILURE() << "kernel " << static_cast<int>(kernel)
                        << (values_only ? " values only" : "") << " on "
                        << to_leetcode(game.graph()) << " state (" << s.mouse << "," << s.cat << ","
                        << static_cast<int>(s.turn) << "): " << static_cast<int>(table->value(i))
                        << "/" << table->remoteness_raw(i) << ", expected "
                        << static_cast<int>(expected.value(i)) << "/" << expected.remoteness_raw(i);
          ++bad;
          break;
        }
      }
    }
  }
  return bad;
}

// Returns the number of disagreeing states (reported once, with the first one).
int compare_engines(const Graph& graph, const Rules& rules, const Graph* cat_graph = nullptr) {
  const Game game(graph, rules, cat_graph);
  // The main engine through the seam, as every front end calls it; rules that start a player
  // where the game forbids (which solve() refuses) still have a table, from the engine layer.
  GameSpec spec = make_spec(graph, rules);
  if (cat_graph) spec.cat_graph = *cat_graph;
  const bool valid = spec.validate().ok();
  Result<Solution> solution = valid ? solve(std::move(spec)) : Result<Solution>(Error{});
  Result<Table> engine_table = solve_table(game);
  EXPECT_TRUE(engine_table.ok());
  EXPECT_EQ(solution.ok(), valid);
  const Table* main = valid ? &solution->table() : &*engine_table;
  const Table reference = solve_reference(graph, rules, cat_graph);
  int bad = 0;
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    const StateValue answer = valid ? solution->value(game.space().position(i))
                                    : StateValue{reference.value(i), std::nullopt};
    const bool answered =
        !valid || rules.move_limit != 0 || !game.valid_at(i) ||
        (answer.value == reference.value(i) &&
         answer.remoteness.value_or(kNoRemoteness) == reference.remoteness_raw(i));
    if (main->value(i) != reference.value(i) ||
        main->remoteness_raw(i) != reference.remoteness_raw(i) || !answered) {
      if (bad++ == 0) {
        const State s = game.space().state(i);
        ADD_FAILURE() << "graph " << to_leetcode(graph) << " state (" << s.mouse << "," << s.cat
                      << "," << static_cast<int>(s.turn) << "): main "
                      << static_cast<int>(main->value(i)) << "/" << main->remoteness_raw(i)
                      << ", reference " << static_cast<int>(reference.value(i)) << "/"
                      << reference.remoteness_raw(i);
      }
    }
  }
  // The general kernel (taken on its own, as it is for boards over 64 nodes) agrees too.
  SolveOptions general;
  general.engine = Engine::kGeneral;
  Result<Table> wide = solve_table(game, general);
  EXPECT_TRUE(wide.ok());
  if (!(*wide == *main)) {
    ++bad;
    ADD_FAILURE() << "general kernel differs on " << to_leetcode(graph);
  }
  // Each kernel of the general engine forced, with remoteness and values only.
  bad += compare_forced_kernels(game, *main);
  // Answering one state agrees with the table, for every start.
  for (StateIndex i = 0; i < game.state_count() && bad == 0; i += 7) {
    const State s = game.space().state(i);
    if (!game.valid(s)) continue;
    for (Engine kernel : {Engine::kSmall, Engine::kGeneral}) {
      SolveOptions one;
      one.engine = kernel;
      const StateValue answer = solve_state(game, s, one).value();
      if (answer.value != main->value(i) || answer.remoteness != main->remoteness(s)) {
        ++bad;
        ADD_FAILURE() << "solve_state differs on " << to_leetcode(graph) << " at state " << i;
      }
    }
    for (detail::OneCatKernel kernel : kForcedKernels) {
      SolveOptions one;
      one.engine = Engine::kGeneral;
      const StateValue answer = detail::solve_one_cat_state(game, s, one, kernel).value();
      if (answer.value != main->value(i) || answer.remoteness != main->remoteness(s)) {
        ++bad;
        ADD_FAILURE() << "solve_state with kernel " << static_cast<int>(kernel) << " differs on "
                      << to_leetcode(game.graph()) << " at state " << i;
      }
    }
  }
  // Values-only mode keeps the same values and no remoteness.
  SolveOptions lean;
  lean.values_only = true;
  Result<Table> values = solve_table(game, lean);
  EXPECT_TRUE(values.ok());
  EXPECT_FALSE(values->has_remoteness());
  for (StateIndex i = 0; i < game.state_count() && bad == 0; ++i) {
    if (values->value(i) != reference.value(i)) {
      ++bad;
      ADD_FAILURE() << "values-only differs on " << to_leetcode(graph) << " at state " << i;
    }
  }
  Status main_ok = verify(game, *main);
  EXPECT_TRUE(main_ok.ok()) << main_ok.error().to_string();
  Status reference_ok = verify(game, reference);
  EXPECT_TRUE(reference_ok.ok()) << reference_ok.error().to_string();
  return bad;
}

TEST(CrossCheck, EveryLabelledGraphUpToSixNodes) {
  int graphs = 0;
  for (NodeId n = 3; n <= 6; ++n) {
    const std::uint64_t masks = std::uint64_t{1} << (n * (n - 1) / 2);
    for (std::uint64_t mask = 0; mask < masks; ++mask) {
      const Graph graph = graph_from_mask(n, mask);
      for (StuckRule stuck : {StuckRule::kLose, StuckRule::kDraw}) {
        Rules rules;
        rules.stuck = stuck;
        ASSERT_EQ(compare_engines(graph, rules), 0);
      }
      ++graphs;
    }
  }
  EXPECT_EQ(graphs, 8 + 64 + 1024 + 32768);
}

TEST(CrossCheck, RandomGraphsSevenToTwelveNodes) {
  Random random(20261122);
  for (int k = 0; k < test_build::sample_of(30000); ++k) {
    const NodeId n = 7 + random.below(6);
    const std::uint32_t percent = 15 + random.below(60);
    const Graph graph = testing::random_graph(n, percent, random);
    Rules rules;
    rules.stuck = random.below(4) == 0 ? StuckRule::kDraw : StuckRule::kLose;
    ASSERT_EQ(compare_engines(graph, rules), 0);
  }
}

// Rule variants: any set of holes (none too), nodes barred to the cat that differ from the holes
// (a hole the cat may enter, a plain node it may not), and stay moves for either player. The table
// covers every state, so the starts do not change it; they only have to be valid.
TEST(CrossCheck, HolesAndForbiddenNodes) {
  Random random(7);
  int games = 0;
  for (int k = 0; k < 4000; ++k) {
    const NodeId n = 3 + random.below(10);
    const Graph graph = testing::random_graph(n, 20 + random.below(50), random);
    Rules rules;
    rules.holes.clear();
    std::vector<NodeId> forbidden;
    for (NodeId v = 0; v < n; ++v) {
      if (random.below(5) == 0) rules.holes.push_back(v);
      if (random.below(6) == 0) forbidden.push_back(v);
    }
    // Not given (the holes), given empty, or some nodes.
    if (random.below(4) != 0) rules.cat_forbidden = forbidden;
    rules.stuck = random.below(3) == 0 ? StuckRule::kDraw : StuckRule::kLose;
    rules.mouse_stays = random.below(3) == 0;
    rules.cat_stays = random.below(3) == 0;
    // Starts: the first nodes that the rules allow; skip games with none.
    const auto& barred = rules.cat_forbidden_nodes();
    auto free_for_cat = [&](NodeId v) {
      return std::find(barred.begin(), barred.end(), v) == barred.end();
    };
    auto not_hole = [&](NodeId v) {
      return std::find(rules.holes.begin(), rules.holes.end(), v) == rules.holes.end();
    };
    NodeId cat = 0, mouse = 0;
    while (cat < n && !free_for_cat(cat)) ++cat;
    while (mouse < n && !not_hole(mouse)) ++mouse;
    if (cat == n || mouse == n) continue;
    rules.cat_start = cat;
    rules.mouse_start = mouse;
    ASSERT_TRUE(validate(rules, graph).ok()) << validate(rules, graph).error().to_string();
    ASSERT_EQ(compare_engines(graph, rules), 0);
    ++games;
  }
  EXPECT_GT(games, 3000);
}

}  // namespace
}  // namespace catmouse

namespace catmouse {
namespace {

// Directed boards: each pair of nodes gets no arc, one arc or both, at random; with random stay
// moves and barred nodes.
TEST(CrossCheck, DirectedGraphs) {
  testing::Random random(913);
  for (int k = 0; k < 3000; ++k) {
    const NodeId n = 3 + random.below(10);
    const Graph graph = testing::random_digraph(n, 30, random);
    ASSERT_TRUE(graph.directed());
    Rules rules;
    rules.mouse_stays = random.below(4) == 0;
    rules.cat_stays = random.below(4) == 0;
    if (random.below(3) == 0) rules.cat_forbidden = std::vector<NodeId>{0, n - 1};
    ASSERT_EQ(compare_engines(graph, rules), 0);
  }
}

// Rules for a random game on n nodes with holes the cat may enter, where it wins if the rules say
// so (LeetCode 1728's food), and random stays; starts are the first nodes allowed.
Rules random_food_rules(NodeId n, testing::Random& random) {
  Rules rules;
  rules.holes = {static_cast<NodeId>(random.below(n))};
  if (random.below(3) == 0) rules.holes.push_back((rules.holes[0] + 1) % n);
  rules.cat_forbidden = std::vector<NodeId>{static_cast<NodeId>(random.below(n))};
  rules.cat_wins_in_hole = random.below(2) == 0;
  rules.mouse_stays = random.below(2) == 0;
  rules.cat_stays = random.below(2) == 0;
  rules.first = random.below(2) == 0 ? Side::kMouse : Side::kCat;
  auto is_hole = [&](NodeId v) {
    return std::find(rules.holes.begin(), rules.holes.end(), v) != rules.holes.end();
  };
  rules.mouse_start = 0;
  while (is_hole(rules.mouse_start)) ++rules.mouse_start;
  rules.cat_start = 0;
  while (rules.cat_start == (*rules.cat_forbidden)[0]) ++rules.cat_start;
  return rules;
}

// The cat on a graph of its own (as on LeetCode 1728's grids, where the players jump different
// lengths), and the cat winning in a hole.
TEST(CrossCheck, CatGraphAndFood) {
  testing::Random random(1728);
  for (int k = 0; k < 3000; ++k) {
    const NodeId n = 3 + random.below(10);
    const Graph mouse_graph = testing::random_graph(n, 20 + random.below(40), random);
    const Graph cat_graph = testing::random_graph(n, 20 + random.below(40), random);
    const Rules rules = random_food_rules(n, random);
    ASSERT_TRUE(validate(rules, mouse_graph).ok());
    ASSERT_EQ(compare_engines(mouse_graph, rules, &cat_graph), 0);
  }
}

// A move limit, applied to the unlimited table, against backward induction over the moves left,
// for every limit up to 12 and both outcomes at the limit.
TEST(CrossCheck, MoveLimit) {
  testing::Random random(1000);
  for (int k = 0; k < 150; ++k) {
    const NodeId n = 3 + random.below(5);
    const Graph graph = testing::random_graph(n, 25 + random.below(40), random);
    const Graph cat_graph = testing::random_graph(n, 25 + random.below(40), random);
    const Graph* cats = random.below(2) == 0 ? &cat_graph : nullptr;
    Rules rules = random_food_rules(n, random);
    const Game game(graph, rules, cats);
    const Table table = solve_table(game).value();
    for (std::uint32_t limit = 1; limit <= 12; ++limit) {
      rules.move_limit = limit;
      rules.limit_outcome = random.below(2) == 0 ? LimitOutcome::kDraw : LimitOutcome::kCatWin;
      for (int t = 0; t < 6; ++t) {
        const State s = game.space().state(random.below(game.state_count()));
        if (!game.valid(s)) continue;
        const StateValue unlimited{table.value(game.space().index(s)), table.remoteness(s)};
        const StateValue limited = apply_move_limit(unlimited, rules);
        const StateValue expected = solve_reference_limited(graph, rules, s, cats);
        ASSERT_EQ(limited.value, expected.value)
            << to_leetcode(graph) << " limit " << limit << " state " << s.mouse << "," << s.cat;
        ASSERT_EQ(limited.remoteness, expected.remoteness)
            << to_leetcode(graph) << " limit " << limit << " state " << s.mouse << "," << s.cat;
      }
    }
  }
}

// Deep games, where the frontier kernel runs by default: paths, rings, grids and mazes as
// generated and relabelled at random, and graphs from the long-win search chained as `catmouse
// gen long` does, up to 64 nodes; compare_engines forces each kernel too.
TEST(CrossCheck, DeepFamilies) {
  for (GraphFamily family :
       {GraphFamily::kPath, GraphFamily::kCycle, GraphFamily::kGrid, GraphFamily::kMaze}) {
    for (NodeId n : {4u, 7u, 13u, 30u, 64u}) {
      const Graph graph = generate({family, n, 4.0, n}).value();
      for (const Graph& g : {graph, relabel(graph, shuffled_labels(n, 5 * n))}) {
        ASSERT_EQ(compare_engines(g, Rules{}), 0);
        Rules variant;
        variant.stuck = StuckRule::kDraw;
        variant.mouse_stays = n % 2 == 0;
        variant.cat_stays = n % 3 == 0;
        ASSERT_EQ(compare_engines(g, variant), 0);
      }
    }
  }
  for (NodeId n : {16u, 40u, 64u}) {
    LongGraphOptions options;
    options.nodes = n;
    options.base = 16;
    options.min_plies = 30;
    options.max_candidates = 40;
    options.seed = n;
    const LongGraph deep = long_win_graph(options);
    ASSERT_EQ(compare_engines(deep.graph, Rules{}), 0);
    ASSERT_EQ(compare_engines(relabel(deep.graph, shuffled_labels(n, 3)), Rules{}), 0);
  }
}

// Around the small kernel's limit of 64 nodes (one word per row, then two): both kernels and the
// reference agree, with remoteness.
TEST(CrossCheck, AroundSixtyFourNodes) {
  testing::Random random(64);
  for (NodeId n : {62u, 63u, 64u, 65u, 66u, 127u, 128u, 129u}) {
    const Graph graph = testing::random_graph(n, 4 + random.below(6), random);
    const Game game(graph, Rules{});
    SolveOptions general;
    general.engine = Engine::kGeneral;
    const Table wide = solve_table(game, general).value();
    EXPECT_EQ(wide, solve_reference(graph, Rules{})) << "n = " << n;
    EXPECT_TRUE(verify(game, wide).ok());
    if (n <= 64) {
      SolveOptions small;
      small.engine = Engine::kSmall;
      EXPECT_EQ(solve_table(game, small).value(), wide) << "n = " << n;
    } else {
      SolveOptions small;
      small.engine = Engine::kSmall;
      EXPECT_FALSE(solve_table(game, small).ok());
    }
  }
}

}  // namespace
}  // namespace catmouse
