// catmouse-mpi solve GRAPH: catmouse solve over the processes of an MPI run (docs/distributed.md).
// The game goes through the library's seam (read_game -> GameSpec, catmouse's rule options on top),
// then plan() and solve_distributed(); process 0 prints what catmouse solve prints, and --save
// writes the file catmouse solve --save writes, byte for byte.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "catmouse/tablebase/save.hpp"
#include "front.hpp"
#include "mpi/distributed_solve.hpp"
#include "mpi/distributed_tablebase.hpp"

namespace catmouse::mpi_cli {

namespace {

struct SolveCommand {
  cli::GraphInput input;
  cli::StateOptions state;
  cli::RulesOptions rules;
  cli::EngineOptions engine;  // as catmouse solve's, per process (cli::kMpiSolveScope)
  cli::AnswerOptions answer;  // --code, --json
  std::string save;
  int fail_process = -1;  // hidden: a process that fails at level 1, for the tests
  unsigned save_pause =
      0;                   // hidden: milliseconds process 0 waits per block it saves, for the tests
  bool wide = false;       // hidden: 32-bit remoteness words, for the tests
  bool no_gather = false;  // hidden: answer as if the table did not fit on process 0, for the tests
};

// The game in `text` with the rule options over its rules, the same on every process.
GameSpec load(const SolveCommand& cmd, const std::string& text, std::uint64_t memory_limit) {
  ReadOptions read = cmd.input.read_options();
  read.memory_limit = memory_limit;
  GameSpec spec = cli::take_read(read_game(text, cmd.input.source(), read));
  cmd.rules.apply(spec, cmd.state);
  if (spec.rules.cats != 1) {
    throw cli::InputError(
        fmt::format("--cats: catmouse-mpi solves the one-cat game; {} cats are for catmouse solve",
                    spec.rules.cats));
  }
  return spec;
}

// Where the writer puts the file `path` names: through links (io/atomic_file.hpp follows them),
// the path itself when it is no link.
std::string link_target(std::string path) {
  namespace fs = std::filesystem;
  for (int links = 0; links < 40; ++links) {
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(path, error))) return path;
    const fs::path next = fs::read_symlink(path, error);
    if (error) return path;
    path = next.is_absolute() ? next.string() : (fs::path(path).parent_path() / next).string();
  }
  return path;
}

// --json: catmouse solve's object, then what the run alone knows.
std::string json_text(const cli::SolveAnswer& answer, const mpi::DistributedStats& stats,
                      const std::vector<std::string>& peaks) {
  nlohmann::ordered_json out = cli::solve_json(answer);
  out["processes"] = stats.processes;
  out["levels"] = stats.levels;
  out["exchanged_bytes"] = stats.exchanged_bytes;
  std::uint64_t largest = 0;
  for (std::uint64_t b : stats.level_bytes) largest = std::max(largest, b);
  out["largest_level_bytes"] = largest;
  out["level_bytes"] = stats.level_bytes;
  out["part_bytes"] = stats.largest_part;
  out["whole_bytes"] = stats.whole;
  nlohmann::ordered_json rss = nlohmann::ordered_json::array();
  for (const std::string& peak : peaks) rss.push_back(std::stoull(peak));
  out["peak_rss_bytes"] = rss;
  return out.dump() + "\n";
}

void run(const SolveCommand& cmd, const mpi::Communicator& comm) {
  cli::EngineOptions engine = cmd.engine;
  engine.processes_here = static_cast<unsigned>(comm.local_size());
  // Read as catmouse solve reads them (a bad --memory is refused here, alike on every process);
  // the memory limit is each process's part's.
  SolveOptions options = engine.resolve();
  // The level exchange hands the thread count to the frontier kernel as it is, which runs two
  // threads for any count above one and one for 0: 0 (one per hardware thread) means two.
  if (options.threads == 0) options.threads = 2;
  if (comm.rank() != 0) options.progress = nullptr;  // process 0 alone writes
  const std::uint64_t limit = options.memory_limit;
  // The game is shared out: what every process may take bounds what the input may imply.
  const std::uint64_t all = limit == 0 ? 0 : limit * static_cast<std::uint64_t>(comm.size());
  const std::string text = read_everywhere(comm, cmd.input.path, all);
  std::optional<GameSpec> spec;
  agreed(comm, [&] { spec = load(cmd, text, all); });
  const std::string source = spec->source;
  mpi::DistributedOptions extra;
  extra.fail_process = cmd.fail_process;
  extra.wide = cmd.wide;
  // The limit is each process's part's, which solve_distributed compares: the whole game is
  // planned without one.
  extra.memory_limit = limit;
  options.memory_limit = 0;
  Result<SolvePlan> planned = plan(std::move(*spec), options, SinkKind::kLevels);
  Result<mpi::DistributedSolution> solved =
      planned.ok() ? mpi::solve_distributed(std::move(planned).value(), extra, comm)
                   : Result<mpi::DistributedSolution>(planned.error());
  if (!solved.ok()) throw agreed_solve_error(solved.error(), source);
  const mpi::DistributedSolution& solution = *solved;
  const Game& game = solution.game();
  const Position p = cmd.state.resolve(game);
  // The single process's answer: the Solution on process 0 when the table fits there, else the
  // position asked of the process that holds it.
  const mpi::DistributedAnswer answer = solution.answer(0, !cmd.no_gather);
  const StateValue v = answer.gathered
                           ? (answer.solution ? answer.solution->value(p) : StateValue{})
                           : solution.value(p);
  if (!cmd.save.empty()) {
    TablebaseWriteOptions write;
    write.threads = engine.threads;
    // A signal removes the unfinished file (process 0 alone writes it), beside the file a link
    // leads to when --save names a link.
    std::optional<cli::TemporaryGuard> partial;
    if (comm.rank() == 0) partial.emplace(link_target(cmd.save) + ".partial");
    const Status saved = mpi::write_tablebase(cmd.save, solution, write, comm,
                                              std::chrono::milliseconds(cmd.save_pause));
    if (!saved.ok())
      throw AgreedError(saved.error().to_string(), cli::exit_code(saved.error().kind));
  }
  const std::vector<std::string> peaks = comm.gather(std::to_string(peak_rss()), 0);
  if (comm.rank() != 0) return;
  cli::warn_if_stuck(game, p);
  cli::SolveAnswer printed;
  printed.game = &game;
  printed.position = p;
  printed.value = v;
  printed.grid = solution.spec().grid.has_value();
  printed.seconds = answer.summary.solve_seconds;
  printed.table_bytes = answer.summary.memory_bytes;
  printed.engine = answer.summary.engine;
  if (cmd.answer.json) {
    cli::print(json_text(printed, solution.stats(), peaks));
  } else {
    cli::print(cli::solve_text(printed, cmd.answer.form()));
  }
}

}  // namespace

void add_solve_command(CLI::App& app, const mpi::Communicator& comm) {
  auto cmd = std::make_shared<SolveCommand>();
  CLI::App* sub = app.add_subcommand(
      "solve", "Solve a graph over the processes of the run and print who wins, and how fast");
  cmd->input.add_to(*sub);
  cmd->state.add_to(*sub);
  cmd->rules.add_to(*sub);
  cmd->engine.add_to(*sub, cli::kMpiSolveScope);
  cmd->answer.add_to(
      *sub,
      "print one JSON object: what catmouse solve --json prints (result, winner, remoteness, "
      "state, nodes, edges, states, seconds, table_bytes, engine), and the run's processes, "
      "levels, exchanged_bytes, largest_level_bytes, level_bytes (after each level), part_bytes, "
      "whole_bytes, peak_rss_bytes (one per process)");
  sub->add_option("--save", cmd->save,
                  "also write the solved game to a tablebase file: the bytes catmouse solve "
                  "--save writes (docs/formats.md)")
      ->type_name("FILE.cmtb");
  sub->add_option("--fail-process", cmd->fail_process)->group("");  // for the tests
  sub->add_flag("--wide-remoteness", cmd->wide)->group("");         // for the tests
  sub->add_flag("--no-gather", cmd->no_gather)->group("");          // for the tests
  sub->add_option("--save-pause", cmd->save_pause)->group("");      // for the tests
  cli::set_help_footer(
      *sub,
      "The rows of the state space are shared out among the processes; each holds about 1/K of\n"
      "the table, and after each level sends the others only what that level changed.",
      {"mpirun -np 2 catmouse-mpi solve big.json",
       "mpirun -np 4 catmouse-mpi solve --values-only --json big.json",
       "mpirun -np 4 catmouse-mpi solve big.json --save big.cmtb   # then: catmouse probe "
       "big.cmtb"});
  sub->callback([cmd, &comm] { run(*cmd, comm); });
}

}  // namespace catmouse::mpi_cli
