#include "catmouse/core/game.hpp"

#include <algorithm>
#include <cassert>

namespace catmouse {

std::optional<StateIndex> StateSpace::index(const Position& p) const {
  if (p.mouse >= n_ || p.turn > Side::kCat || p.cats.size() != cats()) return std::nullopt;
  if (cats() == 1) {
    if (p.cats[0] >= n_) return std::nullopt;
    return index(State{p.mouse, p.cats[0], p.turn});
  }
  const auto placement = placements_.index(p.cats);
  if (!placement) return std::nullopt;
  return index(p.turn, *placement, p.mouse);
}

Position StateSpace::position(StateIndex i) const {
  if (cats() == 1) return state(i);
  const std::uint64_t per_turn = placement_count() * n_;
  const Side turn = i >= per_turn ? Side::kCat : Side::kMouse;
  const StateIndex rest = i % per_turn;
  return {static_cast<NodeId>(rest % n_), placements_.nodes(rest / n_), turn};
}

namespace {

StateSpace space_for(const Graph& graph, const Rules& rules) {
  if (rules.cats <= 1) return StateSpace(graph.node_count());
  std::vector<bool> allowed(graph.node_count(), true);
  for (NodeId v : rules.cat_forbidden_nodes()) allowed[v] = false;
  return StateSpace(graph.node_count(), Placements(rules.cats, allowed));
}

}  // namespace

Game::Game(const Graph& graph, const Rules& rules, const Graph* cat_graph)
    : graph_(&graph),
      cat_graph_(cat_graph ? cat_graph : &graph),
      rules_(rules),
      space_(space_for(graph, rules)),
      hole_(graph.node_count(), 0),
      cat_forbidden_(graph.node_count(), 0) {
  assert(validate(rules, graph).ok());
  assert(cat_graph_->node_count() == graph.node_count());
  for (NodeId v : rules.holes) hole_[v] = 1;
  for (NodeId v : rules.cat_forbidden_nodes()) cat_forbidden_[v] = 1;
  // Merges "stay on v" into v's sorted neighbour list.
  auto add = [](MoveLists& lists, std::span<const NodeId> neighbours, NodeId v, bool stays,
                auto&& allowed) {
    bool placed = !stays;
    for (NodeId to : neighbours) {
      if (!placed && v < to) {
        lists.targets.push_back(v);
        placed = true;
      }
      if (allowed(to)) lists.targets.push_back(to);
    }
    if (!placed) lists.targets.push_back(v);
    lists.offsets.push_back(lists.targets.size());
  };
  // At most every neighbour and a stay per node (reserved: a 10^5-node board would otherwise
  // grow these vectors a dozen times).
  const std::size_t most =
      graph.node_count() + 2 * std::max(graph.edge_count(), cat_graph_->edge_count());
  for (MoveLists* lists : {&mouse_moves_, &cat_moves_}) {
    lists->offsets.reserve(std::size_t{graph.node_count()} + 1);
    lists->targets.reserve(most);
  }
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    add(mouse_moves_, graph.neighbours(v), v, rules.mouse_stays, [](NodeId) { return true; });
    add(cat_moves_, cat_graph_->neighbours(v), v, rules.cat_stays && !cat_forbidden(v),
        [this](NodeId to) { return !cat_forbidden(to); });
  }
}

Position start_position(const Rules& rules) {
  std::vector<NodeId> cats = rules.cat_starts;
  if (cats.empty()) cats.assign(rules.cats, rules.cat_start);
  std::sort(cats.begin(), cats.end());
  return {rules.mouse_start, std::move(cats), rules.first};
}

bool Game::valid(const Position& p) const {
  if (p.mouse >= node_count() || p.cats.size() != cats()) return false;
  for (std::size_t i = 0; i < p.cats.size(); ++i) {
    if (p.cats[i] >= node_count() || cat_forbidden(p.cats[i])) return false;
    if (i > 0 && p.cats[i] < p.cats[i - 1]) return false;
  }
  return true;
}

std::optional<Value> Game::outcome(NodeId mouse, std::span<const NodeId> cats) const {
  const bool caught = std::find(cats.begin(), cats.end(), mouse) != cats.end();
  const bool cat_in_hole =
      std::any_of(cats.begin(), cats.end(), [&](NodeId c) { return is_hole(c); });
  return finished_value(rules_, is_hole(mouse), cat_in_hole, caught);
}

template <class F>
void Game::for_each_joint_move(std::span<const NodeId> cats, F&& f) const {
  const std::size_t k = cats.size();
  for (NodeId c : cats) {
    if (cat_moves(c).empty()) return;  // one cat stuck: the cats' side is stuck
  }
  std::vector<std::size_t> at(k, 0);
  std::vector<NodeId> tuple(k);
  for (;;) {
    for (std::size_t i = 0; i < k; ++i) {  // insertion sort: k is small
      const NodeId v = cat_moves(cats[i])[at[i]];
      std::size_t j = i;
      for (; j > 0 && tuple[j - 1] > v; --j) tuple[j] = tuple[j - 1];
      tuple[j] = v;
    }
    f(std::span<const NodeId>(tuple));
    std::size_t i = 0;
    while (i < k && ++at[i] == cat_moves(cats[i]).size()) at[i++] = 0;
    if (i == k) return;
  }
}

void Game::child_indices(StateIndex i, std::vector<StateIndex>& out) const {
  out.clear();
  if (cats() == 1) {
    const State s = space_.state(i);
    for_each_move(s, [&](NodeId, const State& child) { out.push_back(space_.index(child)); });
    return;
  }
  const Position p = space_.position(i);
  if (p.turn == Side::kMouse) {
    const std::uint64_t placement = *space_.placements().index(p.cats);
    for (NodeId to : mouse_moves(p.mouse)) out.push_back(space_.index(Side::kCat, placement, to));
    return;
  }
  for_each_joint_move(p.cats, [&](std::span<const NodeId> cats) {
    out.push_back(space_.index(Side::kMouse, space_.placements().index_of(cats.data()), p.mouse));
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::vector<Position> Game::children(const Position& p) const {
  std::vector<Position> out;
  if (p.turn == Side::kMouse) {
    for (NodeId to : mouse_moves(p.mouse)) out.push_back({to, p.cats, Side::kCat});
    return out;
  }
  if (cats() == 1) {
    for (NodeId to : cat_moves(p.cats[0])) out.push_back({p.mouse, {to}, Side::kMouse});
    return out;
  }
  std::vector<StateIndex> indices;
  const auto placement = space_.placements().index(p.cats);
  if (!placement) return out;
  child_indices(space_.index(p.turn, *placement, p.mouse), indices);
  for (StateIndex i : indices) out.push_back(space_.position(i));
  return out;
}

StateIndex Game::valid_state_count() const {
  if (cats() > 1) return state_count();
  const auto forbidden = static_cast<StateIndex>(
      std::count(cat_forbidden_.begin(), cat_forbidden_.end(), std::uint8_t{1}));
  return 2 * StateIndex{node_count()} * (node_count() - forbidden);
}

bool Game::valid_at(StateIndex i) const {
  return cats() == 1 ? valid(space_.state(i)) : true;  // placements hold allowed nodes only
}

std::optional<Value> Game::outcome_at(StateIndex i) const {
  if (cats() == 1) return outcome(space_.state(i));
  const Position p = space_.position(i);
  return outcome(p);
}

}  // namespace catmouse
