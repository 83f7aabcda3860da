// The library's check domains (testing/check.hpp) on their own, as a front end without processes
// uses them: the same seed gives the same cases, answers are the solver's, the long-win search
// comes early, shrinking keeps a failure, the cancel poll ends searches and shrinks with the best
// so far, the game of a case explains its answer, and bad options and files are errors naming
// their field or line. Also the map search's corridors and its reach on 8x8 boards.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "catmouse/core/game.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/testing/check.hpp"
#include "catmouse/testing/grid_search.hpp"

namespace catmouse {
namespace {

std::unique_ptr<CheckDomain> domain_of(Result<std::unique_ptr<CheckDomain>> made) {
  EXPECT_TRUE(made.ok()) << made.error().to_string();
  return std::move(made).value();
}

std::vector<std::string> first_cases(CheckDomain& domain, int count) {
  std::vector<std::string> inputs;
  for (int k = 0; k < count; ++k) {
    std::optional<CheckCase> c = domain.next();
    if (!c) break;
    inputs.push_back(c->input);
  }
  return inputs;
}

TEST(CheckDomain, SameSeedSameCasesAndAnswersAreTheSolvers) {
  CheckOptions options;
  options.seed = 4;
  options.source = CheckSource::kRandom;
  const auto a = domain_of(graph_check_domain(options));
  const auto b = domain_of(graph_check_domain(options));
  const std::vector<std::string> cases = first_cases(*a, 40);
  ASSERT_EQ(cases.size(), 40u);
  EXPECT_EQ(cases, first_cases(*b, 40));
  for (const std::string& input : cases) {
    const Solution solution = solve(a->game(input)).value();
    const StateValue value = solution.value(solution.start());
    EXPECT_EQ(a->exact(input), value) << input;
    EXPECT_EQ(a->expected(input), std::to_string(static_cast<int>(value.value))) << input;
  }
}

TEST(CheckDomain, AutoStartsWithEveryGraphOfThreeNodes) {
  const auto domain = domain_of(graph_check_domain(CheckOptions{}));
  const std::optional<CheckCase> first = domain->next();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->origin, "every graph on 3 nodes");
  EXPECT_EQ(domain->answers(), (std::vector<std::string>{"0", "1", "2"}));
}

// The long-win search is interleaved with every small graph (map), from the second case on.
TEST(CheckDomain, AutoInterleavesTheSearchWithTheSmallCases) {
  for (const bool grid : {false, true}) {
    const auto domain =
        domain_of(grid ? grid_check_domain(CheckOptions{}) : graph_check_domain(CheckOptions{}));
    std::vector<std::string> origins;
    for (int k = 0; k < 6; ++k) origins.push_back(domain->next()->origin);
    for (int k = 0; k < 6; k += 2) {
      EXPECT_EQ(origins[k].rfind("every ", 0), 0u) << origins[k];
    }
    EXPECT_EQ(origins[1].rfind("the long-win search (", 0), 0u) << origins[1];
  }
}

TEST(CheckDomain, CancelledEndsCasesAndShrinksWithTheBestSoFar) {
  bool cancel = false;
  CheckOptions options;
  options.cancelled = [&] { return cancel; };
  const auto domain = domain_of(graph_check_domain(options));
  ASSERT_TRUE(domain->next().has_value());
  // A "solver" wrong on every graph of 6 nodes or more that is not a draw; cancelled after two
  // calls (the shrink's first step tries one graph per size from 4 nodes up), the shrink returns
  // the smallest failing graph it had.
  std::optional<CheckCase> found;
  while (!found) {
    std::optional<CheckCase> c = domain->next();
    ASSERT_TRUE(c.has_value());
    if (parse_leetcode(c->input, "case")->node_count() >= 12 && domain->expected(c->input) != "0") {
      found = c;
    }
  }
  int calls = 0;
  const auto fails = [&](const std::string& input) {
    cancel = ++calls >= 2;
    return parse_leetcode(input, "case")->node_count() >= 6 && domain->expected(input) != "0";
  };
  const ShrunkCase shrunk = domain->shrink(found->input, fails);
  EXPECT_TRUE(shrunk.cancelled);
  EXPECT_EQ(shrunk.tries, 2u);
  EXPECT_EQ(calls, 2);
  EXPECT_TRUE(fails(shrunk.input)) << shrunk.input;
  EXPECT_FALSE(domain->next().has_value());
  cancel = false;
  EXPECT_TRUE(domain->next().has_value());  // the poll, not the source, ended it
  // Maps alike.
  cancel = false;
  calls = 0;
  CheckOptions map_options;
  map_options.source = CheckSource::kSearch;
  map_options.cancelled = [&] { return cancel; };
  const auto maps = domain_of(grid_check_domain(map_options));
  const std::string map = maps->next()->input;
  const auto map_fails = [&](const std::string& input) {
    cancel = ++calls >= 3;
    return maps->expected(input) == "true";
  };
  const ShrunkCase shrunk_map = maps->shrink(map, map_fails);
  EXPECT_TRUE(shrunk_map.cancelled);
  EXPECT_EQ(shrunk_map.tries, 3u);
  EXPECT_EQ(maps->expected(shrunk_map.input), "true");
  EXPECT_FALSE(maps->next().has_value());
}

TEST(CheckDomain, ShrinkKeepsTheFailure) {
  // A "solver" that calls every game with at least 6 nodes a draw fails on the first such graph
  // whose answer is not a draw; shrinking keeps it failing and brings it to 6 nodes.
  CheckOptions options;
  options.source = CheckSource::kSearch;
  options.min_nodes = 8;
  options.max_nodes = 12;
  const auto domain = domain_of(graph_check_domain(options));
  const auto fails = [&](const std::string& input) {
    return parse_leetcode(input, "case")->node_count() >= 6 && domain->expected(input) != "0";
  };
  std::optional<CheckCase> found;
  while (!found) {
    std::optional<CheckCase> c = domain->next();
    ASSERT_TRUE(c.has_value());
    if (fails(c->input)) found = c;
  }
  const ShrunkCase shrunk = domain->shrink(found->input, fails);
  EXPECT_TRUE(fails(shrunk.input));
  EXPECT_EQ(parse_leetcode(shrunk.input, "case")->node_count(), 6u) << shrunk.input;
  EXPECT_GT(shrunk.tries, 0u);
}

TEST(CheckDomain, MapsAnswerTrueOrFalse) {
  CheckOptions options;
  options.source = CheckSource::kRandom;
  const auto domain = domain_of(grid_check_domain(options));
  EXPECT_EQ(domain->answers(), (std::vector<std::string>{"true", "false"}));
  for (const std::string& input : first_cases(*domain, 20)) {
    const GameSpec game = domain->game(input);
    ASSERT_TRUE(game.grid.has_value());
    const Solution solution = solve(game).value();
    const bool mouse = solution.value(solution.start()).value == Value::kMouseWin;
    EXPECT_EQ(domain->expected(input), mouse ? "true" : "false") << input;
  }
}

TEST(CheckDomain, FilesAreReadLineByLine) {
  CheckOptions options;
  options.source = CheckSource::kFile;
  options.cases_source = "cases.jsonl";
  options.cases = "[[2],[2],[0,1]]\n\n[[1,2],[0,2],[0,1]]\n";
  const auto domain = domain_of(graph_check_domain(options));
  const std::optional<CheckCase> first = domain->next();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->origin, "line 1 of the file");
  EXPECT_EQ(domain->next()->origin, "line 3 of the file");
  EXPECT_FALSE(domain->next().has_value());
}

// What a run covered, for its summary: the small cases in full once the last one is added, the
// search's longest win, the random cases' sizes, and nothing from a case never added.
TEST(CheckDomain, CoverageSaysWhatWasChecked) {
  CheckOptions options;
  options.exhaustive = 4;
  const auto domain = domain_of(graph_check_domain(options));
  CheckCoverage coverage(false);
  EXPECT_EQ(coverage.text(), "");
  std::uint32_t longest = 0, small = 0, random = 0;
  for (int k = 0; k < 300; ++k) {
    const std::optional<CheckCase> c = domain->next();
    ASSERT_TRUE(c.has_value());
    if (c->source == CheckSource::kSearch) longest = std::max(longest, c->plies);
    small += c->source == CheckSource::kExhaustive;
    random += c->source == CheckSource::kRandom;
    EXPECT_EQ(c->units, parse_leetcode(c->input, "case").value().node_count());
    coverage.add(*c);
    if (k == 9) {
      EXPECT_EQ(coverage.text().rfind("the first 5 small graphs of 3 ", 0), 0u) << coverage.text();
    }
  }
  ASSERT_GT(random, 0u);  // so every small graph was handed out
  EXPECT_EQ(coverage.longest_win(), longest);
  EXPECT_EQ(coverage.text(),
            fmt::format("every graph of 3 to 4 nodes, {} long-win search graphs with wins of up to "
                        "{} moves, {} random graphs of 3 to 14 nodes",
                        300 - small - random, longest, random));
  CheckCoverage maps(true);
  CheckCase file;
  file.source = CheckSource::kFile;
  file.units = 12;
  maps.add(file);
  EXPECT_EQ(maps.text(), "the first map of the file");
  file.last = true;
  maps.add(file);
  EXPECT_EQ(maps.text(), "all 2 maps of the file");
}

TEST(CheckDomain, ErrorsNameTheFieldOrTheLine) {
  const auto error_of = [](Result<std::unique_ptr<CheckDomain>> made) {
    EXPECT_FALSE(made.ok());
    return made.ok() ? std::string() : made.error().to_string();
  };
  CheckOptions options;
  options.exhaustive = 9;
  EXPECT_EQ(error_of(graph_check_domain(options)), "exhaustive: at most 8 nodes");
  options.exhaustive = 13;
  EXPECT_EQ(error_of(grid_check_domain(options)), "exhaustive: at most 12 cells");
  options = {};
  options.max_nodes = 2;
  EXPECT_EQ(error_of(graph_check_domain(options)).rfind("nodes: ", 0), 0u);
  options = {};
  options.rules.cats = 2;
  EXPECT_EQ(error_of(graph_check_domain(options)), "cats: check tests solvers with one cat");
  options = {};
  options.rules.holes = {20};
  EXPECT_EQ(error_of(graph_check_domain(options)),
            "holes: node 20 is out of range (nodes are 0..13)");
  options = {};
  options.source = CheckSource::kFile;
  options.cases_source = "cases.jsonl";
  options.cases = "[[1,2],[0,2],[0,1]]\n[[1],[0],[]]\n";
  EXPECT_EQ(error_of(graph_check_domain(options)).rfind("cases.jsonl:2: not a valid input", 0), 0u);
  options.cases = "[[1,2],[0,2],[0,1]]\n[[1,2],[0,2],[0,1]\n";
  EXPECT_EQ(error_of(graph_check_domain(options)).rfind("cases.jsonl:2:", 0), 0u);
  options.cases = "{\"grid\":[\"M.C\",\"..F\"],\"catJump\":0,\"mouseJump\":1}\n";
  EXPECT_EQ(error_of(grid_check_domain(options)).rfind("cases.jsonl:1: not a LeetCode 1728 map", 0),
            0u);
  EXPECT_EQ(parse_check_source("sometimes").error().where.field_text(), "source");
  EXPECT_EQ(parse_check_source("search").value(), CheckSource::kSearch);
}

// A corridor is an induced path: with the cat at one end, the mouse next to it and the food at the
// other end, the mouse walks it all, so it wins in 2 (cells - 2) - 1 moves.
TEST(MapSearch, CorridorsAreWalkedToTheEnd) {
  for (std::uint32_t rows = 2; rows <= 8; ++rows) {
    for (std::uint32_t columns = 3; columns <= 8; ++columns) {
      for (std::uint32_t kind = 0; kind < 3; ++kind) {
        const GridMap map = corridor_map(rows, columns, kind);
        std::uint32_t floors = 0;
        for (NodeId v = 0; v < rows * columns; ++v) floors += !map.wall(v);
        const GameSpec spec = grid_spec(map);
        const Game game(spec.graph, spec.rules, &*spec.cat_graph);
        const StateValue value = solve_state(game, game.start()).value();
        ASSERT_EQ(value.value, Value::kMouseWin) << grid_json(map);
        EXPECT_EQ(*value.remoteness, 2 * (floors - 2) - 1) << grid_json(map);
      }
    }
  }
  EXPECT_EQ(grid_json(corridor_map(3, 4, 2)),
            R"({"grid":["CM..","###.","F..."],"catJump":1,"mouseJump":1})");
}

// The map search starts from corridors of LeetCode's shapes: on 8x8 boards its first candidates
// are mouse wins of 75 moves and more (LeetCode's own longest maps take 73 to 79), where a
// 70-move cap fails.
TEST(MapSearch, ReachesSeventyFiveMovesOnEightByEight) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    MapLongWinSearch search(RandomMapOptions{8, 8, 3, seed});
    std::uint32_t best = 0;
    for (int k = 0; k < 3; ++k) {
      ASSERT_TRUE(search.next().has_value());
      best = std::max(best, search.last_remoteness());
    }
    EXPECT_GE(best, 75u) << "seed " << seed;
  }
}

}  // namespace
}  // namespace catmouse
