// LeetCode 1728 maps as text: {"grid": ["####F","#C...","M...."], "catJump": 1, "mouseJump": 2}.
#pragma once

#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/grid.hpp"

namespace catmouse {

// Parses LeetCode 1728's input as JSON. Errors name the place: the row and column of a bad cell,
// the member at fault (a missing or repeated 'M', 'C' or 'F', rows of different lengths, a jump
// outside 0..kMaxJump).
Result<GridMap> parse_grid(std::string_view text, std::string_view source);

// The map as LeetCode 1728's JSON input: {"grid":["M.C","..F"],"catJump":1,"mouseJump":2}.
std::string grid_json(const GridMap& map);

}  // namespace catmouse
