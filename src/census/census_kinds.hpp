// The censuses one by one (cops_census.cpp, mouse_census.cpp, census_kinds.cpp for the floor):
// what a thread computes over a part's graphs and the line it gives for the part, and how such a
// line is checked and added to the totals when it comes back (from the state file, or from
// another process). The writing and the reading of a line live side by side, so that what a
// census writes is exactly what it can read. Internal to the census.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "catmouse/census/census.hpp"
#include "geng_driver.hpp"
#include "json_fields.hpp"

namespace catmouse::census {

// What makes two censuses the same census: a state file must hold the same.
struct Question {
  CensusKind kind = CensusKind::kCops;
  std::uint32_t nodes = 0, parts = 0;
  std::uint32_t max = 0, keep_from = 0;  // cops
  StuckRule stuck = StuckRule::kLose;    // Cat and Mouse
};

// "cops", "mouse", "floor": the state file's "census".
const char* kind_name(CensusKind kind);

// The connected graphs on n nodes (OEIS A001349), or the largest count that fits when there are
// more: a bound on the graphs of one part or of all.
std::uint64_t connected_graphs(std::uint32_t nodes);
// Whether `graph` is connected.
bool connected(const SmallGraph& graph);

// Kept graphs leave a part's work as lines of their own, in the order they were found (cops
// --keep-from): the runner appends them to the state file as they come, or holds them with the
// part's line for another process.
using ChunkOut = std::function<Status(std::string line)>;

// What one thread does with the graphs of one part after another.
class PartWork : public GraphSink {
 public:
  virtual void begin(std::uint32_t part) = 0;
  // The graphs of the part so far.
  virtual std::uint64_t graphs() const = 0;
  // The part's own members for its line, after "part" and "graphs".
  virtual Result<Json> end() = 0;
  // Why graph() returned false.
  const std::optional<Error>& failure() const { return failure_; }

 protected:
  std::optional<Error> failure_;
};

// A census's totals, taking one checked part line after another.
class Tally {
 public:
  virtual ~Tally() = default;
  // A kept-graphs line (the members after "part"): checks its graphs; how many there are.
  virtual Result<std::uint64_t> add_kept(Fields& fields);
  // The census's own members of a part line (after "part" and "graphs"), checked and added.
  // `kept`: the graphs of the part's kept-graphs lines before it.
  virtual Status add_part(Fields& fields, std::uint32_t part, std::uint64_t graphs,
                          std::uint64_t kept) = 0;
  virtual void fill(CensusTotals& totals) const = 0;
  // cops: the highest cop number up to max with graphs kept (0: none).
  virtual std::uint32_t highest_kept() const { return 0; }
};

// How much of its kept graphs a work holds before it gives them out as a line.
inline constexpr std::size_t kChunkBytes = std::size_t{256} << 10;

// One thread's work; `memory_limit`: for its games (0: none).
std::unique_ptr<PartWork> make_work(const Question& question, ChunkOut out,
                                    std::uint64_t memory_limit);
std::unique_ptr<Tally> make_tally(const Question& question);

// The kinds' own (cops_census.cpp, mouse_census.cpp).
std::unique_ptr<PartWork> make_cops_work(const Question& question, ChunkOut out,
                                         std::uint64_t memory_limit);
std::unique_ptr<Tally> make_cops_tally(const Question& question);
std::unique_ptr<PartWork> make_mouse_work(const Question& question);
std::unique_ptr<Tally> make_mouse_tally(const Question& question);

// A record's graph from a line: a graph6 string of `nodes` nodes, connected.
Result<SmallGraph> record_graph(Fields& fields, std::string_view key, std::uint32_t nodes);

// Whether `later` (of a later part, or later in the same part) beats `record`: longer, or as
// long and earlier in part order (so that parts may be added in any order).
bool beats(const CensusRecord& later, const std::optional<CensusRecord>& record);

}  // namespace catmouse::census
