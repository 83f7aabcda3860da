#include "front.hpp"

#include <sys/resource.h>

namespace catmouse::mpi_cli {

void agree(const mpi::Communicator& comm, int code, const std::string& message, bool name_process) {
  Status mine;
  if (code != 0) mine = Error{message, {}};
  const mpi::Communicator::Agreement all = comm.agree(mine);
  if (all.status.ok()) return;
  auto first_code = static_cast<std::uint64_t>(code);
  comm.broadcast(std::span<std::uint64_t>(&first_code, 1), all.first);
  std::string text = all.status.error().message;
  if (name_process && comm.size() > 1 && all.failed < comm.size()) {
    text += " (process " + std::to_string(all.first) + ")";
  }
  throw AgreedError(text, static_cast<int>(first_code));
}

AgreedError agreed_solve_error(const Error& error, const std::string& source) {
  try {
    return AgreedError(cli::solve_error(error, source).what(), 2);
  } catch (const cli::ResourceError& e) {
    return AgreedError(e.what(), 1);
  }
}

std::string read_everywhere(const mpi::Communicator& comm, const std::string& path,
                            std::uint64_t memory_limit) {
  std::string text;
  agreed(
      comm,
      [&] {
        if (comm.rank() == 0) text = cli::read_input(path, memory_limit);
      },
      false);
  comm.broadcast(text, 0);
  return text;
}

std::uint64_t default_memory(const mpi::Communicator& comm) {
  cli::EngineOptions engine;
  engine.processes_here = static_cast<unsigned>(comm.local_size());
  return engine.memory_limit();
}

std::uint64_t peak_rss() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux: KiB
}

}  // namespace catmouse::mpi_cli
