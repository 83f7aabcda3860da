// The cop-number census (docs/census.md) that catmouse census cops runs on threads and
// catmouse-mpi census cops on processes, over the part runner of census_parts.hpp: each graph is
// answered by the theorems of cop_bounds.hpp and the tiny game, each part kept as its counts per
// cop number (longest capture time, first graph reaching it) and the graphs of cop number
// --keep-from or more, and the totals merged in part order.
#pragma once

#include <cstdint>
#include <string>

#include "census_parts.hpp"

namespace catmouse::cli {

struct CopsCensusOptions {
  std::int64_t max = 3;
  std::int64_t keep_from = 3;
  std::string graphs;  // where the graphs of the highest cop number go (default cops-N-top.g6)
};

// --max, --keep-from and --graphs on `sub`, as both programs declare them.
void add_cops_census_options(CLI::App& sub, CopsCensusOptions& cops);

// The census's kind (its question and work); fills the defaults of parts.parts, parts.state and
// cops.graphs. Throws InputError on options out of range.
CensusKind cops_census_kind(PartsOptions& parts, CopsCensusOptions& cops);

// The totals' text over every finished part (counts per cop number with the longest capture time
// and the first graph reaching it, in part order), after writing the graphs of the highest cop
// number to cops.graphs. Throws InputError on a part it cannot read, ResourceError when the file
// cannot be written.
// `graphs_run`: how many of the graphs the `seconds` of this run went through.
std::string cops_census_report(const CopsCensusOptions& cops, const FinishedParts& done,
                               double seconds, std::uint64_t graphs_run);

}  // namespace catmouse::cli
