// The Cat and Mouse table of one small graph and hole (mouse_kernel.hpp): the classical
// retrograde analysis with a FIFO queue, which decides states in order of remoteness.
#include "mouse_kernel.hpp"

#include <bit>
#include <cstring>

namespace catmouse::census {

void MouseKernel::solve(const SmallGraph& graph, NodeId hole, StuckRule stuck) {
  const NodeId n = graph.node_count;
  const std::uint32_t hole_bit = 1u << hole;
  std::array<std::uint32_t, kMaxNodes> cat_rows{};
  for (NodeId v = 0; v < n; ++v)
    cat_rows[v] = static_cast<std::uint32_t>(graph.rows[v]) & ~hole_bit;
  std::memset(value_.data(), 0, value_.size());
  std::size_t tail = 0;
  const auto decide = [&](std::uint16_t s, std::uint8_t v, std::uint16_t r) {
    value_[s] = v;
    remoteness_[s] = r;
    queue_[tail++] = s;
  };
  for (std::uint16_t turn = 0; turn < 2; ++turn) {
    for (NodeId m = 0; m < n; ++m) {
      for (NodeId c = 0; c < n; ++c) {
        if (c == hole) continue;
        const std::uint16_t s = index(turn, m, c);
        if (m == hole) {
          decide(s, kMouse, 0);
        } else if (m == c) {
          decide(s, kCat, 0);
        } else {
          const int moves =
              std::popcount(turn == 0 ? static_cast<std::uint32_t>(graph.rows[m]) : cat_rows[c]);
          left_[s] = static_cast<std::uint8_t>(moves);
          // A stuck player loses at once (the opponent's win), or it is a draw: never decided.
          if (moves == 0 && stuck == StuckRule::kLose) decide(s, turn == 0 ? kCat : kMouse, 0);
        }
      }
    }
  }
  for (std::size_t head = 0; head < tail; ++head) {
    const std::uint16_t s = queue_[head];
    const std::uint8_t v = value_[s];
    const auto r = static_cast<std::uint16_t>(remoteness_[s] + 1);
    const NodeId m = (s >> 4) & 15, c = s & 15;
    // The positions one move before s: the cat's move into c when the mouse is to move at s,
    // else the mouse's move into m.
    const bool cat_moved = (s >> 8) == 0;
    const std::uint8_t mover = cat_moved ? kCat : kMouse;
    for (std::uint32_t from = cat_moved ? cat_rows[c] : static_cast<std::uint32_t>(graph.rows[m]);
         from != 0; from &= from - 1) {
      const auto u = static_cast<NodeId>(std::countr_zero(from));
      const std::uint16_t p = cat_moved ? index(1, m, u) : index(0, u, c);
      if (value_[p] != 0) continue;
      if (v == mover) {
        decide(p, mover, r);
      } else if (--left_[p] == 0) {
        decide(p, v, r);
      }
    }
  }
}

}  // namespace catmouse::census
