#include "mpi/distributed_tablebase.hpp"

#include <algorithm>
#include <new>
#include <thread>
#include <vector>

#include "tablebase/writer.hpp"

namespace catmouse::mpi {

namespace {

// The writer asks for one block at a time (a few thousand states): each ask a round trip to
// every process. Where it reads on from its last ask (every block, in order), a window of
// kWindow states is fetched at once and the next asks are answered from it; a jump (the
// dictionary's samples, when far apart) fetches only what is asked.
class CodeWindow {
 public:
  static constexpr StateIndex kWindow = StateIndex{1} << 20;
  explicit CodeWindow(const DistributedSolution& solution)
      : solution_(solution), states_(solution.game().state_count()) {}
  void read(StateIndex first, std::span<std::uint32_t> out) {
    if (first < first_ || first + out.size() > first_ + codes_.size()) {
      const StateIndex wanted =
          first == next_ ? std::max<StateIndex>(out.size(), kWindow) : out.size();
      codes_.resize(static_cast<std::size_t>(std::min(wanted, states_ - first)));
      solution_.read_codes(0, first, codes_);
      first_ = first;
    }
    std::copy_n(codes_.begin() + static_cast<std::ptrdiff_t>(first - first_), out.size(),
                out.begin());
    next_ = first + out.size();
  }

 private:
  const DistributedSolution& solution_;
  const StateIndex states_;
  std::vector<std::uint32_t> codes_;
  StateIndex first_ = 0;
  StateIndex next_ = 0;
};

}  // namespace

Status write_tablebase(const std::string& path, const DistributedSolution& solution,
                       const TablebaseWriteOptions& options, const Communicator& comm,
                       std::chrono::milliseconds pause) {
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
    CodeWindow window(solution);
    const auto codes = [&](StateIndex first, std::span<std::uint32_t> out) -> Status {
      if (pause.count() > 0) std::this_thread::sleep_for(pause);
      window.read(first, out);
      return {};
    };
    written = tablebase::write_file(path, table, codes, options);
  } catch (const std::bad_alloc&) {
    Error error{"out of memory writing the tablebase file", {}, ErrorKind::kOutOfMemory};
    error.where.source = path;
    error.where.field = ErrorField::kMemoryLimit;
    written = error;
  }
  // The others wait in serve() until told that reading is over, whatever happened here.
  solution.end_reading(0);
  return comm.agreed(written, false);
}

}  // namespace catmouse::mpi
