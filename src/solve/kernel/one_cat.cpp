// The one-cat engine: the small kernel for boards of at most 64 nodes, otherwise the frontier
// kernel or the sweep kernel as the graph suits them.
#include <fmt/format.h>

#include "solve/engines.hpp"
#include "solve/kernel/frontier_kernel.hpp"
#include "solve/kernel/small_kernel.hpp"
#include "solve/kernel/sweep_kernel.hpp"

namespace catmouse::detail {

namespace {

// Below this many states one thread is faster than starting others.
constexpr StateIndex kParallelThreshold = StateIndex{1} << 16;

// Runs the general kernel with remoteness words W; false when a remoteness does not fit in W.
// `out` stays empty when the solve was cancelled.
template <class W>
bool run_kernel(const Game& game, const SolveOptions& options, const FrontierPlan* plan,
                std::optional<Table>& out) {
  if (plan != nullptr) {
    FrontierKernel<W> kernel(game, options, *plan);
    if (!kernel.run()) return false;
    if (!kernel.cancelled()) out.emplace(kernel.take_table());
    return true;
  }
  SweepKernel<W> kernel(game, options);
  if (!kernel.run()) return false;
  if (!kernel.cancelled()) out.emplace(kernel.take_table());
  return true;
}

bool use_small_kernel(const Game& game, const SolveOptions& options, OneCatKernel kernel) {
  if (kernel != OneCatKernel::kAuto) return false;
  return options.engine == Engine::kSmall ||
         (options.engine == Engine::kAuto && game.node_count() <= SmallKernel::kMaxNodes);
}

// The frontier kernel's plan when it is the kernel to run, else nullopt (the sweep kernel).
std::optional<FrontierPlan> frontier_plan(const Game& game, OneCatKernel kernel) {
  if (kernel == OneCatKernel::kSweep) return std::nullopt;
  // A program entry covers at most 64 moves: past this average degree it cannot fit the bound,
  // and building it (a sort of every move) would be wasted.
  const double moves =
      static_cast<double>(std::max(game.graph().edge_count(), game.cat_graph().edge_count()));
  if (kernel == OneCatKernel::kAuto &&
      2 * moves > kFrontierEntriesPerWord * static_cast<double>(game.node_count())) {
    return std::nullopt;
  }
  FrontierPlan plan = make_frontier_plan(game);
  if (kernel == OneCatKernel::kAuto && plan.entries_per_word() > kFrontierEntriesPerWord) {
    return std::nullopt;
  }
  return plan;
}

// The checks every solve starts with: the kernel fits the game (its memory plan() checked).
Status check_request(const Game& game, const SolveOptions& options, OneCatKernel kernel) {
  if (game.cats() != 1) {
    return option_error(ErrorField::kEngine, fmt::format("the {} engine takes one cat, not {}",
                                                         engine_name(options.engine), game.cats()));
  }
  if (options.engine != Engine::kAuto && options.engine != Engine::kSmall &&
      options.engine != Engine::kGeneral) {
    return option_error(ErrorField::kEngine,
                        fmt::format("the one-cat kernels cannot run as the {} engine",
                                    engine_name(options.engine)));
  }
  if (use_small_kernel(game, options, kernel) && game.node_count() > SmallKernel::kMaxNodes) {
    return option_error(ErrorField::kEngine,
                        fmt::format("the small kernel takes at most {} nodes, not {}",
                                    SmallKernel::kMaxNodes, game.node_count()));
  }
  return {};
}

SolveOptions effective_options(const Game& game, const SolveOptions& options) {
  SolveOptions effective = options;
  effective.threads = resolve_threads(options.threads);
  if (game.state_count() < kParallelThreshold) effective.threads = 1;
  return effective;
}

}  // namespace

std::uint64_t one_cat_memory(const Game& game, bool values_only, bool table, OneCatKernel kernel) {
  // The kernel that will run, as solve_one_cat chooses it (the small kernel's boards are too small
  // to matter): the sweep kernel holds twelve n x n bit matrices with rows padded to 64 bits (four
  // layers of three) and frees the six of its child layers before building the table; the
  // frontier kernel ten with a guard word at each end of a row (two attractors of five) and frees
  // the six of its frontiers first. So values only, the peak is the larger of the kernel and what
  // it keeps plus the table's two bitsets, not their sum. With remoteness, the words (over n
  // rounded up to 8) are held throughout and the table's bitset is counted on top. Both count the
  // game's graphs at the peak of building them (32 bytes an edge, 16 a node, as io/limits.hpp's
  // graph_bytes): that heap stays resident under the kernel's own mappings.
  const std::uint64_t n = game.node_count();
  const std::uint64_t words = (n + 63) / 64;
  // Up to the small kernel's size the difference is a few kilobytes: no plan is built for it (a
  // batch plans thousands of small boards).
  const bool frontier = n <= SmallKernel::kMaxNodes ? kernel != OneCatKernel::kSweep
                                                    : frontier_plan(game, kernel).has_value();
  const std::uint64_t row_bytes = (frontier ? words + 2 : words) * sizeof(std::uint64_t);
  // A sixteenth more for what the kernels keep beside their matrices (row lists, occupancy,
  // frontier lists, page tails): measured at about 3 % of them at 4000 nodes, values only.
  const std::uint64_t matrices = (frontier ? 10 : 12) * n * row_bytes * 17 / 16;
  const std::uint64_t kept = (frontier ? 4 : 6) * n * row_bytes;
  const std::uint64_t bitset = (game.state_count() + 63) / 64 * sizeof(std::uint64_t);
  std::uint64_t edges = game.graph().edge_count();
  if (&game.cat_graph() != &game.graph()) edges += game.cat_graph().edge_count();
  const std::uint64_t graphs = 32 * edges + 16 * n;
  if (values_only) return graphs + (table ? std::max(matrices, kept + 2 * bitset) : matrices);
  const std::uint64_t n8 = (n + 7) / 8 * 8;
  return graphs + matrices + 2 * n8 * n8 * sizeof(std::uint16_t) + (table ? bitset : 0);
}

Result<Table> solve_one_cat(const Game& game, const SolveOptions& options, OneCatKernel kernel) {
  if (Status ok = check_request(game, options, kernel); !ok) return ok.error();
  if (use_small_kernel(game, options, kernel)) {
    SmallKernel small(game, options);
    small.run();
    if (small.cancelled()) return cancelled_error();
    return small.take_table();
  }
  const SolveOptions effective = effective_options(game, options);
  const std::optional<FrontierPlan> plan = frontier_plan(game, kernel);
  const FrontierPlan* frontier = plan ? &*plan : nullptr;
  std::optional<Table> table;
  // 16-bit remoteness first; a game with a remoteness beyond 32767 is solved again with 32 bits.
  if (!run_kernel<std::uint16_t>(game, effective, frontier, table)) {
    run_kernel<std::uint32_t>(game, effective, frontier, table);
  }
  if (!table) return cancelled_error();
  return std::move(*table);
}

Result<Engine> solve_one_cat_levels(const Game& game, const SolveOptions& options, LevelSink& sink,
                                    LevelReplay* resume, OneCatKernel kernel) {
  SolveOptions lean = options;
  lean.values_only = true;  // the remoteness is the level: the sink keeps it
  if (Status ok = check_request(game, lean, kernel); !ok) return ok.error();
  if (use_small_kernel(game, lean, kernel)) {
    SmallKernel small(game, lean);
    small.set_levels(&sink, resume);
    small.run();
    if (small.cancelled()) return cancelled_error();
    return Engine::kSmall;
  }
  const SolveOptions effective = effective_options(game, lean);
  bool stopped = false;
  if (const std::optional<FrontierPlan> plan = frontier_plan(game, kernel)) {
    FrontierKernel<std::uint32_t> frontier(game, effective, *plan);
    frontier.set_levels(&sink, resume);
    frontier.run();
    stopped = frontier.cancelled();
  } else {
    SweepKernel<std::uint32_t> sweep(game, effective);
    sweep.set_levels(&sink, resume);
    sweep.run();
    stopped = sweep.cancelled();
  }
  if (stopped) return cancelled_error();
  return Engine::kGeneral;
}

Result<StateValue> solve_one_cat_state(const Game& game, const State& state,
                                       const SolveOptions& options, OneCatKernel kernel) {
  SolveOptions lean = options;
  lean.values_only = true;
  if (Status ok = check_request(game, lean, kernel); !ok) return ok.error();
  if (auto outcome = game.outcome(state)) return StateValue{*outcome, 0};
  if (use_small_kernel(game, lean, kernel)) {
    SmallKernel small(game, lean);
    small.run(state);
    if (small.cancelled()) return cancelled_error();
    return small.target_value(state);
  }
  const SolveOptions effective = effective_options(game, lean);
  if (const std::optional<FrontierPlan> plan = frontier_plan(game, kernel)) {
    FrontierKernel<std::uint32_t> frontier(game, effective, *plan);
    frontier.run(state);
    if (frontier.cancelled()) return cancelled_error();
    return frontier.target_value(state);
  }
  SweepKernel<std::uint32_t> sweep(game, effective);
  sweep.run(state);
  if (sweep.cancelled()) return cancelled_error();
  return sweep.target_value(state);
}

}  // namespace catmouse::detail
