#include "catmouse/testing/diagnosis.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "catmouse/core/grid.hpp"
#include "catmouse/core/words.hpp"
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

constexpr Word<Value> kValueWords[] = {
    {Value::kDraw, "a draw"},
    {Value::kMouseWin, "a mouse win"},
    {Value::kCatWin, "a cat win"},
};

std::string value_word(Value value) {
  return std::string(word_of(kValueWords, value));
}

// Where each diagnosis sends the reader for the fix.
constexpr const char* kNoCap =
    "without a cap, by retrograde analysis (docs/algorithm.md#turn-caps-are-wrong; the templates "
    "in docs/check.md#templates do)";

struct Cap {
  const char* name;  // "2n", "70"
  std::uint64_t turns;
};

// The largest of `caps` that cuts a win of `plies` plies (at most `plies`, or below it when
// `strict`): the closest to the length of the win (on a shrunk case, the cap that the shrink ran
// into); the likelier name, the first, on a tie.
std::optional<Cap> cutting_cap(const std::vector<Cap>& caps, std::uint32_t plies, bool strict) {
  std::optional<Cap> best;
  for (const Cap& cap : caps) {
    const bool cuts = strict ? cap.turns < plies : cap.turns <= plies;
    if (cuts && (!best || cap.turns > best->turns)) best = cap;
  }
  return best;
}

// Turn caps seen in 913 solvers: multiples and powers of n, and fixed numbers from LeetCode
// discussions (70 for 1728's 8x8 maps, 102 for 913's 50 nodes). A cap of C turns calls a draw
// every game that has not ended after C moves, so it cuts a win that needs C plies or more.
// The usual cap that cuts a win of `plies` plies on n nodes, if any, as "2n = 18".
std::vector<std::string> cutting_caps(std::uint32_t n, std::uint32_t plies) {
  const std::uint64_t m = n;
  const std::optional<Cap> best = cutting_cap(
      {{"2n", 2 * m}, {"3n", 3 * m}, {"4n", 4 * m}, {"n^2", m * m}, {"70", 70}, {"102", 102}},
      plies, false);
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
           fmt::format("a cap of {} turn{} or fewer cuts it and calls the game a draw. Solve it {}",
                       plies, s, kNoCap);
  }
  return line + fmt::format("a cap of {} cuts it and calls the game a draw. Solve it {}",
                            fmt::join(cutting, " or "), kNoCap);
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
    // The line when the rules `mistaken` give the answer received: what the program took the
    // hole's rule to be, and the fix.
    auto misread = [&](const Rules& mistaken, std::string_view as_if,
                       const std::string& fix) -> std::optional<std::string> {
      if (value_under(game, mistaken) != received) return std::nullopt;
      return fmt::format(
          "diagnosis: the hole's rule: the answer received is {} as if {} {} {}; {} (see "
          "docs/rules.md)",
          value_word(received), as_if, hole, holes, fix);
    };
    if (!rules.cat_forbidden_nodes().empty()) {
      Rules cat_enters = rules;
      cat_enters.cat_forbidden = std::vector<NodeId>{};
      if (auto line = misread(cat_enters, "the cat could enter the",
                              fmt::format("the cat may never move onto it: leave the {} out of "
                                          "the cat's moves",
                                          hole))) {
        return *line;
      }
    }
    Rules no_hole = rules;
    no_hole.cat_forbidden = rules.cat_forbidden_nodes();
    no_hole.holes.clear();
    if (auto line = misread(no_hole, "the mouse did not win on reaching the",
                            fmt::format("it wins there at once: end the game when the mouse "
                                        "moves onto the {}",
                                        hole))) {
      return *line;
    }
  }
  if (capped) {
    return turn_cap(game.graph.node_count(), *exact.remoteness);
  }
  if (exact.value == Value::kDraw) {
    return fmt::format(
        "diagnosis: a draw called {}: with best play neither side can force a win and the game "
        "repeats positions for ever; a solver that scores a repeated position (or a search cut by "
        "a visited set or a depth) as a loss gets {}: call a position a win only when it is "
        "forced, and what is never decided a draw (docs/algorithm.md#retrograde-analysis-level-by-"
        "level)",
        value_word(received), value_word(received));
  }
  return {};
}

std::string diagnose_grid(const GameSpec& game, const StateValue& exact,
                          const std::string& answer) {
  if (answer != "false" || exact.value != Value::kMouseWin || !exact.remoteness || !game.grid) {
    return {};
  }
  const GridMap& map = *game.grid;
  const std::uint64_t cells = std::uint64_t{map.row_count()} * map.column_count();
  std::uint64_t floors = 0;
  for (const std::string& row : map.rows) {
    floors += static_cast<std::uint64_t>(
        std::count_if(row.begin(), row.end(), [](char c) { return c != '#'; }));
  }
  const std::uint32_t moves = *exact.remoteness;
  // Move caps seen in 1728 solvers: the cells or twice as many, the floor cells or twice as
  // many, and fixed numbers for LeetCode's 8x8 maps. A solver that stops after C moves finds
  // every win of C moves or fewer, so it cuts a win of more.
  const std::optional<Cap> cap = cutting_cap({{"70", 70},
                                              {"rows * cols", cells},
                                              {"2 * rows * cols", 2 * cells},
                                              {"the floor cells", floors},
                                              {"2 * the floor cells", 2 * floors},
                                              {"64", 64},
                                              {"100", 100},
                                              {"128", 128}},
                                             moves, true);
  const std::string fix =
      fmt::format("LeetCode 1728's limit is {} moves: raise the cap to {}, or solve it {}",
                  kGridMoveLimit, kGridMoveLimit, kNoCap);
  if (!cap) {
    return fmt::format(
        "diagnosis: a move cap? the mouse wins in {} move{} here, and a solver that stops after "
        "fewer moves calls the map a cat win. {}",
        moves, moves == 1 ? "" : "s", fix);
  }
  const std::uint64_t over = moves - cap->turns;
  const std::string name = std::to_string(cap->turns) == cap->name
                               ? std::string(cap->name)
                               : fmt::format("{} ({})", cap->turns, cap->name);
  return fmt::format(
      "diagnosis: a move cap? the mouse wins in {} moves here, {} more than a cap of {}, and a "
      "solver that stops after {} moves calls the map a cat win. {}",
      moves, over == 1 ? std::string("one") : std::to_string(over), name, cap->turns, fix);
}

}  // namespace catmouse
