#include "catmouse/core/game_spec.hpp"

#include <fmt/format.h>

namespace catmouse {

namespace {

Error field_error(ErrorField field, std::string marked) {
  Error error = with_nodes(std::move(marked));
  error.where.field = field;
  return error;
}

}  // namespace

Status GameSpec::validate() const {
  if (cat_graph && cat_graph->node_count() != graph.node_count()) {
    return field_error(ErrorField::kCatGraph,
                       fmt::format("the cat's graph has {} nodes, the mouse's {}",
                                   cat_graph->node_count(), graph.node_count()));
  }
  if (grid && grid->row_count() * grid->column_count() != graph.node_count()) {
    return field_error(ErrorField::kGrid, "the map's cells and the graph's nodes differ");
  }
  if (grid) {
    // A wall is a node without moves: name the cell rather than leave a player stuck there.
    std::vector<std::pair<NodeId, ErrorField>> starts{{rules.mouse_start, ErrorField::kMouseStart},
                                                      {rules.cat_start, ErrorField::kCatStart}};
    for (NodeId cat : rules.cat_starts) starts.emplace_back(cat, ErrorField::kCatStart);
    for (const auto& [node, field] : starts) {
      if (node < graph.node_count() && grid->wall(node)) {
        return field_error(field, fmt::format("node {} is the cell {}, a wall", node_ref(node),
                                              cell_name(*grid, node)));
      }
    }
  }
  return catmouse::validate(rules, graph);
}

GameSpec grid_spec(GridMap map) {
  GameSpec spec{jump_graph(map, map.mouse_jump),
                jump_graph(map, map.cat_jump),
                grid_rules(map),
                std::nullopt,
                {}};
  spec.grid = std::move(map);
  return spec;
}

}  // namespace catmouse
