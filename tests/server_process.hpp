// `catmouse serve` as a child process, and plain sockets to talk to it: the tests of the
// server's limits and threads (server_limits_test.cpp, server_threads_test.cpp) send raw bytes, so
// that they can send what no well-behaved client would (slow bytes, two Content-Lengths, a half
// close), and watch the process's peak memory and exit.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server_test_util.hpp"

namespace catmouse::server::test {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// `catmouse serve --port 0 ARGS...`, its port read from what it prints; with `nobody_threads`,
// as the user nobody allowed that many processes and threads in all (RLIMIT_NPROC), and up only
// once it answers (its pool of threads starts after the line that names the port): port 0 when it
// did not start.
class Serve {
 public:
  explicit Serve(std::vector<std::string> extra,
                 std::optional<rlim_t> nobody_threads = std::nullopt) {
    std::vector<std::string> args = {CATMOUSE_CLI, "serve", "--port", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::dup2(::open("/dev/null", O_WRONLY), STDERR_FILENO);
      if (nobody_threads) {
        if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(125);
        const rlimit limit{*nobody_threads, *nobody_threads};
        if (::setrlimit(RLIMIT_NPROC, &limit) != 0) ::_exit(124);
      }
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(fds[1]);
    FILE* out = ::fdopen(fds[0], "r");
    std::string line;
    for (int c; (c = std::fgetc(out)) != EOF && c != '\n';) line += static_cast<char>(c);
    std::fclose(out);
    std::smatch match;
    const bool named = std::regex_search(line, match, std::regex(R"(:(\d+)/)"));
    if (!nobody_threads) {
      if (named) port_ = std::stoi(match[1]);
      EXPECT_GT(port_, 0) << line;
      return;
    }
    if (!named) return;
    httplib::Client client("127.0.0.1", std::stoi(match[1]));
    client.set_read_timeout(10);
    const auto r = client.Get("/api/examples");
    if (r && r->status == 200) port_ = std::stoi(match[1]);
  }
  ~Serve() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Serve(const Serve&) = delete;
  Serve& operator=(const Serve&) = delete;

  int port() const { return port_; }
  pid_t pid() const { return pid_; }

  // The process's peak resident memory so far.
  std::uint64_t peak_bytes() const {
    std::ifstream status(fmt::format("/proc/{}/status", pid_));
    std::string line;
    while (std::getline(status, line)) {
      if (line.starts_with("VmHWM:")) return std::stoull(line.substr(6)) * 1024;
    }
    return 0;
  }

  bool running() const { return pid_ > 0 && ::waitpid(pid_, nullptr, WNOHANG) == 0; }

  // The exit code once the program has ended, or -1 when it is still running after `most`
  // seconds.
  int exit_code(double most) {
    const auto start = Clock::now();
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (seconds_since(start) > most) return -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  // Sends SIGTERM; the seconds the program took to exit (or -1 after `most` seconds, then it is
  // killed) and its exit code.
  std::pair<double, int> terminate(double most) {
    ::kill(pid_, SIGTERM);
    const auto start = Clock::now();
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      const double waited = std::chrono::duration<double>(Clock::now() - start).count();
      if (waited > most) return {-1, -1};
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    pid_ = -1;
    return {std::chrono::duration<double>(Clock::now() - start).count(),
            WIFEXITED(status) ? WEXITSTATUS(status) : -1};
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

// A connection to the server on 127.0.0.1; with `receive_buffer`, a receive window that small
// (a client that reads slowly).
inline int connect_to(int port, int timeout_seconds = 10, int receive_buffer = 0) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (receive_buffer > 0) {
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  timeval timeout{timeout_seconds, 0};  // no test waits longer for an answer
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  return fd;
}

// Requests answered while slow clients do their worst.
struct Probes {
  int asked = 0;
  int answered = 0;
  double slowest = 0;  // seconds
};

// GET /api/examples asked every `pause` seconds for `seconds`, each waiting at most `wait`
// seconds for its answer; `before` runs before each, given the seconds since the start (to send
// the slow clients' next bytes).
inline Probes probe_examples(int port, double seconds, double pause, int wait,
                             const std::function<void(double)>& before = {}) {
  Probes probes;
  const auto start = Clock::now();
  while (seconds_since(start) < seconds) {
    if (before) before(seconds_since(start));
    const auto asked_at = Clock::now();
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(wait);
    client.set_read_timeout(wait);
    const auto r = client.Get("/api/examples");
    ++probes.asked;
    if (r && r->status == 200) ++probes.answered;
    probes.slowest = std::max(probes.slowest, seconds_since(asked_at));
    std::this_thread::sleep_for(std::chrono::duration<double>(pause));
  }
  return probes;
}

inline void send_all(int fd, const std::string& bytes) {
  for (std::size_t sent = 0; sent < bytes.size();) {
    const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

// Everything the server sends until it closes (or 10 s pass).
inline std::string read_all(int fd) {
  std::string answer;
  char buffer[65536];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, n);
  return answer;
}

// Sends `request` and reads the answer; with `half_close`, shuts down the sending side first.
inline std::string exchange(int port, const std::string& request, bool half_close = false,
                            int timeout_seconds = 10) {
  const int fd = connect_to(port, timeout_seconds);
  send_all(fd, request);
  if (half_close) ::shutdown(fd, SHUT_WR);
  std::string answer = read_all(fd);
  ::close(fd);
  return answer;
}

inline int status_of(const std::string& answer) {
  return answer.starts_with("HTTP/1.1 ") ? std::atoi(answer.c_str() + 9) : -1;
}

// The answer's body, parsed; the test fails unless it is JSON of the error's shape.
inline Json error_of(const std::string& answer) {
  EXPECT_NE(answer.find("Content-Type: application/json"), std::string::npos) << answer;
  const std::size_t at = answer.find("\r\n\r\n");
  const Json body =
      Json::parse(at == std::string::npos ? "" : answer.substr(at + 4), nullptr, false);
  EXPECT_TRUE(body.is_object() && body.contains("error") && body.contains("where")) << answer;
  return body;
}

inline std::string post(const std::string& body, const std::string& path = "/api/games") {
  return fmt::format(
      "POST {} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
      "Content-Length: {}\r\n\r\n{}",
      path, body.size(), body);
}

}  // namespace catmouse::server::test
