#include "solve/queries.hpp"

#include <fmt/format.h>

namespace catmouse::queries {

Status check(const Game& game, const Position& p) {
  const NodeId n = game.node_count();
  const auto fail = [](Location where, std::string marked) {
    return with_nodes(std::move(marked), std::move(where));
  };
  if (p.mouse >= n) {
    return fail(at_field(ErrorField::kMouse),
                fmt::format("node {} is out of range (nodes are 0..{})", p.mouse, n - 1));
  }
  if (p.turn != Side::kMouse && p.turn != Side::kCat)
    return fail(at_field(ErrorField::kTurn), "not mouse or cat");
  if (p.cats.size() != game.cats()) {
    return fail(at_field(ErrorField::kCats),
                fmt::format("{} cat{} given for a game of {}", p.cats.size(),
                            p.cats.size() == 1 ? "" : "s", game.cats()));
  }
  for (std::size_t i = 0; i < p.cats.size(); ++i) {
    const Location field =
        at_field(ErrorField::kCat, p.cats.size() == 1 ? std::nullopt : std::optional(i + 1));
    if (p.cats[i] >= n) {
      return fail(field,
                  fmt::format("node {} is out of range (nodes are 0..{})", p.cats[i], n - 1));
    }
    if (game.cat_forbidden(p.cats[i])) {
      return fail(field, fmt::format("the cat may not be on node {}", node_ref(p.cats[i])));
    }
    if (i > 0 && p.cats[i] < p.cats[i - 1])
      return fail(at_field(ErrorField::kCats), "the cats' nodes must be sorted");
  }
  return {};
}

namespace {

std::string show(Value v, std::uint32_t r) {
  return r == kNoRemoteness ? std::string(value_name(v))
                            : fmt::format("{} in {}", value_name(v), r);
}

}  // namespace

std::string broken_rule(const Rules& rules, const StateFacts& state, const StateEntry& own,
                        bool remoteness, const Children& children) {
  const StateEntry expected = expected_entry(rules, state, remoteness, children);
  if (same_entry(own, expected)) return {};
  const Value value = own.value;
  const std::uint32_t r = own.remoteness;
  if (!state.valid) {
    if (value != Value::kDraw || r != kNoRemoteness)
      return "a state the rules exclude holds a value";
    return {};
  }
  if (const auto& outcome = state.outcome) {
    if (value != *outcome || (remoteness && r != 0)) {
      return fmt::format("finished position holds {}, expected {}{}", show(value, r),
                         value_name(*outcome), remoteness ? " in 0" : "");
    }
    return {};
  }
  const Side turn = state.turn;
  if (!children.any) {
    const Value expected = stuck_value(rules, turn);
    const bool lose = expected != Value::kDraw;
    if (value != expected || (remoteness && r != (lose ? 0 : kNoRemoteness))) {
      return fmt::format(
          "stuck {} holds {}, expected {}", side_name(turn), show(value, r),
          lose && remoteness ? show(expected, 0) : std::string(value_name(expected)));
    }
    return {};
  }
  // A child's win or loss without remoteness is caught when that child itself is checked.
  if (value == win_for(turn)) {
    if (!children.win) return fmt::format("claims {} but no move wins", show(value, r));
    if (remoteness && r != children.fastest + 1) {
      return fmt::format("claims {} but the fastest winning move leads to remoteness {}",
                         show(value, r), children.fastest);
    }
  } else if (value != Value::kDraw) {
    if (children.win || children.draw) {
      return fmt::format("claims {} but a move {}", show(value, r),
                         children.win ? "wins" : "draws");
    }
    if (remoteness && r != children.slowest + 1) {
      return fmt::format("claims {} but the slowest losing move leads to remoteness {}",
                         show(value, r), children.slowest);
    }
  } else {
    if (r != kNoRemoteness) return fmt::format("a draw with remoteness {}", r);
    if (children.win) return "claims a draw but a move wins";
    if (!children.draw) return "claims a draw but no move keeps the draw";
  }
  return fmt::format("holds {}, its moves call for {}", show(value, r),
                     show(expected.value, expected.remoteness));
}

Error line_needs_remoteness() {
  return Error{"an optimal line needs remoteness, which a values-only solution does not keep", {}};
}

}  // namespace catmouse::queries
