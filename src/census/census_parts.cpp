// The state file's owner and the part runners (catmouse/census/census_parts.hpp).
#include "catmouse/census/census_parts.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "catmouse/core/format_bytes.hpp"
#include "catmouse/io/atomic_file.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/version.hpp"
#include "census_state.hpp"

namespace catmouse::census {

namespace {

// What a census takes besides its threads, and each thread (its games, geng's level data, the
// kept graphs it holds, a program's output), as the memory limit counts them.
constexpr std::uint64_t kBaseBytes = std::uint64_t{32} << 20;
constexpr std::uint64_t kThreadBytes = std::uint64_t{16} << 20;

Error option_error(ErrorField field, std::string message, ErrorKind kind = ErrorKind::kBadInput) {
  Error error(std::move(message), {}, kind);
  error.where.field = field;
  return error;
}

// The spec with its defaults filled in, or the option it has wrong.
Result<CensusSpec> checked(CensusSpec spec) {
  const bool mouse = spec.kind == CensusKind::kMouse;
  const std::uint32_t least = mouse ? 3 : 1;
  if (spec.nodes < least || spec.nodes > kMaxCensusNodes) {
    return option_error(
        ErrorField::kNodes,
        fmt::format("{}{}; give {} to {}", spec.nodes,
                    mouse && spec.nodes < 3 ? " nodes: Cat and Mouse needs three distinct nodes "
                                              "for a placement (the hole, the mouse and the cat)"
                                            : "",
                    least, kMaxCensusNodes));
  }
  if (spec.parts == 0) spec.parts = default_parts(spec.nodes);
  if (spec.parts > kMaxCensusParts) {
    return option_error(ErrorField::kParts,
                        fmt::format("{}; give 1 to {}", spec.parts, kMaxCensusParts));
  }
  std::sort(spec.only_parts.begin(), spec.only_parts.end());
  spec.only_parts.erase(std::unique(spec.only_parts.begin(), spec.only_parts.end()),
                        spec.only_parts.end());
  if (!spec.only_parts.empty() && spec.only_parts.back() >= spec.parts) {
    return option_error(ErrorField::kParts,
                        fmt::format("part {} of {}: give parts 0 to {}", spec.only_parts.back(),
                                    spec.parts, spec.parts - 1));
  }
  if (spec.kind == CensusKind::kCops) {
    if (spec.max < 1 || spec.max > kMaxCops) {
      return option_error(ErrorField::kCops,
                          fmt::format("{} cops; give 1 to {}", spec.max, kMaxCops));
    }
    if (spec.keep_from < 1) {
      return option_error(ErrorField::kKeepFrom, fmt::format("{}; give 1 or more", spec.keep_from));
    }
  }
  if (spec.threads == 0) spec.threads = std::max(1u, std::thread::hardware_concurrency());
  if (spec.memory_limit != 0) {
    const std::uint64_t need = kBaseBytes + std::uint64_t{spec.threads} * kThreadBytes;
    if (spec.memory_limit < need) {
      return option_error(
          ErrorField::kMemoryLimit,
          fmt::format("the census needs about {} ({} for {} thread{} and {} besides), more than "
                      "the limit of {}; give fewer threads or more memory",
                      format_bytes(need), format_bytes(need - kBaseBytes), spec.threads,
                      spec.threads == 1 ? "" : "s", format_bytes(kBaseBytes),
                      format_bytes(spec.memory_limit)),
          ErrorKind::kRefusedMemory);
    }
  }
  return spec;
}

Question question_of(const CensusSpec& spec) {
  Question q;
  q.kind = spec.kind;
  q.nodes = spec.nodes;
  q.parts = spec.parts;
  if (spec.kind == CensusKind::kCops) {
    q.max = spec.max;
    q.keep_from = spec.keep_from;
  }
  if (spec.kind == CensusKind::kMouse) q.stuck = spec.stuck;
  return q;
}

// A graphs file can be written: its folder exists, and it is not a directory or a link loop.
Status check_output(const std::string& path) {
  Result<OutputTarget> target = resolve_output(path);
  if (!target.ok()) return target.error();
  if (target->kind != OutputKind::kReplace) return {};
  const std::size_t slash = target->path.rfind('/');
  const std::string folder = slash == std::string::npos ? "."
                             : slash == 0               ? "/"
                                                        : target->path.substr(0, slash);
  struct stat status {};
  if (::stat(folder.c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) {
    Error error(fmt::format("cannot write: {}", ::stat(folder.c_str(), &status) != 0
                                                    ? "No such file or directory"
                                                    : "Not a directory"));
    error.where.source = path;
    return error;
  }
  return {};
}

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::uint32_t default_parts(std::uint32_t nodes) {
  return nodes <= 8 ? 8 : nodes == 9 ? 32 : nodes == 10 ? 100 : 1000;
}

// ---- The owner of the state file -----------------------------------------------------------

struct CensusOwner::State {
  CensusSpec spec;
  Geng geng;
  StateHeader header;
  StateFile file;
  std::uint32_t parts_at_start = 0;
  std::uint32_t parts_to_run = 0;
  std::uint64_t graphs_at_start = 0;
  double cpu_at_start = 0;
  std::chrono::steady_clock::time_point started;
};

// The geng the owner chose, for run_census()'s threads (one --version run, not one a thread).
struct CensusOwnerAccess {
  static const Geng& geng(const CensusOwner& owner) { return owner.state_->geng; }
};

CensusOwner::CensusOwner(std::unique_ptr<State> state) : state_(std::move(state)) {}
CensusOwner::CensusOwner(CensusOwner&&) noexcept = default;
CensusOwner& CensusOwner::operator=(CensusOwner&&) noexcept = default;
CensusOwner::~CensusOwner() = default;

Result<CensusOwner> CensusOwner::open(const CensusSpec& given, const std::string& state_path,
                                      CensusObserver& observer) try {
  const auto started = std::chrono::steady_clock::now();
  Result<CensusSpec> spec = checked(given);
  if (!spec.ok()) return spec.error();
  bool fell_back = false;
  Result<Geng> geng = Geng::choose(spec->geng, spec->built_in_geng, fell_back);
  if (!geng.ok()) return geng.error();
  StateHeader header{question_of(*spec),
                     Provenance{kVersion, kCommit, geng->program(), geng->version(),
                                Geng::arguments(spec->nodes, spec->parts)}};
  if (spec->kind == CensusKind::kCops && !spec->graphs_path.empty()) {
    if (Status ok = check_output(spec->graphs_path); !ok.ok()) return ok.error();
  }
  Result<StateFile> file = StateFile::open(state_path, header, spec->resume_any);
  if (!file.ok()) return file.error();
  const StateReader& reader = file->reader();
  auto state = std::make_unique<State>(State{std::move(spec).value(), *geng, std::move(header),
                                             std::move(file).value(), reader.parts_done(), 0,
                                             reader.graphs(), reader.cpu_seconds(), started});
  CensusOwner owner(std::move(state));
  owner.state_->parts_to_run = static_cast<std::uint32_t>(owner.parts_left().size());
  observer.started(owner.progress());
  if (fell_back) {
    observer.note(fmt::format("{}: running {}",
                              has_built_in_geng()
                                  ? "nauty's geng built into catmouse is turned off"
                                  : "nauty's geng is not built into this catmouse (libnauty2-dev "
                                    "was missing when it was built)",
                              owner.state_->geng.program()));
  }
  return owner;
} catch (const std::bad_alloc&) {
  return option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory);
}

const CensusSpec& CensusOwner::spec() const {
  return state_->spec;
}

std::vector<std::uint32_t> CensusOwner::parts_left() const {
  std::vector<std::uint32_t> left;
  const StateReader& reader = state_->file.reader();
  if (state_->spec.only_parts.empty()) {
    for (std::uint32_t part = 0; part < state_->spec.parts; ++part)
      if (!reader.done(part)) left.push_back(part);
  } else {
    for (std::uint32_t part : state_->spec.only_parts)
      if (!reader.done(part)) left.push_back(part);
  }
  return left;
}

CensusProgress CensusOwner::progress() const {
  const StateReader& reader = state_->file.reader();
  return CensusProgress{state_->file.path(),   reader.parts_done(),
                        state_->spec.parts,    state_->parts_at_start,
                        state_->parts_to_run,  reader.graphs() - state_->graphs_at_start,
                        since(state_->started)};
}

Status CensusOwner::record(std::string_view part_text) try {
  return state_->file.append(part_text);
} catch (const std::bad_alloc&) {
  return option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory);
}

Result<CensusResult> CensusOwner::finish() try {
  State& s = *state_;
  if (Status finished = s.file.finish(); !finished.ok()) return finished.error();
  const StateReader& reader = s.file.reader();
  CensusResult result;
  result.spec = s.spec;
  result.provenance = s.header.provenance;
  result.state_path = s.file.path();
  result.parts_done = reader.parts_done();
  result.parts_this_run = reader.parts_done() - s.parts_at_start;
  result.graphs_this_run = reader.graphs() - s.graphs_at_start;
  result.totals = reader.totals();
  result.cpu_seconds = reader.cpu_seconds() - s.cpu_at_start;
  if (s.spec.kind == CensusKind::kCops && !s.spec.graphs_path.empty()) {
    result.highest = reader.highest_kept();
    if (result.highest != 0) {
      Result<std::uint64_t> written = s.file.write_kept(s.spec.graphs_path, result.highest);
      if (!written.ok()) return written.error();
      result.highest_graphs = *written;
    }
  }
  result.wall_seconds = since(s.started);
  return result;
} catch (const std::bad_alloc&) {
  return option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory);
}

// ---- The part runners ------------------------------------------------------------------------

namespace {

// One thread's (or process's) parts, one after another: geng into the census's work, and the
// part's text for the owner.
struct PartWorker {
  Question question;
  Geng geng;
  std::string held;  // the kept-graphs lines of the part under way, when no one takes them
  std::unique_ptr<PartWork> work;

  // Without `out`, the kept-graphs lines come with the part's own line.
  PartWorker(const CensusSpec& spec, Geng g, ChunkOut out)
      : question(question_of(spec)), geng(std::move(g)) {
    if (!out)
      out = [this](const std::string& line) {
        held += line;
        held += '\n';
        return Status();
      };
    const std::uint64_t share =
        spec.memory_limit == 0 ? 0 : (spec.memory_limit - kBaseBytes) / std::max(1u, spec.threads);
    work = make_work(question, std::move(out), share);
  }

  Result<std::string> run(std::uint32_t part, const std::atomic<bool>& stop) {
    const double cpu = thread_cpu_seconds();
    double program_cpu = 0;
    held.clear();
    work->begin(part);
    Status ran = geng.run(question.nodes, part, question.parts, *work, stop, program_cpu);
    if (!ran.ok()) return ran.error();
    if (work->failure()) return *work->failure();
    if (stop.load()) return option_error(ErrorField::kCancelled, "stopped", ErrorKind::kCancelled);
    Result<Json> own = work->end();
    if (!own.ok()) return own.error();
    Json line{{"part", part}, {"graphs", work->graphs()}};
    for (const auto& [key, value] : own->items()) line[key] = value;
    const double seconds = thread_cpu_seconds() - cpu + program_cpu;
    line["cpu_seconds"] = std::round(seconds * 1e6) / 1e6;
    return std::move(held) + line.dump() + "\n";
  }
};

}  // namespace

struct PartRunner::Work : PartWorker {
  using PartWorker::PartWorker;
};

PartRunner::PartRunner(std::unique_ptr<Work> work) : work_(std::move(work)) {}
PartRunner::PartRunner(PartRunner&&) noexcept = default;
PartRunner& PartRunner::operator=(PartRunner&&) noexcept = default;
PartRunner::~PartRunner() = default;

Result<PartRunner> PartRunner::make(const CensusSpec& given) try {
  Result<CensusSpec> spec = checked(given);
  if (!spec.ok()) return spec.error();
  bool fell_back = false;
  Result<Geng> geng = Geng::choose(spec->geng, spec->built_in_geng, fell_back);
  if (!geng.ok()) return geng.error();
  return PartRunner(std::make_unique<Work>(*spec, std::move(geng).value(), ChunkOut()));
} catch (const std::bad_alloc&) {
  return option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory);
}

Result<std::string> PartRunner::run(std::uint32_t part, const std::atomic<bool>& stop) try {
  return work_->run(part, stop);
} catch (const std::bad_alloc&) {
  return option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory);
}

// ---- The census on threads -------------------------------------------------------------------

namespace {

// The threads' shared state: the owner (behind the mutex) and how the run stands.
struct Shared {
  explicit Shared(CensusOwner& o) : owner(o) {}
  CensusOwner& owner;
  std::mutex mutex;
  std::condition_variable wake;
  std::optional<Error> failure;
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> next{0};
  unsigned running = 0;

  void fail(Error error) {
    const std::lock_guard lock(mutex);
    if (!failure) failure = std::move(error);
    stop = true;
  }
};

void work_on(Shared& shared, const std::vector<std::uint32_t>& todo, const CensusSpec& spec,
             const Geng& geng) {
  try {
    // Kept graphs go to the state file as they come, so that a thread holds at most a chunk.
    ChunkOut out = [&shared](const std::string& line) {
      const std::lock_guard lock(shared.mutex);
      return shared.owner.record(line + "\n");
    };
    PartWorker work(spec, geng, std::move(out));
    for (std::size_t i; !shared.stop && (i = shared.next.fetch_add(1)) < todo.size();) {
      Result<std::string> text = work.run(todo[i], shared.stop);
      if (!text.ok()) {
        if (text.error().kind != ErrorKind::kCancelled) shared.fail(text.error());
        break;
      }
      const std::lock_guard lock(shared.mutex);
      if (Status recorded = shared.owner.record(*text); !recorded.ok()) {
        if (!shared.failure) shared.failure = recorded.error();
        shared.stop = true;
      }
    }
  } catch (const std::bad_alloc&) {
    shared.fail(option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory));
  }
  const std::lock_guard lock(shared.mutex);
  --shared.running;
  shared.wake.notify_all();
}

}  // namespace

Result<CensusResult> run_census(const CensusSpec& spec, const std::string& state_path,
                                CensusObserver& observer) try {
  Result<CensusOwner> owner = CensusOwner::open(spec, state_path, observer);
  if (!owner.ok()) return owner.error();
  const std::vector<std::uint32_t> todo = owner->parts_left();
  const CensusSpec& run = owner->spec();
  const Geng& geng = CensusOwnerAccess::geng(*owner);
  Shared shared(*owner);
  const auto threads = static_cast<unsigned>(std::min<std::size_t>(run.threads, todo.size()));
  std::vector<std::thread> pool;
  bool cancelled = false;
  {
    std::unique_lock lock(shared.mutex);
    try {
      for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back(work_on, std::ref(shared), std::cref(todo), std::cref(run),
                          std::cref(geng));
        ++shared.running;
      }
    } catch (const std::system_error& e) {
      shared.failure =
          option_error(ErrorField::kResources, fmt::format("cannot start a thread: {}", e.what()),
                       ErrorKind::kResources);
      shared.stop = true;
    }
    auto reported = std::chrono::steady_clock::now();
    while (shared.running > 0) {
      shared.wake.wait_for(lock, std::chrono::milliseconds(100));
      lock.unlock();
      if (!shared.stop && observer.cancelled()) {
        cancelled = true;
        shared.stop = true;
      }
      lock.lock();
      if (std::chrono::steady_clock::now() - reported >= std::chrono::milliseconds(250)) {
        const CensusProgress now = shared.owner.progress();
        lock.unlock();
        observer.progress(now);
        lock.lock();
        reported = std::chrono::steady_clock::now();
      }
    }
  }
  for (std::thread& t : pool) t.join();
  if (shared.failure) return *shared.failure;
  if (cancelled) return option_error(ErrorField::kCancelled, "stopped", ErrorKind::kCancelled);
  return owner->finish();
} catch (const std::bad_alloc&) {
  return option_error(ErrorField::kResources, "out of memory", ErrorKind::kOutOfMemory);
}

}  // namespace catmouse::census
