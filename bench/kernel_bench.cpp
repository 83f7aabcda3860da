// Microbenchmarks of the solver kernel on generated graphs (Google Benchmark). Whole-program
// comparisons against the baselines live in bench/compare.
#include <benchmark/benchmark.h>

#include "catmouse/game.hpp"
#include "catmouse/generate.hpp"
#include "catmouse/solver.hpp"

namespace {

void solve_family(benchmark::State& state, catmouse::GraphFamily family, double degree) {
  catmouse::GenerateOptions options;
  options.family = family;
  options.nodes = static_cast<catmouse::NodeId>(state.range(0));
  options.degree = degree;
  options.seed = 1;
  const catmouse::Graph graph = catmouse::generate(options).value();
  const catmouse::Game game(graph, catmouse::Rules{});
  for (auto _ : state) {
    auto table = catmouse::solve(game);
    benchmark::DoNotOptimize(table);
  }
  state.counters["states"] = static_cast<double>(game.state_count());
  state.counters["ns_per_state"] = benchmark::Counter(
      static_cast<double>(game.state_count()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_SolveRandomDegree6(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kRandom, 6);
}
void BM_SolveGrid(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kGrid, 4);
}
void BM_SolveTree(benchmark::State& state) {
  solve_family(state, catmouse::GraphFamily::kTree, 2);
}

BENCHMARK(BM_SolveRandomDegree6)->Arg(50)->Arg(200)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveGrid)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveTree)->Arg(400)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
