// The answer of a solve as every program words it: the value sentence, --code's answer, --json's
// object, and the warning that a player can get stuck. catmouse solve (one game, a save or a
// batch) and catmouse-mpi solve print these, so the same game gets the same text from each.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "catmouse/solve/play.hpp"
#include "catmouse/solve/solve.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace catmouse::cli {

// "mouse wins in 3 moves", "cat wins in 1 move", "draw": value_sentence() of play.hpp.
inline std::string result_sentence(const StateValue& v) {
  return value_sentence(v);
}
inline std::string result_sentence(Value value, std::optional<std::uint32_t> remoteness) {
  return value_sentence({value, remoteness});
}

// --code's answer, with its newline: LeetCode 913's number (1 mouse, 2 cat, 0 draw), or for a
// grid map LeetCode 1728's "true" (the mouse wins) or "false".
std::string code_answer(Value value, bool grid);

// "1 block", "3 blocks": a count and its word, plural when the count is not 1 (words whose plural
// adds an s).
std::string plural(std::uint64_t count, std::string_view one);

// The start of --json's object: result, winner, remoteness, state (mouse, cat or cats, turn),
// nodes, edges, cats (more than one), states, seconds. Each program adds what it alone knows.
nlohmann::ordered_json json_answer(const Game& game, const Position& p, const StateValue& v,
                                   double seconds);

// What a solve of one game answered, however it ran (a Solution, a saved file, the processes of an
// MPI run): what catmouse solve and catmouse-mpi solve print.
struct SolveAnswer {
  const Game* game = nullptr;
  Position position;  // the position asked
  StateValue value;   // its value
  bool grid = false;  // a LeetCode 1728 map
  double seconds = 0;
  std::uint64_t table_bytes = 0;
  Engine engine = Engine::kAuto;
};

// How a solve's answer is printed: the value sentence, --code's answer, or --json's object.
enum class AnswerForm : std::uint8_t { kSentence, kCode, kJson };

// --code and --json, which choose the form: declared once for catmouse solve and catmouse-mpi
// solve, each with its own `json_help` (the members its object holds).
struct AnswerOptions {
  bool code = false;
  bool json = false;
  void add_to(CLI::App& app, const std::string& json_help);
  AnswerForm form() const;
};

// --json's object for a solve: json_answer()'s members, then table_bytes and engine.
nlohmann::ordered_json solve_json(const SolveAnswer& answer);
// The answer as `form` prints it, with its newline.
std::string solve_text(const SolveAnswer& answer, AnswerForm form);

// "the mouse can get stuck with no legal move, e.g. in ...; by the stuck rule it loses" when a
// player can get stuck in play from `from` (one cat), else nothing.
std::optional<std::string> stuck_warning(const Game& game, const Position& from);
// Writes stuck_warning() to stderr (warn()), if any.
void warn_if_stuck(const Game& game, const Position& from);

}  // namespace catmouse::cli
