#include "catmouse/solve/solve.hpp"

#include <fmt/format.h>

#include <chrono>
#include <new>
#include <system_error>

#include "catmouse/solve/cops.hpp"
#include "solve/engines.hpp"
#include "solve/kernel/small_kernel.hpp"

namespace catmouse {

namespace {

bool one_cat_engine(Engine engine) {
  return engine == Engine::kSmall || engine == Engine::kGeneral;
}

}  // namespace

Result<Engine> choose_engine(const Game& game, const SolveOptions& options) {
  if (options.engine != Engine::kAuto) return options.engine;  // the engine checks the fit
  if (game.cats() == 1) {
    return game.node_count() <= detail::SmallKernel::kMaxNodes ? Engine::kSmall : Engine::kGeneral;
  }
  if (detail::cops_shaped(game) && game.cats() <= kMaxCops && game.node_count() <= kMaxCopsNodes) {
    return Engine::kCops;
  }
  return Engine::kPack;
}

std::uint64_t memory_estimate(const Game& game, const SolveOptions& options) {
  const Result<Engine> engine = choose_engine(game, options);
  if (!engine.ok()) return 0;
  switch (*engine) {
    case Engine::kPack:
      return detail::pack_memory(game, options.values_only);
    case Engine::kCops:
      return detail::cops_memory(game.node_count(), game.cats(), true, options.values_only,
                                 detail::cops_variant(game.rules()));
    default:
      return detail::one_cat_memory(game, options.values_only);
  }
}

Result<Table> solve_table(const Game& game, const SolveOptions& options) try {
  if (Status ok = detail::check_threads(options.threads); !ok) return ok.error();
  const Result<Engine> engine = choose_engine(game, options);
  if (!engine.ok()) return engine.error();
  if (options.values_only && game.rules().move_limit > 0) {
    return detail::option_error("values_only", "a move limit needs the remoteness of every state");
  }
  SolveOptions chosen = options;
  chosen.engine = *engine;
  switch (*engine) {
    case Engine::kPack:
      return detail::solve_pack(game, chosen);
    case Engine::kCops:
      return detail::solve_cops_table(game, chosen);
    case Engine::kAuto:
      break;
    default:
      return detail::solve_one_cat(game, chosen);
  }
  return detail::option_error("engine", "no engine chosen");
} catch (const std::bad_alloc&) {
  return detail::option_error("memory_limit", "out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(options.threads), failure.code().message());
}

Result<StateValue> solve_state(const Game& game, const State& state,
                               const SolveOptions& options) try {
  if (Status ok = detail::check_threads(options.threads); !ok) return ok.error();
  return detail::solve_one_cat_state(game, state, options);
} catch (const std::bad_alloc&) {
  return detail::option_error("memory_limit", "out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(options.threads), failure.code().message());
}

Result<Solution> solve(GameSpec spec, const SolveOptions& options) try {
  if (Status ok = spec.validate(); !ok) return ok.error();
  if (Status ok = detail::check_threads(options.threads); !ok) return ok.error();
  const auto started = std::chrono::steady_clock::now();
  // On the heap, so that the game's references to the graphs survive the move into the Solution.
  auto owned = std::make_unique<const GameSpec>(std::move(spec));
  auto game = std::make_unique<const Game>(owned->graph, owned->rules,
                                           owned->cat_graph ? &*owned->cat_graph : nullptr);
  const Result<Engine> engine = choose_engine(*game, options);
  if (!engine.ok()) return engine.error();
  Result<Table> table = solve_table(*game, options);
  if (!table.ok()) return table.error();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return Solution(std::move(owned), std::move(game), std::move(table).value(), *engine, seconds);
} catch (const std::bad_alloc&) {
  return detail::option_error("memory_limit", "out of memory");
}

Result<StateValue> solve_value(const GameSpec& spec, const Position& position,
                               const SolveOptions& options) {
  if (Status ok = spec.validate(); !ok) return ok.error();
  const Game game(spec.graph, spec.rules, spec.cat_graph ? &*spec.cat_graph : nullptr);
  if (!game.valid(position)) {
    Error error{fmt::format("{} is not a position of this game", describe(position)), {}};
    error.where.field = "position";
    return error;
  }
  const Result<Engine> engine = choose_engine(game, options);
  if (!engine.ok()) return engine.error();
  if (one_cat_engine(*engine)) {
    const State state{position.mouse, position.cats[0], position.turn};
    Result<StateValue> value = solve_state(game, state, options);
    if (!value.ok()) return value.error();
    return apply_move_limit(*value, spec.rules);
  }
  Result<Table> table = solve_table(game, options);
  if (!table.ok()) return table.error();
  return apply_move_limit({table->value(position), table->remoteness(position)}, spec.rules);
}

}  // namespace catmouse
