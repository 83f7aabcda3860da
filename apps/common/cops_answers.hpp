// catmouse cops GRAPH --cops K and catmouse copnumber GRAPH, run from their options: the
// answers per graph, in text, --json or --jsonl, and the summary (cops_answers.cpp). The
// command line that fills the options is the CLI's; catmouse-mpi answers copnumber's lines
// through copnumber_lines.hpp, with the same text.
#pragma once

#include <cstdint>

#include "catmouse/solve/cops.hpp"
#include "engine_options.hpp"
#include "input.hpp"

namespace catmouse::cli {

struct CopsCommand {
  GraphInput input;
  EngineOptions engine;
  std::int64_t cops = 1;
  std::int64_t max = 3;
  bool json = false;
  bool jsonl = false;
  bool summary = false;
  bool summary_only = false;
  bool no_cop_stays = false;
  bool no_robber_stays = false;
  CopsVariant variant() const { return {!no_cop_stays, !no_robber_stays}; }
};

enum class CopsMode {
  kCops,       // do --cops K cops win?
  kCopNumber,  // the fewest cops that win, up to --max
};

// Throws InputError naming `option` unless 1 <= k <= the cops engine's most.
void check_cop_count(std::int64_t k, const char* option);

// Reads the graph or collection, answers it and prints the answers (and the summary, if asked
// for); throws InputError or ResourceError as the commands do.
void run_cops_command(const CopsCommand& cmd, CopsMode mode);

}  // namespace catmouse::cli
