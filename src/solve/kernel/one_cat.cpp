// The one-cat engine: the small kernel for boards of at most 64 nodes, the general one otherwise.
#include <fmt/format.h>

#include "solve/engines.hpp"
#include "solve/kernel/retrograde_kernel.hpp"
#include "solve/kernel/small_kernel.hpp"

namespace catmouse::detail {

namespace {

// Below this many states one thread is faster than starting others.
constexpr StateIndex kParallelThreshold = StateIndex{1} << 16;

// Runs the general kernel with remoteness words W; false when a remoteness does not fit in W.
// `out` stays empty when the solve was cancelled.
template <class W>
bool run_kernel(const Game& game, const SolveOptions& options, std::optional<Table>& out) {
  RetrogradeKernel<W> kernel(game, options);
  if (!kernel.run()) return false;
  if (!kernel.cancelled()) out.emplace(kernel.take_table());
  return true;
}

bool use_small_kernel(const Game& game, const SolveOptions& options) {
  return options.engine == Engine::kSmall ||
         (options.engine == Engine::kAuto && game.node_count() <= SmallKernel::kMaxNodes);
}

// The checks every solve starts with: the kernel fits the game, the memory fits the limit.
Status check_request(const Game& game, const SolveOptions& options) {
  if (game.cats() != 1) {
    return option_error("engine", fmt::format("the {} engine takes one cat, not {}",
                                              engine_name(options.engine), game.cats()));
  }
  if (options.engine != Engine::kAuto && options.engine != Engine::kSmall &&
      options.engine != Engine::kGeneral) {
    return option_error("engine", fmt::format("the one-cat kernels cannot run as the {} engine",
                                              engine_name(options.engine)));
  }
  if (use_small_kernel(game, options) && game.node_count() > SmallKernel::kMaxNodes) {
    return option_error("engine", fmt::format("the small kernel takes at most {} nodes, not {}",
                                              SmallKernel::kMaxNodes, game.node_count()));
  }
  const std::uint64_t estimate = one_cat_memory(game, options.values_only);
  if (options.memory_limit != 0 && estimate > options.memory_limit) {
    std::string hint;
    if (!options.values_only) {
      const std::uint64_t lean = one_cat_memory(game, true);
      hint = lean <= options.memory_limit
                 ? fmt::format("values only (no remoteness) would need {} and fit",
                               human_bytes(lean))
                 : fmt::format("even values only would need {}", human_bytes(lean));
    }
    return memory_error(fmt::format("solving {} states", game.state_count()), estimate,
                        options.memory_limit, hint);
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

std::uint64_t one_cat_memory(const Game& game, bool values_only) {
  // Twelve n x n bit matrices with rows padded to 64 bits, the remoteness words, and the dense
  // bitsets of the finished table.
  const std::uint64_t n = game.node_count();
  const std::uint64_t matrix = n * ((n + 63) / 64) * sizeof(std::uint64_t);
  const std::uint64_t states = game.state_count();
  const std::uint64_t table_bits =
      (values_only ? 2 : 1) * ((states + 63) / 64) * sizeof(std::uint64_t);
  return 12 * matrix + (values_only ? 0 : states * sizeof(std::uint16_t)) + table_bits;
}

Result<Table> solve_one_cat(const Game& game, const SolveOptions& options) {
  if (Status ok = check_request(game, options); !ok) return ok.error();
  if (use_small_kernel(game, options)) {
    SmallKernel kernel(game, options);
    kernel.run();
    if (kernel.cancelled()) return cancelled_error();
    return kernel.take_table();
  }
  const SolveOptions effective = effective_options(game, options);
  std::optional<Table> table;
  // 16-bit remoteness first; a game with a remoteness beyond 32767 is solved again with 32 bits.
  if (!run_kernel<std::uint16_t>(game, effective, table)) {
    run_kernel<std::uint32_t>(game, effective, table);
  }
  if (!table) return cancelled_error();
  return std::move(*table);
}

Result<StateValue> solve_one_cat_state(const Game& game, const State& state,
                                       const SolveOptions& options) {
  SolveOptions lean = options;
  lean.values_only = true;
  if (Status ok = check_request(game, lean); !ok) return ok.error();
  if (auto outcome = game.outcome(state)) return StateValue{*outcome, 0};
  if (use_small_kernel(game, lean)) {
    SmallKernel kernel(game, lean);
    kernel.run(state);
    if (kernel.cancelled()) return cancelled_error();
    return kernel.target_value(state);
  }
  RetrogradeKernel<std::uint32_t> kernel(game, effective_options(game, lean));
  kernel.run(state);
  if (kernel.cancelled()) return cancelled_error();
  return kernel.target_value(state);
}

}  // namespace catmouse::detail
