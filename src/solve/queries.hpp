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
#include <unordered_map>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse::queries {

// One state's entry: its value, and its remoteness or kNoRemoteness (draws, values only).
struct StateEntry {
  Value value = Value::kDraw;
  std::uint32_t remoteness = kNoRemoteness;
};

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

// Solution::best_child: fastest win, slowest loss, a drawn move in a draw; ties to the first.
template <class Source>
std::optional<StateIndex> best_child(const Game& game, const Source& source, StateIndex at) {
  if (!source.has_remoteness() || at >= game.state_count()) return std::nullopt;
  const Value value = source.entry(at).value;
  std::optional<StateIndex> best;
  std::uint32_t best_remoteness = 0;
  Value mine = Value::kDraw;
  const auto consider = [&](StateIndex child) {
    const StateEntry e = source.entry(child);
    if (e.value != value) return;  // an optimal move keeps the position's value
    const std::uint32_t r = e.remoteness;
    // Fastest win, slowest loss; strict, so ties keep the first move.
    if (!best ||
        (value == mine ? r < best_remoteness : value != Value::kDraw && r > best_remoteness)) {
      best = child;
      best_remoteness = r;
    }
  };
  const StateSpace& space = game.space();
  if (game.cats() == 1) {
    // One cat: the state decoded once, its moves straight from the move lists.
    const State s = space.state(at);
    if (!game.valid(s) || game.outcome(s)) return std::nullopt;
    mine = win_for(s.turn);
    game.for_each_move(s, [&](NodeId, const State& child) { consider(space.index(child)); });
    return best;
  }
  if (game.outcome_at(at)) return std::nullopt;
  mine = win_for(at < game.state_count() / 2 ? Side::kMouse : Side::kCat);
  std::vector<StateIndex> children;
  game.child_indices(at, children);
  for (const StateIndex child : children) consider(child);
  return best;
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
