#include "catmouse/game.hpp"

#include <cassert>

namespace catmouse {

Game::Game(const Graph& graph, const Rules& rules)
    : graph_(&graph),
      rules_(rules),
      space_(graph.node_count()),
      hole_(graph.node_count(), 0),
      cat_excluded_(graph.node_count(), 0),
      cat_moves_(graph.node_count(), 0) {
  assert(validate(rules, graph).ok());
  for (NodeId v : rules.holes) hole_[v] = 1;
  for (NodeId v : rules.cat_excluded()) cat_excluded_[v] = 1;
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    for (NodeId to : graph.neighbours(v)) cat_moves_[v] += cat_may_enter(to) ? 1 : 0;
  }
}

}  // namespace catmouse
