// The cops' question (cops.hpp): the rules, the estimate and solve_cops, which checks its
// arguments and hands the graph to SmallCops (cops_small.cpp) or to the cops engine
// (kernel/cops_engine.cpp).
#include "catmouse/solve/cops.hpp"

#include <new>
#include <system_error>

#include "solve/engines.hpp"

namespace catmouse {

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
  return detail::cops_memory(node_count, k, false, false, variant);
}

namespace {

// The largest graph and cops for which SmallCops keeps rows per tuple.
bool small_enough(const Graph& graph, std::uint32_t k) {
  if (graph.node_count() > SmallGraph::kMaxNodes) return false;
  std::uint64_t tuples = 1;
  for (std::uint32_t i = 0; i < k && tuples <= SmallCops::kMaxTuples; ++i) {
    tuples *= graph.node_count();
  }
  return tuples <= SmallCops::kMaxTuples;
}

}  // namespace

Result<CopsResult> solve_cops(const Graph& graph, std::uint32_t k, const SolveOptions& options,
                              CopsSweep sweep, CopsVariant variant) try {
  if (Status ok = detail::check_cops(graph, k); !ok) return ok.error();
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
  const detail::MemoryNeed need = detail::cops_question_memory(
      graph.node_count(), k, detail::cops_memory(graph.node_count(), k, false, false, variant));
  if (Status ok = detail::check_memory(need, options.memory_limit); !ok) return ok.error();
  return detail::solve_cops_question(graph, k, options, sweep, variant);
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
} catch (const std::system_error& failure) {
  return detail::thread_error(resolve_threads(options.threads), failure.code().message());
}

}  // namespace catmouse
