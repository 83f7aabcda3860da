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

// Why the game is over, in words, with its outcome first: "mouse wins: the mouse is in the hole",
// "cat wins: a cat caught the mouse", "draw: the cat cannot move", "cat wins: the move limit of
// 1000 moves is reached"; a grid map says "food" for the hole. `end` is finished(p, played).
std::string finished_sentence(const Solution& solution, const Position& p, LineEnd end,
                              std::uint32_t played = 0);

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
