// Grid maps: LeetCode 1728 "Cat and Mouse II". A map is rows of cells, '#' a wall, '.' floor,
// 'M' the mouse, 'C' the cat, 'F' the food, plus each player's jump length. A move jumps 0..J
// cells in one of the four directions, never through a wall or off the map (the mouse may jump
// over the cat). The cat wins on the mouse or on the food first, the mouse on the food first,
// and the cat when the mouse has not reached the food within 1000 moves.
//
// A map becomes an ordinary game: node r * cols + c is the cell (r, c); walls are nodes without
// edges that the cat may not enter; each player moves along its own graph of jumps, both may
// stay, and the rules say food, cat-wins-in-hole and the move limit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse {

struct GridMap {
  std::vector<std::string> rows;  // equal lengths, characters "#.MCF", one each of M, C, F
  std::uint32_t cat_jump = 1;
  std::uint32_t mouse_jump = 1;

  NodeId row_count() const { return static_cast<NodeId>(rows.size()); }
  NodeId column_count() const { return rows.empty() ? 0 : static_cast<NodeId>(rows[0].size()); }
  NodeId node(NodeId row, NodeId column) const { return row * column_count() + column; }
  char cell(NodeId node) const { return rows[node / column_count()][node % column_count()]; }
  bool wall(NodeId node) const { return cell(node) == '#'; }
  NodeId find(char c) const;  // the node of the cell holding c (one of 'M', 'C', 'F')
};

// The longest jump accepted; longer ones could not go further on any map we can store.
inline constexpr std::uint32_t kMaxJump = 1000;
// LeetCode 1728's move limit.
inline constexpr std::uint32_t kGridMoveLimit = 1000;

// The map as a game (grid_spec() in game_spec.hpp): graphs of the mouse's and the cat's jumps
// (r * cols + c is the cell (r, c)), and LeetCode 1728's rules.
Graph jump_graph(const GridMap& map, std::uint32_t jump);
Rules grid_rules(const GridMap& map);

// "(row, column)" of a node, for messages.
std::string cell_name(const GridMap& map, NodeId node);

// The map with the mouse and the cat drawn where they are ('M', 'C'; '*' when on one cell), one
// line per row, each ending in a newline.
std::string draw_grid(const GridMap& map, NodeId mouse, NodeId cat);

}  // namespace catmouse
