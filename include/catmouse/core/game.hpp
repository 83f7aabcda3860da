// A game = a graph + rules, seen as a state graph. A state is (mouse node, cat node, side to
// move); states are numbered densely in [0, state_count()) so engines can keep flat arrays.
// Move generation (children) and unmove generation (parents) live here, once, for every engine
// but the reference engine, which generates moves on its own so that the two can check each other.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "catmouse/core/graph.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse {

using StateIndex = std::uint64_t;

struct State {
  NodeId mouse;
  NodeId cat;
  Side turn;
  friend bool operator==(const State&, const State&) = default;
};

// Dense numbering of the 2 * n^2 states of an n-node game. The mouse-to-move half is laid out by
// mouse node (index = mouse * n + cat), the cat-to-move half by cat node (n^2 + cat * n + mouse):
// a row then holds states whose moves all go to the same few rows of the other half, which is
// what the engine's word-parallel levels rely on (see docs/algorithm.md).
class StateSpace {
 public:
  explicit StateSpace(NodeId node_count) : n_(node_count) {}

  NodeId node_count() const { return n_; }
  StateIndex size() const { return 2 * square(); }
  StateIndex rows() const { return 2 * StateIndex{n_}; }
  StateIndex index(const State& s) const {
    return s.turn == Side::kMouse ? StateIndex{s.mouse} * n_ + s.cat
                                  : square() + StateIndex{s.cat} * n_ + s.mouse;
  }
  State state(StateIndex i) const {
    if (i < square())
      return {static_cast<NodeId>(i / n_), static_cast<NodeId>(i % n_), Side::kMouse};
    i -= square();
    return {static_cast<NodeId>(i % n_), static_cast<NodeId>(i / n_), Side::kCat};
  }

 private:
  friend bool operator==(const StateSpace&, const StateSpace&) = default;
  StateIndex square() const { return StateIndex{n_} * n_; }
  NodeId n_;
};

class Game {
 public:
  // The graphs are referenced, not copied: they must outlive the Game. The rules must have passed
  // validate(rules, graph). The cat moves along `cat_graph` when one is given (same nodes; LeetCode
  // 1728's grids give the two players different jump lengths), else along `graph` like the mouse.
  Game(const Graph& graph, const Rules& rules, const Graph* cat_graph = nullptr);

  const Graph& graph() const { return *graph_; }
  const Graph& cat_graph() const { return *cat_graph_; }
  const Rules& rules() const { return rules_; }
  const StateSpace& space() const { return space_; }
  NodeId node_count() const { return space_.node_count(); }
  StateIndex state_count() const { return space_.size(); }
  State start() const { return {rules_.mouse_start, rules_.cat_start, rules_.first}; }

  bool is_hole(NodeId v) const { return hole_[v]; }
  bool cat_may_enter(NodeId v) const { return !cat_excluded_[v]; }
  // A state the rules allow: both nodes in range and the cat off the nodes it may not enter.
  bool valid(const State& s) const {
    return s.mouse < node_count() && s.cat < node_count() && cat_may_enter(s.cat);
  }
  // The value of a finished position, else nullopt. With Rules::cat_wins_in_hole the cat wins on
  // the mouse or in a hole; else the mouse wins in a hole (even one the cat may enter), and the cat
  // wins on the mouse.
  std::optional<Value> outcome(const State& s) const {
    if (rules_.cat_wins_in_hole && (s.mouse == s.cat || is_hole(s.cat))) return Value::kCatWin;
    if (is_hole(s.mouse)) return Value::kMouseWin;
    if (s.mouse == s.cat) return Value::kCatWin;
    return std::nullopt;
  }

  // Where the mouse on m may move (its neighbours, and m itself when it may stay), and where the
  // cat on c may move (its neighbours it may enter, and c when it may stay); increasing order.
  std::span<const NodeId> mouse_moves(NodeId m) const { return mouse_moves_.of(m); }
  std::span<const NodeId> cat_moves(NodeId c) const { return cat_moves_.of(c); }

  // Calls f(to, child) for every legal move from a valid, unfinished state, in increasing `to`.
  template <class F>
  void for_each_move(const State& s, F&& f) const {
    if (s.turn == Side::kMouse) {
      for (NodeId to : mouse_moves(s.mouse)) f(to, State{to, s.cat, Side::kCat});
    } else {
      for (NodeId to : cat_moves(s.cat)) f(to, State{s.mouse, to, Side::kMouse});
    }
  }
  std::uint32_t move_count(const State& s) const {
    return static_cast<std::uint32_t>(s.turn == Side::kMouse ? mouse_moves(s.mouse).size()
                                                             : cat_moves(s.cat).size());
  }
  std::uint32_t cat_move_count(NodeId v) const {
    return static_cast<std::uint32_t>(cat_moves(v).size());
  }

  // Calls f(parent) for every valid, unfinished state with a legal move to s.
  template <class F>
  void for_each_parent(const State& s, F&& f) const {
    if (s.turn == Side::kCat) {
      auto visit = [&](NodeId from) {
        State p{from, s.cat, Side::kMouse};
        if (!outcome(p)) f(p);
      };
      for (NodeId from : graph_->in_neighbours(s.mouse)) visit(from);
      if (rules_.mouse_stays) visit(s.mouse);
    } else {
      auto visit = [&](NodeId from) {
        State p{s.mouse, from, Side::kCat};
        if (cat_may_enter(from) && !outcome(p)) f(p);
      };
      for (NodeId from : cat_graph_->in_neighbours(s.cat)) visit(from);
      if (rules_.cat_stays) visit(s.cat);
    }
  }

 private:
  // Per-node move lists in compressed rows.
  struct MoveLists {
    std::vector<std::uint64_t> offsets{0};
    std::vector<NodeId> targets;
    std::span<const NodeId> of(NodeId v) const {
      return {targets.data() + offsets[v], targets.data() + offsets[v + 1]};
    }
  };

  const Graph* graph_;
  const Graph* cat_graph_;
  Rules rules_;
  StateSpace space_;
  std::vector<std::uint8_t> hole_;          // per node: a hole
  std::vector<std::uint8_t> cat_excluded_;  // per node: the cat may not enter it
  MoveLists mouse_moves_;
  MoveLists cat_moves_;
};

}  // namespace catmouse
