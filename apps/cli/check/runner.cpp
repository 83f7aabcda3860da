#include "runner.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace catmouse::cli {

namespace {

constexpr std::size_t kKeptStderr = 2048;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string trim(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  const std::size_t end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

// A short, one-line rendering of what a program printed.
std::string shorten(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 60)) {
    if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 32) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return text.size() > 60 ? out + "..." : out;
}

}  // namespace

Program::Program(std::vector<std::string> argv, double timeout_seconds, bool batch,
                 std::vector<std::string> answers)
    : argv_(std::move(argv)),
      timeout_(timeout_seconds),
      batch_(batch),
      answers_(std::move(answers)) {}

Program::~Program() {
  stop();
}

bool Program::start() {
  int in[2], out[2], err[2], exec_error[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0 ||
      ::pipe2(exec_error, O_CLOEXEC) != 0) {
    start_error_ = fmt::format("cannot create pipes: {}", std::strerror(errno));
    return false;
  }
  if (batch_) {
    // In batch mode the program's stdout is a terminal (a raw pseudo-terminal): C stdio, C++
    // streams and Python then flush every line, as a program answering line by line must, where
    // on a pipe they would hold the answers back until the buffer fills or the program ends.
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    const char* name = master >= 0 && ::grantpt(master) == 0 && ::unlockpt(master) == 0
                           ? ::ptsname(master)
                           : nullptr;
    const int slave = name ? ::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC) : -1;
    termios raw{};
    if (slave >= 0 && ::tcgetattr(slave, &raw) == 0) {
      ::cfmakeraw(&raw);
      ::tcsetattr(slave, TCSANOW, &raw);
      ::close(out[0]);
      ::close(out[1]);
      out[0] = master;
      out[1] = slave;
    } else {  // no terminal available: a pipe, as for single runs
      if (master >= 0) ::close(master);
      if (slave >= 0) ::close(slave);
    }
  }
  std::vector<char*> args;
  for (std::string& a : argv_) args.push_back(a.data());
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    // The child: its own process group (so a timeout kills its children too), the pipes as its
    // standard streams, then the program. If exec fails, errno goes back through exec_error.
    ::setpgid(0, 0);
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    ::signal(SIGPIPE, SIG_DFL);
    ::execvp(args[0], args.data());
    const int code = errno;
    [[maybe_unused]] const auto n = ::write(exec_error[1], &code, sizeof code);
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::close(exec_error[1]);
  if (pid < 0) {
    start_error_ = fmt::format("cannot start a process: {}", std::strerror(errno));
    for (int fd : {in[1], out[0], err[0], exec_error[0]}) ::close(fd);
    return false;
  }
  ::setpgid(pid, pid);
  int code = 0;
  const auto got = ::read(exec_error[0], &code, sizeof code);  // 0 bytes: exec succeeded
  ::close(exec_error[0]);
  if (got == static_cast<ssize_t>(sizeof code)) {
    ::waitpid(pid, nullptr, 0);
    for (int fd : {in[1], out[0], err[0]}) ::close(fd);
    start_error_ = fmt::format("cannot run '{}': {}", argv_[0], std::strerror(code));
    return false;
  }
  pid_ = pid;
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  for (int fd : {in_, out_, err_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  stdout_.clear();
  stderr_.clear();
  ++starts_;
  return true;
}

void Program::stop() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  pid_ = -1;
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

RunOutcome Program::classify(const std::string& output) const {
  const std::string answer = trim(output);
  // Without regard to case: Python prints True and False.
  std::string lower = answer;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (std::find(answers_.begin(), answers_.end(), lower) != answers_.end()) {
    return {RunKind::kAnswer, lower, {}};
  }
  return {RunKind::kGarbage, answer.empty() ? "nothing" : fmt::format("'{}'", shorten(answer)), {}};
}

RunOutcome Program::ended(int status) const {
  std::string detail;
  if (WIFSIGNALED(status)) {
    detail =
        fmt::format("killed by signal {} ({})", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
  } else if (WIFEXITED(status)) {
    detail = fmt::format("exit code {}", WEXITSTATUS(status));
  }
  const std::string tail = trim(stderr_);
  if (!tail.empty()) {
    const std::size_t line = tail.rfind('\n');
    detail += "; stderr: " + shorten(line == std::string::npos ? tail : tail.substr(line + 1));
  }
  return {RunKind::kCrash, {}, detail};
}

RunOutcome Program::run(const std::string& input) {
  if (pid_ < 0 && !start()) return {RunKind::kCrash, {}, start_error_};
  const std::string data = input + "\n";
  std::size_t written = 0;
  const double deadline = now() + timeout_;
  if (!batch_) stdout_.clear();
  for (;;) {
    if (batch_) {
      const std::size_t newline = stdout_.find('\n');
      if (newline != std::string::npos) {
        const std::string line = stdout_.substr(0, newline);
        stdout_.erase(0, newline + 1);
        return classify(line);
      }
    } else if (written == data.size()) {
      close_fd(in_);  // the whole input is sent: the program sees its end
    }
    if (out_ < 0 && (batch_ || err_ < 0)) break;  // the program closed its output
    const double left = deadline - now();
    if (left <= 0) {
      stop();
      return {RunKind::kTimeout, {}, fmt::format("no answer within {} s", timeout_)};
    }
    pollfd fds[3];
    nfds_t count = 0;
    if (in_ >= 0 && written < data.size()) fds[count++] = {in_, POLLOUT, 0};
    if (out_ >= 0) fds[count++] = {out_, POLLIN, 0};
    if (err_ >= 0) fds[count++] = {err_, POLLIN, 0};
    const int ready = ::poll(fds, count, static_cast<int>(std::min(left * 1000 + 1, 60000.0)));
    if (ready < 0 && errno != EINTR) break;
    for (nfds_t i = 0; i < count && ready > 0; ++i) {
      if (fds[i].revents == 0) continue;
      if (fds[i].fd == in_) {
        const auto n = ::write(in_, data.data() + written, data.size() - written);
        if (n > 0) written += static_cast<std::size_t>(n);
        if (n < 0 && errno != EAGAIN) written = data.size(), close_fd(in_);  // it stopped reading
        continue;
      }
      char buffer[4096];
      const auto n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0 && fds[i].fd == out_) stdout_.append(buffer, static_cast<std::size_t>(n));
      if (n > 0 && fds[i].fd == err_) {
        stderr_.append(buffer, static_cast<std::size_t>(n));
        if (stderr_.size() > kKeptStderr) stderr_.erase(0, stderr_.size() - kKeptStderr);
      }
      if (n == 0 || (n < 0 && errno != EAGAIN)) {  // EIO from a terminal: the program ended
        if (fds[i].fd == out_) {
          close_fd(out_);
        } else {
          close_fd(err_);
        }
      }
    }
  }
  // The program closed its output: wait for it to end, still within the time limit.
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) break;
    if (now() > deadline) {
      stop();
      return {RunKind::kTimeout, {}, fmt::format("no exit within {} s", timeout_)};
    }
    ::usleep(1000);
  }
  pid_ = -1;
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
  if (batch_) {
    RunOutcome outcome = ended(status);
    outcome.detail = "ended before answering (" + outcome.detail + ")";
    return outcome;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return ended(status);
  return classify(stdout_);
}

}  // namespace catmouse::cli
