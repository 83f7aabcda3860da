#include "runner.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
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

// The end of stderr kept: room for kCrashLines lines of a traceback.
constexpr std::size_t kKeptStderr = 16384;
// Without a pidfd (kernels before 5.3), how often a wait looks whether the program ended.
constexpr double kExitPoll = 0.01;

double seconds_of(std::chrono::steady_clock::time_point point) {
  if (point == std::chrono::steady_clock::time_point::max()) return 1e300;
  return std::chrono::duration<double>(point.time_since_epoch()).count();
}

// A descriptor that becomes readable when process `pid` ends, or -1 where there is none.
int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
  return static_cast<int>(fd);
#else
  (void)pid;
  return -1;
#endif
}

std::string limit_text(double seconds) {
  return fmt::format("{} s", seconds);
}

RunOutcome outcome_of(RunKind kind, std::string answer = {}, std::string detail = {}) {
  RunOutcome outcome;
  outcome.kind = kind;
  outcome.answer = std::move(answer);
  outcome.detail = std::move(detail);
  return outcome;
}

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
                 std::vector<std::string> answers, RunStop stop)
    : argv_(std::move(argv)),
      timeout_(timeout_seconds),
      batch_(batch),
      answers_(std::move(answers)),
      stop_(stop) {}

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
    start_errno_ = code;
    return false;
  }
  pid_ = pid;
  pidfd_ = open_pidfd(pid);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  for (int fd : {in_, out_, err_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  stdout_.clear();
  stderr_.clear();
  overflow_ = false;
  ++starts_;
  answered_ = 0;
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
  close_fd(pidfd_);
}

// Whether the program's process has ended. It is not reaped (WNOWAIT): while it is a zombie its
// id stays taken, so that its process group can still be killed by that id.
bool Program::exited() const {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid_;
}

// Reads what `fd` has, keeping at most kMaxOutput + 1 bytes of stdout and the last kKeptStderr
// of stderr; closes it at its end (EIO from a terminal: the program ended).
void Program::read_from(int& fd) {
  char buffer[65536];
  const auto n = ::read(fd, buffer, sizeof buffer);
  if (n > 0 && fd == out_) {
    const std::size_t room = kMaxOutput + 1 - std::min(stdout_.size(), kMaxOutput + 1);
    stdout_.append(buffer, std::min(room, static_cast<std::size_t>(n)));
    overflow_ |= stdout_.size() > kMaxOutput && stdout_.find('\n') == std::string::npos;
    if (!batch_) overflow_ |= stdout_.size() > kMaxOutput;
  } else if (n > 0) {
    stderr_.append(buffer, static_cast<std::size_t>(n));
    if (stderr_.size() > kKeptStderr) stderr_.erase(0, stderr_.size() - kKeptStderr);
  }
  if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) close_fd(fd);
}

// After the program ended: what is still in its pipes (a background child may hold them open,
// so up to what is there now, and within the cap).
void Program::drain() {
  for (int* fd : {&out_, &err_}) {
    for (int k = 0; k < 64 && *fd >= 0 && !overflow_; ++k) {
      pollfd ready{*fd, POLLIN, 0};
      if (::poll(&ready, 1, 0) <= 0) break;
      read_from(*fd);
    }
  }
}

// One round of waiting, up to `deadline` (seconds of the steady clock): sends what is left of
// `data`, and reads what the program printed. Returns what ended the wait, if anything did.
Program::Event Program::pump(double deadline, const std::string& data, std::size_t& written) {
  if (exited()) return Event::kExited;
  const double left = deadline - now();
  if (left <= 0) return Event::kDeadline;
  pollfd fds[5];
  nfds_t count = 0;
  if (in_ >= 0 && written < data.size()) fds[count++] = {in_, POLLOUT, 0};
  if (out_ >= 0) fds[count++] = {out_, POLLIN, 0};
  if (err_ >= 0) fds[count++] = {err_, POLLIN, 0};
  if (pidfd_ >= 0) fds[count++] = {pidfd_, POLLIN, 0};
  if (stop_.wake_fd >= 0) fds[count++] = {stop_.wake_fd, POLLIN, 0};
  const double wait = pidfd_ >= 0 ? left : std::min(left, kExitPoll);
  const int ready = ::poll(fds, count, static_cast<int>(std::min(wait * 1000 + 1, 60000.0)));
  if (ready <= 0) return Event::kNone;  // a timeout, or EINTR: the next round looks again
  for (nfds_t i = 0; i < count; ++i) {
    if (fds[i].revents == 0) continue;
    if (fds[i].fd == stop_.wake_fd) return Event::kInterrupted;
    if (fds[i].fd == in_) {
      const auto n = ::write(in_, data.data() + written, data.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n < 0 && errno != EAGAIN) written = data.size(), close_fd(in_);  // it stopped reading
    } else if (fds[i].fd == out_) {
      read_from(out_);
    } else if (fds[i].fd == err_) {
      read_from(err_);
    }
  }
  return Event::kNone;
}

RunOutcome Program::classify(const std::string& output) const {
  const std::string answer = trim(output);
  // Without regard to case: Python prints True and False.
  std::string lower = answer;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (std::find(answers_.begin(), answers_.end(), lower) != answers_.end()) {
    return outcome_of(RunKind::kAnswer, lower);
  }
  return garbage(answer.empty() ? "nothing" : fmt::format("'{}'", shorten(answer)), answer);
}

RunOutcome Program::ended(int status) const {
  std::string detail;
  RunOutcome outcome = outcome_of(RunKind::kCrash);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    detail =
        fmt::format("killed by signal {} ({})", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
  } else if (WIFEXITED(status)) {
    detail = fmt::format("exit code {}", WEXITSTATUS(status));
  }
  const std::string tail = trim(stderr_);
  std::string errors;
  if (!tail.empty()) {
    const std::size_t line = tail.rfind('\n');
    detail += "; stderr: " + shorten(line == std::string::npos ? tail : tail.substr(line + 1));
    // The last kCrashLines lines.
    std::size_t begin = tail.size();
    for (std::size_t lines = 0; lines < kCrashLines && begin != 0; ++lines) {
      const std::size_t newline = tail.rfind('\n', begin - 1);
      begin = newline == std::string::npos ? 0 : newline;
    }
    errors = tail.substr(begin == 0 ? 0 : begin + 1);
  }
  outcome.detail = detail;
  outcome.errors = errors;
  outcome.printed = trim(stdout_).substr(0, kPrintedKept);
  return outcome;
}

RunOutcome Program::run(const std::string& input, double timeout_seconds) {
  const std::string data = input + "\n";
  std::size_t written = 0;
  const double limit = timeout_seconds > 0 ? timeout_seconds : timeout_;
  const double timeout_at = now() + limit, budget_end = seconds_of(stop_.deadline);
  const double deadline = std::min(timeout_at, budget_end);
  if (!batch_) stdout_.clear();
  if (batch_ && pid_ >= 0) {
    // Output before the input is sent came after the previous answer: a second line for it.
    // Reported here, then the process is restarted, so that answers and inputs stay in step.
    drain();
    if (!stdout_.empty()) {
      const std::string early = stdout_;
      stop();
      RunOutcome late = garbage(
          fmt::format("'{}' (printed after the answer to the previous input)", shorten(early)),
          early);
      late.lines = true;
      return late;
    }
  }
  if (pid_ < 0 && !start()) {
    RunOutcome failed = outcome_of(RunKind::kCrash, {}, start_error_);
    failed.start_error = start_errno_;
    return failed;
  }
  bool ended = false;
  for (;;) {
    if (batch_) {
      const std::size_t newline = stdout_.find('\n');
      if (newline != std::string::npos && newline + 1 < stdout_.size()) {
        // More than one line for one input: garbage, and a fresh process for the next.
        const std::string all = stdout_;
        stop();
        return garbage(fmt::format("'{}'", shorten(trim(all))), all);
      }
      if (newline != std::string::npos) {
        const std::string line = stdout_.substr(0, newline);
        stdout_.clear();
        ++answered_;
        return classify(line);
      }
    } else if (written == data.size()) {
      close_fd(in_);  // the whole input is sent: the program sees its end
    }
    if (overflow_) {
      const std::string all = stdout_;
      stop();
      RunOutcome flood = garbage(fmt::format("more than {} MiB of output", kMaxOutput >> 20), all);
      flood.overflow = true;
      return flood;
    }
    if (ended || (out_ < 0 && (batch_ || err_ < 0))) break;  // the program closed its output
    switch (pump(deadline, data, written)) {
      case Event::kNone:
        break;
      case Event::kExited:
        drain();  // then once more round the loop: a batch answer may be complete now
        ended = true;
        break;
      case Event::kInterrupted:
        stop();
        return outcome_of(RunKind::kStopped);
      case Event::kDeadline:
        if (timeout_at > budget_end) {
          stop();
          return outcome_of(RunKind::kStopped);
        }
        return timed_out(limit, budget_end);
    }
  }
  return finish(deadline, timeout_at > budget_end, limit);
}

// A run past its time limit: killed with its group. With test_end_of_input() and the first input
// of the first process, the input is closed first, and whether an answer or the process's end
// follows shortly is recorded: it tells a program that reads its whole input before answering.
RunOutcome Program::timed_out(double limit, double budget_end) {
  RunOutcome outcome = outcome_of(RunKind::kTimeout, {}, "no answer within " + limit_text(limit));
  if (batch_ && test_end_of_input_ && starts_ == 1 && answered_ == 0) {
    close_fd(in_);
    const double until = std::min(now() + std::min(limit, kEndOfInputWait), budget_end);
    std::size_t written = 0;
    const std::string nothing;
    for (;;) {
      if (stdout_.find('\n') != std::string::npos) {
        outcome.answered_at_end = true;
        break;
      }
      const Event event = pump(until, nothing, written);
      if (event == Event::kExited) {
        drain();
        outcome.answered_at_end = !trim(stdout_).empty();
        outcome.ended_at_end = !outcome.answered_at_end;
        break;
      }
      if (event != Event::kNone) break;  // the wait or the budget ran out, or an interrupt
    }
  }
  stop();
  return outcome;
}

// Garbage: `shown` in the report, `output` (what was printed) kept for the diagnosis.
RunOutcome Program::garbage(std::string shown, const std::string& output) {
  RunOutcome outcome = outcome_of(RunKind::kGarbage, std::move(shown));
  const std::string text = trim(output);
  outcome.printed = text.substr(0, kPrintedKept);
  outcome.lines = text.find('\n') != std::string::npos;
  return outcome;
}

// The program closed its output or ended: waits for its end (still within the time limit),
// kills what is left of its process group (its background children), and reaps it.
RunOutcome Program::finish(double deadline, bool budget_first, double limit) {
  while (!exited()) {
    const double left = deadline - now();
    if (left <= 0) {
      stop();
      if (budget_first) return outcome_of(RunKind::kStopped);
      return outcome_of(RunKind::kTimeout, {}, "no exit within " + limit_text(limit));
    }
    pollfd fds[2];
    nfds_t count = 0;
    if (pidfd_ >= 0) fds[count++] = {pidfd_, POLLIN, 0};
    if (stop_.wake_fd >= 0) fds[count++] = {stop_.wake_fd, POLLIN, 0};
    const double wait = pidfd_ >= 0 ? left : std::min(left, kExitPoll);
    ::poll(fds, count, static_cast<int>(std::min(wait * 1000 + 1, 60000.0)));
    if (stop_.wake_fd >= 0 && count > 0 && (fds[count - 1].revents & POLLIN)) {
      stop();
      return outcome_of(RunKind::kStopped);
    }
  }
  ::kill(-pid_, SIGKILL);  // the group outlives its leader only through background children
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
  close_fd(pidfd_);
  if (batch_) {
    RunOutcome outcome = ended(status);
    outcome.detail = "ended before answering (" + outcome.detail + ")";
    return outcome;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return ended(status);
  return classify(stdout_);
}

}  // namespace catmouse::cli
