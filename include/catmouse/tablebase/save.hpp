// Writing tablebase files (tablebase.hpp reads them): a Solution's table written as a file, or a
// game solved straight into one. One cat solves into the file level by level (each level's newly
// decided states go to a spill file beside it, through a LevelSink: solve/level_sink.hpp), so
// the table never has to fit in memory, and a killed save resumes from its last checkpoint.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/plan.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {

struct TablebaseWriteOptions {
  int level = 3;                      // zstd level of the blocks (docs/performance.md)
  std::uint32_t block_states = 4096;  // states per block: a multiple of 64, at most 2^20
  bool dictionary = true;             // train a zstd dictionary for the blocks when they are many
  unsigned threads = 1;               // compression threads; 0: one per hardware thread
};

// Writes the solution's game and table to `path` through an AtomicFile. Deterministic: the same
// solution and options give the same bytes, whatever the thread count. Errors name the file.
Status write_tablebase(const std::string& path, const Solution& solution,
                       const TablebaseWriteOptions& options = {});

// Where a save resumed: the checkpoint's last level (its states and those before are on disk).
struct TablebaseResume {
  std::string checkpoint;   // the checkpoint file
  std::uint32_t level = 0;  // the last level it holds
  StateIndex decided = 0;   // states decided in levels 0 .. level
  bool solved = false;      // the solve had finished: only the file was left to write
};

struct TablebaseSaveOptions {
  TablebaseWriteOptions write;
  // Checkpoints (one cat only): at the end of the first level that ends this long after the
  // last checkpoint (or the start), the spill file is synced and a checkpoint written; zero:
  // after every level; none: no checkpoints. A save finds a checkpoint of `path` whether or not
  // it writes checkpoints itself, and resumes from it.
  std::optional<std::chrono::milliseconds> checkpoint_every;
  // Called when the save resumes from a checkpoint, before the solve goes on. May be empty.
  std::function<void(const TablebaseResume&)> resumed;
};

struct TablebaseSaveReport {
  Engine engine = Engine::kAuto;
  bool spilled = false;  // the levels went through the spill file; false: the table in memory
  std::optional<TablebaseResume> resumed;
  double solve_seconds = 0;  // this run's, after any resumption
  double write_seconds = 0;
  std::uint64_t memory_bytes = 0;  // the engine's arrays (spilled), or the table in memory
  std::uint64_t spill_bytes = 0;   // the spill file when the solve ended
  std::uint32_t checkpoints = 0;   // written by this run
  Counts counts;
};

// The files a save to `path` keeps beside it while it runs: the spill file (path + ".spill") and
// the checkpoint (path + ".checkpoint"). Both are removed when the file is written. Nothing is
// made beside a device or pipe (io/atomic_file.hpp): a save there spills to the temporary folder
// ("catmouse-<process id>.spill") and keeps no checkpoint.
std::string tablebase_spill_path(const std::string& path);
std::string tablebase_checkpoint_path(const std::string& path);

// Solves the game and writes its tablebase file to `path`: the same bytes as solve() followed by
// write_tablebase() with the same options. One cat (engines small and general): the engine keeps
// values only, and each level's new states go to the spill file as the level ends, so the memory
// is that of a values-only solve and the remoteness is on disk (docs/formats.md, "Writing without
// the table in memory"); the writer then merges the levels. With checkpoints, a save that was
// killed resumes from its last checkpoint when called again for the same file, and writes the
// same bytes. Other engines (k cats, cops) solve in memory and write_tablebase().
// The memory check counts, beside the engine's arrays, the spill's and the writer's buffers (a
// save refused for memory gives the whole estimate, field "memory_limit"); under a limit the
// writer compresses fewer blocks at once, and trains no dictionary when its trainer does not fit.
// Errors: those of solve(), with its fields; "checkpoint_every" (checkpoints for k cats, or for
// a save to a device or pipe);
// "checkpoint" (a checkpoint of another game or other options, or a damaged one: the message
// says which and how to start over); "spill" (the spill file could not be written or read, or is
// in use by another save); the file's errors name it. A failed save without checkpoints leaves
// no spill file.
// `plan` is plan(spec, options, SinkKind::kLevels, tablebase_save_memory(save.write)): a front end
// plans once and runs that plan here. The plan must own its game (made from a GameSpec).
Result<TablebaseSaveReport> solve_to_tablebase(SolvePlan plan, const std::string& path,
                                               const TablebaseSaveOptions& save = {});
// The same, planned here: plan() as above, then solve_to_tablebase(plan, ...).
Result<TablebaseSaveReport> solve_to_tablebase(GameSpec spec, const SolveOptions& options,
                                               const std::string& path,
                                               const TablebaseSaveOptions& save = {});

// What a save with these writer options holds beside the engine (the spill's and the writer's
// buffers; nothing for a save in memory), for plan()'s one memory refusal: the refusal then gives
// the whole estimate and its two parts.
CallerMemory tablebase_save_memory(const TablebaseWriteOptions& write);

}  // namespace catmouse
