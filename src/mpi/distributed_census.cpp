// A census over the processes of an MPI run (distributed_census.hpp).
#include "mpi/distributed_census.hpp"

#include <atomic>
#include <vector>

#include "catmouse/census/census_parts.hpp"

namespace catmouse::mpi {

Result<std::optional<census::CensusResult>> run_distributed_census(
    const Communicator& comm, const census::CensusSpec& spec, const std::string& state_path,
    census::CensusObserver& observer) {
  const bool owner_here = comm.rank() == 0;
  std::optional<census::CensusOwner> owner;
  Status opened;
  if (owner_here) {
    Result<census::CensusOwner> o = census::CensusOwner::open(spec, state_path, observer);
    if (o.ok()) {
      owner.emplace(std::move(o).value());
    } else {
      opened = o.error();
    }
  }
  if (Status all = comm.agreed(opened, false); !all.ok()) return all.error();
  // One part at a time on each process: one thread each.
  census::CensusSpec each = spec;
  each.threads = 1;
  Result<census::PartRunner> runner = census::PartRunner::make(each);
  if (Status all = comm.agreed(runner.ok() ? Status() : Status(runner.error())); !all.ok())
    return all.error();
  std::vector<std::uint64_t> count{0};
  std::vector<std::uint32_t> left;
  if (owner_here) {
    left = owner->parts_left();
    count[0] = left.size();
  }
  comm.broadcast(count, 0);
  std::vector<std::uint64_t> parts(count[0]);
  for (std::size_t i = 0; i < left.size(); ++i) parts[i] = left[i];
  comm.broadcast(parts, 0);
  const std::atomic<bool> never{false};
  const auto processes = static_cast<std::size_t>(comm.size());
  for (std::size_t round = 0; round < parts.size(); round += processes) {
    const std::size_t mine = round + static_cast<std::size_t>(comm.rank());
    std::string text;
    Status ran;
    if (mine < parts.size()) {
      Result<std::string> part = runner->run(static_cast<std::uint32_t>(parts[mine]), never);
      if (part.ok()) {
        text = std::move(part).value();
      } else {
        ran = part.error();
      }
    }
    // The parts finished in this round are kept even when another failed: process 0 records
    // them before the failure ends the run.
    const Communicator::Agreement failure = comm.agree(ran);
    const std::vector<std::string> texts = comm.gather(text, 0);
    Status recorded;
    if (owner_here) {
      for (const std::string& t : texts) {
        if (t.empty()) continue;
        recorded = owner->record(t);
        if (!recorded.ok()) break;
      }
      observer.progress(owner->progress());
    }
    if (!failure.status.ok()) return comm.agreed(ran).error();
    if (Status all = comm.agreed(recorded, false); !all.ok()) return all.error();
  }
  Result<census::CensusResult> result =
      owner_here ? owner->finish() : Result<census::CensusResult>(census::CensusResult{});
  if (Status all = comm.agreed(result.ok() ? Status() : Status(result.error()), false); !all.ok())
    return all.error();
  if (!owner_here) return std::optional<census::CensusResult>();
  return std::optional<census::CensusResult>(std::move(result).value());
}

}  // namespace catmouse::mpi
