// catmouse-mpi copnumber: catmouse copnumber over the processes of an MPI run
// (docs/distributed.md). Each graph is answered exactly as catmouse copnumber answers it
// (apps/common/copnumber_lines.hpp); what is distributed is the collection, GRAPH (a graph6 file,
// or '-'): process 0 reads it and deals out blocks of lines, one block to each process per round,
// and prints the answers in input order. The answers, the graph numbers and the summary are
// catmouse copnumber's over the same input, for any number of processes. The census of every
// connected graph on N nodes is catmouse-mpi census cops --nodes N (cmd_census.cpp); --geng,
// which means a geng program everywhere else, is refused here with a message saying so.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <new>

#include "census_units.hpp"
#include "copnumber_lines.hpp"
#include "front.hpp"

namespace catmouse::mpi_cli {

namespace {

struct CensusCommand {
  std::string path;
  std::string geng;
  cli::CopNumberSettings settings;
  bool summary = false;
  std::string memory;
};

// Output held back until 1 MiB has gathered, so that a bad line in a short input prints no
// answer (as catmouse copnumber does); from then on written as it comes.
class HeldOutput {
 public:
  void add(const std::string& text) {
    held_ += text;
    if (held_.size() >= (1u << 20)) {
      cli::print(held_);
      held_.clear();
    }
  }
  void flush() {
    if (!held_.empty()) cli::print(held_);
    held_.clear();
  }

 private:
  std::string held_;
};

// Process 0's side of the results of one round, in process order: prints each text up to the
// first failure and merges each tally; the failure, if any, is agreed with every process.
void take_round(const mpi::Communicator& comm, const std::vector<std::string>& packed,
                cli::Tally& tally, HeldOutput& output) {
  int code = 0;
  std::string message;
  for (const std::string& bytes : packed) {
    const UnitResult result = unpack_result(bytes);
    if (result.code != 0) {
      code = result.code;
      message = result.error;
      break;
    }
    output.add(result.out.text);
    tally.merge(result.out.tally);
  }
  agree(comm, code, message, false);
}

// GRAPH: rounds of one block per process, dealt out and gathered by process 0.
cli::Tally census_of_file(const CensusCommand& cmd, const mpi::Communicator& comm,
                          cli::CopNumberLines& lines, HeldOutput& output) {
  std::unique_ptr<BlockReader> reader;
  agreed(
      comm,
      [&] {
        if (comm.rank() == 0) reader = std::make_unique<BlockReader>(cmd.path);
      },
      false);
  cli::Tally tally;
  for (;;) {
    std::vector<std::string> blocks;
    std::uint64_t more = 0;
    agreed(
        comm,
        [&] {
          if (comm.rank() != 0) return;
          for (int p = 0; p < comm.size(); ++p) blocks.push_back(reader->next_block());
          more = reader->at_end() ? 0 : 1;
        },
        false);
    const std::string mine = comm.scatter(blocks, 0);
    const std::vector<std::string> results = comm.gather(pack_result(answer_block(mine, lines)), 0);
    if (comm.rank() == 0) {
      take_round(comm, results, tally, output);
    } else {
      agree(comm, 0, {}, false);
    }
    comm.broadcast(std::span<std::uint64_t>(&more, 1), 0);
    if (more == 0) break;
  }
  std::uint64_t total = tally.total();
  comm.broadcast(std::span<std::uint64_t>(&total, 1), 0);
  if (total == 0) {
    const std::string source = cmd.path == "-" ? "<stdin>" : cmd.path;
    throw AgreedError(fmt::format("{}: no graph in the graph6 input", source), 2);
  }
  return tally;
}

void run(const CensusCommand& cmd, const mpi::Communicator& comm) {
  const cli::CopNumberSettings& s = cmd.settings;
  agreed(comm, [&] {
    if (s.summary_only && (s.json || s.jsonl)) {
      throw cli::InputError(
          "--summary-only: prints no answer per graph; not with --json or --jsonl");
    }
    if (s.json && s.jsonl) throw cli::InputError("--jsonl: not with --json");
    if (!cmd.geng.empty()) {
      throw cli::InputError(
          "--geng: catmouse-mpi copnumber answers a collection (GRAPH: a graph6 file, '-' for "
          "stdin); every connected graph on N nodes is the census catmouse-mpi census cops "
          "--nodes N, or nauty-geng -c N piped into catmouse-mpi copnumber -");
    }
    if (cmd.path.empty()) throw cli::InputError("give GRAPH (a graph6 file, '-' for stdin)");
  });
  const auto started = std::chrono::steady_clock::now();
  cli::CopNumberSettings settings = s;
  settings.solve.threads = 1;
  settings.solve.memory_limit =
      cmd.memory.empty() ? default_memory(comm) : cli::parse_memory(cmd.memory);
  std::unique_ptr<cli::CopNumberLines> lines;
  agreed(comm, [&] { lines = std::make_unique<cli::CopNumberLines>(settings); });
  HeldOutput output;
  const cli::Tally tally = census_of_file(cmd, comm, *lines, output);
  if (comm.rank() != 0) return;
  output.flush();
  if (cmd.summary || s.summary_only) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::string text = lines->summary(tally, seconds);
    if (s.summary_only) {
      cli::print(text);
    } else {
      std::fputs(text.c_str(), stderr);
    }
  }
}

}  // namespace

void add_copnumber_command(CLI::App& app, const mpi::Communicator& comm) {
  auto cmd = std::make_shared<CensusCommand>();
  cli::CopNumberSettings& s = cmd->settings;
  CLI::App* sub = app.add_subcommand(
      "copnumber", "The cop number of every graph of a collection, over the processes of the run");
  sub->add_option("GRAPH", cmd->path,
                  "a graph6 file of graphs, one per line (nauty-geng's output); '-' reads stdin");
  // Kept so that the census's old spelling gets a message pointing to catmouse-mpi census.
  sub->add_option("--geng", cmd->geng,
                  "refused: the census of every connected graph on N nodes is catmouse-mpi "
                  "census cops --nodes N")
      ->type_name("N");
  sub->add_option("--max", s.max, "try at most this many cops (default: 3)")->type_name("K");
  sub->add_option("--memory", cmd->memory,
                  "refuse a graph whose solve needs more than this on one process (default: the "
                  "available memory of each machine shared among its processes)");
  sub->add_flag("--json", s.json,
                "print one JSON object per graph: graph, cop_number, placement, capture_moves, "
                "capture_rounds, robber_start, and the tries");
  sub->add_flag("--jsonl", s.jsonl,
                "print one compact JSON object per graph: graph (its number), g6, the answer, "
                "capture_moves, capture_rounds, placement, robber_start");
  sub->add_flag("--summary", cmd->summary,
                "at the end, on stderr: the number of graphs and the rate, and per answer the "
                "count and the longest capture time with a graph that reaches it");
  sub->add_flag("--summary-only", s.summary_only,
                "print the summary on stdout, and no answer per graph");
  sub->add_flag("--no-cop-stays", s.no_cop_stays,
                "every cop must move along an edge each turn (default: a cop may stay)");
  sub->add_flag("--no-robber-stays", s.no_robber_stays,
                "the robber must move along an edge each turn (default: he may stay)");
  cli::set_help_footer(
      *sub,
      "The answers are catmouse copnumber's, graph by graph, in input order, numbered as\n"
      "catmouse numbers them; the census's summary is the same for any number of processes.\n"
      "Each process answers on one thread: run one process per core.",
      {"nauty-geng -cq 10 | mpirun -np 4 catmouse-mpi copnumber - --summary-only",
       "mpirun -np 4 catmouse-mpi copnumber graphs.g6 --jsonl > answers.jsonl"});
  sub->callback([cmd, &comm] { run(*cmd, comm); });
}

}  // namespace catmouse::mpi_cli
