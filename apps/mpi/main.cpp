// catmouse-mpi: catmouse's solve and cop-number census over the processes of an MPI run
// (docs/distributed.md). Every process parses the same command line and runs the same subcommand;
// process 0 alone writes to stdout and stderr. A failure on any process ends every process with
// one message and the same exit code: 2 bad input or usage, 1 resources or internal. Run it under
// mpirun: mpirun -np 4 catmouse-mpi solve big.json
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

#include "catmouse/version.hpp"
#include "front.hpp"
#include "mpi/communicator.hpp"

namespace catmouse::mpi_cli {
void add_solve_command(CLI::App& app, const mpi::Communicator& comm);
void add_copnumber_command(CLI::App& app, const mpi::Communicator& comm);
}  // namespace catmouse::mpi_cli

namespace {

// Process 0's message; the others keep quiet, having the same error.
void say(const catmouse::mpi::Communicator& comm, const std::string& text) {
  if (comm.rank() == 0) std::cerr << "catmouse-mpi: " << text << "\n";
}

int run(CLI::App& app, const catmouse::mpi::Communicator& comm, int argc, char** argv) {
  try {
    app.parse(argc, argv);  // subcommand callbacks run inside parse
  } catch (const CLI::ParseError& e) {
    // Every process parsed the same line: the same outcome everywhere.
    if (e.get_exit_code() == 0) return comm.rank() == 0 ? app.exit(e) : 0;  // --help, --version
    say(comm, std::string(e.what()) + "\nRun 'catmouse-mpi SUBCOMMAND --help' for usage.");
    return 2;
  } catch (const catmouse::mpi_cli::AgreedError& e) {
    say(comm, e.what());
    return e.code();
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  catmouse::mpi::Session session(argc, argv);
  const catmouse::mpi::Communicator comm;
  catmouse::cli::install_signal_cleanup();
  CLI::App app{
      "catmouse-mpi: catmouse's exact solve and cop-number census over the processes of an MPI\n"
      "run (mpirun -np K catmouse-mpi ...). The answers are catmouse's, for any K."};
  app.set_version_flag("--version", std::string("catmouse-mpi ") + catmouse::kVersion);
  app.require_subcommand(1);
  catmouse::mpi_cli::add_solve_command(app, comm);
  catmouse::mpi_cli::add_copnumber_command(app, comm);
  try {
    const int code = run(app, comm, argc, argv);
    catmouse::cli::close_stdout();
    return code;
  } catch (const catmouse::cli::ResourceError& e) {
    // Only process 0 writes: a lost output is its alone, after the collective work is over.
    std::cerr << "catmouse-mpi: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    // Only this process may know: the others may be waiting for it in a collective call.
    std::cerr << "catmouse-mpi: process " << comm.rank() << ": out of memory\n";
    comm.abort(1);
  } catch (const std::exception& e) {
    std::cerr << "catmouse-mpi: process " << comm.rank() << ": internal error: " << e.what()
              << "\n";
    comm.abort(1);
  }
}
