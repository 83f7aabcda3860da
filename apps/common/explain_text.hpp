// explain's text: the value of a position, the moves there, the optimal line move by move and
// why it ends. catmouse explain prints it, check's report quotes it, and the Python module's
// Table.explain() returns it, so the three say the same words about the same game.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "catmouse/solve/play.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse::cli {

// Nodes are named by core's NodeNamer; node_namer(solution) (solve/play.hpp) gives catmouse's
// names, cells "(row, column)" on a grid map, else the ids.
using catmouse::node_namer;
using catmouse::NodeNamer;

// How the text lays out the optimal line: a row per position with its value, and on a map the
// board after each move (catmouse explain); or, for one cat, the moves as a list, two to a row,
// with the board at the start and at the end on a map (check's report, whose maps' lines run to
// 70 moves and more). A stay reads "cat stays on (4, 0)" in both, as in catmouse play.
enum class LineLayout : std::uint8_t { kPositions, kMoves };

// The text for an optimal line of a solved game (line.positions[0] is where it starts), naming
// nodes with `node` (Python passes the caller's labels).
std::string explain_text(const Solution& solution, const Line& line, const NodeNamer& node,
                         LineLayout layout = LineLayout::kPositions);
// The same with node_namer(solution): catmouse explain's text.
std::string explain_text(const Solution& solution, const Line& line,
                         LineLayout layout = LineLayout::kPositions);

}  // namespace catmouse::cli
