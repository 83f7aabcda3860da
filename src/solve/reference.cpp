#include "catmouse/solve/reference.hpp"

#include <algorithm>
#include <vector>

namespace catmouse {

namespace {

// Own state layout: [turn][mouse][cat], turn 0 = mouse to move.
struct RefState {
  int turn;
  NodeId mouse;
  NodeId cat;
};

constexpr int kUnknown = -1;

// The game as the reference engines see it: adjacency lists and per-node flags, with move
// generation written here once more, apart from Game's.
struct RefGame {
  RefGame(const Graph& graph, const Rules& rules, const Graph* cat_graph)
      : rules(rules),
        adj(graph.to_adjacency()),
        cat_adj((cat_graph ? *cat_graph : graph).to_adjacency()),
        n(static_cast<NodeId>(adj.size())),
        hole(n, false),
        cat_forbidden(n, false) {
    for (NodeId v : rules.holes) hole[v] = true;
    for (NodeId v : rules.cat_forbidden ? *rules.cat_forbidden : rules.holes)
      cat_forbidden[v] = true;
  }
  std::size_t at(const RefState& p) const {
    return (static_cast<std::size_t>(p.turn) * n + p.mouse) * n + p.cat;
  }
  std::vector<RefState> moves(const RefState& p) const {
    std::vector<RefState> out;
    if (p.turn == 0) {
      for (NodeId to : adj[p.mouse]) out.push_back({1, to, p.cat});
      if (rules.mouse_stays) out.push_back({1, p.mouse, p.cat});
    } else {
      for (NodeId to : cat_adj[p.cat]) {
        if (!cat_forbidden[to]) out.push_back({0, p.mouse, to});
      }
      if (rules.cat_stays) out.push_back({0, p.mouse, p.cat});
    }
    return out;
  }
  // The winner code of a finished position, else 0.
  int finished(const RefState& p) const {
    if (rules.cat_wins_in_hole && (hole[p.cat] || p.mouse == p.cat)) return 2;
    if (hole[p.mouse]) return 1;
    if (p.mouse == p.cat) return 2;
    return 0;
  }

  const Rules& rules;
  std::vector<std::vector<NodeId>> adj, cat_adj;
  NodeId n;
  std::vector<bool> hole, cat_forbidden;
};

}  // namespace

Table solve_reference(const Graph& graph, const Rules& rules, const Graph* cat_graph) {
  const RefGame game(graph, rules, cat_graph);
  const NodeId n = game.n;
  const auto& cat_forbidden = game.cat_forbidden;
  const auto at = [&](const RefState& p) { return game.at(p); };
  const auto moves = [&](const RefState& p) { return game.moves(p); };
  // Winner codes as in Value (1 mouse, 2 cat); the mover of turn t wins with code t + 1.
  std::vector<int> winner(2 * static_cast<std::size_t>(n) * n, kUnknown);
  std::vector<std::uint32_t> level(winner.size(), kNoRemoteness);
  std::vector<RefState> open;  // valid, not yet decided

  for (int turn = 0; turn < 2; ++turn) {
    for (NodeId mouse = 0; mouse < n; ++mouse) {
      for (NodeId cat = 0; cat < n; ++cat) {
        const RefState p{turn, mouse, cat};
        if (cat_forbidden[cat]) continue;
        if (const int w = game.finished(p)) {
          winner[at(p)] = w;
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
    std::vector<std::pair<RefState, int>> decided;
    std::vector<RefState> still_open;
    for (const RefState& p : open) {
      const int mine = p.turn + 1;
      bool win = false;
      bool all_lost = true;
      for (const RefState& child : moves(p)) {
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

StateValue solve_reference_limited(const Graph& graph, const Rules& rules, const State& start,
                                   const Graph* cat_graph) {
  const RefGame game(graph, rules, cat_graph);
  // Backward induction over the moves left: value[t] holds every position with t moves left, as
  // (winner code or 0 for a draw, moves to the end).
  struct Entry {
    int winner = 0;
    std::uint32_t moves = 0;
  };
  const std::size_t size = 2 * static_cast<std::size_t>(game.n) * game.n;
  std::vector<Entry> now(size), next(size);
  const auto all_positions = [&](auto&& f) {
    for (int turn = 0; turn < 2; ++turn) {
      for (NodeId mouse = 0; mouse < game.n; ++mouse) {
        for (NodeId cat = 0; cat < game.n; ++cat) {
          if (!game.cat_forbidden[cat]) f(RefState{turn, mouse, cat});
        }
      }
    }
  };
  const int at_limit = rules.limit_outcome == LimitOutcome::kCatWin ? 2 : 0;
  for (std::uint32_t left = 0; left <= rules.move_limit; ++left) {
    all_positions([&](const RefState& p) {
      Entry& e = next[game.at(p)];
      if (const int w = game.finished(p)) {
        e = {w, 0};
        return;
      }
      const std::vector<RefState> children = game.moves(p);
      if (children.empty()) {
        e = {rules.stuck == StuckRule::kLose ? 2 - p.turn : 0, 0};
        return;
      }
      if (left == 0) {
        e = {at_limit, 0};
        return;
      }
      const int mine = p.turn + 1;
      std::uint32_t fastest = kNoRemoteness, slowest = 0;
      bool all_lost = true;
      for (const RefState& child : children) {
        const Entry& c = now[game.at(child)];
        if (c.winner == mine) fastest = std::min(fastest, c.moves + 1);
        if (c.winner == 3 - mine) slowest = std::max(slowest, c.moves + 1);
        all_lost = all_lost && c.winner == 3 - mine;
      }
      if (fastest != kNoRemoteness) {
        e = {mine, fastest};
      } else if (all_lost) {
        e = {3 - mine, slowest};
      } else {
        e = {0, 0};
      }
    });
    std::swap(now, next);
  }
  const Entry& e = now[game.at({start.turn == Side::kMouse ? 0 : 1, start.mouse, start.cat})];
  if (e.winner == 0) return {};
  return {static_cast<Value>(e.winner), e.moves};
}

std::uint64_t pack_reference_index(NodeId n, const Position& s) {
  std::uint64_t index = static_cast<std::uint64_t>(s.turn == Side::kMouse ? 0 : 1) * n + s.mouse;
  for (NodeId c : s.cats) index = index * n + c;
  return index;
}

std::vector<std::pair<Value, std::uint32_t>> solve_pack_reference(const Graph& graph,
                                                                  const Rules& rules) {
  const RefGame game(graph, rules, nullptr);
  const NodeId n = game.n;
  const std::uint32_t k = rules.cats;
  std::uint64_t tuples = 1;
  for (std::uint32_t i = 0; i < k; ++i) tuples *= n;
  const std::uint64_t size = 2 * n * tuples;
  // Decodes an index of pack_reference_index's layout.
  const auto state_at = [&](std::uint64_t index) {
    Position s{0, std::vector<NodeId>(k), Side::kMouse};
    for (std::uint32_t i = k; i-- > 0; index /= n) s.cats[i] = static_cast<NodeId>(index % n);
    s.mouse = static_cast<NodeId>(index % n);
    s.turn = index / n == 0 ? Side::kMouse : Side::kCat;
    return s;
  };
  const auto moves = [&](const Position& s) {
    std::vector<Position> out;
    if (s.turn == Side::kMouse) {
      for (NodeId to : game.adj[s.mouse]) out.push_back({to, s.cats, Side::kCat});
      if (rules.mouse_stays) out.push_back({s.mouse, s.cats, Side::kCat});
      return out;
    }
    // Every cat picks a move; the product, cat by cat.
    out.push_back({s.mouse, {}, Side::kMouse});
    for (NodeId cat : s.cats) {
      std::vector<NodeId> options;
      for (NodeId to : game.adj[cat]) {
        if (!game.cat_forbidden[to]) options.push_back(to);
      }
      if (rules.cat_stays) options.push_back(cat);
      std::vector<Position> longer;
      for (const Position& partial : out) {
        for (NodeId to : options) {
          longer.push_back(partial);
          longer.back().cats.push_back(to);
        }
      }
      out = std::move(longer);
    }
    return out;
  };
  const auto finished = [&](const Position& s) {
    bool on_mouse = false, in_hole = false;
    for (NodeId c : s.cats) {
      on_mouse = on_mouse || c == s.mouse;
      in_hole = in_hole || game.hole[c];
    }
    if (rules.cat_wins_in_hole && (on_mouse || in_hole)) return 2;
    if (game.hole[s.mouse]) return 1;
    return on_mouse ? 2 : 0;
  };
  std::vector<int> winner(size, kUnknown);
  std::vector<std::uint32_t> level(size, kNoRemoteness);
  std::vector<std::uint64_t> open;
  for (std::uint64_t i = 0; i < size; ++i) {
    const Position s = state_at(i);
    if (std::any_of(s.cats.begin(), s.cats.end(), [&](NodeId c) { return game.cat_forbidden[c]; }))
      continue;
    if (const int w = finished(s)) {
      winner[i] = w;
    } else if (moves(s).empty()) {
      if (rules.stuck == StuckRule::kDraw) continue;
      winner[i] = s.turn == Side::kMouse ? 2 : 1;
    } else {
      open.push_back(i);
      continue;
    }
    level[i] = 0;
  }
  for (std::uint32_t r = 1;; ++r) {
    std::vector<std::pair<std::uint64_t, int>> decided;
    std::vector<std::uint64_t> still_open;
    for (std::uint64_t i : open) {
      const Position s = state_at(i);
      const int mine = s.turn == Side::kMouse ? 1 : 2;
      bool win = false, all_lost = true;
      for (const Position& child : moves(s)) {
        const int w = winner[pack_reference_index(n, child)];
        win = win || w == mine;
        all_lost = all_lost && w != kUnknown && w != mine;
      }
      if (win || all_lost) {
        decided.push_back({i, win ? mine : 3 - mine});
      } else {
        still_open.push_back(i);
      }
    }
    if (decided.empty()) break;
    for (const auto& [i, w] : decided) {
      winner[i] = w;
      level[i] = r;
    }
    open = std::move(still_open);
  }
  std::vector<std::pair<Value, std::uint32_t>> out(size);
  for (std::uint64_t i = 0; i < size; ++i) {
    out[i] = {winner[i] == kUnknown ? Value::kDraw : static_cast<Value>(winner[i]), level[i]};
  }
  return out;
}

}  // namespace catmouse
