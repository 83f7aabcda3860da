// The reference engine: deliberately simple, slow and independent of the main engine, kept only to
// cross-check it. It generates moves itself from the adjacency lists and rules (not through Game),
// and decides states by value iteration over remoteness levels: at level r a state is a win if
// some move reaches a state decided as a win for the mover before level r, and a loss if every
// move reaches a state decided before level r as a win for the opponent.
//
// Cost: time O(levels * (n^2 + n * m)), memory O(n^2). For small graphs only.
#pragma once

#include "catmouse/core/game.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse {

// The rules must have passed validate(rules, graph); the cat moves along cat_graph when given (see
// Game). Rules::move_limit is ignored here, as by every engine.
Table solve_reference(const Graph& graph, const Rules& rules, const Graph* cat_graph = nullptr);

// The value of `start` in the game that ends after rules.move_limit moves, by backward induction
// over the moves left: O(limit * (n^2 + n * m)) time. The check on apply_move_limit().
StateValue solve_reference_limited(const Graph& graph, const Rules& rules, const State& start,
                                   const Graph* cat_graph = nullptr);

// The deliberately simple check: value iteration over ordered tuples of cats, no symmetry, with
// its own move generation. Returns (value, remoteness or kNoRemoteness) for `s` in any order of
// its cats. O(levels * n^(k+1) * (d+1)^k) time: small games only.
std::vector<std::pair<Value, std::uint32_t>> solve_pack_reference(const Graph& graph,
                                                                  const Rules& rules);
// The index into solve_pack_reference's result of a state with cats in the given order.
std::uint64_t pack_reference_index(NodeId n, const Position& s);

}  // namespace catmouse
