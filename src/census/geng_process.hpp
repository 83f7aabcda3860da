// A geng program run for one part of a census (geng_driver.hpp), when the census runs a program
// rather than the geng built in (--geng PATH, or a catmouse built without libnauty2-dev).
//
// The program starts without a shell (posix_spawn: MPI libraries prefer it to fork) as the
// leader of a process group of its own, with stdin from /dev/null and the stop signals at their
// default actions, and its output is read line by line with the stop flag polled between reads.
// However it ends, its whole group is killed before it is reaped (so that no helper it started
// keeps the caller's stderr open, and its group id cannot have been reused): a program still
// running gets SIGTERM, then SIGKILL after kGrace. A program that closes its output but does not
// exit within kGrace is killed too, and that is an error naming it. Internal to the census.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"

namespace catmouse::census {

class GengProcess {
 public:
  // How long a program has to exit after SIGTERM, or after closing its output.
  static constexpr std::chrono::milliseconds kGrace{2000};
  // A line longer than this is not a graph of a census (16 nodes take 21 bytes).
  static constexpr std::size_t kMaxLine = 4096;

  // Starts argv[0] (a path). `where` names it in errors ("geng part 3/8"). Fails when it
  // cannot start.
  static Result<GengProcess> start(const std::vector<std::string>& argv, std::string where);

  GengProcess(GengProcess&& other) noexcept;
  GengProcess& operator=(GengProcess&&) = delete;
  GengProcess(const GengProcess&) = delete;
  GengProcess& operator=(const GengProcess&) = delete;
  ~GengProcess();  // stops the program unless finish() reaped it

  enum class Read { kLine, kEnd, kStopped };
  // The next line without its newline, valid until the next call; kEnd when the program closed
  // its output, kStopped as soon as `stop` is set or `deadline` has passed. Fails on a line
  // longer than kMaxLine or a read error.
  Result<Read> next(std::string_view& line, const std::atomic<bool>& stop,
                    std::chrono::steady_clock::time_point deadline =
                        std::chrono::steady_clock::time_point::max());

  // After kEnd: waits for the program to exit (within kGrace, else it is killed and that is the
  // error) and adds its CPU time to `cpu_seconds`. Fails unless it exited with status 0.
  Status finish(double& cpu_seconds);

 private:
  GengProcess(pid_t pid, int fd, std::string where)
      : pid_(pid), fd_(fd), where_(std::move(where)) {}
  // Whether the program has exited, waiting at most `wait` (not reaping it).
  bool exited_within(std::chrono::milliseconds wait) const;
  // Kills the group and reaps the leader: its wait status, and its CPU time.
  int reap(double& cpu_seconds);
  void stop();  // SIGTERM, kGrace, SIGKILL, reaped

  pid_t pid_ = -1;
  int fd_ = -1;
  std::string where_;
  std::string buffer_;
  std::size_t begin_ = 0;  // the unread part of buffer_
  bool eof_ = false;
};

// Runs `program --version` and gives the first line it prints ("Nauty&Traces version 2.8001 (32
// bits)"), or "unknown" when it prints none or fails (a program of the tests, say).
std::string program_version(const std::string& program);

}  // namespace catmouse::census
