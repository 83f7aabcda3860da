// catmouse explain GRAPH: the optimal line of play, move by move, with the value of every
// position, the alternatives at the first position, and for a draw the cycle play falls into.
#include <fmt/format.h>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

#include "catmouse/solve/query.hpp"
#include "common.hpp"

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

// How the line stops: "hole", "capture", "stuck" or "repetition".
std::string ending(const Game& game, const Line& line) {
  if (line.cycle_start) return "repetition";
  const State& last = line.positions.back();
  if (auto outcome = game.outcome(last)) return *outcome == Value::kMouseWin ? "hole" : "capture";
  return "stuck";
}

std::string ending_sentence(const Game& game, const Line& line,
                            const std::function<std::string(NodeId)>& node) {
  const State& last = line.positions.back();
  const std::string e = ending(game, line);
  if (e == "hole") return fmt::format("the mouse is in the hole {}: mouse wins", node(last.mouse));
  if (e == "capture" && last.mouse != last.cat) {
    return fmt::format("the cat is in the hole {} first: cat wins", node(last.cat));
  }
  if (e == "capture") {
    return fmt::format("the cat is on the mouse at node {}: cat wins", node(last.cat));
  }
  if (e == "stuck") {
    return fmt::format("the {} has no legal move", side_name(last.turn));
  }
  const std::size_t back = *line.cycle_start;
  return fmt::format(
      "the next optimal move returns to position {}: play repeats a cycle of {} move{}, a draw",
      back, line.positions.size() - back, line.positions.size() - back == 1 ? "" : "s");
}

Json state_json(const Table& table, const State& s) {
  const auto r = table.remoteness(s);
  return {{"mouse", s.mouse},
          {"cat", s.cat},
          {"turn", side_name(s.turn)},
          {"value", value_name(table.value(s))},
          {"remoteness", r ? Json(*r) : Json(nullptr)}};
}

// The node the mover left and entered between two consecutive positions.
std::pair<NodeId, NodeId> step(const State& a, const State& b) {
  return a.turn == Side::kMouse ? std::pair{a.mouse, b.mouse} : std::pair{a.cat, b.cat};
}

// The line cut at the move limit, if the game has one and play would reach it.
bool cut_at_limit(const Game& game, Line& line) {
  const std::uint32_t limit = game.rules().move_limit;
  if (limit == 0 || line.positions.size() <= std::size_t{limit}) return false;
  line.positions.resize(std::size_t{limit} + 1);
  line.cycle_start.reset();
  return true;
}

std::string limit_sentence(const Game& game) {
  return fmt::format("the move limit of {} moves is reached: {}", game.rules().move_limit,
                     game.rules().limit_outcome == LimitOutcome::kCatWin ? "cat wins" : "a draw");
}

}  // namespace

std::string explain_text(const Solved& solved, Line line) {
  const Game& game = *solved.game;
  const Table& table = *solved.table;
  const bool at_limit = cut_at_limit(game, line);
  const std::function<std::string(NodeId)> node = [&](NodeId v) {
    return solved.grid ? cell_name(*solved.grid, v) : fmt::format("{}", v);
  };
  const State& start = line.positions.front();
  const StateValue value = value_of(solved, start);
  std::string out = fmt::format("{} from (mouse {}, cat {}, {} to move)\n",
                                result_sentence(value.value, value.remoteness), node(start.mouse),
                                node(start.cat), side_name(start.turn));
  if (solved.grid) {
    out += fmt::format("map: nodes are cells (row, column); mouse jumps {}, cat jumps {}\n",
                       solved.grid->mouse_jump, solved.grid->cat_jump);
  }
  const std::vector<Move> options = moves(game, table, start);
  if (!options.empty()) {
    out += fmt::format("moves for the {}:\n", side_name(start.turn));
    for (const Move& m : options) {
      const StateValue v = apply_move_limit({m.value, m.remoteness}, game.rules(), 1);
      out += fmt::format("  to {:<6} {}\n", node(m.to), result_sentence(v.value, v.remoteness));
    }
  }
  out += "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const State& s = line.positions[k];
    std::string move;
    if (k > 0) {
      const auto [from, to] = step(line.positions[k - 1], s);
      move =
          fmt::format("{} {} -> {}", side_name(line.positions[k - 1].turn), node(from), node(to));
    }
    const StateValue v = value_of(solved, s, static_cast<std::uint32_t>(k));
    out += fmt::format("  {:>3}. {:<18} mouse {}, cat {}, {} to move: {}\n", k, move, node(s.mouse),
                       node(s.cat), side_name(s.turn), result_sentence(v.value, v.remoteness));
    if (solved.grid) {
      const std::string board = draw_grid(*solved.grid, s.mouse, s.cat);
      for (std::string_view row = board; !row.empty();) {
        const std::size_t end = row.find('\n');
        out += fmt::format("         {}\n", row.substr(0, end));
        row.remove_prefix(end + 1);
      }
    }
  }
  std::string end = at_limit ? limit_sentence(game) : ending_sentence(game, line, node);
  if (solved.grid && end.find("the hole") != std::string::npos) {
    end.replace(end.find("the hole"), 8, "the food");  // LeetCode 1728's word for it
  }
  out += "end: " + end + "\n";
  return out;
}

namespace {

Json explain_json(const Game& game, const Table& table, const Line& line) {
  const State& start = line.positions.front();
  const auto r = table.remoteness(start);
  Json out;
  out["result"] = static_cast<int>(table.value(start));
  out["winner"] = value_name(table.value(start));
  out["remoteness"] = r ? Json(*r) : Json(nullptr);
  out["moves"] = Json::array();
  for (const Move& m : moves(game, table, start)) {
    out["moves"].push_back({{"to", m.to},
                            {"value", value_name(m.value)},
                            {"remoteness", m.remoteness ? Json(*m.remoteness) : Json(nullptr)}});
  }
  out["line"] = Json::array();
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    Json entry = state_json(table, line.positions[k]);
    if (k > 0) {
      const auto [from, to] = step(line.positions[k - 1], line.positions[k]);
      entry["move"] = {{"side", side_name(line.positions[k - 1].turn)}, {"from", from}, {"to", to}};
    }
    out["line"].push_back(std::move(entry));
  }
  out["end"] = ending(game, line);
  out["cycle_start"] = line.cycle_start ? Json(*line.cycle_start) : Json(nullptr);
  return out;
}

void run(const ExplainCommand& cmd) {
  LoadedGame loaded = cmd.input.load_game();
  const Rules rules = cmd.rules.resolve(loaded, cmd.state);
  if (rules.cats > 1) {
    solve_pack_game(loaded, rules, cmd.state, cmd.engine, false, cmd.json, true);
    return;
  }
  Solved solved = solve_loaded(std::move(loaded), rules, cmd.state, cmd.engine);
  const State s = cmd.state.resolve(*solved.game);
  Line line = optimal_line(*solved.game, *solved.table, s);
  if (cmd.json) {
    const bool at_limit = cut_at_limit(*solved.game, line);
    Json out = explain_json(*solved.game, *solved.table, line);
    const StateValue value = value_of(solved, s);
    out["result"] = static_cast<int>(value.value);
    out["winner"] = value_name(value.value);
    out["remoteness"] = value.remoteness ? Json(*value.remoteness) : Json(nullptr);
    if (at_limit) out["end"] = "move limit";
    print(out.dump() + "\n");
  } else {
    print(explain_text(solved, std::move(line)));
  }
}

}  // namespace

void add_explain_command(CLI::App& app) {
  auto cmd = std::make_shared<ExplainCommand>();
  CLI::App* sub =
      app.add_subcommand("explain", "Show the optimal line of play and why it is optimal");
  cmd->input.add_to(*sub);
  cmd->state.add_to(*sub);
  cmd->engine.add_to(*sub, false);
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
