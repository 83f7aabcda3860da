#include "mpi/distributed_tablebase.hpp"

#include <new>

#include "io/tablebase_writer.hpp"

namespace catmouse::mpi {

Status write_tablebase(const std::string& path, const DistributedSolution& solution,
                       const TablebaseWriteOptions& options, const Communicator& comm) {
  const Counts counts = solution.counts();
  Status written;
  if (comm.rank() != 0) {
    solution.serve(0);
    return comm.agreed(written, false);
  }
  try {
    tablebase::TableDescription table;
    table.spec = &solution.spec();
    table.engine = solution.engine();
    table.remoteness = solution.has_remoteness();
    table.counts = counts;
    table.states = solution.game().state_count();
    const auto codes = [&](StateIndex first, std::span<std::uint32_t> out) -> Status {
      solution.read_codes(0, first, out);
      return {};
    };
    written = tablebase::write_file(path, table, codes, options);
  } catch (const std::bad_alloc&) {
    Error error{"out of memory writing the tablebase file", {}};
    error.where.source = path;
    error.where.field = "memory_limit";
    written = error;
  }
  // The others wait in serve() until told that reading is over, whatever happened here.
  solution.end_reading(0);
  return comm.agreed(written, false);
}

}  // namespace catmouse::mpi
