// The theorems behind cop_bounds() are cited in cop_bounds.hpp and docs/census.md.
#include "catmouse/solve/cop_bounds.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>

#include "solve/engines.hpp"

namespace catmouse {

namespace {

using Word = std::uint64_t;

constexpr Word bit(NodeId v) {
  return Word{1} << v;
}

Word all_nodes(NodeId n) {
  return n == 64 ? ~Word{0} : bit(n) - 1;
}

bool connected(const SmallGraph& graph) {
  const NodeId n = graph.node_count;
  if (n == 0) return false;
  Word seen = bit(0);
  Word frontier = seen;
  while (frontier != 0) {
    Word next = 0;
    for (Word f = frontier; f != 0; f &= f - 1) next |= graph.rows[std::countr_zero(f)];
    next &= ~seen & all_nodes(n);
    seen |= next;
    frontier = next;
  }
  return seen == all_nodes(n);
}

}  // namespace

bool dominated_by(const SmallGraph& graph, std::uint32_t k) {
  const NodeId n = graph.node_count;
  const Word all = all_nodes(n);
  if (n == 0 || k == 0) return n == 0;
  if (k >= n) return true;
  for (NodeId u = 0; u < n; ++u) {
    const Word closed_u = (graph.rows[u] | bit(u)) & all;
    if (closed_u == all) return true;
    if (k < 2) continue;
    for (NodeId v = u + 1; v < n; ++v) {
      if ((closed_u | graph.rows[v] | bit(v)) == all) return true;
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
  if (one_cop) {
    bounds.lower = bounds.upper = 1;
    if (dominated_by(graph, 1)) bounds.capture_moves_upper = 1;
    return bounds;
  }
  bounds.lower = 2;
  if (dominated_by(graph, 2)) {
    bounds.upper = 2;
    bounds.capture_moves_upper = 1;
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

// Whether the nodes can be removed one by one, each with its closed neighbourhood among those
// left inside another's: one cop wins exactly then (cop_bounds.hpp). A graph with no such node
// fails on the first pass, cheaper than the game it spares.
bool tiny_dismantlable(const Tiny& t) {
  Mask left = t.all;
  for (bool removed = true; removed && std::popcount(left) > 1;) {
    removed = false;
    for (Mask us = left; us != 0; us &= us - 1) {
      const int u = std::countr_zero(us);
      const Mask closed_u = t.closed[u] & left;
      for (Mask vs = closed_u & ~(Mask{1} << u); vs != 0; vs &= vs - 1) {
        if ((closed_u & ~t.closed[std::countr_zero(vs)]) == 0) {
          left &= ~(Mask{1} << u);
          removed = true;
          break;
        }
      }
    }
  }
  return std::popcount(left) <= 1;
}

// Each round: the robber's losses from the cops' wins, then the cops' wins from a move (staying
// included) into his losses. The cops' first win on every robber node after j rounds is a
// capture in 2j - 1 plies, as the level-by-level solvers count them; no new win, no capture.
// After the first round the cops win where the robber stands on or next to one of them.
std::optional<std::uint32_t> one_cop(const Tiny& t) {
  if (t.n == 1) return 0;
  if (!tiny_dismantlable(t)) return std::nullopt;
  std::array<Mask, kTiny> won{}, lost{};
  for (NodeId a = 0; a < t.n; ++a) {
    won[a] = t.closed[a];
    if (won[a] == t.all) return 1;
  }
  for (std::uint32_t moves = 3;; moves += 2) {
    for (NodeId a = 0; a < t.n; ++a) lost[a] = robber_lost(t, Mask{1} << a, won[a]);
    bool grew = false;
    for (NodeId a = 0; a < t.n; ++a) {
      Mask w = 0;
      for (Mask m = t.closed[a]; m != 0; m &= m - 1) w |= lost[std::countr_zero(m)];
      if (w == t.all) return moves;
      grew = grew || w != won[a];
      won[a] = w;
    }
    if (!grew) return std::nullopt;
  }
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
  const Tiny t = tiny_of(graph);
  return k == 1 ? one_cop(t) : two_cops(t);
}

}  // namespace catmouse
