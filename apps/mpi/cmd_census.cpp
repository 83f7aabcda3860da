// catmouse-mpi census cops: catmouse census cops (docs/census.md) over the processes of an MPI
// run. The parts are catmouse's (census_parts.hpp, apps/common) and so is the state file: a
// census started by one program is finished by the other. Process 0 reads the state file and
// hands out the parts left, one to each process per round; after each round it writes every part
// finished so far, so that a run stopped at any moment loses at most one round.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "census_cops.hpp"
#include "census_parts.hpp"
#include "front.hpp"

namespace catmouse::mpi_cli {

namespace {

struct CensusCommand {
  cli::PartsOptions parts;
  cli::CopsCensusOptions cops;
};

// The parts left, found by process 0 and given to every process (as JSON text).
std::vector<std::int64_t> parts_left(const mpi::Communicator& comm, const cli::PartsOptions& parts,
                                     const cli::CensusKind& kind, cli::FinishedParts& done) {
  std::string text;
  agreed(
      comm,
      [&] {
        if (comm.rank() != 0) return;
        done = cli::read_state(parts, kind);
        cli::CensusJson left = cli::CensusJson::array();
        for (std::int64_t r = 0; r < parts.parts; ++r)
          if (!done.contains(r)) left.push_back(r);
        text = left.dump();
      },
      false);
  comm.broadcast(text, 0);
  return cli::CensusJson::parse(text).get<std::vector<std::int64_t>>();
}

void show_progress(const cli::PartsOptions& parts, std::size_t finished, std::size_t todo,
                   std::size_t resumed, std::uint64_t graphs, double seconds) {
  const std::string eta = finished == 0
                              ? "?"
                              : fmt::format("{:.0f} s", seconds / static_cast<double>(finished) *
                                                            static_cast<double>(todo - finished));
  std::fprintf(stderr, "\rparts %zu/%lld, %llu graphs this run, %.1f s, ETA %s   ",
               resumed + finished, static_cast<long long>(parts.parts),
               static_cast<unsigned long long>(graphs), seconds, eta.c_str());
}

void run(CensusCommand cmd, const mpi::Communicator& comm) {
  cli::CensusKind kind;
  std::string geng;
  agreed(comm, [&] {
    kind = cli::cops_census_kind(cmd.parts, cmd.cops);
    cli::check_parts_options(cmd.parts);
    geng = cli::find_geng(cmd.parts.geng);
  });
  const auto started = std::chrono::steady_clock::now();
  cli::FinishedParts done;  // process 0's
  const std::vector<std::int64_t> todo = parts_left(comm, cmd.parts, kind, done);
  const std::size_t resumed = static_cast<std::size_t>(cmd.parts.parts) - todo.size();
  const bool progress = comm.rank() == 0 && !cmd.parts.quiet && ::isatty(STDERR_FILENO);
  const std::unique_ptr<cli::PartWork> work = kind.make_work();
  const std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> graphs{0};
  const auto processes = static_cast<std::size_t>(comm.size());
  for (std::size_t round = 0; round < todo.size(); round += processes) {
    const std::size_t mine = round + static_cast<std::size_t>(comm.rank());
    std::string result;
    agreed(comm, [&] {
      if (mine >= todo.size()) return;
      result = cli::run_part(cmd.parts, geng, todo[mine], *work, stop, graphs)->dump();
    });
    const std::vector<std::string> results = comm.gather(result, 0);
    agreed(
        comm,
        [&] {
          if (comm.rank() != 0) return;
          for (const std::string& r : results) {
            if (r.empty()) continue;
            cli::CensusJson part = cli::CensusJson::parse(r);
            const auto res = part.at("part").get<std::int64_t>();
            done.emplace(res, std::move(part));
          }
          cli::write_state(cmd.parts, kind, done);
        },
        false);
    if (!cmd.parts.quiet) {  // the same on every process: the sum is a collective call
      const std::uint64_t all = comm.sum(std::vector<std::uint64_t>{graphs.load()})[0];
      if (progress) {
        show_progress(
            cmd.parts, std::min(todo.size(), round + processes), todo.size(), resumed, all,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      }
    }
  }
  if (progress) std::fputs("\n", stderr);
  // Every process calls the sum (a collective call); process 0 reports it.
  const std::uint64_t graphs_run = comm.sum(std::vector<std::uint64_t>{graphs.load()})[0];
  if (comm.rank() != 0) return;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  cli::print(cli::cops_census_report(cmd.cops, done, seconds, graphs_run));
}

}  // namespace

void add_census_command(CLI::App& app, const mpi::Communicator& comm) {
  CLI::App* census =
      app.add_subcommand("census", "Censuses over every connected graph (geng), over processes");
  census->require_subcommand(1);
  auto cmd = std::make_shared<CensusCommand>();
  CLI::App* cops =
      census->add_subcommand("cops", "The cop number of every connected graph on N nodes");
  cli::add_parts_options(*cops, cmd->parts, "cops-N.census.json", false);
  cli::add_cops_census_options(*cops, cmd->cops);
  cops->footer(
      "catmouse census cops over the processes of the run: each process runs one part (one\n"
      "geng -cq N RES/M) per round, and process 0 writes the state file after each round. The\n"
      "state file is catmouse census cops's: either program resumes the other's census, and\n"
      "the totals are the same for any number of processes. Run one process per core.\n\n"
      "Example:\n"
      "  mpirun -np 64 catmouse-mpi census cops --nodes 11 --parts 4096");
  cops->callback([cmd, &comm] { run(*cmd, comm); });
}

}  // namespace catmouse::mpi_cli
