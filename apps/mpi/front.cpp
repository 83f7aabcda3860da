#include "front.hpp"

#include <sys/resource.h>

#include <fstream>

namespace catmouse::mpi_cli {

int exit_code(const Error& error) {
  const std::string& field = error.where.field;
  if (field == "memory_limit" && error.message.find("out of memory") != std::string::npos) return 1;
  if (field == "fail_process") return 1;
  if (field == "engine" && error.message.find("internal error") != std::string::npos) return 1;
  return 2;
}

std::string read_everywhere(const mpi::Communicator& comm, const std::string& path) {
  std::string text;
  agreed(comm, [&] {
    if (comm.rank() == 0) text = cli::read_input(path);
  });
  comm.broadcast(text, 0);
  return text;
}

std::uint64_t default_memory(const mpi::Communicator& comm) {
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024 / static_cast<std::uint64_t>(comm.local_size());
  }
  return 0;  // unknown: no limit
}

std::uint64_t peak_rss() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux: KiB
}

}  // namespace catmouse::mpi_cli
