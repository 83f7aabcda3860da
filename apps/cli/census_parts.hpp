// What every census over geng's graphs shares: geng run in res/mod parts, the parts shared out
// among threads, each finished part's result saved in a state file (rewritten whole after each
// part), and a run after a kill doing only the parts not yet in it. What is computed per graph is
// the census's own (PartWork); the runner keeps each part's result as JSON, in the state file as
// in memory, and hands them back in part order.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
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
  unsigned threads = 0;
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

// Runs every part not yet in options.state and returns every finished part's result by part
// number (each object as end() gave it, with "part" first). Throws InputError on bad options, a
// missing geng, a state file of another census or a bad geng line; ResourceError when the state
// file cannot be written.
std::map<std::int64_t, CensusJson> run_parts(const PartsOptions& options, const CensusKind& kind);

// The options of PartsOptions on a census subcommand (--nodes, --parts, --state, --geng,
// --threads, --quiet); `state` names the default state file.
void add_parts_options(CLI::App& sub, PartsOptions& options, const std::string& state);

// census mouse (census_mouse.cpp), a subcommand of `census`.
void add_mouse_census_command(CLI::App& census);

}  // namespace catmouse::cli
