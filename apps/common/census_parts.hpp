// What every census over geng's graphs shares: geng run in res/mod parts, the parts shared out
// among threads (catmouse census) or processes (catmouse-mpi census), each finished part's result
// saved in a state file (rewritten whole after each part), and a run after a kill doing only the
// parts not yet in it. What is computed per graph is the census's own (PartWork); the runner
// keeps each part's result as JSON, in the state file as in memory, and hands them back in part
// order. Both programs read and write the same state files.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "catmouse/solve/cops.hpp"

namespace catmouse::cli {

using CensusJson = nlohmann::ordered_json;

// The options every census takes (census cops, census mouse).
struct PartsOptions {
  std::int64_t nodes = 0;
  std::int64_t parts = 0;  // 0: chosen from the node count (default_parts)
  std::string state;
  std::string geng = "nauty-geng";
  unsigned threads = 0;  // catmouse census only: catmouse-mpi runs one part per process
  bool quiet = false;
};

// 8 parts up to 8 nodes, 32 for 9, 100 for 10, 1000 beyond.
std::int64_t default_parts(std::int64_t nodes);

// What one thread does with the graphs of one part after another; one per thread, so that its
// buffers live from one graph (and one part) to the next.
class PartWork {
 public:
  virtual ~PartWork() = default;
  virtual void begin(std::int64_t part) = 0;
  // Every graph of the part in geng's order; `line` counts from 1 within the part.
  virtual void graph(std::string_view graph6, const SmallGraph& graph, std::uint64_t line) = 0;
  // The finished part's result, as it goes into the state file.
  virtual CensusJson end() = 0;
};

struct CensusKind {
  std::string name;     // the state file's "census": "cops", "mouse"
  CensusJson question;  // fields besides nodes and parts that a state file must match
  std::function<std::unique_ptr<PartWork>()> make_work;
  // Throws (anything) on a part's JSON that this census cannot read back.
  std::function<void(const CensusJson&)> check_part;
};

// Finished parts by part number, each object as PartWork::end() gave it with "part" first.
using FinishedParts = std::map<std::int64_t, CensusJson>;

// Runs every part not yet in options.state and returns every finished part. Throws InputError on
// bad options, a missing geng, a state file of another census or a bad geng line; ResourceError
// when the state file cannot be written. `graphs_run`, when given, receives how many graphs
// this run went through (the rest were read from the state file).
FinishedParts run_parts(const PartsOptions& options, const CensusKind& kind,
                        std::uint64_t* graphs_run = nullptr);

// The pieces of run_parts, for a runner of its own (catmouse-mpi census).
// Throws InputError on --nodes or --parts out of range.
void check_parts_options(const PartsOptions& options);
// geng as a path to run: --geng itself when it names a file, else found on PATH; throws
// InputError when there is none.
std::string find_geng(const std::string& geng);
// The finished parts of options.state (none when it does not exist); throws InputError for a
// state of another census or a file that is not a state file.
FinishedParts read_state(const PartsOptions& options, const CensusKind& kind);
// Writes options.state whole (a temporary, then a rename); throws ResourceError.
void write_state(const PartsOptions& options, const CensusKind& kind, const FinishedParts& done);
// Runs geng's part res/parts through `work`: the finished part, or nothing when `stop` ended it
// early. Counts the graphs read into `graphs`. Throws InputError on a bad geng line or a geng
// that fails.
std::optional<CensusJson> run_part(const PartsOptions& options, const std::string& geng,
                                   std::int64_t res, PartWork& work, const std::atomic<bool>& stop,
                                   std::atomic<std::uint64_t>& graphs);

// The options of PartsOptions on a census subcommand (--nodes, --parts, --state, --geng, and
// --threads when `threads`, --quiet); `state` names the default state file.
void add_parts_options(CLI::App& sub, PartsOptions& options, const std::string& state,
                       bool threads = true);

}  // namespace catmouse::cli
