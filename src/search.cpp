#include "catmouse/search.hpp"

#include <algorithm>
#include <cassert>

#include "catmouse/game.hpp"
#include "catmouse/solver.hpp"

namespace catmouse {

namespace {

// The graph of an n x n adjacency matrix, renumbered so that `mouse` becomes node 1 and `cat`
// node 2 (the hole stays 0, the other nodes keep their order).
Graph relabelled(const std::vector<std::uint8_t>& adjacency, NodeId n, NodeId mouse, NodeId cat) {
  std::vector<NodeId> name(n);
  NodeId next = 3;
  for (NodeId v = 1; v < n; ++v) name[v] = v == mouse ? 1 : v == cat ? 2 : next++;
  std::vector<Edge> edges;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) {
      if (adjacency[a * n + b]) edges.push_back({name[a], name[b]});
    }
  }
  return Graph::from_edges(n, edges).value();
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

void LongWinSearch::flip(NodeId a, NodeId b) {
  const bool added = !edge(a, b);
  adjacency_[a * n_ + b] = adjacency_[b * n_ + a] = added;
  for (NodeId v : {a, b}) added ? ++degree_[v] : --degree_[v];
}

bool LongWinSearch::every_node_has_a_neighbour() const {
  return std::find(degree_.begin(), degree_.end(), 0u) == degree_.end();
}

LongWinSearch::Scored LongWinSearch::score() const {
  std::vector<Edge> edges;
  for (NodeId a = 0; a < n_; ++a) {
    for (NodeId b = a + 1; b < n_; ++b) {
      if (edge(a, b)) edges.push_back({a, b});
    }
  }
  const Graph graph = Graph::from_edges(n_, edges).value();
  const Table table = solve(Game(graph, Rules{})).value();
  // A start node needs a neighbour other than the hole (leetcode_valid).
  const auto can_start = [&](NodeId v) { return degree_[v] > (edge(v, 0) ? 1u : 0u); };
  Scored best;
  for (NodeId m = 1; m < n_; ++m) {
    if (!can_start(m)) continue;
    for (NodeId c = 1; c < n_; ++c) {
      if (c == m || !can_start(c)) continue;
      const std::uint32_t r = table.remoteness_raw(table.space().index({m, c, Side::kMouse}));
      if (r != kNoRemoteness && r > best.remoteness) best = {r, m, c};
    }
  }
  return best;
}

void LongWinSearch::restart() {
  // Sizes from max_nodes down: larger graphs hold longer wins, smaller ones break caps that
  // grow with n.
  const NodeId sizes = options_.max_nodes - options_.min_nodes + 1;
  n_ = options_.max_nodes - static_cast<NodeId>(climbs_++ % sizes);
  adjacency_.assign(std::size_t{n_} * n_, 0);
  degree_.assign(n_, 0);
  for (NodeId v = 1; v < n_; ++v) flip(static_cast<NodeId>(below(v)), v);  // a random tree
  for (NodeId e = 0; e < n_ / 4; ++e) {
    const NodeId a = static_cast<NodeId>(below(n_)), b = static_cast<NodeId>(below(n_));
    if (a != b && !edge(a, b)) flip(a, b);
  }
  current_ = score();
  climb_best_ = {};
  stale_ = 0;
}

Graph LongWinSearch::next() {
  for (;;) {
    if (current_.remoteness > climb_best_.remoteness) {
      climb_best_ = current_;
      stale_ = 0;
      last_ = current_.remoteness;
      best_ = std::max(best_, last_);
      return relabelled(adjacency_, n_, current_.mouse, current_.cat);
    }
    const std::uint64_t patience =
        options_.patience ? options_.patience : std::min<std::uint64_t>(10ull * n_ * n_, 200000);
    if (++stale_ > patience) {
      restart();
      continue;
    }
    // Toggle a pair one time in three; otherwise move one end of an edge (a-x becomes a-b), which
    // keeps the number of edges and so lets a climb reshape a graph without densifying it.
    const NodeId a = static_cast<NodeId>(below(n_)), b = static_cast<NodeId>(below(n_));
    if (a == b) continue;
    NodeId x = a;
    if (below(3) != 0) {
      if (degree_[a] == 0 || edge(a, b)) continue;
      for (std::uint64_t k = below(degree_[a]);; x = (x + 1) % n_) {  // a's k-th neighbour
        if (x != a && edge(a, x) && k-- == 0) break;
      }
      if (x == b) continue;
      flip(a, x);
    }
    flip(a, b);
    if (every_node_has_a_neighbour()) {
      const Scored next = score();
      if (next.remoteness >= current_.remoteness) {
        current_ = next;
        continue;
      }
    }
    flip(a, b);  // undo
    if (x != a) flip(a, x);
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
