// A geng program run for one part (geng_process.hpp).
#include "geng_process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>
#include <utility>

namespace catmouse::census {

namespace {

Error process_error(const std::string& where, std::string message, bool resources = false) {
  Error error(fmt::format("{}: {}", where, message));
  if (resources) {
    error.where.field = ErrorField::kResources;
    error.kind = ErrorKind::kResources;
  }
  return error;
}

// posix_spawn's attributes and actions, freed however start() returns.
struct SpawnSetup {
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_t actions;
  SpawnSetup() {
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_init(&actions);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

double seconds_of(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
}

}  // namespace

Result<GengProcess> GengProcess::start(const std::vector<std::string>& argv, std::string where) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return process_error(where, std::strerror(errno), true);
  SpawnSetup setup;
  // A group of its own (so that it and whatever it starts are killed together, and a terminal's
  // Ctrl-C reaches catmouse alone, which then stops it), no signal blocked, and the signals that
  // end a process at their default actions even where catmouse ignores them (SIGPIPE, under MPI).
  sigset_t signals;
  sigemptyset(&signals);
  posix_spawnattr_setsigmask(&setup.attributes, &signals);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&signals, s);
  posix_spawnattr_setsigdefault(&setup.attributes, &signals);
  posix_spawnattr_setpgroup(&setup.attributes, 0);
  posix_spawnattr_setflags(&setup.attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&setup.actions, fds[1], STDOUT_FILENO);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int error =
      ::posix_spawn(&pid, args[0], &setup.actions, &setup.attributes, args.data(), environ);
  ::close(fds[1]);
  if (error != 0) {
    ::close(fds[0]);
    return process_error(where, fmt::format("cannot run {}: {}", argv[0], std::strerror(error)));
  }
  return GengProcess(pid, fds[0], std::move(where));
}

GengProcess::GengProcess(GengProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      fd_(std::exchange(other.fd_, -1)),
      where_(std::move(other.where_)),
      buffer_(std::move(other.buffer_)),
      begin_(other.begin_),
      eof_(other.eof_) {}

GengProcess::~GengProcess() {
  if (fd_ >= 0) ::close(fd_);
  if (pid_ > 0) stop();
}

Result<GengProcess::Read> GengProcess::next(std::string_view& line, const std::atomic<bool>& stop,
                                            std::chrono::steady_clock::time_point deadline) {
  for (;;) {
    const std::string_view unread = std::string_view(buffer_).substr(begin_);
    if (const std::size_t end = unread.find('\n'); end != std::string_view::npos) {
      line = unread.substr(0, end);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      begin_ += end + 1;
      return Read::kLine;
    }
    if (unread.size() > kMaxLine) {
      return process_error(where_, fmt::format("a line longer than {} bytes", kMaxLine));
    }
    if (eof_) {
      if (unread.empty()) return Read::kEnd;
      line = unread;  // a last line without a newline
      begin_ = buffer_.size();
      return Read::kLine;
    }
    buffer_.erase(0, begin_);
    begin_ = 0;
    // Wait for output in short slices, so that a stop is seen within one.
    pollfd ready{fd_, POLLIN, 0};
    const int polled = ::poll(&ready, 1, 100);
    if (stop.load(std::memory_order_relaxed) || std::chrono::steady_clock::now() >= deadline)
      return Read::kStopped;
    if (polled < 0 && errno != EINTR) return process_error(where_, std::strerror(errno), true);
    if (polled <= 0) continue;
    char chunk[1 << 16];
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return process_error(where_, fmt::format("read error: {}", std::strerror(errno)), true);
    }
    if (got == 0) {
      eof_ = true;
    } else {
      buffer_.append(chunk, static_cast<std::size_t>(got));
    }
  }
}

bool GengProcess::exited_within(std::chrono::milliseconds wait) const {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    siginfo_t info{};
    // WNOWAIT: the leader stays a zombie, so that its group id is not reused before reap().
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
      return true;
    }
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

int GengProcess::reap(double& cpu_seconds) {
  ::kill(-pid_, SIGKILL);  // whatever is left of its group
  int status = 0;
  rusage usage{};
  while (::wait4(pid_, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  cpu_seconds += seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  pid_ = -1;
  return status;
}

void GengProcess::stop() {
  ::kill(-pid_, SIGTERM);
  (void)exited_within(kGrace);
  double ignored = 0;
  (void)reap(ignored);
}

Status GengProcess::finish(double& cpu_seconds) {
  ::close(fd_);
  fd_ = -1;
  if (!exited_within(kGrace)) {
    stop();
    return process_error(where_,
                         fmt::format("closed its output but did not exit within {} s; stopped",
                                     kGrace.count() / 1000),
                         true);
  }
  const int status = reap(cpu_seconds);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
  return process_error(where_, WIFEXITED(status)
                                   ? fmt::format("failed (exit status {})", WEXITSTATUS(status))
                                   : fmt::format("failed (signal {})", WTERMSIG(status)));
}

std::string program_version(const std::string& program) {
  Result<GengProcess> process = GengProcess::start({program, "--version"}, program);
  if (!process.ok()) return "unknown";
  const std::atomic<bool> never{false};
  std::string_view line;
  Result<GengProcess::Read> read =
      process->next(line, never, std::chrono::steady_clock::now() + GengProcess::kGrace);
  if (!read.ok() || *read != GengProcess::Read::kLine || line.empty()) return "unknown";
  std::string version(line);
  // Only printable ASCII: the version goes into state files and messages.
  for (char& c : version) {
    if (c < 32 || c > 126) c = '?';
  }
  return version;
}

}  // namespace catmouse::census
