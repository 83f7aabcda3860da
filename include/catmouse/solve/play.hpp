// A solved game in play: whether a position is over and why, its value in words, and the optimal
// line from it when some moves have been made already. The front ends that let people play or
// watch a game (catmouse play, catmouse serve, explain's sentences) share these, so that the
// terminal, the web page and the explanations say the same thing about the same position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {

// Why the game is over at p with `played` moves made, checked in this order: a finished position
// (kHole for a mouse win, kCapture for a cat win, as Game::outcome says), the side to move having
// no legal move (kStuck), the rules' move limit reached (kMoveLimit). None while play goes on.
// p must have passed Solution::check().
std::optional<LineEnd> finished(const Solution& solution, const Position& p,
                                std::uint32_t played = 0);

// "mouse wins in 3 moves", "cat wins in 1 move", "draw"; "mouse wins" without a remoteness.
std::string value_sentence(const StateValue& value);

// How the front ends name a node unless the caller has labels of its own: its id, or its cell
// "(2, 0)" on a grid map.
NodeNamer node_namer(const GameSpec& spec);
inline NodeNamer node_namer(const Solution& solution) {
  return node_namer(solution.spec());
}

// Why the game ends at `last`, as a clause, with the nodes it names written by `node` (none named
// when `node` is empty): "the mouse is in the hole 0", "the cat caught the mouse on 3", "a cat
// reached the hole 2 first", "the cat has no legal move", "a position repeats", "the move limit
// of 1000 moves is reached"; a grid map says "the mouse is on the food (0, 4)". The one source of
// these words: finished_sentence() and line_end_sentence() build on it. The board is a game and
// the spec it was built from: a Solution's, or a tablebase file's.
std::string end_clause(const GameSpec& spec, const Game& game, const Position& last, LineEnd end,
                       const NodeNamer& node = {});
inline std::string end_clause(const Solution& solution, const Position& last, LineEnd end,
                              const NodeNamer& node = {}) {
  return end_clause(solution.spec(), solution.game(), last, end, node);
}

// Why the game is over, in words, with its outcome first: "mouse wins: the mouse is in the hole",
// "cat wins: a cat caught the mouse", "draw: the cat has no legal move", "cat wins: the move
// limit of 1000 moves is reached"; a grid map says "food" for the hole. `end` is
// finished(p, played). catmouse play's "Game over" line and the server's position sentences.
std::string finished_sentence(const Solution& solution, const Position& p, LineEnd end,
                              std::uint32_t played = 0);

// Why an optimal line ends, with its outcome last: "the mouse is in the hole 0: mouse wins",
// "the cat caught the mouse on 3: cat wins", "the next optimal move returns to position 1: play
// repeats a cycle of 4 moves, a draw", "the move limit of 1000 moves is reached: a draw". The one
// sentence of catmouse explain's and probe's "end:" line, Python's Table.explain() and the
// page's reason for a value (the server's line JSON, `reason`). `played`: the moves made before
// the line's first position.
std::string line_end_sentence(const Solution& solution, const Line& line, const NodeNamer& node,
                              std::uint32_t played = 0);
// The same on a board (a tablebase file's spec and game), given the value of the line's last
// position.
std::string line_end_sentence(const GameSpec& spec, const Game& game, const Line& line,
                              const StateValue& last_value, const NodeNamer& node);

// The optimal line from p with `played` moves made: Solution::line(), continued around its cycle
// and cut where the move limit falls (position i has played + i moves made), and cut after
// `max_moves` moves (then `cut` is set and the line ends where it was cut). Without a move limit
// it ends at a repetition as Solution::line() does; under one, a repeated position does not end
// it, since the moves left differ. Fails in a values-only solution.
struct PlayedLine {
  Line line;
  bool cut = false;
};
Result<PlayedLine> line_from(const Solution& solution, const Position& p, std::uint32_t played,
                             std::size_t max_moves);

}  // namespace catmouse
