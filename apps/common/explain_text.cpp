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

// "the cat" with one cat, "a cat" with several.
std::string some_cat(const Position& p) {
  return p.cats.size() == 1 ? "the cat" : "a cat";
}

std::string ending_sentence(const Solution& solution, const Line& line, const NodeNamer& node) {
  const Position& last = line.positions.back();
  const Rules& rules = solution.game().rules();
  const char* hole = solution.spec().grid ? "food" : "hole";
  switch (line.end) {
    case LineEnd::kHole:
      return fmt::format("the mouse is in the {} {}: mouse wins", hole, node(last.mouse));
    case LineEnd::kCapture: {
      const bool caught =
          std::find(last.cats.begin(), last.cats.end(), last.mouse) != last.cats.end();
      if (caught) {
        return fmt::format("{} is on the mouse at node {}: cat wins", some_cat(last),
                           node(last.mouse));
      }
      const auto in_hole = std::find_if(last.cats.begin(), last.cats.end(),
                                        [&](NodeId c) { return solution.game().is_hole(c); });
      return fmt::format("{} is in the {} {} first: cat wins", some_cat(last), hole,
                         node(*in_hole));
    }
    case LineEnd::kStuck:
      if (last.turn == Side::kCat && last.cats.size() > 1) return "the cats have no legal move";
      return fmt::format("the {} has no legal move", side_name(last.turn));
    case LineEnd::kRepetition: {
      const std::size_t back = *line.cycle_start;
      const std::size_t cycle = line.positions.size() - back;
      return fmt::format(
          "the next optimal move returns to position {}: play repeats a cycle of {} move{}, a "
          "draw",
          back, cycle, cycle == 1 ? "" : "s");
    }
    case LineEnd::kMoveLimit:
      break;
  }
  return fmt::format("the move limit of {} moves is reached: {}", rules.move_limit,
                     rules.limit_outcome == LimitOutcome::kCatWin ? "cat wins" : "a draw");
}

// Where the mover went: the mouse's node, or the cats'.
std::string destination(const Position& from, const Position& to, const NodeNamer& node) {
  if (from.turn == Side::kMouse) return node(to.mouse);
  return cats_text(to.cats, node);
}

// "mouse 1 -> 3", "cat 2 -> 5" (one cat), for the line's move column.
std::string move_text(const Position& from, const Position& to, const NodeNamer& node) {
  if (from.turn == Side::kMouse) {
    return fmt::format("mouse {} -> {}", node(from.mouse), node(to.mouse));
  }
  return fmt::format("cat {} -> {}", node(from.cats[0]), node(to.cats[0]));
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

}  // namespace

NodeNamer node_namer(const Solution& solution) {
  const auto& grid = solution.spec().grid;
  if (grid) return [&grid](NodeId v) { return cell_name(*grid, v); };
  return [](NodeId v) { return fmt::to_string(v); };
}

std::string explain_text(const Solution& solution, const Line& line, const NodeNamer& node) {
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
    for (const Move& m : options) {
      out += fmt::format("  to {:<{}} {}\n", destination(start, m.child, node), one_cat ? 6 : 10,
                         value_sentence(m.value));
    }
  }
  out += "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const Position& p = line.positions[k];
    const std::string value = value_sentence(solution.value(p, static_cast<std::uint32_t>(k)));
    if (!one_cat) {
      out += fmt::format("  {:>3}. {}: {}\n", k, position_text(p, node), value);
      continue;
    }
    const std::string move = k > 0 ? move_text(line.positions[k - 1], p, node) : "";
    out += fmt::format("  {:>3}. {:<18} {}: {}\n", k, move, position_text(p, node), value);
    if (grid) out += board_text(*grid, p);
  }
  out += "end: " + ending_sentence(solution, line, node) + "\n";
  return out;
}

std::string explain_text(const Solution& solution, const Line& line) {
  return explain_text(solution, line, node_namer(solution));
}

}  // namespace catmouse::cli
