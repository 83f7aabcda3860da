// Microbenchmarks of the solver kernels on generated graphs (Google Benchmark). Whole-program
// comparisons against the baseline programs live in bench/compare. A short run of each is part of
// the test suite (ctest), so they always build and run.
#include <benchmark/benchmark.h>

#include "catmouse/core/game.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/solve/solve.hpp"

namespace {

catmouse::Graph make(catmouse::GraphFamily family, std::int64_t nodes, double degree) {
  catmouse::GenerateOptions options;
  options.family = family;
  options.nodes = static_cast<catmouse::NodeId>(nodes);
  options.degree = degree;
  options.seed = 1;
  return catmouse::generate(options).value();
}

void count_states(benchmark::State& state, const catmouse::Game& game) {
  state.counters["states"] = static_cast<double>(game.state_count());
  state.counters["ns_per_state"] = benchmark::Counter(
      static_cast<double>(game.state_count()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void solve_family(benchmark::State& state, catmouse::GraphFamily family, double degree,
                  catmouse::SolveOptions options) {
  const catmouse::Graph graph = make(family, state.range(0), degree);
  const catmouse::Game game(graph, catmouse::Rules{});
  for (auto _ : state) {
    auto table = catmouse::solve_table(game, options);
    benchmark::DoNotOptimize(table);
  }
  count_states(state, game);
}

void BM_Random6(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kRandom, 6, {});
}
void BM_Random6ValuesOnly(benchmark::State& state) {
  catmouse::SolveOptions options;
  options.values_only = true;
  solve_family(state, catmouse::GraphFamily::kRandom, 6, options);
}
void BM_Grid(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kGrid, 4, {});
}
void BM_Tree(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kTree, 2, {});
}
// Deep games: a ring and a maze, thousands and hundreds of levels (the frontier kernel).
void BM_Cycle(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kCycle, 2, {});
}
void BM_Maze(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kMaze, 2, {});
}
void BM_SmallKernel(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kRandom, 4, {});
}
void BM_GeneralKernelOnSmallBoard(benchmark::State& state) {
  catmouse::SolveOptions options;
  options.engine = catmouse::Engine::kGeneral;
  solve_family(state, catmouse::GraphFamily::kRandom, 4, options);
}
void BM_SolveStart(benchmark::State& state) {
  const catmouse::Graph graph = make(catmouse::GraphFamily::kRandom, state.range(0), 4);
  const catmouse::Game game(graph, catmouse::Rules{});
  for (auto _ : state) {
    auto answer = catmouse::solve_state(game, game.start());
    benchmark::DoNotOptimize(answer);
  }
  count_states(state, game);
}

BENCHMARK(BM_Random6)->Arg(200)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Random6ValuesOnly)->Arg(200)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Grid)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Tree)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cycle)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Maze)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SmallKernel)->Arg(20)->Arg(50)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GeneralKernelOnSmallBoard)->Arg(20)->Arg(50)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SolveStart)->Arg(20)->Arg(50)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
