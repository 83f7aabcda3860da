#include "catmouse/search.hpp"

#include <algorithm>
#include <cassert>

#include "catmouse/game.hpp"
#include "catmouse/solver.hpp"

namespace catmouse {

namespace {

using Adjacency = std::vector<std::vector<bool>>;

Graph to_graph(const Adjacency& adjacency) {
  const NodeId n = static_cast<NodeId>(adjacency.size());
  std::vector<Edge> edges;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) {
      if (adjacency[a][b]) edges.push_back({a, b});
    }
  }
  return Graph::from_edges(n, edges).value();
}

// leetcode_valid() on an adjacency matrix.
bool valid(const Adjacency& adjacency) {
  const NodeId n = static_cast<NodeId>(adjacency.size());
  for (NodeId v = 0; v < n; ++v) {
    if (std::find(adjacency[v].begin(), adjacency[v].end(), true) == adjacency[v].end()) {
      return false;
    }
  }
  for (NodeId v : {1u, 2u}) {
    if (std::find(adjacency[v].begin() + 1, adjacency[v].end(), true) == adjacency[v].end()) {
      return false;
    }
  }
  return true;
}

// The graph renumbered so that `mouse` becomes node 1 and `cat` node 2 (the hole stays 0, the rest
// keep their order).
Graph relabel(const Adjacency& adjacency, NodeId mouse, NodeId cat) {
  const NodeId n = static_cast<NodeId>(adjacency.size());
  std::vector<NodeId> order{0, mouse, cat};
  for (NodeId v = 1; v < n; ++v) {
    if (v != mouse && v != cat) order.push_back(v);
  }
  Adjacency renamed(n, std::vector<bool>(n, false));
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = 0; b < n; ++b) renamed[a][b] = adjacency[order[a]][order[b]];
  }
  return to_graph(renamed);
}

}  // namespace

bool leetcode_valid(const Graph& graph) {
  if (graph.directed() || graph.node_count() < 3) return false;
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    if (graph.neighbours(v).empty()) return false;
  }
  for (NodeId v : {1u, 2u}) {
    const auto next = graph.neighbours(v);
    if (std::none_of(next.begin(), next.end(), [](NodeId u) { return u != 0; })) return false;
  }
  return true;
}

SmallGraphs::SmallGraphs(NodeId nodes) : nodes_(nodes) {
  assert(nodes >= 3 && nodes <= 8);
  end_ = std::uint64_t{1} << (nodes * (nodes - 1) / 2);
}

std::optional<Graph> SmallGraphs::next() {
  std::vector<Edge> edges;
  while (mask_ < end_) {
    const std::uint64_t mask = mask_++;
    edges.clear();
    std::uint32_t bit = 0;
    for (NodeId a = 0; a < nodes_; ++a) {
      for (NodeId b = a + 1; b < nodes_; ++b, ++bit) {
        if ((mask >> bit) & 1) edges.push_back({a, b});
      }
    }
    Graph graph = Graph::from_edges(nodes_, edges).value();
    if (leetcode_valid(graph)) return graph;
  }
  return std::nullopt;
}

LongWinSearch::LongWinSearch(const LongWinSearchOptions& options)
    : options_(options), state_(options.seed) {
  assert(options.min_nodes >= 3 && options.min_nodes <= options.max_nodes);
  restart();
}

// splitmix64, as in generate.cpp: the sequence is fixed by the seed on every machine.
std::uint64_t LongWinSearch::random() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

LongWinSearch::Scored LongWinSearch::score(const Adjacency& adjacency) const {
  const Graph graph = to_graph(adjacency);
  const Game game(graph, Rules{});
  const Table table = solve(game).value();
  Scored best;
  const NodeId n = graph.node_count();
  const auto can_start = [&](NodeId v) {  // a neighbour other than the hole
    return std::find(adjacency[v].begin() + 1, adjacency[v].end(), true) != adjacency[v].end();
  };
  for (NodeId m = 1; m < n; ++m) {
    if (!can_start(m)) continue;
    for (NodeId c = 1; c < n; ++c) {
      if (c == m || !can_start(c)) continue;
      const auto r = table.remoteness(State{m, c, Side::kMouse});
      if (r && *r > best.remoteness) best = {*r, m, c};
    }
  }
  return best;
}

void LongWinSearch::restart() {
  const NodeId n = options_.min_nodes;
  adjacency_.assign(n, std::vector<bool>(n, false));
  for (NodeId v = 1; v < n; ++v) {  // a random recursive tree, then a few more edges
    const NodeId u = static_cast<NodeId>(below(v));
    adjacency_[u][v] = adjacency_[v][u] = true;
  }
  for (NodeId e = 0; e < n / 2; ++e) {
    const NodeId a = static_cast<NodeId>(below(n)), b = static_cast<NodeId>(below(n));
    if (a != b) adjacency_[a][b] = adjacency_[b][a] = true;
  }
  for (NodeId v : {1u, 2u}) {
    if (!valid(adjacency_)) {
      const NodeId u = v == 1 ? 2 : 1;
      adjacency_[v][u] = adjacency_[u][v] = true;
    }
  }
  assert(valid(adjacency_));
  current_ = score(adjacency_);
  climb_best_ = {};
  step_ = 0;
}

Graph LongWinSearch::next() {
  for (;;) {
    if (current_.remoteness > climb_best_.remoteness) {
      climb_best_ = current_;
      last_ = current_.remoteness;
      best_ = std::max(best_, last_);
      return relabel(adjacency_, current_.mouse, current_.cat);
    }
    if (++step_ > options_.steps) {
      restart();
      continue;
    }
    // Change the graph: mostly toggle one pair, sometimes add a node (joined to two others) or
    // drop one, so that a climb can grow a long win into a larger graph. Keep the change unless
    // the longest win shrinks (and then keep it now and then anyway, to leave plateaus).
    Adjacency changed = adjacency_;
    const NodeId n = static_cast<NodeId>(changed.size());
    const std::uint64_t kind = below(20);
    if (kind == 0 && n < options_.max_nodes) {
      for (auto& row : changed) row.push_back(false);
      changed.emplace_back(n + 1, false);
      for (int e = 0; e < 2; ++e) {
        const NodeId u = static_cast<NodeId>(below(n));
        changed[u][n] = changed[n][u] = true;
      }
    } else if (kind == 1 && n > options_.min_nodes) {
      const NodeId v = 3 + static_cast<NodeId>(below(n - 3));
      changed.erase(changed.begin() + v);
      for (auto& row : changed) row.erase(row.begin() + v);
    } else {
      const NodeId a = static_cast<NodeId>(below(n)), b = static_cast<NodeId>(below(n));
      if (a == b) continue;
      changed[a][b] = changed[b][a] = !changed[a][b];
    }
    if (!valid(changed)) continue;
    const Scored next = score(changed);
    if (next.remoteness >= current_.remoteness || below(50) == 0) {
      current_ = next;
      adjacency_ = std::move(changed);
    }
  }
}

Graph remove_node(const Graph& graph, NodeId v) {
  std::vector<Edge> edges;
  for (NodeId a = 0; a < graph.node_count(); ++a) {
    for (NodeId b : graph.neighbours(a)) {
      if (a < b && a != v && b != v) edges.push_back({a > v ? a - 1 : a, b > v ? b - 1 : b});
    }
  }
  return Graph::from_edges(graph.node_count() - 1, edges).value();
}

Graph remove_edge(const Graph& graph, NodeId x, NodeId y) {
  std::vector<Edge> edges;
  for (NodeId a = 0; a < graph.node_count(); ++a) {
    for (NodeId b : graph.neighbours(a)) {
      if (a < b && !((a == x && b == y) || (a == y && b == x))) edges.push_back({a, b});
    }
  }
  return Graph::from_edges(graph.node_count(), edges).value();
}

Graph contract_edge(const Graph& graph, NodeId keep, NodeId v) {
  std::vector<Edge> edges;
  const auto renamed = [&](NodeId x) { return x == v ? keep : x; };
  for (NodeId a = 0; a < graph.node_count(); ++a) {
    for (NodeId b : graph.neighbours(a)) {
      const NodeId x = renamed(a), y = renamed(b);
      if (a < b && x != y) edges.push_back({std::min(x, y), std::max(x, y)});
    }
  }
  std::sort(edges.begin(), edges.end(),
            [](Edge p, Edge q) { return std::pair(p.from, p.to) < std::pair(q.from, q.to); });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](Edge p, Edge q) { return p.from == q.from && p.to == q.to; }),
              edges.end());
  return remove_node(Graph::from_edges(graph.node_count(), edges).value(), v);
}

ShrinkResult shrink(const Graph& graph, const std::function<bool(const Graph&)>& fails,
                    std::uint32_t max_tries) {
  ShrinkResult result{graph, 0};
  const auto keep = [&](Graph candidate) {
    if (!leetcode_valid(candidate) || result.tries >= max_tries) return false;
    ++result.tries;
    if (!fails(candidate)) return false;
    result.graph = std::move(candidate);
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (NodeId v = result.graph.node_count(); v-- > 3;) {
      if (v < result.graph.node_count() && keep(remove_node(result.graph, v))) changed = true;
    }
    for (NodeId v = result.graph.node_count(); v-- > 3;) {  // merge v into a neighbour
      if (v >= result.graph.node_count()) continue;
      const auto next = result.graph.neighbours(v);
      const std::vector<NodeId> targets(next.begin(), next.end());
      for (NodeId u : targets) {
        if (keep(contract_edge(result.graph, u, v))) {
          changed = true;
          break;
        }
      }
    }
    for (NodeId a = 0; a < result.graph.node_count(); ++a) {
      const auto next = result.graph.neighbours(a);
      const std::vector<NodeId> targets(next.begin(), next.end());
      for (NodeId b : targets) {
        if (a < b && keep(remove_edge(result.graph, a, b))) changed = true;
      }
    }
  }
  return result;
}

}  // namespace catmouse
