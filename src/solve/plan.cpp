#include "catmouse/solve/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <new>
#include <span>
#include <system_error>

#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/solve.hpp"
#include "solve/engines.hpp"
#include "solve/kernel/small_kernel.hpp"
#include "solve/queries.hpp"

namespace catmouse {

namespace detail {

namespace {

bool one_cat(Engine engine) {
  return engine == Engine::kSmall || engine == Engine::kGeneral;
}

Engine auto_engine(const Game& game) {
  if (game.cats() == 1) {
    return game.node_count() <= SmallKernel::kMaxNodes ? Engine::kSmall : Engine::kGeneral;
  }
  if (cops_shaped(game) && game.cats() <= kMaxCops && game.node_count() <= kMaxCopsNodes) {
    return Engine::kCops;
  }
  return Engine::kPack;
}

// Below this many states a plan runs on one thread whatever the caller asked: the workers' start
// and their meeting at every level cost more than a second thread saves. Measured with `catmouse
// solve` on random graphs of average degree 4 (nodes relabelled at random), medians of 6 runs
// after a warm-up, one and two threads side by side on an otherwise idle 2-core machine: two
// threads took 1.37 times one thread's time for the whole table (`--values-only`) at 1,000 nodes
// (2 million states) and 1.22 for the start alone; 0.95 and 0.83 at 2,000 nodes (8 million);
// 0.75 and 0.74 at 4,000 (32 million). 2^22 states is a one-cat game of about 1,450 nodes.
// SolveOptions::threads is the most the engine may use: fewer honours it.
constexpr std::uint64_t kMinStatesForThreads = std::uint64_t{1} << 22;

// The worker threads a plan runs on: one for a game too small to share, else the caller's count
// (0: one per hardware thread).
unsigned plan_threads(const Game& game, unsigned threads) {
  return game.state_count() < kMinStatesForThreads ? 1 : resolve_threads(threads);
}

// What plan() decides about a game: the engine, the sink it can run into, its memory, and the
// options a run takes (the caller's, with that engine).
struct EngineChoice {
  Engine engine = Engine::kAuto;
  SinkKind sink = SinkKind::kTable;
  MemoryNeed memory;
  SolveOptions options;
};

// The only place an engine is chosen: options.engine when one is forced (the engine itself then
// checks that it can play the game), else the fastest for the game. plan(const Game&) calls it;
// every other way in goes through that.
Result<EngineChoice> choose_engine(const Game& game, const SolveOptions& options, SinkKind sink) {
  if (Status ok = check_threads(options.threads); !ok) return ok.error();
  if (options.values_only && game.rules().move_limit > 0) {
    return option_error(ErrorField::kValuesOnly,
                        "a move limit needs the remoteness of every state");
  }
  EngineChoice choice;
  choice.engine = options.engine != Engine::kAuto ? options.engine : auto_engine(game);
  if (choice.engine == Engine::kPack) {
    if (Status ok = pack_check(game); !ok) return ok.error();
  }
  choice.sink =
      sink == SinkKind::kLevels && one_cat(choice.engine) ? SinkKind::kLevels : SinkKind::kTable;
  choice.memory = engine_memory(game, choice.engine, choice.sink, options.values_only);
  choice.options = options;
  choice.options.engine = choice.engine;
  choice.options.threads = plan_threads(game, options.threads);
  return choice;
}

// The one memory refusal of every plan: the engine's bytes and the caller's together over the
// limit. A caller that names the whole (`what`) gives the refusal its words, without the engine's
// hint, which would count the engine alone.
// A plan for levels that does not fit is refused as its table would be: its values alone do not
// fit, so neither does the table, and the table's refusal says what values only would need.
Status refuse_over_limit(const SolvePlan& planned, MemoryNeed need, const CallerMemory& caller) {
  bool named = false;
  if (caller && need.bytes != UINT64_MAX) {
    CallerBytes extra = caller(planned);
    // Saturated below UINT64_MAX, which would mean the engine's own refusal.
    need.bytes = std::min(extra.bytes, UINT64_MAX - 1 - need.bytes) + need.bytes;
    if (!extra.what.empty()) {
      need.what = std::move(extra.what);
      need.values_only_bytes.reset();
      named = true;
    }
  }
  const std::uint64_t limit = planned.options().memory_limit;
  Status refused = check_memory(need, limit);
  if (refused.ok() || named || planned.sink() != SinkKind::kLevels) return refused;
  Status as_table = check_memory(engine_memory(planned.game(), planned.engine(), SinkKind::kTable,
                                               planned.options().values_only),
                                 limit);
  return as_table.ok() ? refused : as_table;
}

}  // namespace

MemoryNeed engine_memory(const Game& game, Engine engine, SinkKind sink, bool values_only) {
  const std::string states = fmt::format("solving {} states", game.state_count());
  if (sink == SinkKind::kLevels) return {one_cat_memory(game, true, false), states, {}};
  switch (engine) {
    case Engine::kPack:
      return {pack_memory(game, values_only),
              fmt::format("{} cats on {} nodes", game.cats(), game.node_count()),
              {}};
    case Engine::kCops:
      return {cops_memory(game.node_count(), game.cats(), true, values_only,
                          cops_variant(game.rules())),
              fmt::format("{} cops on {} nodes", game.cats(), game.node_count()),
              {}};
    default:
      if (values_only) return {one_cat_memory(game, true), states, {}};
      return {one_cat_memory(game, false), states, one_cat_memory(game, true)};
  }
}

MemoryNeed cops_question_memory(NodeId node_count, std::uint32_t k, std::uint64_t bytes) {
  return {bytes, fmt::format("{} cops on {} nodes", k, node_count), {}};
}

Status check_memory(const MemoryNeed& need, std::uint64_t limit) {
  // Too many to count: the engine refuses the game itself, naming what makes it so.
  if (limit == 0 || need.bytes <= limit || need.bytes == UINT64_MAX) return {};
  ErrorHint hint;
  if (need.values_only_bytes) {
    const std::uint64_t lean = *need.values_only_bytes;
    hint.option = ErrorField::kValuesOnly;
    hint.text = lean <= limit ? fmt::format("values only (no remoteness) would need {} and fit",
                                            format_bytes(lean))
                              : fmt::format("even values only would need {}", format_bytes(lean));
  }
  return memory_error(need.what, need.bytes, limit, std::move(hint));
}

Error position_error(const Position& position) {
  Error error{fmt::format("{} is not a position of this game", describe(position)), {}};
  error.where.field = ErrorField::kPosition;
  return error;
}

Result<Table> run_engine(const Game& game, const SolveOptions& options) try {
  switch (options.engine) {
    case Engine::kPack:
      return solve_pack(game, options);
    case Engine::kCops:
      return solve_cops_table(game, options);
    case Engine::kSmall:
    case Engine::kGeneral:
      return solve_one_cat(game, options);
    case Engine::kAuto:
      break;
  }
  return option_error(ErrorField::kEngine, "no engine chosen");
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
} catch (const std::system_error& failure) {
  return thread_error(resolve_threads(options.threads), failure.code().message());
}

}  // namespace detail

Result<Table> solve_table(const Game& game, const SolveOptions& options) try {
  const Result<SolvePlan> planned = plan(game, options, SinkKind::kTable);
  if (!planned.ok()) return planned.error();
  return detail::run_engine(planned->game(), planned->options());
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
}

Result<SolvePlan> plan(const Game& game, const SolveOptions& options, SinkKind sink,
                       const CallerMemory& caller) try {
  Result<detail::EngineChoice> choice = detail::choose_engine(game, options, sink);
  if (!choice.ok()) return choice.error();
  SolvePlan planned(game, std::move(choice->options), choice->sink, choice->memory.bytes);
  if (Status ok = detail::refuse_over_limit(planned, std::move(choice->memory), caller); !ok) {
    return ok.error();
  }
  return planned;
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

Result<SolvePlan> plan(const Game& game, const SolveOptions& options,
                       std::span<const PlanAlternative> alternatives) try {
  if (alternatives.empty()) return plan(game, options);
  for (std::size_t i = 0;; ++i) {
    Result<SolvePlan> planned = plan(game, options, alternatives[i].sink, alternatives[i].caller);
    // Only a refusal for memory depends on the alternative: anything else is every one's.
    const bool last = i + 1 == alternatives.size();
    if (planned.ok()) {
      planned->alternative_ = i;
    } else if (!last && planned.error().kind == ErrorKind::kRefusedMemory) {
      continue;
    }
    return planned;
  }
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

Result<SolvePlan> plan(GameSpec spec, const SolveOptions& options, SinkKind sink,
                       const CallerMemory& caller) try {
  const PlanAlternative alternative{sink, caller};  // copying the caller's function may allocate
  return plan(std::move(spec), options, std::span(&alternative, 1));
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

Result<SolvePlan> plan(GameSpec spec, const SolveOptions& options,
                       std::span<const PlanAlternative> alternatives) try {
  Result<OwnedGame> game = own_game(std::move(spec));
  if (!game.ok()) return game.error();
  Result<SolvePlan> planned = plan(game->game(), options, alternatives);
  if (!planned.ok()) return planned.error();
  // The plan's game pointer stays good: an OwnedGame keeps its Game on the heap.
  planned->owned_ = std::move(game).value();
  return planned;
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

Result<Solution> run(SolvePlan plan) try {
  if (plan.sink() != SinkKind::kTable) {
    return detail::option_error(ErrorField::kEngine, "a plan for levels runs into a level sink");
  }
  if (!plan.owns_game()) {
    return detail::option_error(ErrorField::kEngine,
                                "a plan of a game held by its caller gives a table (solve_table)");
  }
  const auto started = std::chrono::steady_clock::now();
  Result<Table> table = detail::run_engine(plan.game(), plan.options());
  if (!table.ok()) return table.error();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const Engine engine = plan.engine();
  return Solution(std::move(*plan.owned_), std::move(table).value(), engine, seconds);
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

Status run(const SolvePlan& plan, LevelSink& sink, LevelReplay* resume) try {
  if (plan.sink() != SinkKind::kLevels) {
    return detail::option_error(ErrorField::kEngine, "a plan for the table runs into a table");
  }
  Result<Engine> ran = detail::solve_one_cat_levels(plan.game(), plan.options(), sink, resume);
  if (!ran.ok()) return ran.error();
  return {};
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(plan.options().threads), failure.code().message());
}

Result<PositionValue> run(const SolvePlan& plan, const Position& position) try {
  const Game& game = plan.game();
  if (!game.valid(position)) return detail::position_error(position);
  const auto started = std::chrono::steady_clock::now();
  PositionValue answer;
  if (plan.sink() == SinkKind::kLevels) {
    const State state{position.mouse, position.cats[0], position.turn};
    Result<StateValue> value = detail::solve_one_cat_state(game, state, plan.options());
    if (!value.ok()) return value.error();
    answer.value = apply_move_limit(*value, game.rules());
    answer.memory_bytes = plan.memory_bytes();
  } else {
    Result<Table> table = detail::run_engine(game, plan.options());
    if (!table.ok()) return table.error();
    answer.value = queries::value(game, queries::TableSource(*table), position, 0);
    answer.memory_bytes = table->memory_bytes();
  }
  answer.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return answer;
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(plan.options().threads), failure.code().message());
}

}  // namespace catmouse
