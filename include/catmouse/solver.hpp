// The main engine: retrograde analysis with out-degree counters. Finished positions (and stuck
// players, under StuckRule::kLose) are decided first at remoteness 0; a FIFO queue then walks the
// state graph backwards. A parent whose mover can step into a win for itself is a win one ply
// further; a parent whose every move has been found to lose is a loss one ply beyond its last
// (hence slowest) losing move. The queue holds states in nondecreasing remoteness, so the first
// discovery is the fastest win. What is never decided is a draw.
//
// Cost: time O(n^2 + n * m) for n nodes and m edges (each state is dequeued once, each of its
// parents touched once). Memory: 9 bytes per state (table 5, counter 4) plus up to 8 bytes per
// decided state for the queue, for 2 * n^2 states.
#pragma once

#include <cstdint>
#include <functional>

#include "catmouse/error.hpp"
#include "catmouse/game.hpp"
#include "catmouse/table.hpp"

namespace catmouse {

struct SolveProgress {
  StateIndex decided = 0;        // states decided so far (finished positions included)
  StateIndex total = 0;          // states in the state space
  std::uint32_t remoteness = 0;  // remoteness level being processed
  double seconds = 0;            // since the solve started
};

struct SolveOptions {
  unsigned threads = 1;            // worker threads (the current engine uses one)
  std::uint64_t memory_limit = 0;  // bytes the solve may allocate; 0 = no limit
  std::function<void(const SolveProgress&)> progress;  // called now and then; may be empty
};

// Bytes solve() will allocate at most for this game.
std::uint64_t solve_memory_estimate(const Game& game);

// Solves every state of the game. Fails only when the estimate exceeds options.memory_limit,
// before allocating anything.
Result<Table> solve(const Game& game, const SolveOptions& options = {});

}  // namespace catmouse
