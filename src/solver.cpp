#include "catmouse/solver.hpp"

#include <fmt/format.h>

#include <thread>

#include "retrograde_kernel.hpp"

namespace catmouse {

namespace {

// Below this many states one thread is faster than starting others.
constexpr StateIndex kParallelThreshold = StateIndex{1} << 18;

std::uint32_t max_moves(const Game& game) {
  std::uint32_t most = 0;
  for (NodeId v = 0; v < game.node_count(); ++v) {
    most = std::max({most, game.graph().degree(v), game.cat_move_count(v)});
  }
  return most;
}

// Bytes per counter word: it must hold every move count, and with remoteness every level too
// (16 bits first; solve() widens to 32 if a game runs longer).
// The top bit of a word marks a decided state, so a word holds counts below half its range.
unsigned word_bytes(const Game& game, bool values_only) {
  const std::uint32_t moves = max_moves(game);
  if (values_only && moves <= INT8_MAX) return 1;
  return moves <= INT16_MAX ? 2 : 4;
}

template <class W, bool kShared>
bool run_kernel(const Game& game, const SolveOptions& options, std::optional<Table>& out) {
  detail::RetrogradeKernel<W, kShared> kernel(game, options);
  if (!kernel.run()) return false;
  out.emplace(kernel.take_table());
  return true;
}

template <class W>
bool run_with(const Game& game, const SolveOptions& options, std::optional<Table>& out) {
  const bool shared = options.threads > 1 && game.state_count() >= kParallelThreshold;
  return shared ? run_kernel<W, true>(game, options, out) : run_kernel<W, false>(game, options, out);
}

std::string mib(std::uint64_t bytes) { return fmt::format("{:.1f} MiB", bytes / 1048576.0); }

}  // namespace

std::uint64_t solve_memory_estimate(const Game& game, bool values_only) {
  const std::uint64_t states = game.state_count();
  const std::uint64_t bits = 3 * ((states + 63) / 64) * sizeof(std::uint64_t);
  const std::uint64_t rows = 2 * game.space().rows();
  return states * word_bytes(game, values_only) + bits + rows;
}

Result<Table> solve(const Game& game, const SolveOptions& options) {
  const std::uint64_t estimate = solve_memory_estimate(game, options.values_only);
  if (options.memory_limit != 0 && estimate > options.memory_limit) {
    std::string hint;
    if (!options.values_only) {
      const std::uint64_t lean = solve_memory_estimate(game, true);
      hint = lean <= options.memory_limit
                 ? fmt::format("; values only (no remoteness) would need {} and fit", mib(lean))
                 : fmt::format("; even values only would need {}", mib(lean));
    }
    return Error{fmt::format("solving {} states needs about {}, more than the limit of {}{}",
                             game.state_count(), mib(estimate), mib(options.memory_limit), hint),
                 {}};
  }
  SolveOptions effective = options;
  if (effective.threads == 0) effective.threads = std::max(1u, std::thread::hardware_concurrency());
  std::optional<Table> table;
  switch (word_bytes(game, options.values_only)) {
    case 1:
      run_with<std::uint8_t>(game, effective, table);
      break;
    case 2:
      if (run_with<std::uint16_t>(game, effective, table)) break;
      [[fallthrough]];  // a remoteness beyond 32767: solve again with 32-bit words
    default:
      run_with<std::uint32_t>(game, effective, table);
  }
  return std::move(*table);
}

}  // namespace catmouse
