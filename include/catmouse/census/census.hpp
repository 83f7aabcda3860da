// Censuses over every connected graph of n nodes (docs/census.md): nauty's geng enumerates them
// in res/mod parts shared out among threads; each graph is answered (its cop number, or Cat and
// Mouse from every hole and placement); each finished part is appended to a state file, so that a
// run stopped at any moment, even by SIGKILL, is finished by the same call. The results are data:
// counts, records (graph6, placement, part and line) and the provenance a citation needs
// (catmouse's version and commit, nauty's, geng's arguments, the rules). Never prints, exits or
// throws: every failure is an Error whose kind says whose fault it is (field kResources and kind
// out of memory, resources or output lost; kCancelled: the observer stopped it; bad input, or a
// refusal by the memory limit, naming the option, file, line and field).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse::census {

enum class CensusKind : std::uint8_t {
  kCops,   // the cop number and capture time of each graph
  kMouse,  // Cat and Mouse from every hole, mouse start and cat start, mouse first
  kFloor,  // geng alone, nothing done per graph: the benchmark's generation floor
};

inline constexpr std::uint32_t kMaxCensusNodes = 16;
inline constexpr std::uint32_t kMaxCensusParts = 1000000;

struct CensusSpec {
  CensusKind kind = CensusKind::kCops;
  std::uint32_t nodes = 0;  // 1 to kMaxCensusNodes (Cat and Mouse: 3 or more)
  std::uint32_t parts = 0;  // geng's res/mod parts, 1 to kMaxCensusParts; 0: default_parts()
  std::vector<std::uint32_t> only_parts;  // run these parts only (a sample); empty: all
  std::uint32_t max = 3;                  // cops: try at most this many cops
  std::uint32_t keep_from = 3;            // cops: keep the graphs of cop number keep_from..max
  StuckRule stuck = StuckRule::kLose;     // Cat and Mouse: a player with no move
  unsigned threads = 0;                   // 0: one per hardware thread
  std::uint64_t memory_limit = 0;         // bytes for the whole census; 0: no limit
  std::string geng;           // a geng program (path or name on PATH); empty: the one built in
  bool built_in_geng = true;  // false: run nauty-geng even when geng is built in
  std::string graphs_path;    // cops: the graphs of the highest cop number; empty: not written
  bool resume_any = false;    // resume a state file of another catmouse version or generator
};

// 8 parts up to 8 nodes, 32 for 9, 100 for 10, 1000 beyond.
std::uint32_t default_parts(std::uint32_t nodes);
// Whether this build has nauty's geng built in (libnauty2-dev at build time).
bool has_built_in_geng();

// The longest capture (cops: `length` in moves) or forced win (Cat and Mouse: in plies), first in
// part order and then in geng's order within the part.
struct CensusRecord {
  std::uint32_t length = 0;
  std::string graph6;
  std::optional<std::array<NodeId, 3>> placement;  // Cat and Mouse: hole, mouse, cat
  std::uint32_t part = 0;
  std::uint64_t line = 0;  // the graph's number within its part, from 1
};

struct CopNumberCount {
  std::uint32_t cop_number = 0;  // max + 1: more than max
  std::uint64_t graphs = 0;
  std::optional<CensusRecord> longest;  // absent above max
};

struct CensusTotals {
  std::uint64_t graphs = 0;
  std::vector<CopNumberCount> cop_numbers;    // cops, by cop number
  std::array<std::uint64_t, 3> placements{};  // Cat and Mouse, by Value: draws, mouse, cat wins
  std::array<std::optional<CensusRecord>, 3> longest;  // Cat and Mouse: [1] mouse, [2] cat
};

struct Provenance {
  std::string catmouse_version, catmouse_commit;
  std::string generator;            // "built-in" or the program's path
  std::string nauty;                // "nauty 2.8.6 (32 bits)", or the program's --version line
  std::string generator_arguments;  // "-cq 10 RES/100"
};

struct CensusResult {
  CensusSpec spec;  // as run: parts and threads filled in
  Provenance provenance;
  std::string state_path;
  std::uint32_t parts_done = 0, parts_this_run = 0;
  std::uint64_t graphs_this_run = 0;
  CensusTotals totals;
  std::uint32_t highest = 0;         // cops: the highest cop number up to max with graphs kept
  std::uint64_t highest_graphs = 0;  // ... written to spec.graphs_path
  double wall_seconds = 0, cpu_seconds = 0;  // this run; CPU of its parts, geng's included
};

struct CensusProgress {
  std::string state_path;
  std::uint32_t parts_done = 0, parts_total = 0, parts_at_start = 0;
  std::uint32_t parts_to_run = 0;  // the parts this run does (all left, or those of only_parts)
  std::uint64_t graphs_this_run = 0;
  double seconds = 0;
};

// What a front end hears of a run, always on the thread that called run_census().
class CensusObserver {
 public:
  virtual ~CensusObserver() = default;
  virtual void started(const CensusProgress& /*progress*/) {}   // once the state file is read
  virtual void progress(const CensusProgress& /*progress*/) {}  // about four times a second
  virtual void note(const std::string& /*text*/) {}             // e.g. that nauty-geng runs instead
  virtual bool cancelled() { return false; }                    // polled ten times a second
};

// Runs every part not yet in the state file at `state_path` (locked meanwhile) and returns the
// totals of all of them.
Result<CensusResult> run_census(const CensusSpec& spec, const std::string& state_path,
                                CensusObserver& observer);

// The result as one JSON object (docs/census-record.schema.json).
std::string census_json(const CensusResult& result);

}  // namespace catmouse::census
