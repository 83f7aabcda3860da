#include "catmouse/solve/solver.hpp"

#include <fmt/format.h>

#include <cassert>
#include <thread>

#include "solve/kernel/retrograde_kernel.hpp"
#include "solve/kernel/small_kernel.hpp"

namespace catmouse {

namespace {

// Below this many states one thread is faster than starting others.
constexpr StateIndex kParallelThreshold = StateIndex{1} << 16;

template <class W>
bool run_kernel(const Game& game, const SolveOptions& options, std::optional<Table>& out) {
  detail::RetrogradeKernel<W> kernel(game, options);
  if (!kernel.run()) return false;
  out.emplace(kernel.take_table());
  return true;
}

bool use_small_kernel(const Game& game, const SolveOptions& options) {
  return options.kernel == Kernel::kSmall ||
         (options.kernel == Kernel::kAuto && game.node_count() <= detail::SmallKernel::kMaxNodes);
}

// "512 bytes", "3.2 KiB", "1.5 GiB".
std::string human_bytes(std::uint64_t bytes) {
  const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) return fmt::format("{} bytes", bytes);
  double amount = bytes / 1024.0;
  int unit = 0;
  while (amount >= 1024 && unit < 3) {
    amount /= 1024;
    ++unit;
  }
  return fmt::format("{:.1f} {}", amount, units[unit]);
}

}  // namespace

std::uint64_t solve_memory_estimate(const Game& game, bool values_only) {
  // Twelve n x n bit matrices with rows padded to 64 bits, the remoteness words, and the dense
  // bitsets of the finished table.
  const std::uint64_t n = game.node_count();
  const std::uint64_t matrix = n * ((n + 63) / 64) * sizeof(std::uint64_t);
  const std::uint64_t states = game.state_count();
  const std::uint64_t table_bits =
      (values_only ? 2 : 1) * ((states + 63) / 64) * sizeof(std::uint64_t);
  return 12 * matrix + (values_only ? 0 : states * sizeof(std::uint16_t)) + table_bits;
}

namespace {

// The checks every solve starts with: the kernel fits the game, the memory fits the limit.
Status check_request(const Game& game, const SolveOptions& options) {
  if (use_small_kernel(game, options) && game.node_count() > detail::SmallKernel::kMaxNodes) {
    return Error{fmt::format("the small kernel takes at most {} nodes, not {}",
                             detail::SmallKernel::kMaxNodes, game.node_count()),
                 {}};
  }
  const std::uint64_t estimate = solve_memory_estimate(game, options.values_only);
  if (options.memory_limit != 0 && estimate > options.memory_limit) {
    std::string hint;
    if (!options.values_only) {
      const std::uint64_t lean = solve_memory_estimate(game, true);
      hint = lean <= options.memory_limit
                 ? fmt::format("; values only (no remoteness) would need {} and fit",
                               human_bytes(lean))
                 : fmt::format("; even values only would need {}", human_bytes(lean));
    }
    return Error{fmt::format("solving {} states needs about {}, more than the limit of {}{}",
                             game.state_count(), human_bytes(estimate),
                             human_bytes(options.memory_limit), hint),
                 {}};
  }
  return {};
}

SolveOptions effective_options(const Game& game, const SolveOptions& options) {
  SolveOptions effective = options;
  if (effective.threads == 0) effective.threads = std::max(1u, std::thread::hardware_concurrency());
  if (game.state_count() < kParallelThreshold) effective.threads = 1;
  return effective;
}

}  // namespace

Result<Table> solve(const Game& game, const SolveOptions& options) {
  if (Status ok = check_request(game, options); !ok) return ok.error();
  if (use_small_kernel(game, options)) {
    detail::SmallKernel kernel(game, options);
    kernel.run();
    return kernel.take_table();
  }
  const SolveOptions effective = effective_options(game, options);
  std::optional<Table> table;
  // 16-bit remoteness first; a game with a remoteness beyond 32767 is solved again with 32 bits.
  if (!run_kernel<std::uint16_t>(game, effective, table)) {
    run_kernel<std::uint32_t>(game, effective, table);
  }
  return std::move(*table);
}

Result<StateValue> solve_state(const Game& game, const State& state, const SolveOptions& options) {
  SolveOptions lean = options;
  lean.values_only = true;
  if (Status ok = check_request(game, lean); !ok) return ok.error();
  if (auto outcome = game.outcome(state)) return StateValue{*outcome, 0};
  if (use_small_kernel(game, lean)) {
    detail::SmallKernel kernel(game, lean);
    kernel.run(state);
    return kernel.target_value(state);
  }
  detail::RetrogradeKernel<std::uint32_t> kernel(game, effective_options(game, lean));
  kernel.run(state);
  return kernel.target_value(state);
}

StateValue apply_move_limit(const StateValue& unlimited, const Rules& rules, std::uint32_t played) {
  if (rules.move_limit == 0) return unlimited;
  assert(unlimited.value == Value::kDraw || unlimited.remoteness);
  const std::uint32_t left = rules.move_limit > played ? rules.move_limit - played : 0;
  if (unlimited.value != Value::kDraw && *unlimited.remoteness <= left) return unlimited;
  if (rules.limit_outcome == LimitOutcome::kCatWin) return {Value::kCatWin, left};
  return {};
}

}  // namespace catmouse
