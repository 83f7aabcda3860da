// A game = a graph + rules, seen as a state graph. A state is (mouse node, the cats' nodes, side
// to move); states are numbered densely in [0, state_count()) so engines can keep flat arrays.
// Move generation (children) and unmove generation (parents) live here, once, for every engine
// but the reference engine, which generates moves on its own so that the two can check each other.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "catmouse/core/graph.hpp"
#include "catmouse/core/placement.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse {

using StateIndex = std::uint64_t;

// A position of the one-cat game: the engines' and tables' unit.
struct State {
  NodeId mouse;
  NodeId cat;
  Side turn;
  friend bool operator==(const State&, const State&) = default;
};

// A position of any game: the mouse's node, the cats' nodes (sorted; one node when there is one
// cat) and the side to move. The queries of a solved game (solution.hpp) take and give these.
struct Position {
  NodeId mouse = 0;
  std::vector<NodeId> cats;
  Side turn = Side::kMouse;
  Position() = default;
  Position(NodeId mouse, std::vector<NodeId> cats, Side turn)
      : mouse(mouse), cats(std::move(cats)), turn(turn) {}
  Position(const State& s) : mouse(s.mouse), cats{s.cat}, turn(s.turn) {}  // NOLINT: implicit
  friend bool operator==(const Position&, const Position&) = default;
};

// Dense numbering of the states of a game, so that engines and tables keep flat arrays.
//
// One cat: the 2 * n^2 states (every cat node, even those the cat may not enter, whose entries
// stay draws). The mouse-to-move half is laid out by mouse node (index = mouse * n + cat), the
// cat-to-move half by cat node (n^2 + cat * n + mouse): a row then holds states whose moves all go
// to the same few rows of the other half, which is what the engine's word-parallel levels rely on
// (see docs/algorithm.md).
//
// k > 1 cats: (turn * P + placement) * n + mouse for the P placements of the cats on the nodes
// they may enter (placement.hpp).
class StateSpace {
 public:
  explicit StateSpace(NodeId node_count) : n_(node_count) {}
  StateSpace(NodeId node_count, Placements placements)
      : n_(node_count), placements_(std::move(placements)) {}

  NodeId node_count() const { return n_; }
  std::uint32_t cats() const { return placements_.pieces() > 1 ? placements_.pieces() : 1; }
  StateIndex size() const { return 2 * half(); }
  StateIndex rows() const { return 2 * StateIndex{n_}; }
  // The placements of k > 1 cats (empty with one cat).
  const Placements& placements() const { return placements_; }

  // One cat only.
  StateIndex index(const State& s) const {
    return s.turn == Side::kMouse ? StateIndex{s.mouse} * n_ + s.cat
                                  : half() + StateIndex{s.cat} * n_ + s.mouse;
  }
  State state(StateIndex i) const {
    if (i < half()) return {static_cast<NodeId>(i / n_), static_cast<NodeId>(i % n_), Side::kMouse};
    i -= half();
    return {static_cast<NodeId>(i % n_), static_cast<NodeId>(i / n_), Side::kCat};
  }

  // Any number of cats. nullopt when p is not a state of this space: a node out of range, the
  // wrong number of cats, cats unsorted or (k > 1) on nodes they may not enter.
  std::optional<StateIndex> index(const Position& p) const;
  Position position(StateIndex i) const;
  // k > 1 cats: the index of (turn, placement, mouse).
  StateIndex index(Side turn, std::uint64_t placement, NodeId mouse) const {
    return (static_cast<StateIndex>(turn) * placement_count() + placement) * n_ + mouse;
  }

  friend bool operator==(const StateSpace&, const StateSpace&) = default;

 private:
  std::uint64_t placement_count() const {
    return placements_.pieces() > 1 ? placements_.count() : n_;
  }
  StateIndex half() const { return placement_count() * n_; }
  NodeId n_;
  Placements placements_;
};

// The rules' start: the mouse on mouse_start, the cats on cat_starts (or all on cat_start), sorted.
Position start_position(const Rules& rules);

// A game = a graph + rules, seen as a state graph over StateSpace. Move generation (children)
// and unmove generation (parents) live here, once, for every engine but the reference engine.
class Game {
 public:
  // The graphs are referenced, not copied: they must outlive the Game. The rules must have passed
  // validate(rules, graph). The cat moves along `cat_graph` when one is given (same nodes; LeetCode
  // 1728's grids give the two players different jump lengths), else along `graph` like the mouse.
  Game(const Graph& graph, const Rules& rules, const Graph* cat_graph = nullptr);
  // A temporary graph would be gone before the Game is used.
  Game(Graph&& graph, const Rules& rules, const Graph* cat_graph = nullptr) = delete;

  const Graph& graph() const { return *graph_; }
  const Graph& cat_graph() const { return *cat_graph_; }
  const Rules& rules() const { return rules_; }
  const StateSpace& space() const { return space_; }
  NodeId node_count() const { return space_.node_count(); }
  std::uint32_t cats() const { return rules_.cats; }
  StateIndex state_count() const { return space_.size(); }
  // The states the rules allow (one cat: not those with the cat on a node it may not enter).
  StateIndex valid_state_count() const;
  // The start: the rules' start nodes (every cat on cat_start unless cat_starts says otherwise).
  State start() const { return {rules_.mouse_start, rules_.cat_start, rules_.first}; }
  Position start_position() const { return catmouse::start_position(rules_); }

  bool is_hole(NodeId v) const { return hole_[v]; }
  bool cat_forbidden(NodeId v) const { return cat_forbidden_[v]; }
  // A state the rules allow: both nodes in range and the cat off the nodes it may not enter.
  bool valid(const State& s) const {
    return s.mouse < node_count() && s.cat < node_count() && !cat_forbidden(s.cat);
  }
  // The same for any number of cats: as many cats as the rules say, sorted, on allowed nodes.
  bool valid(const Position& p) const;

  // The value of a finished position (finished_value() of the rules), else nullopt.
  std::optional<Value> outcome(const State& s) const {
    return finished_value(rules_, is_hole(s.mouse), is_hole(s.cat), s.mouse == s.cat);
  }
  std::optional<Value> outcome(NodeId mouse, std::span<const NodeId> cats) const;
  std::optional<Value> outcome(const Position& p) const { return outcome(p.mouse, p.cats); }

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

  // Any number of cats: the distinct positions one legal move away from the valid, unfinished
  // position p, in increasing state index (for one cat: by the mover's destination). The cats
  // move together, each along one of its moves; joint moves that end in the same placement count
  // once. Empty when the side to move is stuck.
  std::vector<Position> children(const Position& p) const;
  // The same by state index, into `out` (cleared first), for whole-table passes.
  void child_indices(StateIndex i, std::vector<StateIndex>& out) const;
  // The state at index i: valid, and its outcome.
  bool valid_at(StateIndex i) const;
  std::optional<Value> outcome_at(StateIndex i) const;

  // Calls f(parent) for every valid, unfinished state with a legal move to s (one cat).
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
        if (!cat_forbidden(from) && !outcome(p)) f(p);
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
  // Calls f(sorted cats) for every joint move of the cats on `cats` (with repeats).
  template <class F>
  void for_each_joint_move(std::span<const NodeId> cats, F&& f) const;

  const Graph* graph_;
  const Graph* cat_graph_;
  Rules rules_;
  StateSpace space_;
  std::vector<std::uint8_t> hole_;           // per node: a hole
  std::vector<std::uint8_t> cat_forbidden_;  // per node: the cat may not enter it
  MoveLists mouse_moves_;
  MoveLists cat_moves_;
};

}  // namespace catmouse
