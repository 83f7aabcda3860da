#include "catmouse/solve/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <new>

#include "catmouse/solve/solution.hpp"
#include "solve/stream_verify.hpp"

namespace catmouse {

namespace {

std::string show(Value v, std::uint32_t r) {
  return r == kNoRemoteness ? std::string(value_name(v))
                            : fmt::format("{} in {}", value_name(v), r);
}

// Checks state i, valid and unfinished or not; returns an empty string when its entry is
// consistent. `children` is scratch space.
std::string check_state(const Game& game, const Table& table, StateIndex i, Side turn,
                        std::vector<StateIndex>& children) {
  const Value value = table.value(i);
  const std::uint32_t r = table.remoteness_raw(i);
  const bool remoteness = table.has_remoteness();
  if (auto outcome = game.outcome_at(i)) {
    if (value != *outcome || (remoteness && r != 0)) {
      return fmt::format("finished position holds {}, expected {}{}", show(value, r),
                         value_name(*outcome), remoteness ? " in 0" : "");
    }
    return {};
  }
  const Value mine = win_for(turn);
  const Value theirs = win_for(opponent(turn));
  std::uint32_t fastest_win = kNoRemoteness;
  std::uint32_t slowest_loss = 0;
  bool any_draw = false;
  bool any_win = false;
  game.child_indices(i, children);
  for (const StateIndex c : children) {
    const Value v = table.value(c);
    const std::uint32_t cr = table.remoteness_raw(c);
    // A win or loss without remoteness is caught when that child itself is checked.
    if (v == mine) {
      any_win = true;
      fastest_win = std::min(fastest_win, cr);
    }
    if (v == theirs) slowest_loss = std::max(slowest_loss, cr);
    if (v == Value::kDraw) any_draw = true;
  }
  if (children.empty()) {
    const Value expected = stuck_value(game.rules(), turn);
    const bool lose = expected != Value::kDraw;
    if (value != expected || (remoteness && r != (lose ? 0 : kNoRemoteness))) {
      return fmt::format(
          "stuck {} holds {}, expected {}", side_name(turn), show(value, r),
          lose && remoteness ? show(expected, 0) : std::string(value_name(expected)));
    }
    return {};
  }
  if (value == mine) {
    if (!any_win) return fmt::format("claims {} but no move wins", show(value, r));
    if (remoteness && r != fastest_win + 1) {
      return fmt::format("claims {} but the fastest winning move leads to remoteness {}",
                         show(value, r), fastest_win);
    }
  } else if (value == theirs) {
    if (any_win || any_draw) {
      return fmt::format("claims {} but a move {}", show(value, r), any_win ? "wins" : "draws");
    }
    if (remoteness && r != slowest_loss + 1) {
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

Error state_error(const Game& game, StateIndex i, std::string message) {
  Error error{std::move(message), {}};
  error.where.field = ErrorField::kState;
  error.where.detail = describe(game.space().position(i));
  return error;
}

}  // namespace

Status verify(const Game& game, const Table& table) {
  if (game.cats() == 1 && table.space() == game.space() && game.state_count() > 0) {
    const detail::TableCodeSource source(table);
    if (detail::streamable(game, source)) {
      try {
        detail::WorkerPool pool(1);
        auto failure = detail::stream_verify(game, source, pool);
        if (!failure) return {};
        return std::move(*failure->error);
      } catch (const std::bad_alloc&) {
        return Error{"out of memory during the check", at_field(ErrorField::kMemoryLimit)};
      }
    }
  }
  return verify(game, table, 0, game.state_count());
}

Status verify(const Game& game, const Table& table, StateIndex first, StateIndex last) {
  if (!(table.space() == game.space())) {
    return Error{fmt::format("the table has {} states for {} nodes and {} cats, the game {} for {} "
                             "and {}",
                             table.state_count(), table.node_count(), table.space().cats(),
                             game.state_count(), game.node_count(), game.cats()),
                 {}};
  }
  const StateIndex half = game.state_count() / 2;
  std::vector<StateIndex> children;
  for (StateIndex i = first; i < std::min(last, game.state_count()); ++i) {
    if (!game.valid_at(i)) {
      if (table.value(i) != Value::kDraw || table.remoteness_raw(i) != kNoRemoteness) {
        return state_error(game, i, "a state the rules exclude holds a value");
      }
      continue;
    }
    const Side turn = i < half ? Side::kMouse : Side::kCat;
    std::string problem = check_state(game, table, i, turn, children);
    if (!problem.empty()) return state_error(game, i, std::move(problem));
  }
  return {};
}

}  // namespace catmouse
