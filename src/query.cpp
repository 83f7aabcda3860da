#include "catmouse/query.hpp"

#include <fmt/format.h>

#include <unordered_map>

namespace catmouse {

std::string describe(const State& s) {
  return fmt::format("(mouse {}, cat {}, {} to move)", s.mouse, s.cat, side_name(s.turn));
}

std::vector<Move> moves(const Game& game, const Table& table, const State& s) {
  std::vector<Move> out;
  if (game.outcome(s)) return out;
  game.for_each_move(s, [&](NodeId to, const State& child) {
    out.push_back({to, child, table.value(child), table.remoteness(child)});
  });
  return out;
}

std::optional<Move> best_move(const Game& game, const Table& table, const State& s) {
  const Value value = table.value(s);
  const Value mine = win_for(s.turn);
  std::optional<Move> best;
  for (const Move& m : moves(game, table, s)) {
    if (m.value != value) continue;  // an optimal move keeps the position's value
    if (!best) {
      best = m;
    } else if (value == mine ? *m.remoteness < *best->remoteness
                             : value != Value::kDraw && *m.remoteness > *best->remoteness) {
      best = m;  // fastest win, slowest loss; strict, so ties keep the smallest destination
    }
  }
  return best;
}

Line optimal_line(const Game& game, const Table& table, const State& start) {
  Line line;
  std::unordered_map<StateIndex, std::size_t> seen;
  State s = start;
  for (;;) {
    seen.emplace(game.space().index(s), line.positions.size());
    line.positions.push_back(s);
    const std::optional<Move> move = best_move(game, table, s);
    if (!move) break;
    auto again = seen.find(game.space().index(move->child));
    if (again != seen.end()) {
      line.cycle_start = again->second;
      break;
    }
    s = move->child;
  }
  return line;
}

std::optional<State> reachable_stuck_state(const Game& game, const State& start) {
  // Most boards have no node where a player could be stuck; then there is nothing to search.
  bool possible = false;
  for (NodeId v = 0; v < game.node_count() && !possible; ++v) {
    possible = game.move_count({v, v, Side::kMouse}) == 0 ||
               (game.cat_may_enter(v) && game.move_count({v, v, Side::kCat}) == 0);
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
