// catmouse explain GRAPH: the optimal line of play, move by move, with the value of every
// position, the alternatives at the first position, and for a draw the cycle play falls into.
// One cat or several; a grid map names cells and draws the board. The text is the application
// layer's (explain_text.hpp), which the Python module gives too; the JSON is this command's.
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

Json value_json(const StateValue& v) {
  return {{"value", value_name(v.value)},
          {"remoteness", v.remoteness ? Json(*v.remoteness) : Json(nullptr)}};
}

Json cats_json(const Position& p) {
  return p.cats.size() == 1 ? Json(p.cats[0]) : Json(p.cats);
}

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
  set_help_footer(
      *sub,
      "Both sides play optimally: the winner takes the fastest win, the loser the slowest loss,\n"
      "and in a draw either side keeps the draw; ties go to the smallest node. A drawn line ends\n"
      "when it would repeat a position.\n\n"
      "Under a move limit, values are those of the limited game and the line stops at the limit.\n"
      "A grid map (LeetCode 1728) names cells (row, column) and draws the board after each move:\n"
      "M mouse, C cat, * both on one cell, F food, # wall.",
      {"catmouse explain examples/leetcode1.json", "catmouse explain examples/grid1728.json"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
