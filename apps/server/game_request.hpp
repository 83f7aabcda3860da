// The body of POST /api/games read into a game: exactly one source (a text in one of the input
// formats, a generated graph, or an example), then the request's rules over the board's own,
// checked by GameSpec::validate(). Refusals are ApiErrors (400, or 413 for a graph beyond what
// the server draws) whose `where` names the member at fault.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "api.hpp"
#include "catmouse/core/game_spec.hpp"

namespace catmouse::server {

struct GameRequest {
  GameSpec spec;
  std::string title;         // the example's title, "FAMILY, N nodes, seed S", or ""
  bool grid_family = false;  // generated on the cells of a board (families grid and maze)
  std::string key;           // the body in canonical form: one key per game
};

// Called with a generated graph's nodes and edges (a bound) before it is made, so that the
// caller takes that memory from its budget first; throws ApiError to refuse.
using BeforeGenerate = std::function<void(std::uint64_t nodes, std::uint64_t edges)>;

// Throws ApiError.
GameRequest read_game_request(const std::string& body, const ApiOptions& options,
                              const std::vector<Example>& examples,
                              const BeforeGenerate& before_generate);

}  // namespace catmouse::server
