// The Cat and Mouse table of one small graph and hole (mouse_kernel.hpp): the graph's lanes, the
// choice of vectors, and the queries. The levels are in mouse_kernel_levels.hpp.
#include "mouse_kernel.hpp"

#include <algorithm>
#include <bit>

#include "mouse_kernel_levels.hpp"

namespace catmouse::census {

using rows_simd::kMouseToMove;
using rows_simd::Lanes8;

namespace {

#if defined(__AVX2__)
constexpr bool kBaselineWide = true;  // the build's target has 256-bit vectors already
#else
constexpr bool kBaselineWide = false;
#endif

bool has_avx2() {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

}  // namespace

MouseKernel::MouseKernel(Simd simd) : wide_(simd == Simd::kAuto && wide_compiled() && has_avx2()) {}

void MouseKernel::prepare_graph(const SmallGraph& graph) {
  bool same = graph.node_count == n_;
  for (NodeId v = 0; same && v < n_; ++v) same = graph.rows[v] == adjacency_[v];
  if (same) return;
  n_ = graph.node_count;
  isolated_ = leaves_ = 0;
  for (NodeId v = 0; v < kMaxNodes; ++v) {
    adjacency_[v] = static_cast<std::uint16_t>(v < n_ ? graph.rows[v] : 0);
    if (v < n_ && adjacency_[v] == 0) isolated_ |= 1u << v;
    if (std::has_single_bit(adjacency_[v])) leaves_ |= 1u << v;
    for (int k = 0; k < 2; ++k)
      rows_simd::store(neighbour_lanes_[v].data() + 8 * k,
                       rows_simd::lanes_of<Lanes8>(adjacency_[v], k));
  }
}

void MouseKernel::solve(const SmallGraph& graph, NodeId hole, StuckRule stuck) {
  prepare_graph(graph);
  hole_ = hole;
  if (n_ <= 8) {
    solve_rows<Lanes8, 1>(hole, stuck);
  } else if (wide_ || kBaselineWide) {
    solve_wide(hole, stuck);
  } else {
    solve_rows<Lanes8, 2>(hole, stuck);
  }
}

std::uint16_t MouseKernel::mouse_remoteness(NodeId m, NodeId c) const {
  if (value(m, c) == 0) return kNoRemoteness;
  for (std::uint16_t level = 0; level < levels_; ++level)
    if ((decided_[level][m] >> c) & 1u) return level;
  return kNoRemoteness;
}

// The cat to move: one more than its fastest win or than the mouse's slowest (mouse to move), as
// the level deciding it is the first after the levels deciding its children; 0 at the end of
// the game and for a cat stuck under StuckRule::kLose.
std::uint16_t MouseKernel::remoteness(NodeId m, NodeId c, Side turn) const {
  if (turn == Side::kMouse) return mouse_remoteness(m, c);
  const std::uint8_t v = value(m, c, turn);
  if (v == 0) return kNoRemoteness;
  if (m == hole_ || m == c || (cat_mobile_ >> c & 1) == 0) return 0;
  std::uint16_t fastest = kNoRemoteness, slowest = 0;
  for (std::uint32_t to = adjacency_[c] & valid_; to != 0; to &= to - 1) {
    const auto next = static_cast<NodeId>(std::countr_zero(to));
    if (value(m, next) != v) continue;
    const std::uint16_t r = mouse_remoteness(m, next);
    fastest = std::min(fastest, r);
    slowest = std::max(slowest, r);
  }
  return static_cast<std::uint16_t>((v == 2 ? fastest : slowest) + 1);
}

MouseTableSummary MouseKernel::summary() const {
  MouseTableSummary out;
  if (n_ < 3) return out;
  std::array<std::uint32_t, 3> won{};
  for (NodeId m = 0; m < n_; ++m) {
    if (m == hole_) continue;
    won[1] += static_cast<std::uint32_t>(std::popcount(mouse_wins_[kMouseToMove][m]));
    // Less the cat on the mouse, which is no placement.
    won[2] += static_cast<std::uint32_t>(std::popcount(cat_wins_[kMouseToMove][m])) - 1;
  }
  out.placements = {(n_ - 1) * (n_ - 2) - won[1] - won[2], won[1], won[2]};
  for (unsigned v = 1; v <= 2; ++v) {
    if (won[v] == 0) continue;
    const Rows& wins = v == 1 ? mouse_wins_[kMouseToMove] : cat_wins_[kMouseToMove];
    const std::uint16_t level = last_level_[v];
    for (NodeId m = 0; m < n_; ++m) {
      const std::uint32_t at = decided_[level][m] & wins[m] & ~(1u << m);
      if (m != hole_ && at != 0) {
        out.longest[v] = {level, m, static_cast<NodeId>(std::countr_zero(at))};
        break;
      }
    }
  }
  return out;
}

}  // namespace catmouse::census
