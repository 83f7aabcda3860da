// The main engine: retrograde analysis with move counters, level by level. Finished positions (and
// stuck players, under StuckRule::kLose) are decided first at remoteness 0. Level r then takes the
// states decided at r and decides their open parents at r + 1: a parent whose mover can move into
// a win for itself is a win; a parent all of whose moves are now known to lose is a loss (its
// slowest loss is at r). What is never decided is a draw. See docs/algorithm.md.
//
// Cost: time O(n^2 + n * m) for n nodes and m edges (each state is processed once and touches
// each parent once), spread over `threads`. Memory, for 2 * n^2 states: a 2-byte word per state
// (decided flag + move counter, later remoteness) plus 3 bits (mouse wins, two frontiers), i.e.
// 2.375 bytes per state; with values_only a 1-byte word when no node has over 127 moves, i.e.
// 1.375 bytes per state. Words widen (4 bytes) only for games that need it. The result is the
// same for every thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "catmouse/error.hpp"
#include "catmouse/game.hpp"
#include "catmouse/table.hpp"

namespace catmouse {

struct SolveProgress {
  StateIndex decided = 0;        // states decided so far (finished positions included)
  StateIndex total = 0;          // states in the state space
  std::uint32_t remoteness = 0;  // the remoteness level just completed
  double seconds = 0;            // since the solve started
};

// Which kernel solve() runs. Both give identical tables; the choice is for tests and benchmarks.
enum class Kernel {
  kAuto,     // kSmall up to 64 nodes, else kGeneral
  kGeneral,  // any size, threads, skips rows that did not change
  kSmall,    // at most 64 nodes (one word per row), one thread, least overhead per graph
};

struct SolveOptions {
  unsigned threads = 1;            // worker threads; 0 = one per hardware thread
  std::uint64_t memory_limit = 0;  // bytes the solve may allocate; 0 = no limit
  bool values_only = false;        // keep no remoteness: less memory, values only
  Kernel kernel = Kernel::kAuto;
  std::function<void(const SolveProgress&)> progress;  // called after each level; may be empty
};

// The answer for one state.
struct StateValue {
  Value value = Value::kDraw;
  std::optional<std::uint32_t> remoteness;  // none for a draw
};

// Bytes solve() allocates at most for this game with these options (threads do not matter).
std::uint64_t solve_memory_estimate(const Game& game, bool values_only = false);

// Solves every state of the game. Fails only when the estimate exceeds options.memory_limit,
// before allocating anything (the message gives the estimate and whether values_only would
// fit), or when Kernel::kSmall is asked for on more than 64 nodes.
Result<Table> solve(const Game& game, const SolveOptions& options = {});

// Answers one state with the same engine, but keeps no table and stops at the level where the
// state is decided (a draw still needs the whole run); memory as with values_only. For many
// small graphs (batch mode) this is several times faster than solve().
Result<StateValue> solve_state(const Game& game, const State& state,
                               const SolveOptions& options = {});

}  // namespace catmouse
