#include "explain_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "catmouse/core/grid.hpp"
#include "catmouse/solve/play.hpp"

namespace catmouse::cli {

namespace {

// "2,5": the cats' nodes.
std::string cats_text(const std::vector<NodeId>& cats, const NodeNamer& node) {
  std::string out;
  for (const NodeId c : cats) {
    if (!out.empty()) out += ',';
    out += node(c);
  }
  return out;
}

// "mouse 1, cat 2, mouse to move", "mouse 1, cats 2,3, cat to move".
std::string position_text(const Position& p, const NodeNamer& node) {
  return fmt::format("mouse {}, {} {}, {} to move", node(p.mouse),
                     p.cats.size() == 1 ? "cat" : "cats", cats_text(p.cats, node),
                     side_name(p.turn));
}

// Whether the move from `from` to `to` keeps the mover where it is, as catmouse play and the
// page say it ("stay on (1, 1)"). With several cats the same nodes after a move may be a swap, so
// only one piece's move is called a stay.
bool is_stay(const Position& from, const Position& to) {
  if (from.turn == Side::kMouse) return to.mouse == from.mouse;
  return from.cats.size() == 1 && to.cats == from.cats;
}

// Where the mover went, for the list of moves: "to 3", "to 2,5", "stay on (1, 1)".
std::string destination(const Position& from, const Position& to, const NodeNamer& node) {
  const std::string where = from.turn == Side::kMouse ? node(to.mouse) : cats_text(to.cats, node);
  return (is_stay(from, to) ? "stay on " : "to ") + where;
}

// "mouse 1 -> 3", "cat 2 -> 5", "cat stays on 5" (one cat), for the line's move column.
std::string move_text(const Position& from, const Position& to, const NodeNamer& node) {
  const char* mover = from.turn == Side::kMouse ? "mouse" : "cat";
  const NodeId before = from.turn == Side::kMouse ? from.mouse : from.cats[0];
  const NodeId after = from.turn == Side::kMouse ? to.mouse : to.cats[0];
  if (is_stay(from, to)) return fmt::format("{} stays on {}", mover, node(before));
  return fmt::format("{} {} -> {}", mover, node(before), node(after));
}

// The width of a column holding each of `texts`, at least `least`.
std::size_t column_width(const std::vector<std::string>& texts, std::size_t least) {
  std::size_t width = least;
  for (const std::string& text : texts) width = std::max(width, text.size());
  return width;
}

// The board drawn under a line's row, indented to the row's text.
std::string board_text(const GridMap& grid, const Position& p) {
  std::string out;
  const std::string board = draw_grid(grid, p.mouse, p.cats[0]);
  for (std::string_view row = board; !row.empty();) {
    const std::size_t end = row.find('\n');
    out += fmt::format("         {}\n", row.substr(0, end));
    row.remove_prefix(end == std::string_view::npos ? row.size() : end + 1);
  }
  return out;
}

// The optimal line a row per position, with its value (and on a map the board after the move).
std::string line_by_position(const Solution& solution, const Line& line, const NodeNamer& node) {
  const bool one_cat = solution.game().cats() == 1;
  const auto& grid = solution.spec().grid;
  std::vector<std::string> moves{""};
  for (std::size_t k = 1; k < line.positions.size() && one_cat; ++k) {
    moves.push_back(move_text(line.positions[k - 1], line.positions[k], node));
  }
  const std::size_t width = column_width(moves, 18);
  std::string out = "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const Position& p = line.positions[k];
    const std::string value = value_sentence(solution.value(p, static_cast<std::uint32_t>(k)));
    if (!one_cat) {
      out += fmt::format("  {:>3}. {}: {}\n", k, position_text(p, node), value);
      continue;
    }
    out +=
        fmt::format("  {:>3}. {:<{}} {}: {}\n", k, moves[k], width, position_text(p, node), value);
    if (grid) out += board_text(*grid, p);
  }
  return out;
}

// The optimal line of one cat as a list of moves, two to a row, between the board at the start
// and at the end on a map.
std::string line_as_moves(const Solution& solution, const Line& line, const NodeNamer& node) {
  const auto& grid = solution.spec().grid;
  std::vector<std::string> moves;
  for (std::size_t k = 1; k < line.positions.size(); ++k) {
    moves.push_back(
        fmt::format("{:>3}. {}", k, move_text(line.positions[k - 1], line.positions[k], node)));
  }
  std::string out;
  if (grid) out += "the board at the start:\n" + board_text(*grid, line.positions.front());
  const std::size_t plies = moves.size();
  out += fmt::format("optimal line, {} move{}:\n", plies, plies == 1 ? "" : "s");
  const std::size_t width = column_width(moves, 0);
  for (std::size_t k = 0; k < plies; k += 2) {
    out += k + 1 < plies ? fmt::format("  {:<{}}   {}\n", moves[k], width, moves[k + 1])
                         : fmt::format("  {}\n", moves[k]);
  }
  if (grid && plies > 0) {
    out += "the board at the end:\n" + board_text(*grid, line.positions.back());
  }
  return out;
}

}  // namespace

std::string explain_text(const Solution& solution, const Line& line, const NodeNamer& node,
                         LineLayout layout) {
  const bool one_cat = solution.game().cats() == 1;
  const auto& grid = solution.spec().grid;
  const Position& start = line.positions.front();
  std::string out = fmt::format("{} from ({})\n", value_sentence(solution.value(start)),
                                position_text(start, node));
  if (grid) {
    out += fmt::format("map: nodes are cells (row, column); mouse jumps {}, cat jumps {}\n",
                       grid->mouse_jump, grid->cat_jump);
  }
  const std::vector<Move> options = solution.moves(start);
  if (!options.empty()) {
    out += fmt::format("moves for the {}:\n",
                       start.turn == Side::kCat && !one_cat ? "cats" : side_name(start.turn));
    std::vector<std::string> targets;
    targets.reserve(options.size());
    for (const Move& m : options) targets.push_back(destination(start, m.child, node));
    const std::size_t width = column_width(targets, one_cat ? 9 : 13);
    for (std::size_t k = 0; k < options.size(); ++k) {
      out += fmt::format("  {:<{}} {}\n", targets[k], width, value_sentence(options[k].value));
    }
  }
  out += layout == LineLayout::kMoves && one_cat ? line_as_moves(solution, line, node)
                                                 : line_by_position(solution, line, node);
  out += "end: " + line_end_sentence(solution, line, node) + "\n";
  return out;
}

std::string explain_text(const Solution& solution, const Line& line, LineLayout layout) {
  return explain_text(solution, line, node_namer(solution), layout);
}

}  // namespace catmouse::cli
