#include "catmouse/solve/solution.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catmouse/core/words.hpp"
#include "solve/queries.hpp"

namespace catmouse {

StateValue apply_move_limit(const StateValue& unlimited, const Rules& rules, std::uint32_t played) {
  if (rules.move_limit == 0) return unlimited;
  // A values-only table cannot tell whether a win comes in time; it is given as it is.
  if (unlimited.value != Value::kDraw && !unlimited.remoteness) return unlimited;
  const std::uint32_t left = rules.move_limit > played ? rules.move_limit - played : 0;
  if (unlimited.value != Value::kDraw && *unlimited.remoteness <= left) return unlimited;
  if (rules.limit_outcome == LimitOutcome::kCatWin) return {Value::kCatWin, left};
  return {};
}

constexpr Word<LineEnd> kLineEndWords[] = {
    {LineEnd::kHole, "hole"},
    {LineEnd::kCapture, "capture"},
    {LineEnd::kStuck, "stuck"},
    {LineEnd::kRepetition, "repetition"},
    {LineEnd::kMoveLimit, "move limit"},
};

std::string_view line_end_name(LineEnd end) {
  return word_of(kLineEndWords, end);
}

std::string describe(const Position& p) {
  if (p.cats.size() == 1) {
    return fmt::format("(mouse {}, cat {}, {} to move)", p.mouse, p.cats[0], side_name(p.turn));
  }
  return fmt::format("(mouse {}, cats {}, {} to move)", p.mouse, fmt::join(p.cats, ","),
                     side_name(p.turn));
}

Solution::Solution(OwnedGame game, Table table, Engine engine, double seconds)
    : game_(std::move(game)), table_(std::move(table)), engine_(engine), seconds_(seconds) {}

Status Solution::check(const Position& p) const {
  return queries::check(game_.game(), p);
}

StateValue Solution::unlimited(const Position& p) const {
  return queries::unlimited(game_.game(), queries::TableSource(table_), p);
}

StateValue Solution::value(const Position& p, std::uint32_t played) const {
  return queries::value(game_.game(), queries::TableSource(table_), p, played);
}

std::vector<Move> Solution::moves(const Position& p, std::uint32_t played) const {
  return queries::moves(game_.game(), queries::TableSource(table_), p, played);
}

std::optional<StateIndex> Solution::best_child(StateIndex at) const {
  return queries::best_child(game_.game(), queries::TableSource(table_), at);
}

std::optional<Move> Solution::best_move(const Position& p, std::uint32_t played) const {
  return queries::best_move(game_.game(), queries::TableSource(table_), p, played);
}

Result<Line> Solution::line(const Position& start) const {
  return queries::line(game_.game(), queries::TableSource(table_), start);
}

Counts Solution::counts() const {
  return queries::counts(game_.game(), queries::TableSource(table_));
}

std::optional<State> reachable_stuck_state(const Game& game, const State& start) {
  // Most boards have no node where a player could be stuck; then there is nothing to search.
  bool possible = false;
  for (NodeId v = 0; v < game.node_count() && !possible; ++v) {
    possible = game.move_count({v, v, Side::kMouse}) == 0 ||
               (!game.cat_forbidden(v) && game.move_count({v, v, Side::kCat}) == 0);
  }
  if (!possible) return std::nullopt;
  std::vector<bool> seen(game.state_count(), false);
  seen[game.space().index(start)] = true;
  std::vector<State> stack{start};
  while (!stack.empty()) {
    const State s = stack.back();
    stack.pop_back();
    if (game.outcome(s)) continue;
    if (game.move_count(s) == 0) return s;
    game.for_each_move(s, [&](NodeId, const State& child) {
      const StateIndex c = game.space().index(child);
      if (!seen[c]) {
        seen[c] = true;
        stack.push_back(child);
      }
    });
  }
  return std::nullopt;
}

}  // namespace catmouse
