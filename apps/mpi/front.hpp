// What the subcommands of catmouse-mpi share: how a failure on any process becomes one message
// and one exit code on every process, and the input read once and handed to all. The options
// and messages of the catmouse tool (apps/cli/common.hpp) are reused as they are.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "catmouse/core/error.hpp"
#include "common.hpp"
#include "mpi/communicator.hpp"

namespace catmouse::mpi_cli {

// An error every process agreed on (Communicator::agreed): every process throws it, process 0
// alone prints it, and all exit with `code` (2 bad input or usage, 1 resources or internal).
class AgreedError : public std::runtime_error {
 public:
  AgreedError(const std::string& message, int code) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

// The exit code of a library error: 1 for running out of memory, a failure injected by
// --fail-process and internal errors; 2 for the rest (bad input, a refused limit).
int exit_code(const Error& error);

// Runs `step` on this process (it may throw InputError or std::bad_alloc) and agrees with every
// other on the outcome: throws AgreedError on every process when any failed.
template <class Step>
void agreed(const mpi::Communicator& comm, Step&& step) {
  Status mine;
  try {
    step();
  } catch (const cli::InputError& e) {
    mine = Error{e.what(), {}};
  } catch (const std::bad_alloc&) {
    Error error{"out of memory", {}};
    error.where.field = "memory_limit";
    mine = error;
  }
  if (Status all = comm.agreed(mine); !all.ok()) {
    throw AgreedError(all.error().to_string(), exit_code(all.error()));
  }
}

// The text of GRAPH ("-": stdin), read by process 0 and given to every process: stdin reaches
// process 0 only, and one read spares a shared file system. Throws AgreedError.
std::string read_everywhere(const mpi::Communicator& comm, const std::string& path);

// The memory each process may use by default: the available memory of its machine shared
// among the processes on it.
std::uint64_t default_memory(const mpi::Communicator& comm);

// Peak resident memory of this process, in bytes (getrusage).
std::uint64_t peak_rss();

}  // namespace catmouse::mpi_cli
