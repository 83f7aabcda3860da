// catmouse census cops|mouse --nodes N: a census over every connected graph on N nodes, run by
// the census library (catmouse/census/census.hpp) on threads; its options, messages and text are
// the application layer's (census_options.hpp), shared with catmouse-mpi census. A signal stops
// the census cleanly (its geng programs stopped, the state file as it is after the last finished
// part) before ending catmouse by it.
#include <memory>
#include <span>
#include <string_view>

#include "catmouse/census/census.hpp"
#include "catmouse/io/limits.hpp"
#include "census_options.hpp"
#include "commands.hpp"

namespace catmouse::cli {

namespace {

void run_census(const CensusOptions& options) {
  const census::CensusSpec spec = census_spec(options, available_memory());
  const DeferredStop stop;
  CensusReporter reporter("catmouse census", options.quiet, [&stop] { return stop.requested(); });
  Result<census::CensusResult> result =
      census::run_census(spec, state_path(options, spec), reporter);
  reporter.done();
  if (stop.requested()) stop.end();
  if (!result.ok()) throw_census_error(result.error());
  print(census_text(*result, options.json));
}

struct Census {
  const char* name;
  census::CensusKind kind;
  const char* description;
  const char* about;  // the help's text after the options, then its examples
  std::span<const std::string_view> examples;
};

constexpr std::string_view kCopsExamples[] = {
    "catmouse census cops --nodes 9",
    "catmouse census cops --nodes 10 --state cops10.json --threads 2 --json"};
constexpr std::string_view kMouseExamples[] = {
    "catmouse census mouse --nodes 8",
    "catmouse census mouse --nodes 9 --stuck draw --state mouse9.json --threads 2"};

constexpr Census kCensuses[] = {
    {"cops", census::CensusKind::kCops, "The cop number of every connected graph on N nodes",
     "Runs nauty's geng (built in) in res/mod parts shared out among the threads, answers every\n"
     "graph with the full game's cop number and capture time (theorems first, docs/census.md),\n"
     "and appends each finished part to the state file, whose name the first line gives. After a\n"
     "kill, the same command runs only the parts left and prints the same totals: the counts per\n"
     "cop number with the longest capture time and the first graph reaching it (in part order).\n"
     "catmouse-mpi census cops runs the same census over MPI processes.",
     kCopsExamples},
    {"mouse", census::CensusKind::kMouse,
     "Cat and Mouse on every connected graph on N nodes, every hole and placement",
     "Solves every graph with each node as the hole (one table per hole gives every start) and\n"
     "counts the placements (hole, mouse start, cat start on three distinct nodes; mouse to move)\n"
     "won by the mouse, won by the cat and drawn, with the longest forced win of each side in\n"
     "plies and the first graph and placement reaching it (in part order). After a kill, the\n"
     "same command runs only the parts left and prints the same totals.",
     kMouseExamples},
    {"floor",
     census::CensusKind::kFloor,
     "",  // hidden: the benchmark's generation floor (bench/census.sh)
     "geng alone over the parts, nothing done per graph: the time any census takes at least.",
     {}},
};

}  // namespace

void add_census_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("census", "Censuses over every connected graph (geng)");
  // A missing or misspelt census is a usage error run_program() words, listing the censuses.
  command->require_subcommand(1);
  for (const Census& census : kCensuses) {
    auto options = std::make_shared<CensusOptions>();
    options->kind = census.kind;
    CLI::App* sub = command->add_subcommand(census.name, census.description);
    if (*census.description == '\0') sub->group("");
    add_census_options(*sub, *options, true);
    sub->footer(help_footer_text(census.about, census.examples));
    sub->callback([options] { run_census(*options); });
  }
}

}  // namespace catmouse::cli
