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

std::string finished_sentence(const Solution& solution, const Position& p, LineEnd end,
                              std::uint32_t played) {
  const StateValue value = solution.value(p, played);
  const std::string outcome =
      value.value == Value::kDraw ? "draw" : fmt::format("{} wins", value_name(value.value));
  const bool map = solution.spec().grid.has_value();
  const bool several = p.cats.size() > 1;
  switch (end) {
    case LineEnd::kHole:
      return fmt::format("{}: the mouse is {}", outcome, map ? "on the food" : "in the hole");
    case LineEnd::kCapture: {
      const char* cat = several ? "a cat" : "the cat";
      if (std::find(p.cats.begin(), p.cats.end(), p.mouse) != p.cats.end()) {
        return fmt::format("{}: {} caught the mouse", outcome, cat);
      }
      return fmt::format("{}: {} reached the {} first", outcome, cat, map ? "food" : "hole");
    }
    case LineEnd::kStuck: {
      const char* who = p.turn == Side::kMouse ? "the mouse" : several ? "the cats" : "the cat";
      return fmt::format("{}: {} cannot move", outcome, who);
    }
    case LineEnd::kRepetition:
      return "draw: a position repeats";
    case LineEnd::kMoveLimit:
      break;
  }
  return fmt::format("{}: the move limit of {} moves is reached", outcome,
                     solution.game().rules().move_limit);
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
