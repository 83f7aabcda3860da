// The engines behind solve() (solve.hpp), each taking a Game and the options it was given. They
// check their own limits and options (errors name the option) and return a Table in the game's
// StateSpace numbering. solve.cpp picks one; tests call them directly. Internal to src/solve.
#pragma once

#include <cstdint>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse::detail {

// One cat: the small kernel (at most 64 nodes) or the general one, as options.engine says
// (kAuto: small up to 64 nodes).
Result<Table> solve_one_cat(const Game& game, const SolveOptions& options);
// One state, stopping at the level where it is decided.
Result<StateValue> solve_one_cat_state(const Game& game, const State& state,
                                       const SolveOptions& options);
std::uint64_t one_cat_memory(const Game& game, bool values_only);

// Two or more cats: the pack engine (pack.cpp).
Result<Table> solve_pack(const Game& game, const SolveOptions& options);
std::uint64_t pack_memory(const Game& game, bool values_only);

// Two or more cops under cops_rules(): the cops engine's whole table (cops.cpp).
Result<Table> solve_cops_table(const Game& game, const SolveOptions& options);
// Whether the game is cops and robbers as the cops engine plays it: no holes, no nodes barred to
// the cats, both sides may stay, the cats on the mouse's graph, no capture in a hole.
bool cops_shaped(const Game& game);
std::uint64_t cops_memory(NodeId node_count, std::uint32_t k, bool table, bool values_only);

// "512 bytes", "3.2 KiB", "1.5 GiB".
std::string human_bytes(std::uint64_t bytes);
// The refusal of a solve that needs `needed` bytes where options.memory_limit allows less; `what`
// says what ("solving 32000000 states"), `hint` what would fit (may be empty).
Error memory_error(const std::string& what, std::uint64_t needed, std::uint64_t limit,
                   const std::string& hint = {});
// An error about option `option` (Location::field).
Error option_error(const char* option, std::string message);
// The error of a solve stopped by SolveOptions::cancelled (Location::field "cancelled").
Error cancelled_error();

}  // namespace catmouse::detail
