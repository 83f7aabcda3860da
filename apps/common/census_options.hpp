// The census commands' command line, which catmouse census and catmouse-mpi census share: the
// options (declared and read once), the library's errors as exit codes, the lines on stderr (the
// state file on the first line, the progress line) and the summary on stdout. The census itself
// is the library's (catmouse/census/census.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "catmouse/census/census.hpp"

namespace catmouse::cli {

// What the options say, as typed: numbers are read here, so that a message quotes them as given.
struct CensusOptions {
  census::CensusKind kind = census::CensusKind::kCops;
  std::string nodes, parts, max, keep_from, only_parts;
  std::string state, graphs, geng, stuck = "lose", memory;
  unsigned threads = 0;
  bool quiet = false, json = false, resume_any = false;
};

// Declares the options of `kind` on `sub`; `threads`: whether it has --threads (catmouse-mpi
// runs one part per process).
void add_census_options(CLI::App& sub, CensusOptions& options, bool threads);

// The spec the options give (numbers checked, defaults filled: the state file, the graphs file);
// `memory` is the default memory limit. Throws InputError naming the option.
census::CensusSpec census_spec(const CensusOptions& options, std::uint64_t memory);
// The state file the options name, or the default for the spec: cops-N.census.json,
// mouse-N[-stuck-draw].census.json, floor-N.census.json.
std::string state_path(const CensusOptions& options, const census::CensusSpec& spec);

// Throws the library's error as the command line reports it: ResourceError (exit 1) for
// resources and lost output, else InputError (exit 2) naming the option or the file.
[[noreturn]] void throw_census_error(const Error& error);

// What the census commands print on stderr while they run: the first line (the state file and
// the parts already in it), notes, and a progress line on a terminal unless --quiet.
class CensusReporter : public census::CensusObserver {
 public:
  CensusReporter(std::string program, bool quiet, std::function<bool()> cancelled = {});
  ~CensusReporter() override;
  void started(const census::CensusProgress& progress) override;
  void progress(const census::CensusProgress& progress) override;
  void note(const std::string& text) override;
  bool cancelled() override { return cancelled_ && cancelled_(); }
  // Ends the progress line, if any.
  void done();

 private:
  std::string program_;
  bool show_;
  std::function<bool()> cancelled_;
  bool shown_ = false;
};

// The summary on stdout, or with --json the result's JSON record.
std::string census_text(const census::CensusResult& result, bool json);

}  // namespace catmouse::cli
