// The report's diagnosis: when a failure of catmouse check matches a known class of bug in
// Cat-and-Mouse solvers (a turn cap, a draw scored as a win, the hole's rules), one line that names
// it, so that the report says where to look as well as what is wrong.
#pragma once

#include <string>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse::cli {

// The diagnosis of a graph (LeetCode 913) failure: the game, its exact value, and the answer the
// program gave ("0", "1" or "2"); "" when no known class matches. Classes that are rule mistakes
// are confirmed by solving the game under the mistaken rules and finding the answer received.
std::string diagnose_graph(const GameSpec& game, const StateValue& exact,
                           const std::string& answer);

}  // namespace catmouse::cli
