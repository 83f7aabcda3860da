// A program started without a shell (posix_spawnp, found on PATH; MPI libraries prefer it to
// fork) whose standard output is read line by line: nauty-geng for the census commands of
// catmouse and catmouse-mpi.
#pragma once

#include <sys/types.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace catmouse::cli {

// A command line as text, for messages.
std::string command_text(const std::vector<std::string>& argv);

class ChildProcess {
 public:
  // argv[0] is the program; with merge_stderr its stderr comes with its stdout. `hint` ends the
  // message when the program is not found. Throws InputError when it cannot start.
  ChildProcess(const std::vector<std::string>& argv, bool merge_stderr, std::string hint = {});
  // Before finish() (a failure, or a reader that stopped early): stops the program.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // The command line as text, for messages.
  const std::string& command() const { return command_; }
  // The next line without its newline; false at the end.
  bool next(std::string_view& line);
  // Waits for the program; throws InputError unless it exited with 0.
  void finish();

 private:
  [[noreturn]] void fail(int error) const;
  int wait();

  std::string command_;
  std::string hint_;
  pid_t pid_ = -1;
  std::FILE* file_ = nullptr;
  char* line_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace catmouse::cli
