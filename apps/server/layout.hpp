// Where the page draws each node: one [x, y] per node in the unit square, y downwards. Grid
// boards get their cells' places; every other graph a force-directed drawing (Fruchterman and
// Reingold) from a fixed start, so that one graph always gets one drawing. docs/server.md gives
// the steps exactly; tests/browser/mock/layout.mjs implements the same steps.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "catmouse/core/graph.hpp"

namespace catmouse::server {

using Point = std::array<double, 2>;

// Node v in row v / columns, column v % columns of a board of `rows` x `columns` cells, at
// [(c + 0.5) / s, (r + 0.5) / s] with s = max(rows, columns).
std::vector<Point> board_layout(NodeId node_count, NodeId rows, NodeId columns);

// The board layout of the generated grid-shaped families (columns = ceil(sqrt(n))), when every
// edge of `graph` joins neighbouring cells of that board; none otherwise (a relabelled graph).
std::optional<std::vector<Point>> grid_family_layout(const Graph& graph);

// The force-directed drawing: iterations = min(300, max(10, 3e8 / n^2)), O(iterations * n^2).
std::vector<Point> force_layout(const Graph& graph);

}  // namespace catmouse::server
