// catmouse check on graphs: the command's options for the library's graph domain
// (catmouse/testing/check.hpp), which hands out the graphs, knows their answers and shrinks them.
#include "check.hpp"

namespace catmouse::cli {

CheckOptions shared_options(const CheckCommand& cmd, std::uint64_t seed) {
  CheckOptions options;
  options.source = take(parse_check_source(cmd.source));
  options.seed = seed;
  options.exhaustive = cmd.exhaustive;
  if (options.source == CheckSource::kFile) {
    options.cases = read_input(cmd.graphs);
    options.cases_source = cmd.graphs == "-" ? "<stdin>" : cmd.graphs;
  }
  return options;
}

std::unique_ptr<CheckDomain> graph_domain(const CheckCommand& cmd, std::uint64_t seed, NodeId low,
                                          NodeId high) {
  // The rules are resolved once, against a stand-in graph of the largest size, so that a node
  // out of range is named by its option.
  std::vector<Edge> path;
  for (NodeId v = 1; v < high; ++v) path.push_back({v - 1, v});
  GameSpec stand_in = make_spec(Graph::from_edges(high, path).value());
  stand_in.source = "--nodes";
  cmd.rules.apply(stand_in, StateOptions{});
  if (stand_in.rules.cats != 1) throw InputError("--cats: check tests solvers with one cat");
  CheckOptions options = shared_options(cmd, seed);
  options.min_nodes = low;
  options.max_nodes = high;
  options.rules = stand_in.rules;
  return take(graph_check_domain(options));
}

}  // namespace catmouse::cli
