#include "catmouse/core/grid.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace catmouse {

NodeId GridMap::find(char c) const {
  for (NodeId r = 0; r < row_count(); ++r) {
    const std::size_t at = rows[r].find(c);
    if (at != std::string::npos) return node(r, static_cast<NodeId>(at));
  }
  return row_count() * column_count();
}

Graph jump_graph(const GridMap& map, std::uint32_t length) {
  const NodeId rows = map.row_count(), columns = map.column_count();
  const NodeId n = rows * columns;
  // Jumps right and down from every floor cell; each edge once, the graph makes it two-way.
  std::vector<Edge> edges;
  for (NodeId r = 0; r < rows; ++r) {
    for (NodeId c = 0; c < columns; ++c) {
      if (map.wall(map.node(r, c))) continue;
      for (std::uint32_t k = 1; k <= length && c + k < columns; ++k) {
        if (map.wall(map.node(r, c + k))) break;
        edges.push_back({map.node(r, c), map.node(r, c + k)});
      }
      for (std::uint32_t k = 1; k <= length && r + k < rows; ++k) {
        if (map.wall(map.node(r + k, c))) break;
        edges.push_back({map.node(r, c), map.node(r + k, c)});
      }
    }
  }
  Result<Graph> graph = Graph::from_edges(n, edges);
  assert(graph.ok());
  return std::move(graph).value();
}

Rules grid_rules(const GridMap& map) {
  const NodeId n = map.row_count() * map.column_count();
  Rules rules;
  rules.holes = {map.find('F')};
  std::vector<NodeId> walls;
  for (NodeId v = 0; v < n; ++v) {
    if (map.wall(v)) walls.push_back(v);
  }
  rules.cat_forbidden = std::move(walls);
  rules.mouse_start = map.find('M');
  rules.cat_start = map.find('C');
  rules.mouse_stays = true;
  rules.cat_stays = true;
  rules.cat_wins_in_hole = true;
  rules.move_limit = kGridMoveLimit;
  rules.limit_outcome = LimitOutcome::kCatWin;
  return rules;
}

std::string cell_name(const GridMap& map, NodeId node) {
  return fmt::format("({}, {})", node / map.column_count(), node % map.column_count());
}

std::string draw_grid(const GridMap& map, NodeId mouse, NodeId cat) {
  std::string out;
  for (NodeId r = 0; r < map.row_count(); ++r) {
    for (NodeId c = 0; c < map.column_count(); ++c) {
      const NodeId v = map.node(r, c);
      char shown = map.rows[r][c] == '#' || map.rows[r][c] == 'F' ? map.rows[r][c] : '.';
      if (v == mouse) shown = 'M';
      if (v == cat) shown = v == mouse ? '*' : 'C';
      out += shown;
    }
    out += '\n';
  }
  return out;
}

}  // namespace catmouse
