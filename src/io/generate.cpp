#include "catmouse/io/generate.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/splitmix.hpp"

namespace catmouse {

namespace {

// Largest edge count we agree to build. Graph::from_edges needs about 40 bytes per edge while
// building (two arcs, a sort permutation, the sorted copy), so 2^31 edges is already ~80 GiB: the
// cap turns a hopeless allocation into a clear error instead of an out-of-memory crash.
constexpr std::uint64_t kMaxEdges = std::uint64_t{1} << 31;

// The random source is fixed here, not taken from <random>: std::uniform_int_distribution differs
// between standard libraries, and a seed must name the same graph everywhere. xoshiro256**
// (Blackman & Vigna), seeded through splitmix64 so that nearby seeds give unrelated streams.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& word : state_) word = detail::splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, bound), bound > 0, without modulo bias: Lemire's multiply-and-reject method on
  // the high 32 bits (the strongest bits of xoshiro256**).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t product = std::uint64_t{next32()} * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(0u - bound) % bound;
      while (low < threshold) {
        product = std::uint64_t{next32()} * bound;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint32_t next32() { return static_cast<std::uint32_t>(next() >> 32); }

  std::uint64_t state_[4];
};

std::uint64_t pair_count(NodeId n) {
  return std::uint64_t{n} * (n - 1) / 2;
}

// One key per unordered pair; n < 2^32, so lo * n + hi cannot overflow.
std::uint64_t pair_key(NodeId a, NodeId b, NodeId n) {
  return a < b ? std::uint64_t{a} * n + b : std::uint64_t{b} * n + a;
}

Error too_many_edges(std::uint64_t edges) {
  return Error{
      fmt::format("the graph would have {} edges; at most {} can be generated", edges, kMaxEdges),
      {}};
}

// A random recursive tree on a random labelling: node perm[i] joins a uniformly chosen earlier
// node perm[j]. Shuffling the labels keeps the hole from always being the root (and the mouse
// from always starting next to it), which plain "i joins a node below i" would do.
std::vector<Edge> random_tree(NodeId n, Rng& rng) {
  std::vector<NodeId> perm(n);
  std::iota(perm.begin(), perm.end(), NodeId{0});
  for (NodeId i = n - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(i + 1)]);
  std::vector<Edge> edges;
  edges.reserve(n - 1);
  for (NodeId i = 1; i < n; ++i) edges.push_back({perm[i], perm[rng.below(i)]});
  return edges;
}

// Edge count for average degree `degree`, or an error when no connected simple graph has it.
Result<std::uint64_t> random_edge_count(NodeId n, double degree) {
  const double low = 2.0 * (n - 1) / n;
  const double high = n - 1.0;
  // The slack forgives a bound recomputed with a different rounding order ("2*(n-1)/n" in a
  // script); it is far too small to admit a genuinely different degree.
  const double slack = 1e-12 * high;
  if (!std::isfinite(degree) || degree < low - slack || degree > high + slack) {
    return Error{fmt::format("average degree {} is impossible for a connected graph on {} nodes "
                             "(it must lie between 2(n-1)/n = {} and n-1 = {})",
                             degree, n, low, high),
                 {}};
  }
  const double wanted = std::round(n * degree / 2.0);
  // Clamp: rounding at the bounds may land one edge outside [n-1, n(n-1)/2].
  const auto fewest = static_cast<double>(n - 1);
  const auto most = static_cast<double>(pair_count(n));
  return static_cast<std::uint64_t>(std::min(std::max(wanted, fewest), most));
}

// A random spanning tree plus extra edges drawn uniformly from the pairs not yet joined, so the
// graph is connected and the extra edges form a uniform random subset of the non-tree pairs.
std::vector<Edge> random_graph(NodeId n, std::uint64_t m, Rng& rng) {
  std::vector<Edge> edges = random_tree(n, rng);
  std::unordered_set<std::uint64_t> tree;
  tree.reserve(edges.size());
  for (const Edge& e : edges) tree.insert(pair_key(e.from, e.to, n));
  const std::uint64_t pairs = pair_count(n);
  const auto draw_new_pair = [&](const std::unordered_set<std::uint64_t>& taken) {
    while (true) {
      const NodeId a = rng.below(n);
      const NodeId b = rng.below(n);
      if (a != b && !tree.contains(pair_key(a, b, n)) && !taken.contains(pair_key(a, b, n))) {
        return std::pair{a, b};
      }
    }
  };
  if (m - (n - 1) <= (pairs - (n - 1)) / 2) {
    // Sparse: rejection sampling of the extra edges; at most half the free pairs get taken, so
    // each draw succeeds with probability >= 1/2 and the loop runs O(m) times on average.
    // Edges are kept in a vector in draw order; the hash set is only queried, never iterated, so
    // its library-specific order cannot leak into the output.
    std::unordered_set<std::uint64_t> added;
    added.reserve(m - (n - 1));
    edges.reserve(m);
    while (edges.size() < m) {
      const auto [a, b] = draw_new_pair(added);
      added.insert(pair_key(a, b, n));
      edges.push_back({a, b});
    }
  } else {
    // Dense: sampling the extra edges would slow to a coupon-collector crawl near the complete
    // graph, so draw the (fewer) pairs to leave out instead and take every other pair. Both
    // branches give a uniform random subset of the non-tree pairs.
    const std::uint64_t omit = pairs - m;
    std::unordered_set<std::uint64_t> left_out;
    left_out.reserve(omit);
    while (left_out.size() < omit) {
      const auto [a, b] = draw_new_pair(left_out);
      left_out.insert(pair_key(a, b, n));
    }
    edges.reserve(m);
    for (NodeId a = 0; a < n; ++a) {
      for (NodeId b = a + 1; b < n; ++b) {
        const std::uint64_t key = pair_key(a, b, n);
        if (!tree.contains(key) && !left_out.contains(key)) edges.push_back({a, b});
      }
    }
  }
  return edges;
}

// Nodes per row of the grid and maze families: ceil(sqrt(n)).
NodeId grid_width(NodeId n) {
  auto width = static_cast<NodeId>(std::sqrt(static_cast<double>(n)));
  while (std::uint64_t{width} * width < n) ++width;  // exact ceil despite sqrt rounding
  return width;
}

// Rows of w = ceil(sqrt(n)) nodes; node i sits at row i / w, column i % w.
std::vector<Edge> grid_graph(NodeId n) {
  const NodeId width = grid_width(n);
  std::vector<Edge> edges;
  edges.reserve(2 * static_cast<std::size_t>(n));
  for (NodeId i = 0; i < n; ++i) {
    if (i % width + 1 < width && i + 1 < n) edges.push_back({i, i + 1});
    if (std::uint64_t{i} + width < n) edges.push_back({i, i + width});
  }
  return edges;
}

std::vector<Edge> path_graph(NodeId n) {
  std::vector<Edge> edges;
  edges.reserve(n - 1);
  for (NodeId i = 0; i + 1 < n; ++i) edges.push_back({i, i + 1});
  return edges;
}

// The grid of grid_graph(n) carved into a perfect maze by a randomized depth-first search from
// node 0 (long corridors, few branches), then n / 64 of the grid's remaining edges, drawn
// uniformly, so that a few loops let a player double back.
std::vector<Edge> maze_graph(NodeId n, Rng& rng) {
  std::vector<Edge> grid = grid_graph(n);
  // The grid's neighbours of each node, to pick unvisited ones from.
  std::vector<std::vector<NodeId>> next(n);
  for (const Edge& e : grid) {
    next[e.from].push_back(e.to);
    next[e.to].push_back(e.from);
  }
  std::vector<std::uint8_t> visited(n, 0);
  std::unordered_set<std::uint64_t> carved;
  std::vector<Edge> edges;
  edges.reserve(n - 1 + n / 64);
  std::vector<NodeId> stack{0};
  visited[0] = 1;
  std::vector<NodeId> open;
  while (!stack.empty()) {
    const NodeId v = stack.back();
    open.clear();
    for (NodeId u : next[v]) {
      if (!visited[u]) open.push_back(u);
    }
    if (open.empty()) {
      stack.pop_back();
      continue;
    }
    const NodeId u = open[rng.below(static_cast<std::uint32_t>(open.size()))];
    visited[u] = 1;
    edges.push_back({v, u});
    carved.insert(pair_key(v, u, n));
    stack.push_back(u);
  }
  std::vector<Edge> walls;
  for (const Edge& e : grid) {
    if (!carved.contains(pair_key(e.from, e.to, n))) walls.push_back(e);
  }
  for (NodeId k = 0; k < n / 64 && !walls.empty(); ++k) {
    const std::uint32_t pick = rng.below(static_cast<std::uint32_t>(walls.size()));
    edges.push_back(walls[pick]);
    walls[pick] = walls.back();
    walls.pop_back();
  }
  return edges;
}

std::vector<Edge> cycle_graph(NodeId n) {
  std::vector<Edge> edges;
  edges.reserve(n);
  for (NodeId i = 0; i < n; ++i) edges.push_back({i, i + 1 < n ? i + 1 : 0});
  return edges;
}

std::vector<Edge> complete_graph(NodeId n) {
  std::vector<Edge> edges;
  edges.reserve(pair_count(n));
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) edges.push_back({a, b});
  }
  return edges;
}

bool cat_can_move(const Graph& graph) {
  for (const NodeId v : graph.neighbours(2)) {
    if (v != 0) return true;
  }
  return false;
}

// LeetCode 913 promises that the cat's start, node 2, has a neighbour other than the hole. A
// connected graph always has a node of degree >= 2; at most one of its neighbours can turn into
// the hole under a swap of labels, so swapping node 2's label with such a node fixes the start.
// More generally any v whose neighbours do not all map to 0 under the swap (2 v) qualifies; one
// is chosen by the PRNG so the result stays a function of the seed.
std::vector<Edge> fix_cat_start(const Graph& graph, std::vector<Edge> edges, Rng& rng) {
  const auto swapped = [](NodeId x, NodeId v) { return x == 2 ? v : x == v ? 2 : x; };
  std::vector<NodeId> candidates;
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    if (v == 2) continue;
    for (const NodeId w : graph.neighbours(v)) {
      if (swapped(w, v) != 0) {
        candidates.push_back(v);
        break;
      }
    }
  }
  // Non-empty for every connected graph on >= 3 nodes (see above); generators only make those.
  const NodeId v = candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
  for (Edge& e : edges) e = {swapped(e.from, v), swapped(e.to, v)};
  return edges;
}

std::uint64_t fixed_edge_count(GraphFamily family, NodeId n) {
  switch (family) {
    case GraphFamily::kTree:
      return n - 1;
    case GraphFamily::kCycle:
      return n;
    case GraphFamily::kPath:
      return n - 1;
    case GraphFamily::kComplete:
      return pair_count(n);
    default:
      return 2 * std::uint64_t{n};  // grid: an upper bound is enough for the size check
  }
}

}  // namespace

Result<GraphFamily> parse_family_name(std::string_view name) {
  if (name == "random") return GraphFamily::kRandom;
  if (name == "grid") return GraphFamily::kGrid;
  if (name == "tree") return GraphFamily::kTree;
  if (name == "cycle") return GraphFamily::kCycle;
  if (name == "complete") return GraphFamily::kComplete;
  if (name == "path") return GraphFamily::kPath;
  if (name == "maze") return GraphFamily::kMaze;
  return Error{fmt::format("unknown graph family '{}' (expected random, grid, tree, cycle, "
                           "complete, path or maze)",
                           name),
               {}};
}

Result<Graph> generate(const GenerateOptions& options) {
  const NodeId n = options.nodes;
  if (n < Graph::kMinNodes) {
    return Error{fmt::format("cannot generate a graph on {} node{}; at least {} are needed "
                             "(hole 0, mouse 1, cat 2)",
                             n, n == 1 ? "" : "s", Graph::kMinNodes),
                 {}};
  }
  std::uint64_t m = 0;
  if (options.family == GraphFamily::kRandom) {
    auto count = random_edge_count(n, options.degree);
    if (!count) return count.error();
    m = *count;
  } else {
    m = fixed_edge_count(options.family, n);
  }
  if (m > kMaxEdges) return too_many_edges(m);

  Rng rng(options.seed);
  std::vector<Edge> edges;
  switch (options.family) {
    case GraphFamily::kRandom:
      edges = random_graph(n, m, rng);
      break;
    case GraphFamily::kGrid:
      edges = grid_graph(n);
      break;
    case GraphFamily::kTree:
      edges = random_tree(n, rng);
      break;
    case GraphFamily::kCycle:
      edges = cycle_graph(n);
      break;
    case GraphFamily::kComplete:
      edges = complete_graph(n);
      break;
    case GraphFamily::kPath:
      edges = path_graph(n);
      break;
    case GraphFamily::kMaze:
      edges = maze_graph(n, rng);
      break;
  }
  auto graph = Graph::from_edges(n, edges);
  if (!graph || cat_can_move(*graph)) return graph;
  // Rare (a tree where node 2 is a leaf of the hole, the 3-node grid): relabel and rebuild.
  edges = fix_cat_start(*graph, std::move(edges), rng);
  return Graph::from_edges(n, edges);
}

Graph relabel(const Graph& graph, const std::vector<NodeId>& permutation) {
  std::vector<Edge> edges;
  edges.reserve(graph.edge_count());
  for (NodeId a = 0; a < graph.node_count(); ++a) {
    for (NodeId b : graph.neighbours(a)) {
      if (graph.directed() || a < b) edges.push_back({permutation[a], permutation[b]});
    }
  }
  return Graph::from_edges(graph.node_count(), edges, graph.directed()).value();
}

std::vector<NodeId> shuffled_labels(NodeId n, std::uint64_t seed, NodeId fixed) {
  std::vector<NodeId> labels(n);
  std::iota(labels.begin(), labels.end(), NodeId{0});
  Rng rng(seed);
  // Fisher-Yates over the labels from `fixed` on.
  for (NodeId i = n; i > fixed + 1; --i)
    std::swap(labels[i - 1], labels[fixed + rng.below(i - fixed)]);
  return labels;
}

}  // namespace catmouse
