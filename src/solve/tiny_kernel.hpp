// The kernels behind tiny_cop_bounds() and the one-cop tiny game (cop_bounds.hpp) for graphs of
// at most 16 nodes, written once over the 16-lane type of tiny_lanes.hpp: cop_bounds.cpp compiles
// them for the build's own instruction set, tiny_kernel_avx2.cpp for AVX2, and tiny_cop_bounds()
// runs the AVX2 one where the processor has it. The theorems they apply are cited in
// cop_bounds.hpp and docs/census.md; what each step costs is measured in docs/census.md.
#pragma once

#include <cstdint>
#include <optional>

#include "catmouse/solve/cop_bounds.hpp"
#include "tiny_lanes.hpp"

namespace catmouse::tiny {

// The entry points of each instruction set. The AVX2 ones may be called only when
// avx2_runs(); where the build has no AVX2 kernel they are the baseline ones.
CopBounds bounds_baseline(const SmallGraph& graph);
std::optional<std::uint32_t> one_cop_baseline(const SmallGraph& graph);
CopBounds bounds_avx2(const SmallGraph& graph);
std::optional<std::uint32_t> one_cop_avx2(const SmallGraph& graph);
bool avx2_runs();  // built with the AVX2 kernel, on a processor that runs it

constexpr std::uint16_t kLaneBits[16] = {1,   2,   4,    8,    16,   32,   64,    128,
                                         256, 512, 1024, 2048, 4096, 8192, 16384, 32768};
constexpr std::uint16_t kLaneIndex[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

// A graph of 1 to 16 nodes as lanes: lane v holds node v's closed neighbourhood (zero beyond
// the last node), and the same as words.
template <class L>
struct Board {
  L closed;
  std::uint16_t row[16];
  Mask all;
  int n;

  explicit Board(const SmallGraph& graph) : n(static_cast<int>(graph.node_count)) {
    all = (Mask{1} << n) - 1;
    const L bits = L::load(kLaneBits);
    const L inside = less(L::load(kLaneIndex), L::splat(static_cast<Mask>(n)));
    closed = (L::narrow(graph.rows.data()) | bits) & inside & L::splat(all);
    closed.store(row);
  }
  // The nodes next to every node of y (each node is next to itself); every node for y empty.
  Mask common(Mask y) const {
    const L t = L::splat(y);
    return equal(closed & t, t).bits() & all;
  }
  // The nodes next to some node of y.
  Mask near(Mask y) const { return ~equal(closed & L::splat(y), L::splat(0)).bits() & all; }
  // Lanes a where node a is next to v (v's row spread over the lanes).
  L next_to(int v) const {
    const L bits = L::load(kLaneBits);
    return equal(bits & L::splat(row[v]), bits);
  }
  // The lowest node of a set that is not empty, and the size of a set (members, so that each
  // instruction set's unit has its own; see tiny_lanes.hpp).
  static int lowest(Mask m) { return __builtin_ctz(m); }
  static int count(Mask m) { return __builtin_popcount(m); }
};

// Nodes removed in batches, each batch a set of nodes dominated among those left by one that
// stays (a retraction of the graph left onto the rest). layers batches leave `left`; the graph is
// dismantlable (cop-win) when they leave one node or a node next to all that are left.
struct Dismantling {
  Mask left = 0;
  std::uint32_t layers = 0;
  bool cop_win = false;
  std::uint32_t capture_rounds = 0;  // cop_win: the cop catches the robber within so many rounds
};

// Each round computes every node's dominators at once (lane u: the nodes v left with u's closed
// neighbourhood among those left inside v's, u aside), then removes the dominated nodes (the
// corners) that have a dominator that is not a corner or has a lower number. Domination is a
// preorder, so each removed node has a kept dominator: follow lower-numbered dominators down to
// a kept one. One cop on a graph left by a batch catches the robber one round after he catches
// the robber's image (the robber at a removed node goes to its dominator), which bounds the
// capture time by the number of batches, plus one for a final dominating node.
template <class L>
Dismantling dismantle(const Board<L>& b) {
  const L zero = L::splat(0);
  const L bits = L::load(kLaneBits);
  const L below = bits - L::splat(1);
  Dismantling d;
  Mask left = b.all;
  for (;;) {
    const L left_lanes = L::splat(left);
    const L inside = b.closed & left_lanes;
    L dominators = zero;
    L v_bit = L::splat(1);
    for (int v = 0; v < b.n; ++v) {
      dominators = dominators | (equal(inside & ~L::splat(b.row[v]), zero) & v_bit);
      v_bit = v_bit + v_bit;
    }
    dominators = dominators & left_lanes & ~bits;
    const Mask corners = ~equal(dominators, zero).bits() & left;
    if (corners == 0) {
      d.left = left;
      return d;
    }
    const L kept = below | L::splat(left & ~corners);
    left &= ~(~equal(dominators & kept, zero).bits() & corners);
    ++d.layers;
    const bool dominated = (b.common(left) & left) != 0;
    if (Board<L>::count(left) <= 1 || dominated) {
      d.left = left;
      d.cop_win = true;
      d.capture_rounds = d.layers + (Board<L>::count(left) > 1 ? 1 : 0);
      return d;
    }
  }
}

// Whether two nodes of `within` dominate it (every node of it is one of them or next to one):
// for each v, every lane u at once (cheaper than stopping at the first pair).
template <class L>
bool dominating_pair(const Board<L>& b, Mask within) {
  const L target = L::splat(within);
  const L bits = L::load(kLaneBits);
  const L inside = b.closed & target & equal(bits & target, bits);  // zero outside `within`
  std::uint16_t inside_row[16];
  inside.store(inside_row);
  L found = L::splat(0);
  for (int v = 0; v < b.n; ++v) found = found | equal(inside | L::splat(inside_row[v]), target);
  return (found.bits() & within) != 0;
}

template <class L>
L lane_popcount(L x) {
  x = x - ((x >> 1) & L::splat(0x5555));
  x = (x & L::splat(0x3333)) + ((x >> 2) & L::splat(0x3333));
  x = (x + (x >> 4)) & L::splat(0x0f0f);
  return (x + (x >> 8)) & L::splat(0x1f);
}

// Two cops on a and c, the robber on r not next to them: whether they have a move (a2, c2) after
// which every move of the robber (staying included) ends next to one of them, i.e. a2 next to
// r's neighbours outside c2's, c2 next to all of them: c2 among the common neighbours of r's
// neighbourhood outside a2's.
template <class L>
bool trapped(const Board<L>& b, int a, int c, int r) {
  for (Mask moves = b.row[a]; moves != 0; moves &= moves - 1) {
    if ((b.common(b.row[r] & ~b.row[b.lowest(moves)]) & b.row[c]) != 0) return true;
  }
  return false;
}

template <class L>
bool catch_within_two_rounds_from(const Board<L>& b, int a, int c) {
  for (Mask away = b.all & ~(b.row[a] | b.row[c]); away != 0; away &= away - 1) {
    if (!trapped(b, a, c, b.lowest(away))) return false;
  }
  return true;
}

// Whether two cops catch the robber within two rounds (3 plies) from some start. The
// start (a, c) that usually works comes first: a of the highest degree, then c leaving the
// fewest nodes not next to a cop, for each a in turn; then every pair, a == c included, so that
// `false` is exact.
template <class L>
bool catch_within_two_rounds(const Board<L>& b) {
  const L index = L::load(kLaneIndex);
  const L outside = ~less(index, L::splat(static_cast<Mask>(b.n)));
  L order = (L::splat(16) - lane_popcount(b.closed)) | outside;  // the least first
  for (int t = 0; t < b.n; ++t) {
    const int a = order.least();
    const L a_lane = equal(index, L::splat(static_cast<Mask>(a)));
    order = order | a_lane;
    const L uncovered = ~(L::splat(b.row[a]) | b.closed) & L::splat(b.all);
    const int c = (lane_popcount(uncovered) | outside | a_lane).least();
    if (catch_within_two_rounds_from(b, a, c)) return true;
  }
  for (int a = 0; a < b.n; ++a) {
    for (int c = a; c < b.n; ++c) {
      if (catch_within_two_rounds_from(b, a, c)) return true;
    }
  }
  return false;
}

// Whether the graph is connected (for the least-order bound of cop_bounds.hpp).
template <class L>
bool connected(const Board<L>& b) {
  Mask seen = 1;
  for (Mask last = 0; last != seen;) {
    last = seen;
    seen = b.near(seen);
  }
  return seen == b.all;
}

// tiny_cop_bounds() (cop_bounds.hpp) for a graph of 1 to 16 nodes.
template <class L>
CopBounds bounds(const SmallGraph& graph) {
  const Board<L> b(graph);
  const auto exact = [](std::uint32_t cops, std::uint32_t moves) {
    return CopBounds{cops, cops, moves, moves};
  };
  CopBounds r;
  if (b.n == 1) return exact(1, 0);
  if (equal(b.closed, L::splat(b.all)).bits() != 0) return exact(1, 1);
  // No dominating node: the robber is not caught on the cops' first move.
  const Dismantling d = dismantle(b);
  if (d.cop_win) {
    // At most n - 4 rounds on 7 nodes or more (Gavenčiak).
    const std::uint32_t longest = b.n >= 7 ? 2 * static_cast<std::uint32_t>(b.n) - 9 : 0;
    const std::uint32_t upper = 2 * d.capture_rounds - 1;
    r.lower = r.upper = 1;
    r.capture_moves_lower = 3;
    r.capture_moves_upper = longest != 0 && longest < upper ? longest : upper;
    return r;
  }
  r.lower = 2;
  if (dominating_pair(b, b.all)) return exact(2, b.n > 2 ? 1 : 0);
  if (catch_within_two_rounds(b)) return exact(2, 3);
  // Two cops need 5 plies or more, if they win. They do when the graph left by the batches has
  // a dominating pair (it is a retract: its cop number is the graph's), one round for each batch
  // and one for the pair.
  if (dominating_pair(b, d.left)) {
    r.upper = 2;
    r.capture_moves_lower = 5;
    r.capture_moves_upper = 2 * d.layers + 1 > 5 ? 2 * d.layers + 1 : 5;
    return r;
  }
  if (connected(b)) r.upper = cop_number_order_bound(static_cast<NodeId>(b.n));
  if (r.settled()) r.capture_moves_lower = 5;
  return r;
}

// The one-cop tiny game on a dismantlable graph of 2 to 16 nodes (cops_rules(1)): lane a holds
// the robber nodes from which the cop on a, to move, wins. Each round the robber loses where all
// his moves (staying included) end in the cop's wins or he stands on the cop, and the cop wins
// where one of his moves (staying included) reaches such a loss. The first lane to win every
// node after j rounds is a capture in 2j + 1 plies; wins that stop growing are the robber's.
template <class L>
std::optional<std::uint32_t> one_cop(const Board<L>& b) {
  const L zero = L::splat(0);
  const L bits = L::load(kLaneBits);
  const L all = L::splat(b.all);
  const L inside = less(L::load(kLaneIndex), L::splat(static_cast<Mask>(b.n)));
  L won = b.closed;
  if (equal(won, all).bits() != 0) return 1;
  std::uint16_t lost_row[16];
  for (std::uint32_t moves = 3;; moves += 2) {
    L lost = bits;
    L r_bit = L::splat(1);
    for (int r = 0; r < b.n; ++r) {
      lost = lost | (equal(L::splat(b.row[r]) & ~won, zero) & r_bit);
      r_bit = r_bit + r_bit;
    }
    (lost & inside).store(lost_row);
    L next = zero;
    for (int a = 0; a < b.n; ++a) next = next | (L::splat(lost_row[a]) & b.next_to(a));
    if (equal(next, all).bits() != 0) return moves;
    if (equal(next, won).bits() == 0xffff) return std::nullopt;
    won = next;
  }
}

// The one-cop tiny game of tiny_cops_capture() on a graph of 2 to 16 nodes: none on a graph
// that is not dismantlable.
template <class L>
std::optional<std::uint32_t> one_cop_capture(const SmallGraph& graph) {
  const Board<L> b(graph);
  if (!dismantle(b).cop_win) return std::nullopt;
  return one_cop(b);
}

}  // namespace catmouse::tiny
