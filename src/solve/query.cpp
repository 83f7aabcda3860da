#include "catmouse/solve/query.hpp"

#include <fmt/format.h>

#include <algorithm>
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

std::vector<PackMove> pack_moves(const Game& game, const PackTable& table, const PackState& s) {
  std::vector<PackMove> out;
  if (pack_outcome(game, s.mouse, s.cats)) return out;
  auto add = [&](PackState child) {
    std::sort(child.cats.begin(), child.cats.end());
    for (const PackMove& m : out) {
      if (m.child == child) return;  // the same multiset by another joint move
    }
    const Value v = table.value(child);
    const auto r = table.remoteness(child);
    out.push_back({std::move(child), v, r});
  };
  if (s.turn == Side::kMouse) {
    for (NodeId to : game.mouse_moves(s.mouse)) add({to, s.cats, Side::kCat});
    return out;
  }
  // The cats' joint moves, cat by cat (an odometer over their move lists).
  std::vector<std::size_t> at(s.cats.size(), 0);
  for (NodeId c : s.cats) {
    if (game.cat_moves(c).empty()) return out;
  }
  while (true) {
    PackState child{s.mouse, s.cats, Side::kMouse};
    for (std::size_t i = 0; i < s.cats.size(); ++i)
      child.cats[i] = game.cat_moves(s.cats[i])[at[i]];
    add(std::move(child));
    std::size_t i = 0;
    while (i < at.size() && ++at[i] == game.cat_moves(s.cats[i]).size()) at[i++] = 0;
    if (i == at.size()) break;
  }
  return out;
}

std::optional<PackMove> pack_best_move(const Game& game, const PackTable& table,
                                       const PackState& s) {
  const Value value = table.value(s);
  const Value mine = win_for(s.turn);
  std::optional<PackMove> best;
  for (PackMove& m : pack_moves(game, table, s)) {
    if (m.value != value) continue;
    if (!best || (value == mine ? *m.remoteness < *best->remoteness
                                : value != Value::kDraw && *m.remoteness > *best->remoteness)) {
      best = std::move(m);
    }
  }
  return best;
}

PackLine pack_optimal_line(const Game& game, const PackTable& table, const PackState& start) {
  PackLine line;
  PackState s = start;
  for (;;) {
    line.positions.push_back(s);
    std::optional<PackMove> move = pack_best_move(game, table, s);
    if (!move) break;
    const auto again = std::find(line.positions.begin(), line.positions.end(), move->child);
    if (again != line.positions.end()) {
      line.cycle_start = static_cast<std::size_t>(again - line.positions.begin());
      break;
    }
    s = std::move(move->child);
  }
  return line;
}

}  // namespace catmouse
