// A distributed solve saved as a tablebase file (.cmtb): the same bytes as write_tablebase() of
// the single-process Solution of the same game, for any number of processes. Process 0 writes
// the file with the library's writer (src/tablebase/writer.hpp), pulling each block's codes
// from the processes that hold its rows; the others serve them (docs/distributed.md, "Saving").
#pragma once

#include <chrono>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/tablebase/save.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_solve.hpp"

namespace catmouse::mpi {

// Collective. Every process gets the same status: the writer's error (naming the file), or one
// of a process that ran out of memory. `pause` is for the tests: process 0 waits this long before
// each block it hands the writer, so that a test can signal the run while the file is written.
Status write_tablebase(const std::string& path, const DistributedSolution& solution,
                       const TablebaseWriteOptions& options, const Communicator& comm,
                       std::chrono::milliseconds pause = {});

}  // namespace catmouse::mpi
