// catmouse explain GRAPH: the optimal line of play, move by move, with the value of every
// position, the alternatives at the first position, and for a draw the cycle play falls into.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "catmouse/query.hpp"
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

std::string ending_sentence(const Game& game, const Line& line) {
  const State& last = line.positions.back();
  const std::string e = ending(game, line);
  if (e == "hole") return fmt::format("the mouse is in the hole {}: mouse wins", last.mouse);
  if (e == "capture") return fmt::format("the cat is on the mouse at node {}: cat wins", last.cat);
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

std::string explain_text(const Game& game, const Table& table, const Line& line) {
  const State& start = line.positions.front();
  std::string out =
      fmt::format("{} from {}\n", result_sentence(table.value(start), table.remoteness(start)),
                  describe(start));
  const std::vector<Move> options = moves(game, table, start);
  if (!options.empty()) {
    out += fmt::format("moves for the {}:\n", side_name(start.turn));
    for (const Move& m : options) {
      out += fmt::format("  to {:<6} {}\n", m.to, result_sentence(m.value, m.remoteness));
    }
  }
  out += "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const State& s = line.positions[k];
    std::string move;
    if (k > 0) {
      const auto [from, to] = step(line.positions[k - 1], s);
      move = fmt::format("{} {} -> {}", side_name(line.positions[k - 1].turn), from, to);
    }
    out +=
        fmt::format("  {:>3}. {:<18} mouse {}, cat {}, {} to move: {}\n", k, move, s.mouse, s.cat,
                    side_name(s.turn), result_sentence(table.value(s), table.remoteness(s)));
  }
  out += "end: " + ending_sentence(game, line) + "\n";
  return out;
}

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
  Solved solved = load_and_solve(cmd.input, cmd.state, cmd.engine, cmd.rules);
  const State s = cmd.state.resolve(*solved.game);
  const Line line = optimal_line(*solved.game, *solved.table, s);
  print(cmd.json ? explain_json(*solved.game, *solved.table, line).dump() + "\n"
                 : explain_text(*solved.game, *solved.table, line));
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
      "Example:\n"
      "  catmouse explain examples/leetcode1.json");
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
