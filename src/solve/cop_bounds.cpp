// The theorems behind cop_bounds() are cited in cop_bounds.hpp and docs/census.md; the kernels
// of tiny_cop_bounds() and of the one-cop tiny game are in tiny_kernel.hpp, compiled here for the
// build's own instruction set.
#include "catmouse/solve/cop_bounds.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>

#include "solve/engines.hpp"
#include "tiny_kernel.hpp"

namespace catmouse {

namespace {

using Bits = std::uint64_t;

constexpr Bits bit(NodeId v) {
  return Bits{1} << v;
}

Bits all_nodes(NodeId n) {
  return n == 64 ? ~Bits{0} : bit(n) - 1;
}

bool connected(const SmallGraph& graph) {
  const NodeId n = graph.node_count;
  if (n == 0) return false;
  Bits seen = bit(0);
  Bits frontier = seen;
  while (frontier != 0) {
    Bits next = 0;
    for (Bits f = frontier; f != 0; f &= f - 1) next |= graph.rows[std::countr_zero(f)];
    next &= ~seen & all_nodes(n);
    seen |= next;
    frontier = next;
  }
  return seen == all_nodes(n);
}

}  // namespace

bool dominated_by(const SmallGraph& graph, std::uint32_t k) {
  const NodeId n = graph.node_count;
  const Bits all = all_nodes(n);
  if (n == 0 || k == 0) return n == 0;
  if (k >= n) return true;
  const auto closed = [&](NodeId v) { return (graph.rows[v] | bit(v)) & all; };
  for (NodeId u = 0; u < n; ++u) {
    if (closed(u) == all) return true;
    for (NodeId v = u + 1; v < n && k >= 2; ++v) {
      const Bits pair = closed(u) | closed(v);
      if (pair == all) return true;
      for (NodeId w = v + 1; w < n && k >= 3; ++w) {
        if ((pair | closed(w)) == all) return true;
      }
    }
  }
  return false;
}

std::uint32_t cop_number_order_bound(NodeId node_count) {
  // The least orders of 2-, 3- and 4-cop-win graphs: 4, 10 and at least 19.
  if (node_count < 4) return 1;
  if (node_count < 10) return 2;
  if (node_count < 19) return 3;
  return 0;
}

CopBounds cop_bounds(const SmallGraph& graph) {
  CopBounds bounds;
  if (graph.node_count == 0) return bounds;
  const bool one_cop = dismantlable(graph);
  // On a dominating set the cops catch the robber on their first move, exactly then when he can
  // start away from them (a graph of more nodes than cops).
  if (one_cop) {
    bounds.lower = bounds.upper = 1;
    if (dominated_by(graph, 1)) {
      bounds.capture_moves_upper = graph.node_count == 1 ? 0 : 1;
      bounds.capture_moves_lower = *bounds.capture_moves_upper;
    }
    return bounds;
  }
  bounds.lower = 2;
  if (dominated_by(graph, 2)) {
    bounds.upper = 2;
    bounds.capture_moves_lower = graph.node_count > 2 ? 1 : 0;
    bounds.capture_moves_upper = bounds.capture_moves_lower;
    return bounds;
  }
  // Not dominated by two nodes, so the cop number is at most the order bound, if any.
  if (connected(graph)) bounds.upper = cop_number_order_bound(graph.node_count);
  return bounds;
}

namespace {

// The tiny game: robber nodes as 16-bit masks (held in 32 bits), rows in fixed arrays.
using Mask = std::uint32_t;
constexpr NodeId kTiny = kTinyCopsMaxNodes;

struct Tiny {
  NodeId n = 0;
  Mask all = 0;
  std::array<Mask, kTiny> closed{};  // each node's closed neighbourhood
  // near[q][x]: the union of the closed neighbourhoods of the nodes in x << 4q, so that the
  // nodes next to a set are four lookups.
  std::array<std::array<Mask, 16>, 4> near{};
};

Tiny tiny_of(const SmallGraph& graph) {
  Tiny t;
  t.n = graph.node_count;
  t.all = (Mask{1} << t.n) - 1;
  for (NodeId v = 0; v < t.n; ++v)
    t.closed[v] = static_cast<Mask>((graph.rows[v] | bit(v)) & t.all);
  for (std::size_t q = 0; q < 4; ++q) {
    for (Mask x = 1; x < 16; ++x) {
      const auto v = static_cast<NodeId>(4 * q + static_cast<std::size_t>(std::countr_zero(x)));
      t.near[q][x] = t.near[q][x & (x - 1)] | (v < t.n ? t.closed[v] : 0);
    }
  }
  return t;
}

// The robber (to move) loses from every node of `cops`, and from every node all of whose moves
// (staying included) go where the cops (to move) win: the nodes not next to one outside `won`.
Mask robber_lost(const Tiny& t, Mask cops, Mask won) {
  const Mask free = t.all & ~won;
  const Mask reach = t.near[0][free & 15] | t.near[1][(free >> 4) & 15] |
                     t.near[2][(free >> 8) & 15] | t.near[3][free >> 12];
  return cops | (t.all & ~reach);
}

// Two cops on ordered pairs (a, b), symmetric, so each round decides the pairs a <= b and
// mirrors them; the robber's losses are found again only for the pairs whose wins grew. The
// cops' joint move is two passes: cop a's moves along whole rows (16 lanes the compiler
// vectorizes), then cop b's within a row.
std::optional<std::uint32_t> two_cops(const Tiny& t) {
  using Row = std::array<std::uint16_t, kTiny>;
  alignas(32) std::array<Row, kTiny> won{}, lost{}, half{};
  std::array<Mask, kTiny> grown{};  // by a: the b >= a whose wins grew last round
  const NodeId n = t.n;
  if (n <= 2) return 0;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a; b < n; ++b) {
      const Mask w = t.closed[a] | t.closed[b];
      if (w == t.all) return 1;
      won[a][b] = won[b][a] = static_cast<std::uint16_t>(w);
    }
    grown[a] = t.all & ~((Mask{1} << a) - 1);
  }
  for (std::uint32_t moves = 3;; moves += 2) {
    for (NodeId a = 0; a < n; ++a) {
      for (Mask bs = grown[a]; bs != 0; bs &= bs - 1) {
        const auto b = static_cast<NodeId>(std::countr_zero(bs));
        const auto l =
            static_cast<std::uint16_t>(robber_lost(t, (Mask{1} << a) | (Mask{1} << b), won[a][b]));
        lost[a][b] = lost[b][a] = l;
      }
    }
    for (NodeId a = 0; a < n; ++a) {
      Row h{};
      for (Mask m = t.closed[a]; m != 0; m &= m - 1) {
        const Row& from = lost[std::countr_zero(m)];
        for (std::size_t b = 0; b < kTiny; ++b) h[b] |= from[b];
      }
      half[a] = h;
    }
    bool grew = false;
    for (NodeId a = 0; a < n; ++a) {
      grown[a] = 0;
      for (NodeId b = a; b < n; ++b) {
        Mask w = 0;
        for (Mask m = t.closed[b]; m != 0; m &= m - 1) w |= half[a][std::countr_zero(m)];
        if (w == t.all) return moves;
        if (w == won[a][b]) continue;
        grown[a] |= Mask{1} << b;
        grew = true;
        won[a][b] = won[b][a] = static_cast<std::uint16_t>(w);
      }
    }
    if (!grew) return std::nullopt;
  }
}

}  // namespace

Result<std::optional<std::uint32_t>> tiny_cops_capture(const SmallGraph& graph, std::uint32_t k) {
  if (k < 1 || k > 2) {
    return detail::option_error(ErrorField::kCops,
                                fmt::format("the tiny game plays 1 or 2 cops, not {}", k));
  }
  if (graph.node_count < 1 || graph.node_count > kTinyCopsMaxNodes) {
    return detail::option_error(
        ErrorField::kGraph,
        fmt::format("{} nodes; the tiny game plays 1 to {}", graph.node_count, kTinyCopsMaxNodes));
  }
  if (k == 1) {
    if (graph.node_count == 1) return std::optional<std::uint32_t>(0);
    return tiny::avx2_runs() ? tiny::one_cop_avx2(graph) : tiny::one_cop_baseline(graph);
  }
  return two_cops(tiny_of(graph));
}

CopBounds tiny_cop_bounds(const SmallGraph& graph) {
  if (graph.node_count < 1 || graph.node_count > kTinyCopsMaxNodes) return cop_bounds(graph);
  return tiny::avx2_runs() ? tiny::bounds_avx2(graph) : tiny::bounds_baseline(graph);
}

namespace tiny {

CopBounds bounds_baseline(const SmallGraph& graph) {
  return bounds<Lanes>(graph);
}

std::optional<std::uint32_t> one_cop_baseline(const SmallGraph& graph) {
  return one_cop_capture<Lanes>(graph);
}

#if defined(CATMOUSE_TINY_AVX2)
// Where the build has the AVX2 kernel (tiny_kernel_avx2.cpp), the processor must run it.
bool avx2_runs() {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
}
#else
bool avx2_runs() {
  return false;
}
CopBounds bounds_avx2(const SmallGraph& graph) {
  return bounds_baseline(graph);
}
std::optional<std::uint32_t> one_cop_avx2(const SmallGraph& graph) {
  return one_cop_baseline(graph);
}
#endif

}  // namespace tiny

}  // namespace catmouse
