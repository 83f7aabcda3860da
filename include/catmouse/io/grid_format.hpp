// LeetCode 1728 maps as text: {"grid": ["####F","#C...","M...."], "catJump": 1, "mouseJump": 2}.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/grid.hpp"

namespace catmouse {

// Parses LeetCode 1728's input as JSON. Errors name the place: the row and column of a bad cell,
// the member at fault (a missing or repeated 'M', 'C' or 'F', rows of different lengths, a jump
// outside 0..kMaxJump). `memory_limit` (bytes, 0: none): a map whose cells and jumps imply a game
// beyond it (io/limits.hpp) is refused, with ErrorField::kMemoryLimit.
Result<GridMap> parse_grid(std::string_view text, std::string_view source,
                           std::uint64_t memory_limit = 0);

// The map as LeetCode 1728's JSON input: {"grid":["M.C","..F"],"catJump":1,"mouseJump":2}.
std::string grid_json(const GridMap& map);

}  // namespace catmouse
