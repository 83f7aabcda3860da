#include "child_process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "errors.hpp"
#include "input.hpp"
#include "output.hpp"

namespace catmouse::cli {

std::string command_text(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& arg : argv) {
    if (!out.empty()) out += ' ';
    out += arg;
  }
  return out;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, bool merge_stderr,
                           std::string hint)
    : command_(command_text(argv)), hint_(std::move(hint)) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) fail(errno);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  if (merge_stderr) posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  const int error = ::posix_spawnp(&pid_, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (error != 0) {
    ::close(fds[0]);
    pid_ = -1;
    fail(error);
  }
  file_ = ::fdopen(fds[0], "r");
  if (file_ == nullptr) {
    ::close(fds[0]);
    fail(errno);
  }
}

ChildProcess::~ChildProcess() {
  if (file_ != nullptr) std::fclose(file_);
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    wait();
  }
  std::free(line_);
}

bool ChildProcess::next(std::string_view& line) {
  const ssize_t got = ::getline(&line_, &capacity_, file_);
  if (got < 0) return false;
  auto size = static_cast<std::size_t>(got);
  if (size > 0 && line_[size - 1] == '\n') --size;
  if (size > 0 && line_[size - 1] == '\r') --size;
  line = std::string_view(line_, size);
  return true;
}

void ChildProcess::finish() {
  std::fclose(file_);
  file_ = nullptr;
  const int status = wait();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  throw InputError(fmt::format("{}: failed ({} {})", command_,
                               WIFEXITED(status) ? "exit status" : "signal",
                               WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status)));
}

void ChildProcess::fail(int error) const {
  throw InputError(fmt::format("{}: cannot run: {}{}", command_, std::strerror(error),
                               error == ENOENT && !hint_.empty() ? " (" + hint_ + ")" : ""));
}

int ChildProcess::wait() {
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return status;
}

}  // namespace catmouse::cli
