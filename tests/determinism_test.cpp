// The engine gives identical tables for every thread count, on graphs large enough that it
// really runs in parallel, with and without remoteness.
#include <gtest/gtest.h>

#include <optional>

#include "catmouse/io/generate.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/verify.hpp"
#include "solve/engines.hpp"

namespace catmouse {
namespace {

Table solve_with(const Game& game, unsigned threads, bool values_only) {
  SolveOptions options;
  options.threads = threads;
  options.values_only = values_only;
  Result<Table> table = solve_table(game, options);
  EXPECT_TRUE(table.ok());
  return std::move(table).value();
}

TEST(Determinism, SameTableForOneTwoAndEightThreads) {
  const GraphFamily families[] = {GraphFamily::kRandom, GraphFamily::kGrid, GraphFamily::kTree};
  for (GraphFamily family : families) {
    GenerateOptions g;
    g.family = family;
    g.nodes = 300;  // 180,000 states: above the engine's threshold for using threads
    g.degree = 5;
    g.seed = 11;
    const Graph graph = generate(g).value();
    const Game game(graph, Rules{});
    for (bool values_only : {false, true}) {
      const Table one = solve_with(game, 1, values_only);
      EXPECT_EQ(one, solve_with(game, 2, values_only));
      EXPECT_EQ(one, solve_with(game, 8, values_only));
    }
    EXPECT_TRUE(verify(game, solve_with(game, 2, false)).ok());
  }
}

// Each kernel of the general engine, forced, on deep and shallow families as generated and
// relabelled at random: the same table for 1, 2 and 8 threads, and the same as the other kernel.
TEST(Determinism, EachKernelOnDeepFamilies) {
  const GraphFamily families[] = {GraphFamily::kPath, GraphFamily::kCycle, GraphFamily::kMaze,
                                  GraphFamily::kGrid, GraphFamily::kRandom};
  for (GraphFamily family : families) {
    const Graph generated = generate({family, 300, 5.0, 3}).value();
    for (const Graph& graph : {generated, relabel(generated, shuffled_labels(300, 9))}) {
      const Game game(graph, Rules{});
      for (bool values_only : {false, true}) {
        std::optional<Table> first;
        for (detail::OneCatKernel kernel :
             {detail::OneCatKernel::kFrontier, detail::OneCatKernel::kSweep}) {
          for (unsigned threads : {1u, 2u, 8u}) {
            SolveOptions options;
            options.engine = Engine::kGeneral;
            options.threads = threads;
            options.values_only = values_only;
            Table table = detail::solve_one_cat(game, options, kernel).value();
            if (!first) {
              first.emplace(std::move(table));
              if (!values_only) {
                EXPECT_TRUE(verify(game, *first).ok());
              }
            } else {
              EXPECT_EQ(table, *first)
                  << "kernel " << static_cast<int>(kernel) << ", " << threads << " threads";
            }
          }
        }
      }
    }
  }
}

// Boards large enough that the frontier kernel shares levels between its threads (a step visits
// at least 256 frontier words on many levels: rows of 25 words here): the same table on 1 and 2
// threads, and a correct one.
TEST(Determinism, SharedLevelsOnDeepBoards) {
  for (GraphFamily family : {GraphFamily::kMaze, GraphFamily::kGrid, GraphFamily::kTree}) {
    // The Game references its graph: the graph must outlive it, not die with the statement.
    const Graph graph = generate({family, 1600, 5.0, 7}).value();
    const Game game(graph, Rules{});
    SolveOptions options;
    options.engine = Engine::kGeneral;
    options.threads = 1;
    const Table one = detail::solve_one_cat(game, options, detail::OneCatKernel::kFrontier).value();
    EXPECT_TRUE(verify(game, one).ok());
    options.threads = 2;
    EXPECT_EQ(detail::solve_one_cat(game, options, detail::OneCatKernel::kFrontier).value(), one)
        << "family " << static_cast<int>(family);
  }
}

TEST(Determinism, ThreadsZeroMeansHardwareThreads) {
  GenerateOptions g;
  g.nodes = 260;
  const Graph graph = generate(g).value();
  const Game game(graph, Rules{});
  EXPECT_EQ(solve_with(game, 0, false), solve_with(game, 1, false));
}

}  // namespace
}  // namespace catmouse

namespace catmouse {
namespace {

// solve_state on a board large enough for threads agrees with the full table.
TEST(Determinism, SolveStateMatchesTheTable) {
  GenerateOptions g;
  g.nodes = 400;
  g.degree = 3;
  g.seed = 5;
  const Graph graph = generate(g).value();
  const Game game(graph, Rules{});
  const Table table = solve_table(game).value();
  for (NodeId mouse : {1u, 17u, 399u}) {
    for (NodeId cat : {2u, 5u, 200u}) {
      for (Side turn : {Side::kMouse, Side::kCat}) {
        const State s{mouse, cat, turn};
        for (unsigned threads : {1u, 2u}) {
          SolveOptions options;
          options.threads = threads;
          const StateValue answer = solve_state(game, s, options).value();
          EXPECT_EQ(answer.value, table.value(s));
          EXPECT_EQ(answer.remoteness, table.remoteness(s));
        }
      }
    }
  }
}

}  // namespace
}  // namespace catmouse
