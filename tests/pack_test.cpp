// k cats: the pack engine against the reference (ordered tuples, no symmetry) on every state of
// small games with two and three cats, under random rules.
#include <gtest/gtest.h>

#include <algorithm>

#include "catmouse/io/format.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/verify.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

// Disagreeing states, the first one reported; also checks that the reference gives every order
// of the cats the same answer (the symmetry the engine relies on).
int compare_pack(const Graph& graph, const Rules& rules) {
  // Through the seam: solve() picks the pack engine for k cats (or the cops engine for cops and
  // robbers), and the Solution answers per position.
  const Solution solution = solve(make_spec(graph, rules)).value();
  const auto reference = solve_pack_reference(graph, rules);
  const NodeId n = graph.node_count();
  int bad = 0;
  if (Status ok = verify(solution.game(), solution.table()); !ok) {
    ADD_FAILURE() << to_leetcode(graph) << ": " << ok.error().to_string();
    ++bad;
  }
  for (StateIndex i = 0; i < solution.table().state_count(); ++i) {
    Position s = solution.game().space().position(i);
    const auto expected = reference[pack_reference_index(n, s)];
    const StateValue v = solution.value(s);
    if (v.value != expected.first || v.remoteness.value_or(kNoRemoteness) != expected.second) {
      if (bad++ == 0) {
        ADD_FAILURE() << to_leetcode(graph) << " k=" << rules.cats << " " << describe(s)
                      << ": pack " << static_cast<int>(v.value) << "/"
                      << v.remoteness.value_or(kNoRemoteness) << ", reference "
                      << static_cast<int>(expected.first) << "/" << expected.second;
      }
    }
    std::reverse(s.cats.begin(), s.cats.end());
    if (reference[pack_reference_index(n, s)] != expected && bad++ == 0) {
      ADD_FAILURE() << "reference is not symmetric on " << to_leetcode(graph);
    }
  }
  return bad;
}

TEST(Pack, TwoAndThreeCatsAgainstReference) {
  testing::Random random(2024);
  for (int g = 0; g < 300; ++g) {
    const std::uint32_t k = g % 3 == 2 ? 3 : 2;
    const NodeId n = 3 + random.below(k == 3 ? 4 : 5);
    const Graph graph = random.below(4) == 0
                            ? testing::random_digraph(n, 35, random)
                            : testing::random_graph(n, 25 + random.below(50), random);
    Rules rules;
    rules.cats = k;
    rules.holes.clear();
    if (random.below(4) != 0) rules.holes.push_back(0);
    if (random.below(3) == 0) rules.holes.push_back(n - 1);
    if (random.below(3) == 0) rules.cat_forbidden = std::vector<NodeId>{};
    rules.mouse_stays = random.below(2) == 0;
    rules.cat_stays = random.below(2) == 0;
    rules.cat_wins_in_hole = rules.cat_forbidden && random.below(2) == 0;
    rules.stuck = random.below(4) == 0 ? StuckRule::kDraw : StuckRule::kLose;
    rules.mouse_start = 1;
    rules.cat_start = 2;
    if (!validate(rules, graph).ok()) continue;
    ASSERT_EQ(compare_pack(graph, rules), 0);
  }
}

// Exhaustive: every labelled graph on 4 nodes and a sample on 5, two cats, 913's rules and cops
// and robbers' rules (no hole, both stay).
TEST(Pack, EverySmallGraphTwoCats) {
  for (NodeId n : {4u, 5u}) {
    const std::uint64_t masks = std::uint64_t{1} << (n * (n - 1) / 2);
    for (std::uint64_t mask = 0; mask < masks; mask += n == 4 ? 1 : 7) {
      const Graph graph = testing::graph_from_mask(n, mask);
      Rules rules;
      rules.cats = 2;
      ASSERT_EQ(compare_pack(graph, rules), 0);
      rules.holes.clear();
      rules.mouse_stays = rules.cat_stays = true;
      ASSERT_EQ(compare_pack(graph, rules), 0);
    }
  }
}

// One cat through the pack engine is the main engine's game.
TEST(Pack, OneCatMatchesMainEngine) {
  testing::Random random(1);
  for (int g = 0; g < 100; ++g) {
    const Graph graph = testing::random_graph(3 + random.below(8), 40, random);
    const Game game(graph, Rules{});
    const Table main = solve_table(game).value();
    SolveOptions options;
    options.engine = Engine::kPack;
    const Table pack = solve_table(game, options).value();
    for (StateIndex i = 0; i < game.state_count(); ++i) {
      const State s = game.space().state(i);
      if (!game.valid(s)) continue;
      const Position p{s.mouse, {s.cat}, s.turn};
      ASSERT_EQ(pack.value(p), main.value(i));
      ASSERT_EQ(pack.remoteness(p), main.remoteness(s));
    }
  }
}

}  // namespace
}  // namespace catmouse
