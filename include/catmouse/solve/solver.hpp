// The main engine: retrograde analysis level by level, 64 states per word operation. Level 0 holds
// the finished positions (and stuck players, under StuckRule::kLose); level r + 1 holds the open
// states with a move into a level-r state their mover wins (wins: the fastest), and those whose
// every move now leads to a decided state the opponent wins (losses: the slowest is at level r).
// The level is the remoteness; what is never decided is a draw. See docs/algorithm.md.
//
// Cost: time O(levels * m * n / 64) word operations at worst for n nodes and m edges, much less
// when few rows change in a level; spread over `threads`, with the same result for any count.
// Memory for the 2 * n^2 states: 6 bits each of bit planes plus a 16-bit remoteness word
// (2.75 bytes per state), or 0.75 bytes per state with values_only; solve_memory_estimate()
// gives the peak.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/table.hpp"

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
  friend bool operator==(const StateValue&, const StateValue&) = default;
};

// The value under rules.move_limit (unchanged when there is none) of a state of the unlimited game
// worth `unlimited`, with `played` moves already made: a side wins if it forces a win within the
// moves left (remoteness unchanged); otherwise the game reaches the limit, and its outcome, a draw
// or a cat win whose remoteness is the moves left. Needs the remoteness of decided states.
StateValue apply_move_limit(const StateValue& unlimited, const Rules& rules,
                            std::uint32_t played = 0);

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
