// Cops and robbers, the classical game, as a game of the pack engine: the cops are the cats, the
// robber is the mouse, there is no hole, and both sides may stay. The cops place first, then the
// robber; then the cops move (all at once), then the robber, and so on. The cops win when one of
// them is on the robber; the robber wins by escaping forever (a draw of the engine).
#pragma once

#include <cstdint>
#include <vector>

#include "catmouse/error.hpp"
#include "catmouse/graph.hpp"
#include "catmouse/rules.hpp"
#include "catmouse/solver.hpp"

namespace catmouse {

// The rules of cops and robbers with k cops.
Rules cops_rules(std::uint32_t k);

// The answer for k cops: whether they win, and then a placement of least capture time.
struct CopsResult {
  std::uint32_t cops = 0;
  bool win = false;
  std::vector<NodeId> placement;    // sorted; empty when the cops lose
  std::uint32_t capture_moves = 0;  // plies from the cops' first move against the best robber
  NodeId robber = 0;                // a robber start that lasts capture_moves
  std::uint64_t states = 0;         // states solved
};

// Solves the game for k cops (cost as solve_pack in pack.hpp); fails as solve_pack does.
Result<CopsResult> solve_cops(const Graph& graph, std::uint32_t k,
                              const SolveOptions& options = {});

// Cop moves in `moves` plies from the cops' first move: they move on the odd plies.
constexpr std::uint32_t cop_rounds(std::uint32_t moves) {
  return (moves + 1) / 2;
}

}  // namespace catmouse
