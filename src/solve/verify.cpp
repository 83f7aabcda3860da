#include "catmouse/solve/verify.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catmouse/solve/query.hpp"

namespace catmouse {

namespace {

Error state_error(const State& s, std::string message) {
  Error error{std::move(message), {}};
  error.where.field = "state " + describe(s);
  return error;
}

std::string show(Value v, std::uint32_t r) {
  return r == kNoRemoteness ? std::string(value_name(v))
                            : fmt::format("{} in {}", value_name(v), r);
}

// Checks one valid state; returns an empty string when its entry is consistent.
std::string check_state(const Game& game, const Table& table, const State& s) {
  const StateIndex i = game.space().index(s);
  const Value value = table.value(i);
  const std::uint32_t r = table.remoteness_raw(i);
  if (auto outcome = game.outcome(s)) {
    if (value != *outcome || r != 0) {
      return fmt::format("finished position holds {}, expected {} in 0", show(value, r),
                         value_name(*outcome));
    }
    return {};
  }
  const Value mine = win_for(s.turn);
  const Value theirs = win_for(opponent(s.turn));
  std::uint32_t fastest_win = kNoRemoteness;
  std::uint32_t slowest_loss = 0;
  bool any_draw = false;
  bool any_child = false;
  bool any_win = false;
  game.for_each_move(s, [&](NodeId, const State& child) {
    any_child = true;
    const StateIndex c = game.space().index(child);
    const Value v = table.value(c);
    const std::uint32_t cr = table.remoteness_raw(c);
    // A win or loss without remoteness is caught when that child itself is checked.
    if (v == mine) {
      any_win = true;
      fastest_win = std::min(fastest_win, cr);
    }
    if (v == theirs) slowest_loss = std::max(slowest_loss, cr);
    if (v == Value::kDraw) any_draw = true;
  });
  if (!any_child) {
    const bool lose = game.rules().stuck == StuckRule::kLose;
    const Value expected = lose ? theirs : Value::kDraw;
    if (value != expected || r != (lose ? 0 : kNoRemoteness)) {
      return fmt::format("stuck {} holds {}, expected {}", side_name(s.turn), show(value, r),
                         lose ? show(expected, 0) : "draw");
    }
    return {};
  }
  if (value == mine) {
    if (!any_win) return fmt::format("claims {} but no move wins", show(value, r));
    if (r != fastest_win + 1) {
      return fmt::format("claims {} but the fastest winning move leads to remoteness {}",
                         show(value, r), fastest_win);
    }
  } else if (value == theirs) {
    if (any_win || any_draw) {
      return fmt::format("claims {} but a move {}", show(value, r), any_win ? "wins" : "draws");
    }
    if (r != slowest_loss + 1) {
      return fmt::format("claims {} but the slowest losing move leads to remoteness {}",
                         show(value, r), slowest_loss);
    }
  } else {
    if (r != kNoRemoteness) return fmt::format("a draw with remoteness {}", r);
    if (any_win) return "claims a draw but a move wins";
    if (!any_draw) return "claims a draw but no move keeps the draw";
  }
  return {};
}

}  // namespace

Status verify(const Game& game, const Table& table) {
  if (table.node_count() != game.node_count()) {
    return Error{
        fmt::format("the table has {} nodes, the game {}", table.node_count(), game.node_count()),
        {}};
  }
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    const State s = game.space().state(i);
    if (!game.valid(s)) {
      if (table.value(i) != Value::kDraw || table.remoteness_raw(i) != kNoRemoteness) {
        return state_error(s, "a state the rules exclude holds a value");
      }
      continue;
    }
    std::string problem = check_state(game, table, s);
    if (!problem.empty()) return state_error(s, std::move(problem));
  }
  return {};
}

}  // namespace catmouse
