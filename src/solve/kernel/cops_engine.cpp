// The cops engine over CopsSolver (cops_solver.hpp): the whole table for solve(), and the cops'
// question for solve_cops (cops.cpp) on graphs too large for SmallCops.
#include <fmt/format.h>

#include <new>
#include <system_error>
#include <utility>

#include "catmouse/solve/cops.hpp"
#include "solve/engines.hpp"
#include "solve/kernel/cops_solver.hpp"

namespace catmouse::detail {

using cops_kernel::CopsSolver;

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

namespace {

// Calls f(solver) with the engine for the graph's row width: rows of one to kUnrolled words get
// loops the compiler unrolls (CopsSolver<kW>); larger graphs take the general one (CopsSolver<0>).
constexpr std::uint64_t kUnrolled = 4;

template <std::uint64_t kW = 1, class F>
auto with_solver(const Graph& graph, std::uint32_t k, unsigned threads, CopsVariant variant,
                 F&& f) {
  constexpr bool kGeneral = kW > kUnrolled;
  if constexpr (!kGeneral) {
    if ((graph.node_count() + 63) / 64 != kW) {
      return with_solver<kW + 1>(graph, k, threads, variant, std::forward<F>(f));
    }
  }
  CopsSolver<kGeneral ? 0 : kW> solver(graph, k, threads, variant);
  return f(solver);
}

}  // namespace

Result<CopsResult> solve_cops_question(const Graph& graph, std::uint32_t k,
                                       const SolveOptions& options, CopsSweep sweep,
                                       CopsVariant variant) {
  return with_solver(graph, k, resolve_threads(options.threads), variant,
                     [&](auto& solver) { return solver.run(options, sweep); });
}

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

}  // namespace catmouse::detail
