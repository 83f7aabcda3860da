#include "catmouse/solve/play.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace catmouse {

std::optional<LineEnd> finished(const Solution& solution, const Position& p, std::uint32_t played) {
  const Game& game = solution.game();
  if (const auto outcome = game.outcome(p)) {
    return *outcome == Value::kMouseWin ? LineEnd::kHole : LineEnd::kCapture;
  }
  if (game.children(p).empty()) return LineEnd::kStuck;
  const std::uint32_t limit = game.rules().move_limit;
  if (limit > 0 && played >= limit) return LineEnd::kMoveLimit;
  return std::nullopt;
}

std::string value_sentence(const StateValue& v) {
  if (v.value == Value::kDraw) return "draw";
  if (!v.remoteness) return fmt::format("{} wins", value_name(v.value));
  const std::uint32_t r = *v.remoteness;
  return fmt::format("{} wins in {} move{}", value_name(v.value), r, r == 1 ? "" : "s");
}

NodeNamer node_namer(const GameSpec& spec) {
  const auto& grid = spec.grid;
  if (grid) return [&grid](NodeId v) { return cell_name(*grid, v); };
  return [](NodeId v) { return fmt::to_string(v); };
}

std::string end_clause(const GameSpec& spec, const Game& game, const Position& last, LineEnd end,
                       const NodeNamer& node) {
  const bool map = spec.grid.has_value();
  const char* cat = last.cats.size() > 1 ? "a cat" : "the cat";
  // " 3" after a place, " on 3" after a capture; nothing when no node is named.
  const auto named = [&](std::string_view before, NodeId v) {
    return node ? fmt::format("{}{}", before, node(v)) : std::string();
  };
  switch (end) {
    case LineEnd::kHole:
      return fmt::format("the mouse is {}{}", map ? "on the food" : "in the hole",
                         named(" ", last.mouse));
    case LineEnd::kCapture: {
      if (std::find(last.cats.begin(), last.cats.end(), last.mouse) != last.cats.end()) {
        return fmt::format("{} caught the mouse{}", cat, named(" on ", last.mouse));
      }
      const auto in_hole = std::find_if(last.cats.begin(), last.cats.end(),
                                        [&](NodeId c) { return game.is_hole(c); });
      return fmt::format("{} reached the {}{} first", cat, map ? "food" : "hole",
                         in_hole == last.cats.end() ? "" : named(" ", *in_hole));
    }
    case LineEnd::kStuck:
      if (last.turn == Side::kCat && last.cats.size() > 1) return "the cats have no legal move";
      return fmt::format("the {} has no legal move", side_name(last.turn));
    case LineEnd::kRepetition:
      return "a position repeats";
    case LineEnd::kMoveLimit:
      break;
  }
  return fmt::format("the move limit of {} moves is reached", game.rules().move_limit);
}

namespace {

// "mouse wins", "cat wins", "draw": the outcome of a finished game of that value.
std::string outcome_words(const StateValue& value) {
  return value.value == Value::kDraw ? "draw" : fmt::format("{} wins", value_name(value.value));
}

}  // namespace

std::string finished_sentence(const Solution& solution, const Position& p, LineEnd end,
                              std::uint32_t played) {
  if (end == LineEnd::kRepetition) return "draw: a position repeats";
  return fmt::format("{}: {}", outcome_words(solution.value(p, played)),
                     end_clause(solution.spec(), solution.game(), p, end));
}

std::string line_end_sentence(const GameSpec& spec, const Game& game, const Line& line,
                              const StateValue& last_value, const NodeNamer& node) {
  if (line.end == LineEnd::kRepetition && line.cycle_start) {
    const std::size_t back = *line.cycle_start;
    const std::size_t cycle = line.positions.size() - back;
    return fmt::format(
        "the next optimal move returns to position {}: play repeats a cycle of {} move{}, a draw",
        back, cycle, cycle == 1 ? "" : "s");
  }
  return fmt::format("{}: {}", end_clause(spec, game, line.positions.back(), line.end, node),
                     last_value.value == Value::kDraw ? "a draw" : outcome_words(last_value));
}

std::string line_end_sentence(const Solution& solution, const Line& line, const NodeNamer& node,
                              std::uint32_t played) {
  const auto at_last = played + static_cast<std::uint32_t>(line.positions.size() - 1);
  return line_end_sentence(solution.spec(), solution.game(), line,
                           solution.value(line.positions.back(), at_last), node);
}

Result<PlayedLine> line_from(const Solution& solution, const Position& p, std::uint32_t played,
                             std::size_t max_moves) {
  Result<Line> unlimited = solution.line(p);
  if (!unlimited.ok()) return unlimited.error();
  PlayedLine out{std::move(unlimited).value(), false};
  Line& line = out.line;
  const std::uint32_t limit = solution.game().rules().move_limit;
  if (limit > 0) {
    // Solution::line() counts the limit from p; here `played` moves of it are gone already.
    const std::size_t left = limit > played ? limit - played : 0;
    if (line.end == LineEnd::kRepetition) {
      // Best moves depend on the position only, so play goes round the cycle until the limit
      // (or one move past max_moves, which the cut below then marks).
      const std::size_t want = std::min(left + 1, max_moves + 2);
      const std::size_t start = *line.cycle_start;
      const std::size_t cycle = line.positions.size() - start;
      while (line.positions.size() < want) {
        line.positions.push_back(line.positions[start + (line.positions.size() - start) % cycle]);
      }
      line.cycle_start.reset();
      line.end = LineEnd::kMoveLimit;
    }
    if (line.positions.size() > left + 1) {
      line.positions.resize(left + 1);
      line.cycle_start.reset();
      line.end = LineEnd::kMoveLimit;
    }
  }
  if (line.positions.size() > max_moves + 1) {
    line.positions.resize(max_moves + 1);
    line.cycle_start.reset();
    out.cut = true;
  }
  return out;
}

}  // namespace catmouse
