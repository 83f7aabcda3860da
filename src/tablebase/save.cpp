// solve_to_tablebase(): a one-cat solve whose levels go to a spill file, checkpointed and
// resumable, then the tablebase writer over the spill; other engines through a Solution.
#include "catmouse/tablebase/save.hpp"

#include <fmt/format.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <sstream>

#include "catmouse/core/format_bytes.hpp"
#include "catmouse/io/atomic_file.hpp"
#include "catmouse/solve/plan.hpp"
#include "solve/engines.hpp"
#include "tablebase/checkpoint.hpp"
#include "tablebase/spill.hpp"
#include "tablebase/writer.hpp"

namespace catmouse {

namespace tb = tablebase;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

Error checkpoint_error(const std::string& checkpoint, std::string message) {
  Error error{std::move(message), {}};
  error.where.source = checkpoint;
  error.where.field = ErrorField::kCheckpoint;
  return error;
}

// An error about the save's option `option` (Location::field).
Error option_error(ErrorField option, std::string message) {
  Error error{std::move(message), {}};
  error.where.field = option;
  return error;
}

// How to start over, for the messages that refuse a checkpoint.
std::string start_over(const std::string& path) {
  return fmt::format("delete it and {} to start over, or save to another file",
                     tablebase_spill_path(path));
}

// The checkpoint of a save to `path` matching `key`, if there is one; an error when there is one
// that cannot be used.
Result<std::optional<tb::Checkpoint>> find_checkpoint(const std::string& path,
                                                      const tb::CheckpointKey& key) {
  const std::string name = tablebase_checkpoint_path(path);
  std::error_code error;
  if (!std::filesystem::exists(name, error)) return std::optional<tb::Checkpoint>();
  std::ifstream in(name, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return checkpoint_error(name, "cannot read the checkpoint; " + start_over(path));
  Result<tb::Checkpoint> checkpoint = tb::decode_checkpoint(bytes.str());
  if (!checkpoint.ok()) {
    return checkpoint_error(name, checkpoint.error().message + "; " + start_over(path));
  }
  if (auto mismatch = tb::key_mismatch(checkpoint->key, key)) {
    return checkpoint_error(
        name, fmt::format("a checkpoint of a save with {}; {}", *mismatch, start_over(path)));
  }
  return std::optional<tb::Checkpoint>(std::move(checkpoint).value());
}

// The save of a one-cat game through the spill file.
class SpilledSave {
 public:
  SpilledSave(const SolvePlan& plan, const std::string& path, const TablebaseSaveOptions& save,
              tb::CheckpointKey key)
      : plan_(plan), spec_(plan.spec()), game_(plan.game()), path_(path), save_(save), key_(key) {}

  Result<TablebaseSaveReport> run(std::optional<tb::Checkpoint> previous) {
    Result<tb::SpillFile> opened = tb::SpillFile::open(tablebase_spill_path(path_));
    if (!opened.ok()) return opened.error();
    file_.emplace(std::move(opened).value());
    // Without checkpoints, nothing can resume from the spill file: it goes with any failure.
    const bool keep = save_.checkpoint_every.has_value() || previous.has_value();
    Status ok = save(std::move(previous));
    if (!ok) {
      if (!keep) file_->remove();
      return ok.error();
    }
    if (keep) std::remove(tablebase_checkpoint_path(path_).c_str());
    file_->remove();
    return report_;
  }

 private:
  Status save(std::optional<tb::Checkpoint> previous) {
    report_.engine = plan_.engine();
    report_.spilled = true;
    report_.memory_bytes = plan_.memory_bytes();
    bool solved = false;
    if (previous) {
      if (Status ok = resume_from(*previous); !ok) return ok;
      solved = previous->solved;
    } else if (Status ok = file_->truncate(0); !ok) {
      return ok;
    }
    if (!solved) {
      const auto started = Clock::now();
      if (Status ok = solve(previous ? &previous->index : nullptr); !ok) return ok;
      report_.solve_seconds = seconds_since(started);
      if (save_.checkpoint_every) {
        if (Status ok = checkpoint(true); !ok) return ok;
      }
    }
    report_.spill_bytes = index_.bytes;
    const auto started = Clock::now();
    if (Status ok = write(); !ok) return ok;
    report_.write_seconds = seconds_since(started);
    return {};
  }

  Status resume_from(const tb::Checkpoint& previous) {
    Result<std::uint64_t> size = file_->size();
    if (!size.ok()) return size.error();
    if (*size < previous.index.bytes) {
      return checkpoint_error(tablebase_checkpoint_path(path_),
                              fmt::format("the spill file has {} bytes of the {} the checkpoint "
                                          "names; {}",
                                          *size, previous.index.bytes, start_over(path_)));
    }
    if (Status ok = file_->truncate(previous.index.bytes); !ok) return ok;
    index_ = previous.index;
    TablebaseResume resume;
    resume.checkpoint = tablebase_checkpoint_path(path_);
    resume.level = static_cast<std::uint32_t>(index_.levels.size() - 1);
    resume.decided = index_.decided();
    resume.solved = previous.solved;
    report_.resumed = resume;
    if (save_.resumed) save_.resumed(resume);
    return {};
  }

  // Syncs the spill file, then writes the checkpoint that names its bytes.
  Status checkpoint(bool solved) {
    if (Status ok = file_->sync(); !ok) return ok;
    const tb::Checkpoint c{key_, solved, index_};
    if (Status ok =
            write_file_atomically(tablebase_checkpoint_path(path_), tb::encode_checkpoint(c));
        !ok) {
      return ok;
    }
    ++report_.checkpoints;
    last_checkpoint_ = Clock::now();
    return {};
  }

  // The levels after `resumed` (all of them without), into the spill file.
  Status solve(const tb::SpillIndex* resumed) {
    last_checkpoint_ = Clock::now();
    const auto level_done = [&](std::uint32_t) -> Status {
      if (!save_.checkpoint_every || Clock::now() - last_checkpoint_ < *save_.checkpoint_every) {
        return {};
      }
      return checkpoint(false);
    };
    const StateIndex states = game_.state_count();
    tb::SpillWriter writer(*file_, index_, states, level_done);
    std::optional<tb::SpillReplay> replay;
    if (resumed != nullptr) replay.emplace(*file_, *resumed, states);
    const Status ran = catmouse::run(plan_, writer, replay ? &*replay : nullptr);
    if (ran.ok()) return {};
    // A sink or replay that stopped the solve has the reason; the kernel saw a cancellation.
    if (writer.error()) return *writer.error();
    if (replay && replay->error()) {
      const Error& bad = *replay->error();
      return checkpoint_error(tablebase_checkpoint_path(path_),
                              fmt::format("the spill file does not hold what the checkpoint "
                                          "names ({}: {}); {}",
                                          bad.where.source, bad.message, start_over(path_)));
    }
    return ran.error();
  }

  Status write() {
    const bool remoteness = !plan_.options().values_only;
    tb::TableDescription table;
    table.spec = &spec_;
    table.engine = plan_.engine();
    table.remoteness = remoteness;
    table.counts = index_.counts(game_.valid_state_count(), remoteness);
    table.states = game_.state_count();
    report_.counts = table.counts;
    tb::SpillCodes codes(*file_, index_, table.states, remoteness);
    // The writer gets what the limit leaves beside the spill's cursors (the kernel's arrays are
    // gone by now); at least its smallest batches, which the check before the solve counted.
    const std::uint64_t limit = plan_.options().memory_limit;
    const std::uint64_t reading = tb::spill_read_memory(index_.levels.size(), game_.state_count());
    const std::uint64_t budget =
        limit == 0 ? 0 : std::max<std::uint64_t>(1, limit - std::min(limit, reading));
    return tb::write_file(
        path_, table,
        [&](StateIndex first, std::span<std::uint32_t> out) { return codes.fill(first, out); },
        save_.write, budget);
  }

  const SolvePlan& plan_;
  const GameSpec& spec_;
  const Game& game_;
  const std::string& path_;
  const TablebaseSaveOptions& save_;
  tb::CheckpointKey key_;
  std::optional<tb::SpillFile> file_;
  tb::SpillIndex index_;
  TablebaseSaveReport report_;
  Clock::time_point last_checkpoint_;
};

// The memory a save through the spill needs beside the kernel's arrays (plan.memory_bytes()): the
// spill writer's buffers while the solve runs, and the tablebase writer's smallest batches with
// the spill's reading after it (the kernel's arrays are freed by then), the larger of the two.
std::uint64_t writer_memory(const TablebaseWriteOptions& write, StateIndex states) {
  // Sized to the table: its blocks (no more than it has), and its codes, whose remoteness is
  // below its number of states.
  TablebaseWriteOptions sized = write;
  sized.block_states =
      static_cast<std::uint32_t>(std::min<StateIndex>(write.block_states, (states + 63) / 64 * 64));
  const std::uint64_t blocks = (states + sized.block_states - 1) / sized.block_states;
  const std::uint64_t threads = std::min<std::uint64_t>(resolve_threads(write.threads), blocks);
  const std::uint64_t top = 2 + 2 * states;
  const std::uint32_t code_bytes = top < (1u << 8) ? 1 : top < (1u << 16) ? 2 : 4;
  const std::uint64_t per_thread =
      std::min<std::uint64_t>(tb::kMinBatchBlocksPerThread, (blocks + threads - 1) / threads);
  const std::uint64_t writing =
      threads * tb::write_memory(sized, code_bytes, per_thread) + tb::spill_read_memory(1, states);
  return std::max(tb::spill_write_memory(states), writing);
}

// What a save through the spill holds beside the kernel's arrays, declared to plan(), whose
// refusal then gives the whole estimate and its two parts. A save in memory holds nothing more.
CallerBytes save_memory(const SolvePlan& plan, const TablebaseWriteOptions& write) {
  if (plan.sink() != SinkKind::kLevels) return {};
  const std::uint64_t writer = writer_memory(write, plan.game().state_count());
  return {writer, fmt::format("saving {} states (the solve's arrays {}, the spill's and the file "
                              "writer's buffers {})",
                              plan.game().state_count(), format_bytes(plan.memory_bytes()),
                              format_bytes(writer))};
}

// The save of any other game: the table in memory, then the writer.
Result<TablebaseSaveReport> save_in_memory(SolvePlan plan, const std::string& path,
                                           const TablebaseSaveOptions& save) {
  const auto started = Clock::now();
  Result<Solution> solution = run(std::move(plan));
  if (!solution.ok()) return solution.error();
  TablebaseSaveReport report;
  report.engine = solution->engine();
  report.solve_seconds = seconds_since(started);
  report.memory_bytes = solution->memory_bytes();
  report.counts = solution->counts();
  const auto writing = Clock::now();
  if (Status ok = write_tablebase(path, *solution, save.write); !ok) return ok.error();
  report.write_seconds = seconds_since(writing);
  return report;
}

// Whether `path` names a device or pipe, beside which nothing may be made or removed.
bool is_stream(const std::string& path) {
  const Result<OutputTarget> target = resolve_output(path);
  return target.ok() && target->kind == OutputKind::kStream;
}

}  // namespace

std::string tablebase_spill_path(const std::string& path) {
  if (!is_stream(path)) return path + ".spill";
  // A save to a device or pipe spills to the temporary folder, under a name of this process's.
  std::error_code error;
  std::filesystem::path folder = std::filesystem::temp_directory_path(error);
  if (error) folder = "/tmp";
  return (folder / fmt::format("catmouse-{}.spill", ::getpid())).string();
}

std::string tablebase_checkpoint_path(const std::string& path) {
  return path + ".checkpoint";
}

CallerMemory tablebase_save_memory(const TablebaseWriteOptions& write) {
  return [write](const SolvePlan& p) { return save_memory(p, write); };
}

Result<TablebaseSaveReport> solve_to_tablebase(GameSpec spec, const SolveOptions& options,
                                               const std::string& path,
                                               const TablebaseSaveOptions& save) try {
  Result<SolvePlan> planned =
      plan(std::move(spec), options, SinkKind::kLevels, tablebase_save_memory(save.write));
  if (!planned.ok()) return planned.error();
  return solve_to_tablebase(std::move(planned).value(), path, save);
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

Result<TablebaseSaveReport> solve_to_tablebase(SolvePlan plan, const std::string& path,
                                               const TablebaseSaveOptions& save) try {
  if (!plan.owns_game()) {
    return detail::option_error(ErrorField::kEngine,
                                "a save runs a plan made from a game description");
  }
  const GameSpec& owned = plan.spec();
  const Engine engine = plan.engine();
  const tb::CheckpointKey key = tb::checkpoint_key(owned, engine, plan.options().values_only,
                                                   save.write, plan.game().state_count());
  // A device or pipe has no folder of its own to keep a checkpoint in, nor a file to resume.
  const bool stream = is_stream(path);
  if (stream && save.checkpoint_every) {
    return option_error(ErrorField::kCheckpointEvery,
                        "a save to a device or pipe cannot be checkpointed or resumed; "
                        "save to a regular file");
  }
  Result<std::optional<tb::Checkpoint>> previous =
      stream ? std::optional<tb::Checkpoint>() : find_checkpoint(path, key);
  if (!previous.ok()) return previous.error();
  if (plan.sink() != SinkKind::kLevels) {
    if (save.checkpoint_every) {
      return option_error(
          ErrorField::kCheckpointEvery,
          fmt::format("checkpoints are kept for one cat; the {} engine solves in memory",
                      engine_name(engine)));
    }
    return save_in_memory(std::move(plan), path, save);
  }
  Result<TablebaseSaveReport> report =
      SpilledSave(plan, path, save, key).run(std::move(previous).value());
#ifdef __GLIBC__
  // The spill's cursors went with the save: their memory handed back, so that what the caller
  // does next (a stream of the file's rows) does not stack its memory on theirs.
  malloc_trim(0);
#endif
  return report;
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory");
}

}  // namespace catmouse
