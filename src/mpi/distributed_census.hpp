// A census (catmouse/census/census.hpp) over the processes of an MPI run, on the census
// library's own part runner and state file (census_parts.hpp): process 0 owns the state file,
// reads it and hands out the parts left, one to each process per round; each process runs its
// part with its own geng (one thread); process 0 appends the round's parts to the state file
// in part order, so that a run stopped at any moment loses at most the round under way, and
// either catmouse or catmouse-mpi finishes a census the other began.
#pragma once

#include <optional>
#include <string>

#include "catmouse/census/census.hpp"
#include "mpi/communicator.hpp"

namespace catmouse::mpi {

// Every process calls it; every process gets the same error, and process 0 alone the result
// (nullopt elsewhere). `observer` is heard on process 0 only.
Result<std::optional<census::CensusResult>> run_distributed_census(
    const Communicator& comm, const census::CensusSpec& spec, const std::string& state_path,
    census::CensusObserver& observer);

}  // namespace catmouse::mpi
