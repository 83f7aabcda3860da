// The diagnosis of a check's failure: when a wrong answer matches a known class of bug in
// Cat-and-Mouse solvers (a turn cap, a draw scored as a win, the hole's rules), one line that names
// it and ends with where the fix is, so that a report says where to look as well as what is
// wrong. catmouse check and Python's catmouse.check print the same line.
#pragma once

#include <string>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {

// The diagnosis of a graph (LeetCode 913) failure: the game, its exact value, and the answer the
// solver gave ("0", "1" or "2"); "" when no known class matches (or the answer is right, or is
// not an answer). The line starts with "diagnosis: ". Classes that are rule mistakes are
// confirmed by solving the game under the mistaken rules and finding the answer received.
std::string diagnose_graph(const GameSpec& game, const StateValue& exact,
                           const std::string& answer);

// The diagnosis of a map (LeetCode 1728) failure: a move cap, when the solver answered "false"
// to a map whose mouse wins within the 1000-move limit, naming the usual cap just below the
// win's length if there is one; "" otherwise.
std::string diagnose_grid(const GameSpec& game, const StateValue& exact, const std::string& answer);

}  // namespace catmouse
