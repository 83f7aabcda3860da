// The seam every front end goes through: a game description in (GameSpec), a Solution out.
// solve() is plan() + run() (plan.hpp): it validates the game, picks the engine for it (the
// one-cat kernels, the pack engine for k cats, the cops engine for cops and robbers;
// options.engine may force one), checks that the engine can honour every option, and returns the
// table with the game in one Solution.
#pragma once

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/plan.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse {

// Solves every state of the game. Fails (before allocating anything) when the game is invalid
// (GameSpec::validate), when the chosen engine cannot play these rules or honour an option
// (Location::field names it: "engine", "values_only", "memory_limit", ...), or when its memory
// estimate exceeds options.memory_limit (ErrorKind::kRefusedMemory: the message gives the
// estimate, and its hint whether values only would fit).
Result<Solution> solve(GameSpec spec, const SolveOptions& options = {});

// The value of one position, with the least work: the one-cat kernels stop at the level where it
// is decided (a draw still needs the whole run) and keep values only; other engines solve the
// whole game. The value is under the rules' move limit, as Solution::value gives it. It is
// plan() for levels and run(plan, position) (plan.hpp), which holds that policy.
Result<StateValue> solve_value(const GameSpec& spec, const Position& position,
                               const SolveOptions& options = {});

// The layer under plan(), for code that holds a Game already (engine tests, searches that solve
// thousands of small games): the engine's table for `game`, chosen and checked as by plan().
Result<Table> solve_table(const Game& game, const SolveOptions& options = {});
// The one-cat kernels' early stop for one state (the unlimited game's value).
Result<StateValue> solve_state(const Game& game, const State& state,
                               const SolveOptions& options = {});

}  // namespace catmouse
