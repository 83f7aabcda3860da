#include "input.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <iterator>

#include "catmouse/io/limits.hpp"
#include "engine_options.hpp"
#include "errors.hpp"
#include "output.hpp"

namespace catmouse::cli {

namespace {

// Closes a file descriptor that read_input() opened, however it leaves.
class OpenedFile {
 public:
  explicit OpenedFile(int fd) : fd_(fd) {}
  OpenedFile(const OpenedFile&) = delete;
  OpenedFile& operator=(const OpenedFile&) = delete;
  ~OpenedFile() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  int fd_;
};

[[noreturn]] void input_too_long(const std::string& name, std::uint64_t memory_limit) {
  Error error = check_input_size(UINT64_MAX, memory_limit).error();
  error.where.source = name;
  throw_read_error(error);
}

// Waits until the FIFO open at `fd` (without blocking) has something to read, or had a writer
// that went away: poll() reports neither while no writer has come, which on Linux holds for a
// FIFO opened for reading until its first writer closes (a hang-up is only reported once a
// writer has come and gone since the open).
void wait_for_writer(int fd, const std::string& path) {
  const PeerWait wait = fifo_wait("writer");
  const auto started = std::chrono::steady_clock::now();
  bool told = false;
  for (;;) {
    int timeout = -1;
    if (!told) {
      const auto left = wait.notice_after - std::chrono::duration_cast<std::chrono::milliseconds>(
                                                std::chrono::steady_clock::now() - started);
      timeout = static_cast<int>(std::max<std::int64_t>(0, left.count()));
    }
    pollfd polled{fd, POLLIN, 0};
    const int ready = ::poll(&polled, 1, timeout);
    if (ready > 0) return;
    if (ready < 0 && errno != EINTR) {
      throw InputError(fmt::format("{}: read error: {}", path, std::strerror(errno)));
    }
    if (ready == 0 && !told) {
      told = true;
      wait.waiting(path);
    }
  }
}

}  // namespace

int open_input(const std::string& path) {
  int fd = -1;
  do {
    // Without blocking: a FIFO's open would otherwise wait for a writer, silent.
    fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  struct stat status {};
  try {
    if (::fstat(fd, &status) == 0 && S_ISFIFO(status.st_mode)) wait_for_writer(fd, path);
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
      throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  return fd;
}

void check_input_piece(const std::string& name, std::string_view piece, std::uint64_t offset,
                       std::uint64_t memory_limit) {
  if (const void* nul = std::memchr(piece.data(), '\0', piece.size())) {
    const auto at =
        offset + static_cast<std::uint64_t>(static_cast<const char*>(nul) - piece.data());
    throw InputError(fmt::format(
        "{}: byte {} is NUL: binary data, not text (catmouse reads LeetCode JSON, edge lists, "
        "graph6 and grid maps)",
        name, at + 1));
  }
  const std::uint64_t most = memory_limit == 0 ? UINT64_MAX : max_input_bytes(memory_limit);
  if (offset > most || piece.size() > most - offset) input_too_long(name, memory_limit);
}

std::string read_input(const std::string& path, std::uint64_t memory_limit) {
  const bool standard_input = path == "-";
  const std::string name = standard_input ? "<stdin>" : path;
  const int fd = standard_input ? STDIN_FILENO : open_input(path);
  const OpenedFile closer(standard_input ? -1 : fd);
  const std::uint64_t most = memory_limit == 0 ? UINT64_MAX : max_input_bytes(memory_limit);
  std::string text;
  struct stat status {};
  if (::fstat(fd, &status) == 0) {
    if (S_ISDIR(status.st_mode)) throw InputError(fmt::format("{}: is a directory", name));
    if (S_ISREG(status.st_mode)) {
      // Refused before reading a byte; else read in one allocation.
      if (static_cast<std::uint64_t>(status.st_size) > most) input_too_long(name, memory_limit);
      text.reserve(static_cast<std::size_t>(status.st_size));
    }
  }
  // Read in pieces, so that a pipe or a device (no size known) stops at the bound.
  char piece[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, piece, sizeof piece);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(fmt::format("{}: read error: {}", name, std::strerror(errno)));
    if (got == 0) break;
    check_input_piece(name, std::string_view(piece, static_cast<std::size_t>(got)), text.size(),
                      memory_limit);
    text.append(piece, static_cast<std::size_t>(got));
  }
  return text;
}

void GraphInput::add_to(CLI::App& app, bool required) {
  auto* option = app.add_option(
      "GRAPH", path, "graph file: LeetCode JSON adjacency lists or an edge list; '-' reads stdin");
  if (required) option->required();
  app.add_option("--format", format,
                 "input format: leetcode, edges, graph6, or grid (a LeetCode 1728 map); default: "
                 "from the file suffix or content")
      ->check(CLI::IsMember({"leetcode", "edges", "graph6", "grid"}));
  app.add_flag("--directed", directed,
               "read an edge list's lines \"u v\" as one-way arcs u -> v (edge lists only)");
}

ReadOptions GraphInput::read_options() const {
  ReadOptions options;
  if (!format.empty()) options.format = take(parse_input_format(format));
  options.directed = directed;
  options.memory_limit = engine != nullptr ? engine->memory_limit() : 0;
  return options;
}

std::string GraphInput::read() const {
  return read_input(path, engine != nullptr ? engine->memory_limit() : 0);
}

GameSpec GraphInput::load() const {
  const std::string text = read();
  return take_read(read_game(text, source(), read_options()));
}

}  // namespace catmouse::cli
