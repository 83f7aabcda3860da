// catmouse-mpi solve GRAPH: catmouse solve over several processes (docs/distributed.md). The
// game goes through the library's seam (read_game -> GameSpec, the rule options of catmouse on
// top), then solve_distributed(); process 0 prints what catmouse solve prints.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "catmouse/io/atomic_file.hpp"
#include "front.hpp"
#include "mpi/distributed_solve.hpp"

namespace catmouse::mpi_cli {

namespace {

struct SolveCommand {
  cli::GraphInput input;
  cli::StateOptions state;
  cli::RulesOptions rules;
  unsigned threads = 1;
  std::string memory;
  bool progress = false;
  bool values_only = false;
  bool json = false;
  bool code = false;
  std::string dump;        // hidden: every state's value, for the tests
  int fail_process = -1;   // hidden: a process that fails, for the tests
};

// The game in `text`, with the rule options over its rules; the same on every process.
GameSpec load(const SolveCommand& cmd, const std::string& text) {
  Result<GameSpec> spec = read_game(text, cmd.input.source(), cmd.input.read_options());
  if (!spec.ok()) {
    const Error& error = spec.error();
    if (error.where.field == "directed") {
      throw cli::InputError(fmt::format("--directed: {}", error.message));
    }
    throw cli::InputError(error);
  }
  cmd.rules.apply(*spec, cmd.state);
  return std::move(spec).value();
}

// Writes every state's value to `path` from process 0 (the others serve their rows): per state
// of the StateSpace numbering one little-endian 64-bit word, the value (0 draw, 1 mouse, 2 cat)
// in its low two bits and remoteness + 1 above (0: none). For the tests, which compare it with
// the single-process table.
void dump(const mpi::DistributedSolution& solution, const mpi::Communicator& comm,
          const std::string& path) {
  if (comm.rank() != 0) {
    solution.serve(0);
    agreed(comm, [] {});
    return;
  }
  Status written;
  {
    Result<AtomicFile> file = AtomicFile::create(path);
    const StateIndex states = solution.game().state_count();
    constexpr StateIndex kRun = 1 << 16;
    std::vector<StateValue> values(kRun);
    std::string bytes;
    for (StateIndex first = 0; first < states && file.ok(); first += kRun) {
      const auto count = static_cast<std::size_t>(std::min(kRun, states - first));
      solution.read(0, first, std::span<StateValue>(values.data(), count));
      bytes.clear();
      for (std::size_t i = 0; i < count; ++i) {
        const StateValue& v = values[i];
        const std::uint64_t word = static_cast<std::uint64_t>(v.value) |
                                   (v.remoteness ? (std::uint64_t{*v.remoteness} + 1) << 2 : 0);
        for (int b = 0; b < 8; ++b) bytes += static_cast<char>(word >> (8 * b));
      }
      if (written.ok()) written = file->write(bytes);
    }
    solution.end_reading(0);
    if (!file.ok()) written = file.error();
    if (written.ok()) written = file->commit();
  }
  agreed(comm, [&] {
    if (!written.ok()) throw cli::InputError(written.error());
  });
}

std::string json_text(const SolveCommand& cmd, const mpi::DistributedSolution& solution,
                      const Position& p, const StateValue& v,
                      const std::vector<std::string>& peaks) {
  const Game& game = solution.game();
  const mpi::DistributedStats& stats = solution.stats();
  nlohmann::ordered_json out;
  out["result"] = static_cast<int>(v.value);
  out["winner"] = value_name(v.value);
  out["remoteness"] = v.remoteness ? nlohmann::ordered_json(*v.remoteness) : nullptr;
  out["state"] = {{"mouse", p.mouse}, {"cat", p.cats[0]}, {"turn", side_name(p.turn)}};
  out["nodes"] = game.node_count();
  out["edges"] = game.graph().edge_count();
  out["states"] = game.valid_state_count();
  out["seconds"] = stats.seconds;
  out["engine"] = "general";
  out["processes"] = stats.processes;
  out["levels"] = stats.levels;
  out["exchanged_bytes"] = stats.exchanged_bytes;
  std::uint64_t largest = 0;
  for (std::uint64_t b : stats.level_bytes) largest = std::max(largest, b);
  out["largest_level_bytes"] = largest;
  out["part_bytes"] = stats.largest_part;
  out["whole_bytes"] = stats.whole;
  nlohmann::ordered_json rss = nlohmann::ordered_json::array();
  for (const std::string& peak : peaks) rss.push_back(std::stoull(peak));
  out["peak_rss_bytes"] = rss;
  (void)cmd;
  return out.dump() + "\n";
}

void run(const SolveCommand& cmd, const mpi::Communicator& comm) {
  const std::string text = read_everywhere(comm, cmd.input.path);
  std::optional<GameSpec> spec;
  agreed(comm, [&] { spec = load(cmd, text); });
  const std::string source = spec->source;
  cli::EngineOptions engine;
  engine.progress = cmd.progress;
  mpi::DistributedOptions options;
  options.threads = cmd.threads == 0 ? 2 : cmd.threads;
  options.values_only = cmd.values_only;
  options.memory_limit = cmd.memory.empty() ? default_memory(comm) : cli::parse_memory(cmd.memory);
  options.progress = engine.resolve().progress;
  options.fail_process = cmd.fail_process;
  Result<mpi::DistributedSolution> solved =
      mpi::solve_distributed(std::move(*spec), options, comm);
  if (!solved.ok()) {
    throw AgreedError(cli::solve_error(solved.error(), source).what(),
                      exit_code(solved.error()));
  }
  const mpi::DistributedSolution& solution = *solved;
  const Game& game = solution.game();
  const Position p = cmd.state.resolve(game);
  const StateValue v = solution.value(p);
  if (!cmd.dump.empty()) dump(solution, comm, cmd.dump);
  const std::vector<std::string> peaks = comm.gather(std::to_string(peak_rss()), 0);
  if (comm.rank() != 0) return;
  if (game.cats() == 1) {
    if (auto stuck = reachable_stuck_state(game, State{p.mouse, p.cats[0], p.turn})) {
      cli::warn(fmt::format(
          "the {} can get stuck with no legal move, e.g. in {}; by the stuck rule it {}",
          side_name(stuck->turn), describe(*stuck),
          game.rules().stuck == StuckRule::kLose ? "loses" : "draws"));
    }
  }
  if (cmd.code && solution.spec().grid) {
    cli::print(v.value == Value::kMouseWin ? "true\n" : "false\n");
  } else if (cmd.code) {
    cli::print(fmt::format("{}\n", static_cast<int>(v.value)));
  } else if (cmd.json) {
    cli::print(json_text(cmd, solution, p, v, peaks));
  } else {
    cli::print(cli::result_sentence(v.value, v.remoteness) + "\n");
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
  sub->add_option("--threads", cmd->threads,
                  "threads per process: 2 runs the two attractors side by side (default: 1)")
      ->check(CLI::Range(0u, 1024u));
  sub->add_option("--memory", cmd->memory,
                  "refuse, before allocating, a solve whose part on some process needs more than "
                  "this (e.g. 8G, 512M; default: the available memory of each machine shared among "
                  "its processes)");
  sub->add_flag("--progress", cmd->progress,
                "report progress on stderr (default: only on a terminal, after a second)");
  sub->add_flag("--values-only", cmd->values_only,
                "keep only who wins, not in how many moves: about a third of the memory");
  auto* code = sub->add_flag("--code", cmd->code,
                             "print only LeetCode's answer: 1 mouse, 2 cat, 0 draw (913); true or "
                             "false for a grid map (1728)");
  sub->add_flag("--json", cmd->json,
                "print one JSON object: result, winner, remoteness, state, nodes, edges, states, "
                "seconds, engine, and the run's processes, levels, exchanged_bytes, "
                "largest_level_bytes, part_bytes, whole_bytes, peak_rss_bytes")
      ->excludes(code);
  sub->add_option("--dump", cmd->dump)->group("");         // for the tests
  sub->add_option("--fail-process", cmd->fail_process)->group("");  // for the tests
  sub->footer(
      "The rows of the state space are shared out among the processes; each holds about 1/K of\n"
      "the table, and after each level sends the others only what that level changed.\n\n"
      "Examples:\n"
      "  mpirun -np 2 catmouse-mpi solve big.json\n"
      "  mpirun -np 4 catmouse-mpi solve --values-only --json big.json");
  sub->callback([cmd, &comm] { run(*cmd, comm); });
}

}  // namespace catmouse::mpi_cli
