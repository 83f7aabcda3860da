// The "rules" object of a JSON game file: {"graph": [...], "rules": {"holes": [0, 5], ...}}.
#pragma once

#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse {

// Reads the optional "rules" member of a JSON object (the one whose "graph" member holds the
// graph) over `rules`: holes, cat_forbidden, mouse, cat (a node, or one per cat), cats, first
// ("mouse"/"cat"), stuck ("lose"/"draw"), mouse_stays, cat_stays, cat_wins_in_hole, move_limit,
// limit_outcome ("draw"/"cat"). Text that is valid JSON but holds no such object leaves `rules` as
// it is. Errors name the member ("rules.holes") and its line; the values are checked later by
// validate().
Status read_rules_json(std::string_view text, std::string_view source, Rules& rules);

}  // namespace catmouse
