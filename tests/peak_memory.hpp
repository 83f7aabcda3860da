// A shell command's peak resident memory: it runs in a child of a fresh child, which reports
// getrusage(RUSAGE_CHILDREN), so the peak is that command's alone, not of every command the test
// has run before. For the tests that hold a command to a memory bound.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

namespace peak_memory {

struct PeakRun {
  int exit_code = -1;
  std::uint64_t peak_bytes = 0;  // the command's greatest resident set
};

// Runs `command` under sh with stdout to /dev/null and stderr to `err_path` (/dev/null if empty).
inline PeakRun run_with_peak(const std::string& command, const std::string& err_path = "") {
  const std::string err = err_path.empty() ? "/dev/null" : "'" + err_path + "'";
  int channel[2];
  if (::pipe(channel) != 0) return {};
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(channel[0]);
    const int status = std::system((command + " >/dev/null 2>" + err).c_str());
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    const std::int64_t report[2] = {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
    const ssize_t written = ::write(channel[1], report, sizeof report);
    ::_exit(written == static_cast<ssize_t>(sizeof report) ? 0 : 1);
  }
  ::close(channel[1]);
  std::int64_t report[2] = {-1, 0};
  const ssize_t got = ::read(channel[0], report, sizeof report);
  ::close(channel[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (got != static_cast<ssize_t>(sizeof report)) return {};
  return {static_cast<int>(report[0]), static_cast<std::uint64_t>(report[1]) * 1024};
}

}  // namespace peak_memory
