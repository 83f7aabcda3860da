#include "catmouse/reference.hpp"

#include <array>
#include <vector>

namespace catmouse {

namespace {

// Own state layout: [turn][mouse][cat], turn 0 = mouse to move.
struct Position {
  int turn;
  NodeId mouse;
  NodeId cat;
};

constexpr int kUnknown = -1;

}  // namespace

Table solve_reference(const Graph& graph, const Rules& rules) {
  const std::vector<std::vector<NodeId>> adj = graph.to_adjacency();
  const NodeId n = static_cast<NodeId>(adj.size());
  std::vector<bool> hole(n, false), cat_barred(n, false);
  for (NodeId v : rules.holes) hole[v] = true;
  for (NodeId v : rules.cat_forbidden.empty() ? rules.holes : rules.cat_forbidden)
    cat_barred[v] = true;
  const auto at = [n](const Position& p) {
    return (static_cast<std::size_t>(p.turn) * n + p.mouse) * n + p.cat;
  };
  const auto moves = [&](const Position& p) {
    std::vector<Position> out;
    if (p.turn == 0) {
      for (NodeId to : adj[p.mouse]) out.push_back({1, to, p.cat});
      if (rules.mouse_stays) out.push_back({1, p.mouse, p.cat});
    } else {
      for (NodeId to : adj[p.cat]) {
        if (!cat_barred[to]) out.push_back({0, p.mouse, to});
      }
      if (rules.cat_stays) out.push_back({0, p.mouse, p.cat});
    }
    return out;
  };
  // Winner codes as in Value (1 mouse, 2 cat); the mover of turn t wins with code t + 1.
  std::vector<int> winner(2 * static_cast<std::size_t>(n) * n, kUnknown);
  std::vector<std::uint32_t> level(winner.size(), kNoRemoteness);
  std::vector<Position> open;  // valid, not yet decided

  for (int turn = 0; turn < 2; ++turn) {
    for (NodeId mouse = 0; mouse < n; ++mouse) {
      for (NodeId cat = 0; cat < n; ++cat) {
        const Position p{turn, mouse, cat};
        if (cat_barred[cat]) continue;
        if (hole[mouse]) {
          winner[at(p)] = 1;
        } else if (mouse == cat) {
          winner[at(p)] = 2;
        } else if (moves(p).empty()) {
          if (rules.stuck == StuckRule::kLose) winner[at(p)] = 2 - turn;
          if (rules.stuck == StuckRule::kDraw) continue;  // a draw: never decided
        } else {
          open.push_back(p);
          continue;
        }
        level[at(p)] = 0;
      }
    }
  }

  for (std::uint32_t r = 1;; ++r) {
    std::vector<std::pair<Position, int>> decided;
    std::vector<Position> still_open;
    for (const Position& p : open) {
      const int mine = p.turn + 1;
      bool win = false;
      bool all_lost = true;
      for (const Position& child : moves(p)) {
        const int w = winner[at(child)];
        win = win || w == mine;
        all_lost = all_lost && w != kUnknown && w != mine;
      }
      if (win) {
        decided.push_back({p, mine});
      } else if (all_lost) {
        decided.push_back({p, 3 - mine});
      } else {
        still_open.push_back(p);
      }
    }
    if (decided.empty()) break;
    // Applied after the sweep, so level r sees only the decisions of levels below r.
    for (const auto& [p, w] : decided) {
      winner[at(p)] = w;
      level[at(p)] = r;
    }
    open = std::move(still_open);
  }

  Table table(n);
  const StateSpace& space = table.space();
  for (int turn = 0; turn < 2; ++turn) {
    for (NodeId mouse = 0; mouse < n; ++mouse) {
      for (NodeId cat = 0; cat < n; ++cat) {
        const std::size_t k = at({turn, mouse, cat});
        if (winner[k] == kUnknown) continue;
        table.set(space.index({mouse, cat, static_cast<Side>(turn)}), static_cast<Value>(winner[k]),
                  level[k]);
      }
    }
  }
  return table;
}

}  // namespace catmouse
