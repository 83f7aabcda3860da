// What the subcommands of catmouse-mpi share: how a failure on any process becomes one message
// and one exit code on every process, and the input read once and handed to all. The options
// and messages of the catmouse tool (apps/common) are reused as they are.
#pragma once

#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>

#include "answer_text.hpp"
#include "catmouse/core/error.hpp"
#include "engine_options.hpp"
#include "errors.hpp"
#include "help_footer.hpp"
#include "input.hpp"
#include "mpi/communicator.hpp"
#include "output.hpp"

namespace catmouse::mpi_cli {

// An error every process agreed on: every process throws it, process 0 alone prints it, and all
// exit with `code` (2 bad input or usage, 1 resources or internal).
class AgreedError : public std::runtime_error {
 public:
  AgreedError(const std::string& message, int code) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

// Agrees with every other process on this one's outcome (`code` 0: ok, with `message` empty):
// throws AgreedError on every process when any failed, with the message and code of the
// lowest-numbered process that failed, followed by " (process R)" when not all failed and
// `name_process` (false for work that only one process does).
void agree(const mpi::Communicator& comm, int code, const std::string& message,
           bool name_process = true);

// Runs `step` on this process (it may throw cli::InputError, cli::ResourceError or
// std::bad_alloc) and agrees with every other on the outcome (agree()).
template <class Step>
void agreed(const mpi::Communicator& comm, Step&& step, bool name_process = true) {
  int code = 0;
  std::string message;
  try {
    step();
  } catch (const cli::InputError& e) {
    code = 2;
    message = e.what();
  } catch (const cli::ResourceError& e) {
    code = 1;
    message = e.what();
  } catch (const std::bad_alloc&) {
    code = 1;
    message = "out of memory";
  }
  agree(comm, code, message, name_process);
}

// A solve's error, agreed by every process already (the library agrees on it), as catmouse
// solve words it (cli::solve_error): the option or file it names, exit 1 for memory that ran out.
AgreedError agreed_solve_error(const Error& error, const std::string& source);

// The text of GRAPH ("-": stdin), read by process 0 and given to every process: stdin reaches
// process 0 only, and one read spares a shared file system. Text longer than a game within
// `memory_limit` could need is refused (cli::read_input). Throws AgreedError.
std::string read_everywhere(const mpi::Communicator& comm, const std::string& path,
                            std::uint64_t memory_limit);

// The memory each process may use by default: what catmouse would take on this machine (the
// available memory, within `ulimit -v`), shared among the processes of the run on it.
std::uint64_t default_memory(const mpi::Communicator& comm);

// Peak resident memory of this process, in bytes (getrusage).
std::uint64_t peak_rss();

}  // namespace catmouse::mpi_cli
