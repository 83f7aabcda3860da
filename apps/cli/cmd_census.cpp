// catmouse census cops --nodes N: the cop number of every connected graph on N nodes, from
// nauty's geng run in res/mod parts by the part runner (census_parts.hpp), which saves each
// finished part so that the same command after a kill does only the parts left.
// Each graph is answered by the census's own shortcuts and tiny game (census_cops.hpp,
// docs/census.md); catmouse-mpi census cops runs the same census over processes.
#include <chrono>
#include <memory>

#include "census_commands.hpp"
#include "census_cops.hpp"
#include "commands.hpp"

namespace catmouse::cli {

namespace {

struct CensusCommand {
  PartsOptions parts;
  CopsCensusOptions cops;
};

void run_census(CensusCommand cmd) {
  const CensusKind kind = cops_census_kind(cmd.parts, cmd.cops);
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t graphs_run = 0;
  const FinishedParts done = run_parts(cmd.parts, kind, &graphs_run);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  print(cops_census_report(cmd.cops, done, seconds, graphs_run));
}

}  // namespace

void add_census_command(CLI::App& app) {
  CLI::App* census = app.add_subcommand("census", "Censuses over every connected graph (geng)");
  census->require_subcommand(1);
  auto cmd = std::make_shared<CensusCommand>();
  CLI::App* cops =
      census->add_subcommand("cops", "The cop number of every connected graph on N nodes");
  add_parts_options(*cops, cmd->parts, "cops-N.census.json");
  add_cops_census_options(*cops, cmd->cops);
  cops->footer(
      "Runs geng -cq N RES/M for each part not yet in the state file, answers every graph with\n"
      "the full game's cop number and capture time (theorems first, docs/census.md), and saves\n"
      "each finished part's counts to the state file (written whole, never half). After a kill,\n"
      "the same command runs only the parts left and prints the same totals. Prints the counts\n"
      "per cop number with the longest capture time and the first graph reaching it (in part\n"
      "order). catmouse-mpi census cops runs the same census over MPI processes.\n\n"
      "Examples:\n"
      "  catmouse census cops --nodes 9\n"
      "  catmouse census cops --nodes 10 --parts 100 --state cops10.json --threads 2");
  cops->callback([cmd] { run_census(*cmd); });
  add_mouse_census_command(*census);
}

}  // namespace catmouse::cli
