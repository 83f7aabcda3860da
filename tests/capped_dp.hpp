// A deliberately wrong solver for the tests: the popular top-down DP that calls a game a draw
// once it has lasted `cap` turns (2n in many published solutions). It is wrong exactly on graphs
// whose forced win outlasts the cap, which is what the regression data captures.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "catmouse/core/graph.hpp"

namespace catmouse::testing {

// 0 draw, 1 mouse, 2 cat; mouse on 1 and cat on 2 with the mouse to move, hole 0.
inline int capped_dp(const Graph& graph, std::uint32_t cap) {
  const std::uint32_t n = graph.node_count();
  std::vector<int> memo(std::size_t{n} * n * cap, -1);
  std::function<int(NodeId, NodeId, std::uint32_t)> result = [&](NodeId mouse, NodeId cat,
                                                                 std::uint32_t turns) -> int {
    if (turns >= cap) return 0;
    if (mouse == 0) return 1;
    if (mouse == cat) return 2;
    int& slot = memo[(std::size_t{mouse} * n + cat) * cap + turns];
    if (slot >= 0) return slot;
    const bool mouse_moves = turns % 2 == 0;
    const int lose = mouse_moves ? 2 : 1;
    int best = lose;
    for (NodeId next : graph.neighbours(mouse_moves ? mouse : cat)) {
      if (!mouse_moves && next == 0) continue;
      const int r = mouse_moves ? result(next, cat, turns + 1) : result(mouse, next, turns + 1);
      if (r == 3 - lose) {  // a win for the mover
        best = r;
        break;
      }
      if (r == 0) best = 0;
    }
    return slot = best;
  };
  return result(1, 2, 0);
}

}  // namespace catmouse::testing
