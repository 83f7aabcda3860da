// The Cat and Mouse table of one small graph and hole, for the Cat and Mouse census
// (docs/census.md): every state of a board of at most 16 nodes, mouse to move and cat to move,
// solved in fixed arrays with no allocation per graph and no Game built, since a 10-node census
// solves 117 million tables. A win takes the fastest win and a loss the slowest loss, as every
// engine of the library does; the tests check every state against solve_reference().
// Internal to the census library.
#pragma once

#include <array>
#include <cstdint>

#include "catmouse/core/rules.hpp"
#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

class MouseKernel {
 public:
  static constexpr NodeId kMaxNodes = 16;

  // Solves the game on `graph` (at most kMaxNodes nodes) with the hole at `hole`, under the
  // default rules otherwise (mouse first, the cat kept out of the hole, a repeated position a
  // draw) and `stuck` for a player with no move.
  void solve(const SmallGraph& graph, NodeId hole, StuckRule stuck);

  // The value (0 draw, 1 mouse, 2 cat: Value's codes) and remoteness with the mouse to move.
  std::uint8_t value(NodeId m, NodeId c) const { return value_[index(0, m, c)]; }
  std::uint16_t remoteness(NodeId m, NodeId c) const { return remoteness_[index(0, m, c)]; }

 private:
  static constexpr std::uint8_t kMouse = 1, kCat = 2;
  static constexpr std::size_t kStates = 2 * kMaxNodes * kMaxNodes;
  static std::uint16_t index(std::uint16_t turn, NodeId m, NodeId c) {
    return static_cast<std::uint16_t>((turn << 8) | (m << 4) | c);
  }

  std::array<std::uint8_t, kStates> value_{};
  std::array<std::uint8_t, kStates> left_{};
  std::array<std::uint16_t, kStates> remoteness_{};
  std::array<std::uint16_t, kStates> queue_{};
};

}  // namespace catmouse::census
