#include "catmouse/core/game.hpp"

#include <cassert>

namespace catmouse {

Game::Game(const Graph& graph, const Rules& rules, const Graph* cat_graph)
    : graph_(&graph),
      cat_graph_(cat_graph ? cat_graph : &graph),
      rules_(rules),
      space_(graph.node_count()),
      hole_(graph.node_count(), 0),
      cat_excluded_(graph.node_count(), 0) {
  assert(validate(rules, graph).ok());
  assert(cat_graph_->node_count() == graph.node_count());
  for (NodeId v : rules.holes) hole_[v] = 1;
  for (NodeId v : rules.cat_excluded()) cat_excluded_[v] = 1;
  // Merges "stay on v" into v's sorted neighbour list.
  auto add = [](MoveLists& lists, std::span<const NodeId> neighbours, NodeId v, bool stays,
                auto&& allowed) {
    bool placed = !stays;
    for (NodeId to : neighbours) {
      if (!placed && v < to) {
        lists.targets.push_back(v);
        placed = true;
      }
      if (allowed(to)) lists.targets.push_back(to);
    }
    if (!placed) lists.targets.push_back(v);
    lists.offsets.push_back(lists.targets.size());
  };
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    add(mouse_moves_, graph.neighbours(v), v, rules.mouse_stays, [](NodeId) { return true; });
    add(cat_moves_, cat_graph_->neighbours(v), v, rules.cat_stays && cat_may_enter(v),
        [this](NodeId to) { return cat_may_enter(to); });
  }
}

}  // namespace catmouse
