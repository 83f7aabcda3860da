// Questions answered from a solved table: the moves from a state with their values, the optimal
// move, and the optimal line of play. Best moves are derived from the children on demand, never
// stored.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/pack.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse {

// One legal move and where it leads.
struct Move {
  NodeId to;                                // the mover's destination
  State child;                              // the position after the move
  Value value;                              // the child's value
  std::optional<std::uint32_t> remoteness;  // the child's remoteness (none for a draw)
};

// Every legal move from s (empty at finished positions and for a stuck player), by `to`.
std::vector<Move> moves(const Game& game, const Table& table, const State& s);

// The optimal move: when the mover wins, a winning move of least remoteness; when the mover
// loses, a move of greatest remoteness; in a draw, a move that keeps the draw. Ties go to the
// smallest destination. None at finished positions and for a stuck player.
std::optional<Move> best_move(const Game& game, const Table& table, const State& s);

// The optimal line from a state: positions[0] is the start, each next one follows by best_move.
// It ends at a position with no move (finished or stuck), or just before a position would repeat;
// then cycle_start is the index in positions of the position the next move returns to.
struct Line {
  std::vector<State> positions;
  std::optional<std::size_t> cycle_start;
};
Line optimal_line(const Game& game, const Table& table, const State& start);

// A state reachable from `start` in which the player to move has no legal move, if any (only
// possible outside LeetCode's guarantees); play stops at finished positions.
std::optional<State> reachable_stuck_state(const Game& game, const State& start);

// "(mouse 1, cat 2, mouse to move)".
std::string describe(const State& s);

// Moves from a state with where they lead and their values (the cats' joint moves by distinct
// resulting multiset), and the optimal one as for one cat (query.hpp): fastest win, slowest loss,
// else keep the draw; ties to the first in order.
struct PackMove {
  PackState child;
  Value value;
  std::optional<std::uint32_t> remoteness;
};
std::vector<PackMove> pack_moves(const Game& game, const PackTable& table, const PackState& s);
std::optional<PackMove> pack_best_move(const Game& game, const PackTable& table,
                                       const PackState& s);
// The optimal line; cycle_start as in Line.
struct PackLine {
  std::vector<PackState> positions;
  std::optional<std::size_t> cycle_start;
};
PackLine pack_optimal_line(const Game& game, const PackTable& table, const PackState& start);

}  // namespace catmouse
