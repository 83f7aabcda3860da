// The one-cat game solved by several processes at once (docs/distributed.md): the frontier
// kernel's rows, in its breadth-first labels, are shared out in equal runs of 64, each process
// holding both attractors and the remoteness of its rows; after each level a process sends the
// words of new opponent-to-move states to the processes whose rows they reach or whose rows hold
// them, and one sum over every process says whether any attractor has work left. The table is
// the single-process solve()'s, state for state, for any number of processes.
//
// Every call is collective (all processes, same order) unless it says otherwise. Errors are
// values, agreed by every process: they all get the same error, whichever process failed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/plan.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/tablebase/save.hpp"
#include "mpi/communicator.hpp"

namespace catmouse::mpi {

// What a distributed solve adds to its plan's options (SolvePlan::options(): threads per process,
// values_only, progress on process 0): each process's memory limit, and failures for tests.
struct DistributedOptions {
  // Bytes each process's part may take (0: none). Not the plan's memory_limit: plan() compares
  // the whole game's arrays with that, and the game is planned whole (with none), then shared.
  std::uint64_t memory_limit = 0;
  // This process fails at level 1, as if it had run out of memory.
  int fail_process = -1;
  // 32-bit remoteness words from the start (otherwise only past a remoteness of 32,766, after a
  // first try with 16 bits).
  bool wide = false;
};

// What a solve held and exchanged (docs/distributed.md reports these).
struct DistributedStats {
  int processes = 1;
  std::uint32_t levels = 0;  // levels with work, the seed included
  // Bytes sent between processes after each level (index 0: after the seed), all of them.
  std::vector<std::uint64_t> level_bytes;
  std::uint64_t exchanged_bytes = 0;  // their sum
  std::uint64_t largest_part = 0;     // the largest process's estimate of its own bytes
  std::uint64_t whole = 0;            // the single-process kernel's estimate (one_cat_memory)
  double seconds = 0;
};

// What a distributed solve answers, in the single process's types. On the root process, the
// Solution solve() returns (the same table, engine and memory) when the whole table fits in the
// memory limit beside the largest process's part; otherwise none, and the game is asked through
// DistributedSolution::value(). On every process, the summary solve_to_tablebase() reports
// (engine, solve_seconds, counts, and memory_bytes: the bytes of the table solve() would hold,
// gathered or not), and whether root gathered the table.
struct DistributedAnswer {
  std::optional<Solution> solution;
  bool gathered = false;
  TablebaseSaveReport summary;
};

class DistributedSolution {
 public:
  struct Impl;
  explicit DistributedSolution(std::unique_ptr<Impl> impl);
  DistributedSolution(DistributedSolution&& other) noexcept;
  DistributedSolution& operator=(DistributedSolution&& other) noexcept;
  ~DistributedSolution();

  const GameSpec& spec() const;
  const Game& game() const;
  const DistributedStats& stats() const;
  bool has_remoteness() const;

  // The engine a single-process solve() names for this game (small up to 64 nodes, else
  // general): what a saved tablebase file records.
  Engine engine() const;

  // The value of p (a valid position), as Solution::value gives it: under the move limit. For a
  // table that gather_answer() did not gather.
  StateValue value(const Position& p) const;
  // Counts over the valid states, as Solution::counts.
  Counts counts() const;
  // The plan the solve ran (its game, options and engine).
  const SolvePlan& plan() const;

  // The answer (DistributedAnswer): the table gathered on `root` as a Solution when it fits
  // (root's memory running out while it prepares counts as not fitting), and the summary.
  // `gather` false answers without gathering, as for a table too big for root (for tests).
  DistributedAnswer answer(int root, bool gather = true) const;

  // Reading the whole table on one process, `root`, as tablebase codes (state_code in
  // src/tablebase/codec.hpp): root calls read_codes() for runs of states while every other
  // process is in serve(), then end_reading(). Not collective each: read_codes() and
  // end_reading() on root, serve() on the others.
  void read_codes(int root, StateIndex first, std::span<std::uint32_t> out) const;
  void serve(int root) const;
  void end_reading(int root) const;

 private:
  std::unique_ptr<Impl> impl_;
};

// Runs `plan` (made by plan() with SinkKind::kLevels, every process from the same text) over the
// processes of `comm`. Fails, on every process alike, when the game is not a one-cat game (the
// plan's sink is not kLevels), when a process's part exceeds options.memory_limit (before
// allocating), when a process runs out of memory, or when options.fail_process says so.
Result<DistributedSolution> solve_distributed(SolvePlan plan, const DistributedOptions& options,
                                              const Communicator& comm);

}  // namespace catmouse::mpi
