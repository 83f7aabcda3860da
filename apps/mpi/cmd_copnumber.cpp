// catmouse-mpi copnumber: catmouse copnumber's census over the processes of an MPI run
// (docs/distributed.md). Each graph is answered exactly as catmouse copnumber answers it
// (apps/common/copnumber_lines.hpp); what is distributed is the collection:
//  - GRAPH (a graph6 file, or '-'): process 0 reads it and deals out blocks of lines, one block
//    to each process per round, and prints the answers in input order;
//  - --geng N: the connected graphs on N nodes, as M slices of nauty-geng (res/mod), slice j
//    run by process j mod K. The slices are generated (and kept) or counted first, so that every
//    graph has its number in the order of the slices, whatever K.
// The answers, the graph numbers and the summary are catmouse copnumber's over the same input,
// for any number of processes.
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
  int geng = 0;
  std::uint64_t slices = 0;
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

// --geng N: the slices counted, then answered; with answers per graph, in rounds of one slice
// per process printed in order, else each process through its slices and the tallies gathered
// once.
cli::Tally census_of_geng(const CensusCommand& cmd, const mpi::Communicator& comm,
                          cli::CopNumberLines& lines, HeldOutput& output) {
  GengSlices geng(cmd.geng, cmd.slices);
  const auto processes = static_cast<std::uint64_t>(comm.size());
  const auto me = static_cast<std::uint64_t>(comm.rank());
  std::vector<std::uint64_t> counts(geng.slices(), 0);
  agreed(comm, [&] {
    for (std::uint64_t j = me; j < geng.slices(); j += processes) counts[j] = geng.count(j);
  });
  counts = comm.sum(counts);
  std::vector<std::uint64_t> first(geng.slices() + 1, 0);  // graphs before slice j
  for (std::uint64_t j = 0; j < geng.slices(); ++j) first[j + 1] = first[j] + counts[j];
  const bool alone = first.back() == 1;
  const auto answer = [&](std::uint64_t j) {
    UnitResult result;
    if (j < geng.slices()) {
      geng.answer(j, first[j], alone, lines, result);
    }
    return result;
  };
  cli::Tally tally;
  if (!cmd.settings.summary_only) {
    for (std::uint64_t round = 0; round < geng.slices(); round += processes) {
      const std::vector<std::string> results = comm.gather(pack_result(answer(round + me)), 0);
      if (comm.rank() == 0) {
        take_round(comm, results, tally, output);
      } else {
        agree(comm, 0, {}, false);
      }
    }
  } else {
    // Each process's slices in order; process 0 merges them in the order of the slices.
    std::string mine;
    for (std::uint64_t j = me; j < geng.slices(); j += processes) mine += pack_result(answer(j));
    const std::vector<std::string> all = comm.gather(mine, 0);
    std::vector<std::string> by_slice(geng.slices());
    for (std::size_t p = 0; p < all.size(); ++p) {
      std::vector<std::string> results = split_results(all[p]);
      for (std::size_t k = 0; k < results.size(); ++k) {
        by_slice[p + k * processes] = std::move(results[k]);
      }
    }
    if (comm.rank() == 0) {
      take_round(comm, by_slice, tally, output);
    } else {
      agree(comm, 0, {}, false);
    }
  }
  if (first.back() == 0) {
    throw AgreedError(fmt::format("nauty-geng -c {}: no graph", cmd.geng), 2);
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
    if (cmd.path.empty() == (cmd.geng == 0)) {
      throw cli::InputError("give either GRAPH (a graph6 file, '-' for stdin) or --geng N");
    }
    if (cmd.geng != 0 && (cmd.geng < 1 || cmd.geng > kMaxGengNodes)) {
      throw cli::InputError(fmt::format("--geng: {} nodes; give 1 to {}", cmd.geng, kMaxGengNodes));
    }
    if (cmd.slices != 0 && cmd.geng == 0) throw cli::InputError("--slices: only with --geng");
  });
  const auto started = std::chrono::steady_clock::now();
  cli::CopNumberSettings settings = s;
  settings.solve.threads = 1;
  settings.solve.memory_limit =
      cmd.memory.empty() ? default_memory(comm) : cli::parse_memory(cmd.memory);
  std::unique_ptr<cli::CopNumberLines> lines;
  agreed(comm, [&] { lines = std::make_unique<cli::CopNumberLines>(settings); });
  HeldOutput output;
  const cli::Tally tally = cmd.geng != 0 ? census_of_geng(cmd, comm, *lines, output)
                                         : census_of_file(cmd, comm, *lines, output);
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
  sub->add_option("--geng", cmd->geng,
                  "every connected graph on N nodes: each process runs its slices of "
                  "nauty-geng -c N res/mod")
      ->type_name("N");
  sub->add_option("--slices", cmd->slices,
                  "with --geng: the slices (res/mod) of the enumeration (default: 2*4^(N-5), at "
                  "least 32: enough that the slices in order are geng's own order)")
      ->type_name("M");
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
  sub->footer(
      "The answers are catmouse copnumber's, graph by graph, in input order, numbered as\n"
      "catmouse numbers them; the census's summary is the same for any number of processes.\n"
      "Each process answers on one thread: run one process per core.\n\n"
      "Examples:\n"
      "  mpirun -np 4 catmouse-mpi copnumber --geng 10 --summary-only\n"
      "  mpirun -np 4 catmouse-mpi copnumber graphs.g6 --jsonl > answers.jsonl");
  sub->callback([cmd, &comm] { run(*cmd, comm); });
}

}  // namespace catmouse::mpi_cli
