#include "answer_text.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "output.hpp"

namespace catmouse::cli {

void AnswerOptions::add_to(CLI::App& app, const std::string& json_help) {
  CLI::Option* code_flag = app.add_flag("--code", code,
                                        "print only LeetCode's answer: 1 mouse, 2 cat, 0 draw "
                                        "(913); true or false for a grid map (1728)");
  app.add_flag("--json", json, json_help)->excludes(code_flag);
}

AnswerForm AnswerOptions::form() const {
  return code ? AnswerForm::kCode : json ? AnswerForm::kJson : AnswerForm::kSentence;
}

std::string plural(std::uint64_t count, std::string_view one) {
  return fmt::format("{} {}{}", count, one, count == 1 ? "" : "s");
}

std::string code_answer(Value value, bool grid) {
  if (grid) return value == Value::kMouseWin ? "true\n" : "false\n";
  return std::string{static_cast<char>('0' + static_cast<int>(value)), '\n'};
}

nlohmann::ordered_json json_answer(const Game& game, const Position& p, const StateValue& v,
                                   double seconds) {
  nlohmann::ordered_json out;
  out["result"] = static_cast<int>(v.value);
  out["winner"] = value_name(v.value);
  out["remoteness"] = v.remoteness ? nlohmann::ordered_json(*v.remoteness) : nullptr;
  out["state"] = {{"mouse", p.mouse}};
  if (game.cats() == 1) {
    out["state"]["cat"] = p.cats[0];
  } else {
    out["state"]["cats"] = p.cats;
  }
  out["state"]["turn"] = side_name(p.turn);
  out["nodes"] = game.node_count();
  out["edges"] = game.graph().edge_count();
  if (game.cats() > 1) out["cats"] = game.cats();
  out["states"] = game.valid_state_count();
  out["seconds"] = seconds;
  return out;
}

nlohmann::ordered_json solve_json(const SolveAnswer& answer) {
  nlohmann::ordered_json out =
      json_answer(*answer.game, answer.position, answer.value, answer.seconds);
  out["table_bytes"] = answer.table_bytes;
  out["engine"] = engine_name(answer.engine);
  return out;
}

std::string solve_text(const SolveAnswer& answer, AnswerForm form) {
  switch (form) {
    case AnswerForm::kCode:
      return code_answer(answer.value.value, answer.grid);
    case AnswerForm::kJson:
      return solve_json(answer).dump() + "\n";
    case AnswerForm::kSentence:
      break;
  }
  return result_sentence(answer.value) + "\n";
}

std::optional<std::string> stuck_warning(const Game& game, const Position& from) {
  if (game.cats() != 1) return std::nullopt;
  const auto stuck = reachable_stuck_state(game, State{from.mouse, from.cats[0], from.turn});
  if (!stuck) return std::nullopt;
  return fmt::format("the {} can get stuck with no legal move, e.g. in {}; by the stuck rule it {}",
                     side_name(stuck->turn), describe(*stuck),
                     game.rules().stuck == StuckRule::kLose ? "loses" : "draws");
}

void warn_if_stuck(const Game& game, const Position& from) {
  if (auto text = stuck_warning(game, from)) warn(*text);
}

}  // namespace catmouse::cli
