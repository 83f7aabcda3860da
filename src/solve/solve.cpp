#include "catmouse/solve/solve.hpp"

#include <new>
#include <system_error>

#include "catmouse/solve/plan.hpp"
#include "solve/engines.hpp"

namespace catmouse {

Result<StateValue> solve_state(const Game& game, const State& state,
                               const SolveOptions& options) try {
  // The plan refuses what the kernel cannot hold; a game of more cats fails in the kernel.
  const Result<SolvePlan> planned = plan(game, options, SinkKind::kLevels);
  if (!planned.ok()) return planned.error();
  return detail::solve_one_cat_state(
      game, state, planned->sink() == SinkKind::kLevels ? planned->options() : options);
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(options.threads), failure.code().message());
}

Result<Solution> solve(GameSpec spec, const SolveOptions& options) {
  Result<SolvePlan> planned = plan(std::move(spec), options);
  if (!planned.ok()) return planned.error();
  return run(std::move(planned).value());
}

Result<StateValue> solve_value(const GameSpec& spec, const Position& position,
                               const SolveOptions& options) {
  // A plan for levels: the one-cat engines take it, the others a table (run(plan, position)).
  Result<SolvePlan> planned = plan(spec, options, SinkKind::kLevels);
  if (!planned.ok()) return planned.error();
  Result<PositionValue> answer = run(*planned, position);
  if (!answer.ok()) return answer.error();
  return answer->value;
}

}  // namespace catmouse
