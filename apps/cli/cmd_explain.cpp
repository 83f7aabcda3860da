// catmouse explain GRAPH: the optimal line of play, move by move, with the value of every
// position, the alternatives at the first position, and for a draw the cycle play falls into.
// One cat or several; a grid map names cells and draws the board.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"

namespace catmouse::cli {

namespace {

using Json = nlohmann::ordered_json;

struct ExplainCommand {
  GraphInput input;
  StateOptions state;
  EngineOptions engine;
  RulesOptions rules;
  bool json = false;
};

// How nodes are named: cells "(row, column)" on a grid map, else their ids.
std::function<std::string(NodeId)> node_names(const Solution& solution) {
  const auto& grid = solution.spec().grid;
  if (grid) return [&grid](NodeId v) { return cell_name(*grid, v); };
  return [](NodeId v) { return fmt::to_string(v); };
}

std::string cats_text(const std::vector<NodeId>& cats) {
  return fmt::format("{}", fmt::join(cats, ","));
}

// "mouse 1, cat 2, mouse to move", "mouse 1, cats 2,3, cat to move".
std::string position_text(const Position& p, const std::function<std::string(NodeId)>& node) {
  if (p.cats.size() == 1) {
    return fmt::format("mouse {}, cat {}, {} to move", node(p.mouse), node(p.cats[0]),
                       side_name(p.turn));
  }
  return fmt::format("mouse {}, cats {}, {} to move", p.mouse, cats_text(p.cats),
                     side_name(p.turn));
}

// "the cat" with one cat, "a cat" with several.
std::string some_cat(const Position& p) {
  return p.cats.size() == 1 ? "the cat" : "a cat";
}

std::string ending_sentence(const Solution& solution, const Line& line,
                            const std::function<std::string(NodeId)>& node) {
  const Position& last = line.positions.back();
  const Rules& rules = solution.game().rules();
  switch (line.end) {
    case LineEnd::kHole:
      return fmt::format("the mouse is in the {} {}: mouse wins",
                         solution.spec().grid ? "food" : "hole", node(last.mouse));
    case LineEnd::kCapture: {
      const bool caught =
          std::find(last.cats.begin(), last.cats.end(), last.mouse) != last.cats.end();
      if (caught) {
        return fmt::format("{} is on the mouse at node {}: cat wins", some_cat(last),
                           node(last.mouse));
      }
      const auto in_hole = std::find_if(last.cats.begin(), last.cats.end(),
                                        [&](NodeId c) { return solution.game().is_hole(c); });
      return fmt::format("{} is in the {} {} first: cat wins", some_cat(last),
                         solution.spec().grid ? "food" : "hole", node(*in_hole));
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
std::string destination(const Position& from, const Position& to,
                        const std::function<std::string(NodeId)>& node) {
  if (from.turn == Side::kMouse) return node(to.mouse);
  return to.cats.size() == 1 ? node(to.cats[0]) : cats_text(to.cats);
}

// "mouse 1 -> 3", "cat 2 -> 5" (one cat), for the line's move column.
std::string move_text(const Position& from, const Position& to,
                      const std::function<std::string(NodeId)>& node) {
  if (from.turn == Side::kMouse) {
    return fmt::format("mouse {} -> {}", node(from.mouse), node(to.mouse));
  }
  return fmt::format("cat {} -> {}", node(from.cats[0]), node(to.cats[0]));
}

Json value_json(const StateValue& v) {
  return {{"value", value_name(v.value)},
          {"remoteness", v.remoteness ? Json(*v.remoteness) : Json(nullptr)}};
}

Json cats_json(const Position& p) {
  return p.cats.size() == 1 ? Json(p.cats[0]) : Json(p.cats);
}

}  // namespace

std::string explain_text(const Solution& solution, const Line& line) {
  const auto node = node_names(solution);
  const bool one_cat = solution.game().cats() == 1;
  const Position& start = line.positions.front();
  std::string out = fmt::format("{} from ({})\n", result_sentence(solution.value(start)),
                                position_text(start, node));
  if (const auto& grid = solution.spec().grid) {
    out += fmt::format("map: nodes are cells (row, column); mouse jumps {}, cat jumps {}\n",
                       grid->mouse_jump, grid->cat_jump);
  }
  const std::vector<Move> options = solution.moves(start);
  if (!options.empty()) {
    out += fmt::format("moves for the {}:\n",
                       start.turn == Side::kCat && !one_cat ? "cats" : side_name(start.turn));
    for (const Move& m : options) {
      out += fmt::format("  to {:<{}} {}\n", destination(start, m.child, node), one_cat ? 6 : 10,
                         result_sentence(m.value));
    }
  }
  out += "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const Position& p = line.positions[k];
    const std::string value = result_sentence(solution.value(p, static_cast<std::uint32_t>(k)));
    if (!one_cat) {
      out += fmt::format("  {:>3}. {}: {}\n", k, position_text(p, node), value);
      continue;
    }
    const std::string move = k > 0 ? move_text(line.positions[k - 1], p, node) : "";
    out += fmt::format("  {:>3}. {:<18} {}: {}\n", k, move, position_text(p, node), value);
    if (const auto& grid = solution.spec().grid) {
      const std::string board = draw_grid(*grid, p.mouse, p.cats[0]);
      for (std::string_view row = board; !row.empty();) {
        const std::size_t end = row.find('\n');
        out += fmt::format("         {}\n", row.substr(0, end));
        row.remove_prefix(end + 1);
      }
    }
  }
  out += "end: " + ending_sentence(solution, line, node) + "\n";
  return out;
}

namespace {

Json explain_json(const Solution& solution, const Line& line) {
  const Position& start = line.positions.front();
  const StateValue value = solution.value(start);
  const bool one_cat = solution.game().cats() == 1;
  const char* cats_key = one_cat ? "cat" : "cats";
  Json out;
  out["result"] = static_cast<int>(value.value);
  out["winner"] = value_name(value.value);
  out["remoteness"] = value.remoteness ? Json(*value.remoteness) : Json(nullptr);
  out["moves"] = Json::array();
  for (const Move& m : solution.moves(start)) {
    Json entry;
    if (start.turn == Side::kMouse) {
      entry["to"] = m.child.mouse;
    } else {
      entry["to"] = cats_json(m.child);
    }
    entry.update(value_json(m.value));
    out["moves"].push_back(std::move(entry));
  }
  out["line"] = Json::array();
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const Position& p = line.positions[k];
    Json entry{{"mouse", p.mouse}, {cats_key, cats_json(p)}, {"turn", side_name(p.turn)}};
    entry.update(value_json(solution.value(p, static_cast<std::uint32_t>(k))));
    if (k > 0) {
      const Position& from = line.positions[k - 1];
      const bool mouse = from.turn == Side::kMouse;
      entry["move"] = {{"side", side_name(from.turn)},
                       {"from", mouse ? Json(from.mouse) : cats_json(from)},
                       {"to", mouse ? Json(p.mouse) : cats_json(p)}};
    }
    out["line"].push_back(std::move(entry));
  }
  out["end"] = line_end_name(line.end);
  out["cycle_start"] = line.cycle_start ? Json(*line.cycle_start) : Json(nullptr);
  return out;
}

void run(const ExplainCommand& cmd) {
  GameSpec spec = cmd.input.load();
  cmd.rules.apply(spec, cmd.state);
  const Solution solution = solve_game(std::move(spec), cmd.engine, cmd.state);
  const Line line = take(solution.line(cmd.state.resolve(solution.game())));
  print(cmd.json ? explain_json(solution, line).dump() + "\n" : explain_text(solution, line));
}

}  // namespace

void add_explain_command(CLI::App& app) {
  auto cmd = std::make_shared<ExplainCommand>();
  CLI::App* sub =
      app.add_subcommand("explain", "Show the optimal line of play and why it is optimal");
  cmd->input.add_to(*sub);
  cmd->state.add_to(*sub);
  cmd->engine.add_to(*sub, false);
  cmd->input.engine = &cmd->engine;  // --memory bounds what is read
  cmd->rules.add_to(*sub);
  sub->add_flag("--json", cmd->json,
                "print one JSON object: result, winner, remoteness, moves, line, end, cycle_start");
  sub->footer(
      "Both sides play optimally: the winner takes the fastest win, the loser the slowest loss,\n"
      "and in a draw either side keeps the draw; ties go to the smallest node. A drawn line ends\n"
      "when it would repeat a position.\n\n"
      "Under a move limit, values are those of the limited game and the line stops at the limit.\n"
      "A grid map (LeetCode 1728) names cells (row, column) and draws the board after each move:\n"
      "M mouse, C cat, * both on one cell, F food, # wall.\n\n"
      "Examples:\n"
      "  catmouse explain examples/leetcode1.json\n"
      "  catmouse explain examples/grid1728.json");
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
