// The JSON of docs/server.md for a solved game: the game object, a position with its moves, the
// optimal line and the value map. All values come from the Solution (value, moves, best_move,
// line_from) and the sentences from play.hpp, as for every other front end.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "catmouse/solve/solution.hpp"
#include "layout.hpp"

namespace catmouse::server {

using Json = nlohmann::ordered_json;

// What the game object holds besides the solved game.
struct GameFacts {
  std::string id;
  std::string title;
  std::vector<Point> layout;
  double seconds = 0;
};
Json game_json(const Solution& solution, const GameFacts& facts);

// `position`: p with `played` moves made, its value, sentence, finished, moves and best.
Json position_json(const Solution& solution, const Position& p, std::uint32_t played);
// `line`: the optimal line from p, at most max_moves moves.
Json line_json(const Solution& solution, const Position& p, std::uint32_t played,
               std::size_t max_moves);
// `valuemap`: the mouse on `mouse`, the cat on each node in turn (one cat).
Json value_map_json(const Solution& solution, NodeId mouse, Side turn, std::uint32_t played);

}  // namespace catmouse::server
