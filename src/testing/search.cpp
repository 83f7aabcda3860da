#include "catmouse/testing/search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/solve.hpp"
#include "core/splitmix.hpp"

namespace catmouse {

namespace {

// With whole_climbs: the steps of a climb after which its best so far is handed out anyway.
constexpr std::uint32_t kWholeClimbSteps = 2000;

// The graph of an n x n adjacency matrix with node ids renamed by `name`.
Graph renamed(const std::vector<std::uint8_t>& adjacency, NodeId n,
              const std::vector<NodeId>& name) {
  std::vector<Edge> edges;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) {
      if (adjacency[a * n + b]) edges.push_back({name[a], name[b]});
    }
  }
  return Graph::from_edges(n, edges).value();
}

bool contains(const std::vector<NodeId>& nodes, NodeId v) {
  return std::find(nodes.begin(), nodes.end(), v) != nodes.end();
}

}  // namespace

bool valid_input(const Graph& graph, const Rules& rules) {
  if (graph.directed() || graph.node_count() < 3 || !validate(rules, graph)) return false;
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    if (graph.neighbours(v).empty()) return false;
  }
  const auto has_move = [&](NodeId v, const std::vector<NodeId>& barred) {
    const auto next = graph.neighbours(v);
    return std::any_of(next.begin(), next.end(), [&](NodeId u) { return !contains(barred, u); });
  };
  return has_move(rules.mouse_start, rules.holes) &&
         has_move(rules.cat_start, rules.cat_forbidden_nodes());
}

SmallGraphs::SmallGraphs(NodeId nodes, Rules rules) : nodes_(nodes), rules_(std::move(rules)) {
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
    if (valid_input(graph, rules_)) return graph;
  }
  return std::nullopt;
}

LongWinSearch::LongWinSearch(const LongWinSearchOptions& options)
    : options_(options), state_(options.seed), kind_(options.max_nodes, 0) {
  assert(options.min_nodes >= 3 && options.min_nodes <= options.max_nodes);
  const Rules& rules = options.rules;
  assert(rules.cats == 1);
  for (NodeId v : rules.holes) {
    assert(v < options.min_nodes);
    kind_[v] |= kHole;
  }
  for (NodeId v : rules.cat_forbidden_nodes()) {
    assert(v < options.min_nodes);
    kind_[v] |= kCatForbidden;
  }
  // Every node the rules name exists in every graph of the search.
  assert(std::max(rules.mouse_start, rules.cat_start) < options.min_nodes);
  assert(std::all_of(kind_.begin() + options.min_nodes, kind_.end(), [](auto k) { return !k; }));
  restart();
}

std::uint64_t LongWinSearch::random() {
  return detail::splitmix64(state_);
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
  const Rules& rules = options_.rules;
  const Table table = solve_table(Game(graph, rules)).value();
  // As valid_input asks of the starts: a neighbour that is not a hole for the mouse, one the cat
  // may enter for the cat.
  std::vector<std::uint8_t> mouse_can(n_, 0), cat_can(n_, 0);
  for (NodeId a = 0; a < n_; ++a) {
    for (NodeId b = 0; b < n_; ++b) {
      if (!edge(a, b)) continue;
      mouse_can[a] |= !(kind_[b] & kHole);
      cat_can[a] |= !(kind_[b] & kCatForbidden);
    }
  }
  const std::uint8_t mouse_kind = kind_[rules.mouse_start], cat_kind = kind_[rules.cat_start];
  Scored best;
  for (NodeId m = 0; m < n_; ++m) {
    if (!mouse_can[m] || kind_[m] != mouse_kind) continue;
    for (NodeId c = 0; c < n_; ++c) {
      if (c == m || !cat_can[c] || kind_[c] != cat_kind) continue;
      const std::uint32_t r = table.remoteness_raw(table.space().index({m, c, rules.first}));
      if (r != kNoRemoteness && r > best.remoteness) best = {r, m, c};
    }
  }
  return best;
}

// Swaps the record's nodes with the start nodes: first m with the mouse's start, then c (which
// is now where that swap put it) with the cat's start. Both swaps exchange nodes of one kind, so
// the rules mean the same on the relabelled graph.
Graph LongWinSearch::relabelled(NodeId m, NodeId c) const {
  std::vector<NodeId> name(n_);
  for (NodeId v = 0; v < n_; ++v) name[v] = v;
  const NodeId ms = options_.rules.mouse_start, cs = options_.rules.cat_start;
  std::swap(name[m], name[ms]);
  const NodeId c_now = c == ms ? m : c;  // the id c has after the first swap
  for (NodeId& id : name) id = id == c_now ? cs : id == cs ? c_now : id;
  return renamed(adjacency_, n_, name);
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

std::optional<Graph> LongWinSearch::next() {
  for (;;) {
    if (options_.cancelled && options_.cancelled()) return std::nullopt;
    if (current_.remoteness > climb_best_.remoteness) {
      climb_best_ = current_;
      stale_ = 0;
      empty_climbs_ = 0;
      if (options_.whole_climbs) {
        pending_ = relabelled(current_.mouse, current_.cat);
        continue;
      }
      last_ = current_.remoteness;
      best_ = std::max(best_, last_);
      return relabelled(current_.mouse, current_.cat);
    }
    const std::uint64_t patience =
        options_.patience ? options_.patience : std::min<std::uint64_t>(10ull * n_ * n_, 200000);
    // A long climb (10 n^2 steps without a longer win, seconds at 50 nodes) hands out its best
    // so far every kWholeClimbSteps steps, so that candidates keep coming.
    if (pending_ && ++pending_steps_ >= kWholeClimbSteps) {
      last_ = climb_best_.remoteness;
      best_ = std::max(best_, last_);
      pending_steps_ = 0;
      std::optional<Graph> best = std::move(pending_);
      pending_.reset();
      return best;
    }
    if (++stale_ > patience) {
      const bool empty = climb_best_.remoteness == 0;
      if (pending_) {  // whole_climbs: the climb's best, now that it ends
        pending_steps_ = 0;
        last_ = climb_best_.remoteness;
        best_ = std::max(best_, last_);
        std::optional<Graph> best = std::move(pending_);
        pending_.reset();
        restart();
        return best;
      }
      restart();
      if (empty && ++empty_climbs_ >= options_.max_nodes - options_.min_nodes + 1u) {
        empty_climbs_ = 0;
        return std::nullopt;
      }
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

LongGraph long_win_graph(const LongGraphOptions& options) {
  const NodeId base = options.base != 0 ? options.base : std::min<NodeId>(options.nodes, 50);
  LongWinSearchOptions search_options;
  search_options.min_nodes = search_options.max_nodes = base;
  search_options.seed = options.seed;
  LongWinSearch search(search_options);
  std::optional<Graph> best;
  std::uint32_t plies = 0;
  for (std::uint32_t k = 0; k < options.max_candidates && plies < options.min_plies; ++k) {
    std::optional<Graph> next = search.next();
    if (!next) continue;
    if (search.last_remoteness() >= plies) {
      plies = search.last_remoteness();
      best = std::move(next);
    }
  }
  // Every climb starts from a connected tree, so at least one candidate exists unless every start
  // is a draw; then a path (the mouse walks to the hole) stands in.
  std::vector<Edge> edges;
  if (best) {
    for (NodeId a = 0; a < base; ++a) {
      for (NodeId b : best->neighbours(a)) {
        if (a < b) edges.push_back({a, b});
      }
    }
  } else {
    for (NodeId v = 0; v + 1 < base; ++v) edges.push_back({v, v + 1});
  }
  const std::size_t per_copy = edges.size();
  const NodeId copies = std::max<NodeId>(1, options.nodes / base);
  for (NodeId copy = 1; copy < copies; ++copy) {
    const NodeId offset = copy * base;
    for (std::size_t e = 0; e < per_copy; ++e) {
      edges.push_back({edges[e].from + offset, edges[e].to + offset});
    }
    edges.push_back({offset - base, offset});  // node 0 of the previous copy to this one's
  }
  for (NodeId v = copies * base; v < options.nodes; ++v) {
    edges.push_back({v == copies * base ? (copies - 1) * base : v - 1, v});
  }
  const NodeId n = std::max(options.nodes, base);
  return {Graph::from_edges(n, edges).value(), base, plies};
}

Result<std::optional<GraphFamily>> parse_generator(std::string_view name) {
  if (name == "long") return std::optional<GraphFamily>();
  if (const Result<GraphFamily> family = parse_family_name(name); family.ok()) {
    return std::optional<GraphFamily>(*family);
  }
  return Error{fmt::format("unknown graph family '{}' (expected random, grid, tree, cycle, "
                           "complete, path, maze or long)",
                           name),
               {}};
}

Result<Graph> generate_graph(std::optional<GraphFamily> family, GenerateOptions options) {
  if (family) {
    options.family = *family;
    return generate(options);
  }
  if (options.nodes < Graph::kMinNodes) return generate(options);  // its error for too few nodes
  LongGraphOptions search;
  search.nodes = options.nodes;
  search.seed = options.seed;
  return long_win_graph(search).graph;
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
                    const ShrinkOptions& options) {
  ShrinkResult result{graph, 0};
  const auto keep = [&](Graph candidate) {
    if (result.cancelled || result.tries >= options.max_tries || !options.valid(candidate)) {
      return false;
    }
    if (options.cancelled && options.cancelled()) {
      result.cancelled = true;
      return false;
    }
    ++result.tries;
    if (!fails(candidate)) return false;
    result.graph = std::move(candidate);
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (NodeId v = result.graph.node_count(); v-- > options.fixed;) {
      if (v < result.graph.node_count() && keep(remove_node(result.graph, v))) changed = true;
    }
    for (NodeId v = result.graph.node_count(); v-- > options.fixed;) {  // merge v into a neighbour
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
