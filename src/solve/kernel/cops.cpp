// The cops engine (cops.hpp): the cops' question (solve_cops) and, for solve(), the whole table.
#include "catmouse/solve/cops.hpp"

#include <fmt/format.h>

#include <new>
#include <system_error>

#include "solve/engines.hpp"
#include "solve/kernel/cops_solver.hpp"

namespace catmouse {

using cops_kernel::CopsSolver;

Rules cops_rules(std::uint32_t k, CopsVariant variant) {
  Rules rules;
  rules.holes.clear();
  rules.cat_forbidden = std::vector<NodeId>{};  // the cops go anywhere
  rules.mouse_stays = variant.robber_stays;
  rules.cat_stays = variant.cop_stays;
  rules.stuck = StuckRule::kLose;
  rules.cats = k;
  rules.mouse_start = 0;
  rules.cat_start = 0;
  rules.first = Side::kCat;
  return rules;
}

std::uint64_t cops_memory_estimate(NodeId node_count, std::uint32_t k, CopsVariant variant) {
  return CopsSolver<0>::memory_bytes(node_count, k, {}, variant.robber_stays);
}

// The largest graph and cops for which SmallCops keeps rows per tuple.
bool small_enough(const Graph& graph, std::uint32_t k) {
  if (graph.node_count() > SmallGraph::kMaxNodes) return false;
  std::uint64_t tuples = 1;
  for (std::uint32_t i = 0; i < k && tuples <= SmallCops::kMaxTuples; ++i) {
    tuples *= graph.node_count();
  }
  return tuples <= SmallCops::kMaxTuples;
}

namespace {

Status check_cops(const Graph& graph, std::uint32_t k) {
  if (k < 1 || k > kMaxCops) {
    return detail::option_error(
        ErrorField::kCops, fmt::format("the number of cops must be 1 to {}, not {}", kMaxCops, k));
  }
  if (graph.node_count() > kMaxCopsNodes) {
    return detail::option_error(
        ErrorField::kCops, fmt::format("cops and robbers takes graphs of up to {} nodes, not {}",
                                       kMaxCopsNodes, graph.node_count()));
  }
  return {};
}

// Calls f(solver) with the engine for the graph's row width: rows of one to four words get loops
// the compiler unrolls; larger graphs take the general one.
template <class F>
auto with_solver(const Graph& graph, std::uint32_t k, unsigned threads, CopsVariant variant,
                 F&& f) {
  switch ((graph.node_count() + 63) / 64) {
    case 1: {
      CopsSolver<1> solver(graph, k, threads, variant);
      return f(solver);
    }
    case 2: {
      CopsSolver<2> solver(graph, k, threads, variant);
      return f(solver);
    }
    case 3: {
      CopsSolver<3> solver(graph, k, threads, variant);
      return f(solver);
    }
    case 4: {
      CopsSolver<4> solver(graph, k, threads, variant);
      return f(solver);
    }
    default: {
      CopsSolver<0> solver(graph, k, threads, variant);
      return f(solver);
    }
  }
}

}  // namespace

Result<CopsResult> solve_cops(const Graph& graph, std::uint32_t k, const SolveOptions& options,
                              CopsSweep sweep, CopsVariant variant) try {
  if (Status ok = check_cops(graph, k); !ok) return ok.error();
  if (Status ok = detail::check_threads(options.threads); !ok) return ok.error();
  if (options.values_only) {
    return detail::option_error(ErrorField::kValuesOnly,
                                "the cops' question keeps no remoteness anyway");
  }
  if (options.engine != Engine::kAuto && options.engine != Engine::kCops) {
    return detail::option_error(ErrorField::kEngine,
                                "the cops' question is answered by the cops engine");
  }
  if (sweep == CopsSweep::kAuto && small_enough(graph, k)) {
    return SmallCops().solve(SmallGraph::of(graph).value(), k, variant, options.memory_limit,
                             options.cancelled);
  }
  return with_solver(graph, k, resolve_threads(options.threads), variant,
                     [&](auto& solver) { return solver.run(options, sweep); });
} catch (const std::bad_alloc&) {
  return detail::option_error(ErrorField::kMemoryLimit, "out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(options.threads), failure.code().message());
}

namespace detail {

CopsVariant cops_variant(const Rules& rules) {
  return {rules.cat_stays, rules.mouse_stays};
}

bool cops_shaped(const Game& game) {
  const Rules& rules = game.rules();
  if (!rules.holes.empty() || !rules.cat_forbidden_nodes().empty() || rules.cat_wins_in_hole ||
      &game.cat_graph() != &game.graph()) {
    return false;
  }
  // The engine keeps no robber's wins: a cop stuck (the cops lose) is the pack engine's, and so
  // is a robber stuck when that is a draw.
  bool sink = false;
  for (NodeId v = 0; v < game.node_count() && !sink; ++v) sink = game.graph().neighbours(v).empty();
  return !sink || (rules.cat_stays && (rules.mouse_stays || rules.stuck == StuckRule::kLose));
}

std::uint64_t cops_memory(NodeId node_count, std::uint32_t k, bool table, bool values_only,
                          CopsVariant variant) {
  return CopsSolver<0>::memory_bytes(node_count, k, {table, table && !values_only},
                                     variant.robber_stays);
}

Result<Table> solve_cops_table(const Game& game, const SolveOptions& options) {
  if (options.engine != Engine::kAuto && options.engine != Engine::kCops) {
    return option_error(
        ErrorField::kEngine,
        fmt::format("the cops engine cannot run as the {} engine", engine_name(options.engine)));
  }
  if (game.cats() < 2) {
    return option_error(ErrorField::kEngine,
                        "the cops engine takes two or more cops (one: the kernels)");
  }
  if (!cops_shaped(game)) {
    return option_error(ErrorField::kEngine,
                        "the cops engine plays cops and robbers only: no holes, no nodes barred "
                        "to the cops, and no cop with nowhere to go");
  }
  if (Status ok = check_cops(game.graph(), game.cats()); !ok) return ok.error();
  return with_solver(game.graph(), game.cats(), resolve_threads(options.threads),
                     cops_variant(game.rules()), [&](auto& solver) -> Result<Table> {
                       Result<CopsResult> run =
                           solver.run(options, CopsSweep::kAuto, {true, !options.values_only});
                       if (!run.ok()) return run.error();
                       return solver.take_table(game.space());
                     });
}

}  // namespace detail

}  // namespace catmouse
