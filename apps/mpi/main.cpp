// catmouse-mpi: catmouse's solve and cop-number census over the processes of an MPI run
// (docs/distributed.md). Every process parses the same command line and runs the same
// subcommand; process 0 alone writes to stdout and stderr. A failure on any process ends every
// process with one message and the same exit code: 2 bad input or usage, 1 resources or
// internal. Run it under mpirun: mpirun -np 4 catmouse-mpi solve big.json
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

}  // namespace

int main(int argc, char** argv) {
  catmouse::mpi::Session session(argc, argv);
  const catmouse::mpi::Communicator comm;
  CLI::App app{
      "catmouse-mpi: catmouse's exact solve and cop-number census over the processes of an MPI\n"
      "run (mpirun -np K catmouse-mpi ...). The answers are those of catmouse, for any K."};
  app.set_version_flag("--version", std::string("catmouse-mpi ") + catmouse::kVersion);
  app.require_subcommand(1);
  catmouse::mpi_cli::add_solve_command(app, comm);
  catmouse::mpi_cli::add_copnumber_command(app, comm);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every process parsed the same line: the same error everywhere.
    if (e.get_exit_code() == 0) return comm.rank() == 0 ? app.exit(e) : 0;
    say(comm, std::string(e.what()) + "\nRun 'catmouse-mpi --help' for usage.");
    return 2;
  } catch (const catmouse::mpi_cli::AgreedError& e) {
    say(comm, e.what());
    return e.code();
  } catch (const catmouse::cli::InputError& e) {
    // From work every process did alike (options, the game's text): no agreement needed.
    say(comm, e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    // Only this process may know: the others may be waiting for it in a collective call.
    std::cerr << "catmouse-mpi: process " << comm.rank() << ": out of memory\n";
    comm.abort(1);
  } catch (const std::exception& e) {
    std::cerr << "catmouse-mpi: process " << comm.rank() << ": internal error: " << e.what()
              << "\n";
    comm.abort(1);
  }
  return 0;
}
