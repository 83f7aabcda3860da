// catmouse-mpi census cops|mouse: catmouse census (docs/census.md) over the processes of an MPI
// run, by the census library's own part runner and state file (mpi/distributed_census.hpp):
// process 0 owns the state file and hands out the parts, one to each process per round, so that
// either program resumes a census the other began. The options, messages and text are
// catmouse census's (census_options.hpp, apps/common).
#include <memory>

#include "census_options.hpp"
#include "front.hpp"
#include "mpi/distributed_census.hpp"

namespace catmouse::mpi_cli {

namespace {

// The library's error, as every process throws it.
[[noreturn]] void throw_agreed(const Error& error) {
  try {
    cli::throw_census_error(error);
  } catch (const cli::InputError& e) {
    throw AgreedError(e.what(), 2);
  } catch (const cli::ResourceError& e) {
    throw AgreedError(e.what(), 1);
  }
}

void run(const cli::CensusOptions& options, const mpi::Communicator& comm) {
  census::CensusSpec spec;
  agreed(comm, [&] { spec = cli::census_spec(options, default_memory(comm)); });
  cli::CensusReporter reporter("catmouse-mpi census", options.quiet || comm.rank() != 0);
  census::CensusObserver silent;
  Result<std::optional<census::CensusResult>> result = mpi::run_distributed_census(
      comm, spec, cli::state_path(options, spec), comm.rank() == 0 ? reporter : silent);
  reporter.done();
  if (!result.ok()) throw_agreed(result.error());
  if (*result) cli::print(cli::census_text(**result, options.json));
}

}  // namespace

void add_census_command(CLI::App& app, const mpi::Communicator& comm) {
  CLI::App* command =
      app.add_subcommand("census", "Censuses over every connected graph (geng), over processes");
  command->require_subcommand(1);
  for (const census::CensusKind kind : {census::CensusKind::kCops, census::CensusKind::kMouse}) {
    auto options = std::make_shared<cli::CensusOptions>();
    options->kind = kind;
    const bool cops = kind == census::CensusKind::kCops;
    CLI::App* sub = command->add_subcommand(
        cops ? "cops" : "mouse",
        cops ? "The cop number of every connected graph on N nodes"
             : "Cat and Mouse on every connected graph on N nodes, every hole and placement");
    cli::add_census_options(*sub, *options, false);
    cli::set_help_footer(
        *sub,
        "catmouse census over the processes of the run: each process runs one part (nauty's geng\n"
        "built in, one thread) per round, and process 0 appends the round's parts to the state\n"
        "file, which is catmouse census's: either program resumes the other's census, and the\n"
        "totals are the same for any number of processes. Run one process per core.",
        {"mpirun -np 64 catmouse-mpi census cops --nodes 11 --parts 4096"});
    sub->callback([options, &comm] { run(*options, comm); });
  }
}

}  // namespace catmouse::mpi_cli
