#include "catmouse/solve/solution.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unordered_map>

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

std::string_view line_end_name(LineEnd end) {
  switch (end) {
    case LineEnd::kHole:
      return "hole";
    case LineEnd::kCapture:
      return "capture";
    case LineEnd::kStuck:
      return "stuck";
    case LineEnd::kRepetition:
      return "repetition";
    case LineEnd::kMoveLimit:
      break;
  }
  return "move limit";
}

std::string describe(const Position& p) {
  if (p.cats.size() == 1) {
    return fmt::format("(mouse {}, cat {}, {} to move)", p.mouse, p.cats[0], side_name(p.turn));
  }
  return fmt::format("(mouse {}, cats {}, {} to move)", p.mouse, fmt::join(p.cats, ","),
                     side_name(p.turn));
}

Solution::Solution(GameSpec spec, Table table, Engine engine, double seconds)
    : spec_(std::make_unique<const GameSpec>(std::move(spec))),
      game_(std::make_unique<const Game>(spec_->graph, spec_->rules,
                                         spec_->cat_graph ? &*spec_->cat_graph : nullptr)),
      table_(std::move(table)),
      engine_(engine),
      seconds_(seconds) {}

Solution::Solution(std::unique_ptr<const GameSpec> spec, std::unique_ptr<const Game> game,
                   Table table, Engine engine, double seconds)
    : spec_(std::move(spec)),
      game_(std::move(game)),
      table_(std::move(table)),
      engine_(engine),
      seconds_(seconds) {}

Status Solution::check(const Position& p) const {
  const NodeId n = game_->node_count();
  const auto fail = [](std::string field, std::string message) {
    Error error{std::move(message), {}};
    error.where.field = std::move(field);
    return error;
  };
  if (p.mouse >= n) {
    return fail("mouse", fmt::format("node {} is out of range (nodes are 0..{})", p.mouse, n - 1));
  }
  if (p.turn != Side::kMouse && p.turn != Side::kCat) return fail("turn", "not mouse or cat");
  if (p.cats.size() != game_->cats()) {
    return fail("cats", fmt::format("{} cat{} given for a game of {}", p.cats.size(),
                                    p.cats.size() == 1 ? "" : "s", game_->cats()));
  }
  for (std::size_t i = 0; i < p.cats.size(); ++i) {
    const std::string field = p.cats.size() == 1 ? "cat" : fmt::format("cat {}", i + 1);
    if (p.cats[i] >= n) {
      return fail(field,
                  fmt::format("node {} is out of range (nodes are 0..{})", p.cats[i], n - 1));
    }
    if (game_->cat_forbidden(p.cats[i])) {
      return fail(field, fmt::format("the cat may not be on node {}", p.cats[i]));
    }
    if (i > 0 && p.cats[i] < p.cats[i - 1]) return fail("cats", "the cats' nodes must be sorted");
  }
  return {};
}

StateValue Solution::unlimited(const Position& p) const {
  return {table_.value(p), table_.remoteness(p)};
}

StateValue Solution::value(const Position& p, std::uint32_t played) const {
  return apply_move_limit(unlimited(p), game_->rules(), played);
}

std::vector<Move> Solution::moves(const Position& p, std::uint32_t played) const {
  std::vector<Move> out;
  if (!game_->valid(p) || game_->outcome(p)) return out;
  for (Position& child : game_->children(p)) {
    const StateValue v = apply_move_limit(unlimited(child), game_->rules(), played + 1);
    out.push_back({std::move(child), v});
  }
  return out;
}

std::optional<StateIndex> Solution::best_child(StateIndex at) const {
  if (!has_remoteness() || at >= table_.state_count()) return std::nullopt;
  const Value value = table_.value(at);
  std::optional<StateIndex> best;
  std::uint32_t best_remoteness = 0;
  Value mine = Value::kDraw;
  const auto consider = [&](StateIndex child) {
    if (table_.value(child) != value) return;  // an optimal move keeps the position's value
    const std::uint32_t r = table_.remoteness_raw(child);
    // Fastest win, slowest loss; strict, so ties keep the first move.
    if (!best || (value == mine ? r < best_remoteness
                                : value != Value::kDraw && r > best_remoteness)) {
      best = child;
      best_remoteness = r;
    }
  };
  const StateSpace& space = game_->space();
  if (game_->cats() == 1) {
    // One cat: the state decoded once, its moves straight from the move lists.
    const State s = space.state(at);
    if (!game_->valid(s) || game_->outcome(s)) return std::nullopt;
    mine = win_for(s.turn);
    game_->for_each_move(s, [&](NodeId, const State& child) { consider(space.index(child)); });
    return best;
  }
  if (game_->outcome_at(at)) return std::nullopt;
  mine = win_for(at < table_.state_count() / 2 ? Side::kMouse : Side::kCat);
  std::vector<StateIndex> children;
  game_->child_indices(at, children);
  for (const StateIndex child : children) consider(child);
  return best;
}

std::optional<Move> Solution::best_move(const Position& p, std::uint32_t played) const {
  const auto at = game_->space().index(p);
  const auto best = at ? best_child(*at) : std::nullopt;
  if (!best) return std::nullopt;
  Position child = game_->space().position(*best);
  StateValue v = apply_move_limit(unlimited(child), game_->rules(), played + 1);
  return Move{std::move(child), v};
}

Result<Line> Solution::line(const Position& start) const {
  if (!has_remoteness()) {
    return Error{"an optimal line needs remoteness, which a values-only solution does not keep",
                 {}};
  }
  Line line;
  std::unordered_map<StateIndex, std::size_t> seen;
  Position p = start;
  for (;;) {
    const auto index = game_->space().index(p);
    if (index) seen.emplace(*index, line.positions.size());
    line.positions.push_back(p);
    if (const auto outcome = game_->outcome(p)) {
      line.end = *outcome == Value::kMouseWin ? LineEnd::kHole : LineEnd::kCapture;
      break;
    }
    std::optional<Move> move = best_move(p);
    if (!move) {
      line.end = LineEnd::kStuck;
      break;
    }
    const auto again = seen.find(*game_->space().index(move->child));
    if (again != seen.end()) {
      line.cycle_start = again->second;
      line.end = LineEnd::kRepetition;
      break;
    }
    p = std::move(move->child);
  }
  const std::uint32_t limit = game_->rules().move_limit;
  // A line that ends by itself (hole, capture, stuck) on the limit's move keeps its end.
  const std::size_t at_limit = std::size_t{limit} + 1;
  if (limit > 0 && (line.positions.size() > at_limit ||
                    (line.positions.size() == at_limit && line.end == LineEnd::kRepetition))) {
    line.positions.resize(std::size_t{limit} + 1);
    line.cycle_start.reset();
    line.end = LineEnd::kMoveLimit;
  }
  return line;
}

Counts Solution::counts() const {
  Counts counts;
  for (StateIndex i = 0; i < table_.state_count(); ++i) {
    if (!game_->valid_at(i)) continue;
    ++counts.states;
    switch (table_.value(i)) {
      case Value::kMouseWin:
        ++counts.mouse_wins;
        break;
      case Value::kCatWin:
        ++counts.cat_wins;
        break;
      case Value::kDraw:
        ++counts.draws;
        continue;
    }
    const std::uint32_t r = table_.remoteness_raw(i);
    if (r != kNoRemoteness && (!counts.max_remoteness || r > *counts.max_remoteness)) {
      counts.max_remoteness = r;
    }
  }
  return counts;
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
