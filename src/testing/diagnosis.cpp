#include "catmouse/testing/diagnosis.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "catmouse/solve/solve.hpp"

namespace catmouse {

namespace {

// The value a program reading the rules `rules` would give the game, or nullopt when those rules
// do not fit it.
std::optional<Value> value_under(const GameSpec& game, const Rules& rules) {
  GameSpec variant = make_spec(game.graph, rules);
  const Position start = start_position(rules);
  Result<StateValue> value = solve_value(variant, start);
  if (!value.ok()) return std::nullopt;
  return value->value;
}

std::string value_word(Value value) {
  switch (value) {
    case Value::kDraw:
      return "a draw";
    case Value::kMouseWin:
      return "a mouse win";
    case Value::kCatWin:
      return "a cat win";
  }
  return {};
}

// Turn caps seen in solvers: multiples and powers of n, and fixed numbers from LeetCode
// discussions (70 for 1728's 8x8 maps, 102 for 913's 50 nodes). A cap of C turns calls a draw
// every game that has not ended after C moves, so it cuts a win that needs C plies or more.
// The usual cap that cuts a win of `plies` plies on n nodes, if any.
std::vector<std::string> cutting_caps(std::uint32_t n, std::uint32_t plies) {
  struct Cap {
    const char* name;
    std::uint64_t turns;
  };
  const std::uint64_t m = n;
  const Cap caps[] = {{"2n", 2 * m},  {"3n", 3 * m}, {"4n", 4 * m},
                      {"n^2", m * m}, {"70", 70},    {"102", 102}};
  // The largest that cuts it: the closest to the length of the win (on a shrunk graph, the cap
  // that the shrink ran into); the likelier name on a tie.
  const Cap* best = nullptr;
  for (const Cap& cap : caps) {
    if (cap.turns <= plies && (!best || cap.turns > best->turns)) best = &cap;
  }
  if (!best) return {};
  return {fmt::format("{} = {}", best->name, best->turns)};
}

std::size_t named_caps(std::uint32_t n, std::uint32_t plies) {
  return cutting_caps(n, plies).size();
}

std::string turn_cap(std::uint32_t n, std::uint32_t plies) {
  const std::vector<std::string> cutting = cutting_caps(n, plies);
  const char* s = plies == 1 ? "" : "s";
  std::string line =
      fmt::format("diagnosis: a turn cap? the shortest correct answer needs {} pl{} on {} nodes; ",
                  plies, plies == 1 ? "y" : "ies", n);
  if (cutting.empty()) {
    return line +
           fmt::format("a cap of {} turn{} or fewer cuts it and calls the game a draw", plies, s);
  }
  if (cutting.size() == 1) {
    return line + fmt::format("a cap of {} cuts it and calls the game a draw", cutting.front());
  }
  std::string names = cutting.front();
  for (std::size_t i = 1; i < cutting.size(); ++i) {
    names += (i + 1 == cutting.size() ? " or " : ", ") + cutting[i];
  }
  return line + fmt::format("a cap of {} cuts it and calls the game a draw", names);
}

}  // namespace

std::string diagnose_graph(const GameSpec& game, const StateValue& exact,
                           const std::string& answer) {
  if (answer != "0" && answer != "1" && answer != "2") return {};
  const auto received = static_cast<Value>(answer[0] - '0');
  if (received == exact.value) return {};
  const Rules& rules = game.rules;
  // A win called a draw with a cap of a usual size that cuts it: the commonest bug of all.
  const bool capped = received == Value::kDraw && exact.remoteness.has_value();
  if (capped && named_caps(game.graph.node_count(), *exact.remoteness) > 0) {
    return turn_cap(game.graph.node_count(), *exact.remoteness);
  }
  // Then the hole's rules: a mistaken rule explains any kind of wrong answer, if it gives the
  // answer received exactly.
  if (!rules.holes.empty() && !rules.cat_wins_in_hole) {
    const std::string holes = fmt::format("{}", fmt::join(rules.holes, ", "));
    const char* hole = rules.holes.size() == 1 ? "hole" : "holes";
    if (!rules.cat_forbidden_nodes().empty()) {
      Rules cat_enters = rules;
      cat_enters.cat_forbidden = std::vector<NodeId>{};
      if (value_under(game, cat_enters) == received) {
        return fmt::format(
            "diagnosis: the hole's rule: the answer received is {} as if the cat could enter the "
            "{} {}; the cat may never move onto it",
            value_word(received), hole, holes);
      }
    }
    Rules no_hole = rules;
    no_hole.cat_forbidden = rules.cat_forbidden_nodes();
    no_hole.holes.clear();
    if (value_under(game, no_hole) == received) {
      return fmt::format(
          "diagnosis: the hole's rule: the answer received is {} as if the mouse did not win on "
          "reaching the {} {}; it wins there at once",
          value_word(received), hole, holes);
    }
  }
  if (capped) {
    return turn_cap(game.graph.node_count(), *exact.remoteness);
  }
  if (exact.value == Value::kDraw) {
    return fmt::format(
        "diagnosis: a draw called {}: with best play neither side can force a win and the game "
        "repeats positions for ever; a solver that scores a repeated position (or a search cut by "
        "a visited set or a depth) as a loss gets {}",
        value_word(received), value_word(received));
  }
  return {};
}

}  // namespace catmouse
