// The queries of a solved game, written once over a source of values: Solution answers them over
// its in-memory Table, and a tablebase file (tablebase/tablebase.hpp) over the blocks it reads.
// Internal to src/.
//
// A Source has
//   StateEntry entry(StateIndex i) const  // the value and remoteness of state i
//   bool has_remoteness() const           // whether remoteness is known (not values only)
//   bool failed() const                   // a read went wrong: the caller discards the answer
// Reads that can fail (a file's blocks) record the failure in the source and return a draw, so
// that the algorithms below stay free of error paths; line() stops at the first failure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse::queries {

// One state's entry: its value, and its remoteness or kNoRemoteness (draws, values only).
struct StateEntry {
  Value value = Value::kDraw;
  std::uint32_t remoteness = kNoRemoteness;
};

// A state's code, as tablebase files (docs/formats.md) and the streaming check
// (stream_verify.hpp) store entries: 0 a draw (or a state the rules exclude); with remoteness
// 1 + 2r for a mouse win in r moves and 2 + 2r for a cat win in r moves; values only 1 for a
// mouse win, 2 for a cat win.
inline std::uint32_t state_code(const StateEntry& e, bool remoteness) {
  if (e.value == Value::kDraw) return 0;
  const std::uint32_t cat = e.value == Value::kCatWin ? 1 : 0;
  return remoteness ? 1 + 2 * e.remoteness + cat : 1 + cat;
}
inline StateEntry state_entry(std::uint32_t code, bool remoteness) {
  if (code == 0) return {};
  const Value value = (code - 1) & 1 ? Value::kCatWin : Value::kMouseWin;
  return {value, remoteness ? (code - 1) >> 1 : kNoRemoteness};
}

// A Table as a Source.
class TableSource {
 public:
  explicit TableSource(const Table& table) : table_(&table) {}
  StateEntry entry(StateIndex i) const { return {table_->value(i), table_->remoteness_raw(i)}; }
  bool has_remoteness() const { return table_->has_remoteness(); }
  static constexpr bool failed() { return false; }

 private:
  const Table* table_;
};

// Whether p is a position of the game (Solution::check).
Status check(const Game& game, const Position& p);

// The unlimited game's value of p (a draw for a position outside the game).
template <class Source>
StateValue unlimited(const Game& game, const Source& source, const Position& p) {
  const auto i = game.space().index(p);
  if (!i) return {};
  const StateEntry e = source.entry(*i);
  return {e.value, e.remoteness == kNoRemoteness ? std::nullopt
                                                 : std::optional<std::uint32_t>(e.remoteness)};
}

template <class Source>
StateValue value(const Game& game, const Source& source, const Position& p, std::uint32_t played) {
  return apply_move_limit(unlimited(game, source, p), game.rules(), played);
}

template <class Source>
std::vector<Move> moves(const Game& game, const Source& source, const Position& p,
                        std::uint32_t played) {
  std::vector<Move> out;
  if (!game.valid(p) || game.outcome(p)) return out;
  for (Position& child : game.children(p)) {
    const StateValue v = value(game, source, child, played + 1);
    out.push_back({std::move(child), v});
  }
  return out;
}

// What the children of a valid, unfinished state hold, seen by its mover: whether it has a move,
// whether one wins (the fastest, to remoteness `fastest`), draws, or loses (the slowest, to
// `slowest`), and the first child of each kind in move order. Best play (best_child) keeps the
// state's value; the certificate check (broken_rule) compares the state with them.
struct Children {
  bool any = false;
  bool win = false;
  bool draw = false;
  bool loss = false;
  std::uint32_t fastest = kNoRemoteness;  // the fastest win's remoteness
  std::uint32_t slowest = 0;              // the slowest loss's remoteness
  StateIndex fastest_child = 0;
  StateIndex draw_child = 0;
  StateIndex slowest_child = 0;
};

// The side to move at state i.
inline Side turn_at(const Game& game, StateIndex i) {
  return i < game.state_count() / 2 ? Side::kMouse : Side::kCat;
}

// Adds children to a Children, seen by the side whose win is `mine`.
class ChildrenScan {
 public:
  explicit ChildrenScan(Value mine) : mine_(mine) {}
  void add(StateIndex child, const StateEntry& e) {
    out_.any = true;
    if (e.value == mine_) {
      if (!out_.win || e.remoteness < out_.fastest) {
        out_.fastest_child = child;
        out_.fastest = e.remoteness;
      }
      out_.win = true;
    } else if (e.value == Value::kDraw) {
      if (!out_.draw) out_.draw_child = child;
      out_.draw = true;
    } else {
      if (!out_.loss || e.remoteness > out_.slowest) {
        out_.slowest_child = child;
        out_.slowest = e.remoteness;
      }
      out_.loss = true;
    }
  }
  const Children& children() const { return out_; }

 private:
  Value mine_;
  Children out_;
};

// The children of the valid, unfinished one-cat state s as the source holds them.
template <class Source>
Children children_of(const Game& game, const Source& source, const State& s) {
  ChildrenScan scan(win_for(s.turn));
  const StateSpace& space = game.space();
  game.for_each_move(s, [&](NodeId, const State& child) {
    const StateIndex i = space.index(child);
    scan.add(i, source.entry(i));
  });
  return scan.children();
}

// The children of state `at` (valid and unfinished) as the source holds them; `scratch` holds
// the children of k cats' states. Ties keep the first child, in move order.
template <class Source>
Children children_of(const Game& game, const Source& source, StateIndex at,
                     std::vector<StateIndex>& scratch) {
  if (game.cats() == 1) return children_of(game, source, game.space().state(at));
  ChildrenScan scan(win_for(turn_at(game, at)));
  game.child_indices(at, scratch);
  for (const StateIndex child : scratch) scan.add(child, source.entry(child));
  return scan.children();
}

// The child best play moves to from a state of value `value` (Solution::best_child): the
// fastest win, the slowest loss, a drawn move in a draw; none when no child keeps the value.
inline std::optional<StateIndex> best_of(const Children& children, Value value, Side turn) {
  if (value == win_for(turn)) {
    return children.win ? std::optional(children.fastest_child) : std::nullopt;
  }
  if (value == Value::kDraw)
    return children.draw ? std::optional(children.draw_child) : std::nullopt;
  return children.loss ? std::optional(children.slowest_child) : std::nullopt;
}

// Solution::best_child: fastest win, slowest loss, a drawn move in a draw; ties to the first.
template <class Source>
std::optional<StateIndex> best_child(const Game& game, const Source& source, StateIndex at) {
  if (!source.has_remoteness() || at >= game.state_count()) return std::nullopt;
  if (game.cats() == 1) {
    // One cat: the state decoded once.
    const State s = game.space().state(at);
    if (!game.valid(s) || game.outcome(s)) return std::nullopt;
    return best_of(children_of(game, source, s), source.entry(at).value, s.turn);
  }
  if (game.outcome_at(at)) return std::nullopt;
  const Value value = source.entry(at).value;
  std::vector<StateIndex> scratch;
  return best_of(children_of(game, source, at, scratch), value, turn_at(game, at));
}

// What the certificate check of a state needs to know of it besides its entry and children.
struct StateFacts {
  bool valid = true;             // the rules allow it
  std::optional<Value> outcome;  // finished: the rules' outcome
  Side turn = Side::kMouse;
};
inline StateFacts facts_at(const Game& game, StateIndex at) {
  return {game.valid_at(at), game.outcome_at(at), turn_at(game, at)};
}

// What the certificate check asks a state to hold, from the rules and its children (children_of;
// ignored for a state that is excluded or finished): a state the rules exclude a draw without
// remoteness; a finished one the rules' outcome in 0; a stuck one the stuck rule's value (in 0
// for a loss); else a win in one more than the fastest winning move, a draw when no move wins and
// one draws, a loss in one more than the slowest losing move when every move loses. No
// remoteness when the table keeps none (`remoteness` false).
inline StateEntry expected_entry(const Rules& rules, const StateFacts& state, bool remoteness,
                                 const Children& children) {
  const auto in = [&](std::uint32_t r) { return remoteness ? r : kNoRemoteness; };
  if (!state.valid) return {};
  if (state.outcome) return {*state.outcome, in(0)};
  if (!children.any) {
    const Value value = stuck_value(rules, state.turn);
    return {value, value == Value::kDraw ? kNoRemoteness : in(0)};
  }
  if (children.win) return {win_for(state.turn), in(children.fastest + 1)};
  if (children.draw) return {};
  return {win_for(opponent(state.turn)), in(children.slowest + 1)};
}

inline bool same_entry(const StateEntry& a, const StateEntry& b) {
  return a.value == b.value && a.remoteness == b.remoteness;
}

// The certificate check of one state (solve/verify.hpp): the rule that a state holding `own`
// breaks, when it does not hold expected_entry(), or an empty string when it breaks none: the
// words every check names a fault with.
std::string broken_rule(const Rules& rules, const StateFacts& state, const StateEntry& own,
                        bool remoteness, const Children& children);
inline std::string broken_rule(const Game& game, StateIndex at, const StateEntry& own,
                               bool remoteness, const Children& children) {
  return broken_rule(game.rules(), facts_at(game, at), own, remoteness, children);
}

// broken_rule() for state `at` of the source, its children read from it.
template <class Source>
std::string broken_rule_at(const Game& game, const Source& source, StateIndex at,
                           std::vector<StateIndex>& scratch) {
  const StateFacts facts = facts_at(game, at);
  Children children;
  if (facts.valid && !facts.outcome) children = children_of(game, source, at, scratch);
  return broken_rule(game.rules(), facts, source.entry(at), source.has_remoteness(), children);
}

template <class Source>
std::optional<Move> best_move(const Game& game, const Source& source, const Position& p,
                              std::uint32_t played) {
  const auto at = game.space().index(p);
  const auto best = at ? best_child(game, source, *at) : std::nullopt;
  if (!best) return std::nullopt;
  Position child = game.space().position(*best);
  StateValue v = value(game, source, child, played + 1);
  return Move{std::move(child), v};
}

// The error of line() in a values-only table.
Error line_needs_remoteness();

template <class Source>
Result<Line> line(const Game& game, const Source& source, const Position& start) {
  if (!source.has_remoteness()) return line_needs_remoteness();
  Line line;
  std::unordered_map<StateIndex, std::size_t> seen;
  Position p = start;
  while (!source.failed()) {
    const auto index = game.space().index(p);
    if (index) seen.emplace(*index, line.positions.size());
    line.positions.push_back(p);
    if (const auto outcome = game.outcome(p)) {
      line.end = *outcome == Value::kMouseWin ? LineEnd::kHole : LineEnd::kCapture;
      break;
    }
    std::optional<Move> move = best_move(game, source, p, 0);
    if (!move) {
      line.end = LineEnd::kStuck;
      break;
    }
    const auto again = seen.find(*game.space().index(move->child));
    if (again != seen.end()) {
      line.cycle_start = again->second;
      line.end = LineEnd::kRepetition;
      break;
    }
    p = std::move(move->child);
  }
  const std::uint32_t limit = game.rules().move_limit;
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

// Adds state i (valid) to the counts.
inline void count(Counts& counts, const StateEntry& e) {
  ++counts.states;
  switch (e.value) {
    case Value::kMouseWin:
      ++counts.mouse_wins;
      break;
    case Value::kCatWin:
      ++counts.cat_wins;
      break;
    case Value::kDraw:
      ++counts.draws;
      return;
  }
  if (e.remoteness != kNoRemoteness &&
      (!counts.max_remoteness || e.remoteness > *counts.max_remoteness)) {
    counts.max_remoteness = e.remoteness;
  }
}

template <class Source>
Counts counts(const Game& game, const Source& source) {
  Counts counts;
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    if (game.valid_at(i)) count(counts, source.entry(i));
  }
  return counts;
}

}  // namespace catmouse::queries
