// An independent certificate check of a solved table: every state's value and remoteness must
// follow from its children's by the local rules of the game. Together these local facts prove the
// whole table right (remoteness strictly decreases along wins and losses, so no claimed win is
// circular, and a draw can always be kept by its drawn child).
//   finished:  the outcome of the position at remoteness 0
//   stuck:     per the stuck rule (a loss at 0, or a draw)
//   win at r:  some child is a win for the mover at r - 1, and none at less
//   loss at r: every child is a win for the opponent, the slowest at r - 1
//   draw:      no child is a win for the mover, and some child is a draw
// Any number of cats. A values-only table is checked on values alone: a local check that does
// not prove the table (a circular claim of a win passes it).
// Cost: O(states + moves).
//
// verify(game, table) checks a one-cat table with the streaming check (docs/algorithm.md, "The
// streaming check": row by row against the rows of the moves, in the memory of half the table at
// one byte per state), and any other table state by state. The check of a range of states is the
// simple per-state one, which lists each state's children: the reference the streaming check is
// tested against. Both name the same first state, with the same message.
#pragma once

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse {

// The first violated rule, with the state in the message (Location::field = ErrorField::kState).
// An error naming the memory if the check cannot have the memory it needs.
Status verify(const Game& game, const Table& table);
// The simple per-state check of the states [first, last) only (their children anywhere in the
// table), so that a table can be checked piece by piece and a failure placed (a tablebase file's
// blocks of k cats).
Status verify(const Game& game, const Table& table, StateIndex first, StateIndex last);

}  // namespace catmouse
