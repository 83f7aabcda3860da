// The cops' question on graphs of at most 64 nodes (SmallCops, cops.hpp): one word per row, one
// row per ordered k-tuple of cop nodes, and every buffer kept from one graph to the next.
//
// Ordered tuples instead of the cops engine's sorted placements: k! times more rows, but a level
// becomes k plain passes, one per cop, each ORing rows along that cop's moves (the rows are
// symmetric in the cops, so the passes compose to "some joint move"). On a 10-node graph that is
// a few hundred word operations a level, with no index arithmetic and no allocation, which is
// what a collection of millions of tiny graphs needs. The tuple t = d_0 + n d_1 + ... + n^(k-1)
// d_(k-1) with d_0 <= ... <= d_(k-1) is the placement {d_i}, and increasing t over such tuples is
// the placements' colex order (placement.hpp), so the first winning placement is the cops
// engine's.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <new>
#include <vector>

#include "catmouse/solve/cops.hpp"
#include "solve/engines.hpp"

namespace catmouse {

namespace {

using Bits = std::uint64_t;

constexpr Bits bit(NodeId v) {
  return Bits{1} << v;
}

}  // namespace

struct SmallCops::Buffers {
  std::vector<Bits> cop;          // won with the cops to move, by tuple
  std::vector<Bits> rob;          // lost by the robber to move
  std::vector<Bits> frontier[2];  // the robber's latest losses, at even and at odd levels
  std::vector<Bits> scratch;      // the passes' other buffer
  std::array<Bits, SmallGraph::kMaxNodes> robber_out{};  // where the robber goes (or stays)
  std::array<Bits, SmallGraph::kMaxNodes> robber_in{};   // where he comes from
  std::array<std::uint32_t, SmallGraph::kMaxNodes + 1> cop_begin{};
  std::array<NodeId, SmallGraph::kMaxNodes*(SmallGraph::kMaxNodes + 1)> cop_moves{};
};

SmallCops::SmallCops() : buffers_(std::make_unique<Buffers>()) {}
SmallCops::~SmallCops() = default;
SmallCops::SmallCops(SmallCops&&) noexcept = default;
SmallCops& SmallCops::operator=(SmallCops&&) noexcept = default;

namespace {

// n^k, or UINT64_MAX past `cap`.
std::uint64_t power(std::uint64_t n, std::uint32_t k, std::uint64_t cap) {
  std::uint64_t p = 1;
  for (std::uint32_t i = 0; i < k; ++i) {
    if (n != 0 && p > cap / n) return UINT64_MAX;
    p *= n;
  }
  return p;
}

// The digits of tuple t, lowest first, into out[0..k); whether they are non-decreasing.
bool digits(std::uint64_t t, NodeId n, std::uint32_t k, NodeId* out) {
  bool sorted = true;
  for (std::uint32_t i = 0; i < k; ++i) {
    out[i] = static_cast<NodeId>(t % n);
    t /= n;
    if (i > 0 && out[i] < out[i - 1]) sorted = false;
  }
  return sorted;
}

// The robber's losses (him to move) that the cops' new wins `fresh` decide: those of his nodes
// with a move into `fresh` and every move into `won`, not already in `lost`.
Bits losses(const Bits* robber_in, const Bits* robber_out, Bits fresh, Bits won, Bits lost) {
  Bits candidates = 0;
  for (Bits v = fresh; v != 0; v &= v - 1) candidates |= robber_in[std::countr_zero(v)];
  Bits out = 0;
  for (Bits r = candidates & ~lost; r != 0; r &= r - 1) {
    const auto robber = static_cast<NodeId>(std::countr_zero(r));
    if ((robber_out[robber] & ~won) == 0) out |= bit(robber);
  }
  return out;
}

Result<Graph> to_graph(const SmallGraph& graph) {
  std::vector<Edge> edges;
  bool symmetric = true;
  for (NodeId v = 0; v < graph.node_count; ++v) {
    for (NodeId u = 0; u < graph.node_count; ++u) {
      if ((graph.rows[v] >> u & 1) != (graph.rows[u] >> v & 1)) symmetric = false;
    }
  }
  for (NodeId v = 0; v < graph.node_count; ++v) {
    for (Bits b = graph.rows[v]; b != 0; b &= b - 1) {
      const auto u = static_cast<NodeId>(std::countr_zero(b));
      if (!symmetric || v < u) edges.push_back({v, u});
    }
  }
  return Graph::from_edges(graph.node_count, edges, !symmetric);
}

}  // namespace

Result<SmallGraph> SmallGraph::of(const Graph& graph) {
  if (graph.node_count() > kMaxNodes) {
    return detail::option_error(
        ErrorField::kGraph,
        fmt::format("{} nodes; a small graph has at most {}", graph.node_count(), kMaxNodes));
  }
  SmallGraph small;
  small.node_count = graph.node_count();
  for (NodeId v = 0; v < small.node_count; ++v) {
    for (NodeId u : graph.neighbours(v)) small.rows[v] |= bit(u);
  }
  return small;
}

bool dismantlable(const SmallGraph& graph) {
  const NodeId n = graph.node_count;
  Bits left = n == 64 ? ~Bits{0} : bit(n) - 1;
  // Remove a dominated node while there is one: u is dominated by v when u's closed
  // neighbourhood among the nodes left lies inside v's.
  for (NodeId size = n; size > 1; --size) {
    bool removed = false;
    for (Bits us = left; us != 0 && !removed; us &= us - 1) {
      const auto u = static_cast<NodeId>(std::countr_zero(us));
      const Bits closed_u = (graph.rows[u] | bit(u)) & left;
      for (Bits vs = closed_u & ~bit(u); vs != 0; vs &= vs - 1) {
        const auto v = static_cast<NodeId>(std::countr_zero(vs));
        if ((closed_u & ~(graph.rows[v] | bit(v))) == 0) {
          left &= ~bit(u);
          removed = true;
          break;
        }
      }
    }
    if (!removed) return false;
  }
  return true;
}

Result<CopsResult> SmallCops::solve(const SmallGraph& graph, std::uint32_t k, CopsVariant variant,
                                    std::uint64_t memory_limit,
                                    const std::function<bool()>& cancelled) try {
  const NodeId n = graph.node_count;
  if (k < 1 || k > kMaxCops) {
    return detail::option_error(
        ErrorField::kCops, fmt::format("the number of cops must be 1 to {}, not {}", kMaxCops, k));
  }
  if (n < 1 || n > SmallGraph::kMaxNodes) {
    return detail::option_error(
        ErrorField::kGraph,
        fmt::format("{} nodes; a small graph has 1 to {}", n, SmallGraph::kMaxNodes));
  }
  const std::uint64_t tuples = power(n, k, kMaxTuples);
  if (tuples > kMaxTuples) {
    // Too many tuples for rows of their own: the cops engine, on sorted placements.
    Result<Graph> full = to_graph(graph);
    if (!full.ok()) return full.error();
    SolveOptions options;
    options.threads = 1;
    options.memory_limit = memory_limit;
    return solve_cops(*full, k, options, CopsSweep::kAuto, variant);
  }
  const detail::MemoryNeed need = detail::cops_question_memory(n, k, 4 * tuples * sizeof(Bits));
  if (Status ok = detail::check_memory(need, memory_limit); !ok) return ok.error();
  Buffers& b = *buffers_;
  const Bits all = n == 64 ? ~Bits{0} : bit(n) - 1;
  // The moves: the robber's as rows of bits, the cops' as lists.
  Bits stuck = 0;  // robber nodes with no move: he loses there (Rules::stuck)
  std::fill(b.robber_in.begin(), b.robber_in.begin() + n, Bits{0});
  std::uint32_t at = 0;
  for (NodeId v = 0; v < n; ++v) {
    b.robber_out[v] = graph.rows[v] | (variant.robber_stays ? bit(v) : 0);
    if (b.robber_out[v] == 0) stuck |= bit(v);
    for (Bits to = b.robber_out[v]; to != 0; to &= to - 1) {
      b.robber_in[std::countr_zero(to)] |= bit(v);
    }
    b.cop_begin[v] = at;
    for (Bits to = graph.rows[v] | (variant.cop_stays ? bit(v) : 0); to != 0; to &= to - 1) {
      b.cop_moves[at++] = static_cast<NodeId>(std::countr_zero(to));
    }
  }
  b.cop_begin[n] = at;
  b.cop.resize(tuples);
  b.rob.resize(tuples);
  b.frontier[0].resize(tuples);
  b.frontier[1].resize(tuples);
  b.scratch.resize(tuples);

  CopsResult result;
  result.cops = k;
  result.states = 2 * multiset_count(n, k) * n;
  NodeId d[kMaxCops];
  // Level 0: the robber on a cop, either side to move; the robber stuck, with him to move.
  for (std::uint64_t t = 0; t < tuples; ++t) {
    const bool sorted = digits(t, n, k, d);
    Bits caught = 0;
    for (std::uint32_t i = 0; i < k; ++i) caught |= bit(d[i]);
    b.cop[t] = caught;
    b.rob[t] = b.frontier[0][t] = caught | stuck;
    if (caught == all && sorted && !result.win) {
      result.win = true;
      result.placement.assign(d, d + k);
    }
  }
  if (result.win) return result;
  // Level 1 for the robber: without staying, every move of his may land on a cop.
  const Bits* in = b.robber_in.data();
  const Bits* out = b.robber_out.data();
  Bits* front[2] = {b.frontier[0].data(), b.frontier[1].data()};
  Bits* scratch = b.scratch.data();
  bool pending[2] = {true, false};  // whether a frontier holds anything
  for (std::uint64_t t = 0; t < tuples; ++t) {
    front[1][t] = variant.robber_stays ? 0 : losses(in, out, b.cop[t], b.cop[t], b.rob[t]);
    b.rob[t] |= front[1][t];
    pending[1] = pending[1] || front[1][t] != 0;
  }
  // Level L: the cops' wins from the robber's losses at L - 1 (front[(L - 1) % 2]), and his
  // losses at L + 1 from them, into the same frontier. With him staying, his losses come at even
  // levels only and the odd ones are skipped.
  for (std::uint32_t level = 1; pending[0] || pending[1]; ++level) {
    const int slot = static_cast<int>((level - 1) % 2);
    if (!pending[slot]) continue;
    if (cancelled && cancelled()) return detail::cancelled_error();
    // A joint move onto a loss, one cop at a time: pass i ORs, into each tuple, the rows with cop
    // i moved along its moves. The result ends in `source`; `other` is free.
    Bits* source = front[slot];
    Bits* other = scratch;
    std::uint64_t stride = 1;  // n^i
    for (std::uint32_t i = 0; i < k; ++i) {
      const std::uint64_t high = tuples / (stride * n);
      for (std::uint64_t h = 0; h < high; ++h) {
        for (NodeId a = 0; a < n; ++a) {
          Bits* to = other + (h * n + a) * stride;
          std::fill(to, to + stride, Bits{0});
          for (std::uint32_t m = b.cop_begin[a]; m < b.cop_begin[a + 1]; ++m) {
            const Bits* from = source + (h * n + b.cop_moves[m]) * stride;
            for (std::uint64_t j = 0; j < stride; ++j) to[j] |= from[j];
          }
        }
      }
      std::swap(source, other);
      stride *= n;
    }
    pending[slot] = false;
    for (std::uint64_t t = 0; t < tuples; ++t) {
      const Bits fresh = source[t] & ~b.cop[t];
      other[t] = 0;
      if (fresh == 0) continue;
      const Bits cop = b.cop[t] |= fresh;
      if (cop == all && digits(t, n, k, d)) {
        result.win = true;
        result.placement.assign(d, d + k);
        result.capture_moves = level;
        result.robber = static_cast<NodeId>(std::countr_zero(fresh));
        return result;
      }
      other[t] = losses(in, out, fresh, cop, b.rob[t]);
      b.rob[t] |= other[t];
      pending[slot] = pending[slot] || other[t] != 0;
    }
    front[slot] = other;
    scratch = source;
  }
  return result;
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory during the solve");
}

}  // namespace catmouse
