// Unix sockets for the output-path tests (atomic_file_test.cpp, cli_output_path_test.cpp): one
// bound at a path, listening or not, and a thread that reads what one connection sends.
#pragma once

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>

namespace catmouse::test {

// A Unix socket of `type` bound at `path`, listening when `listen` (else bound only: a socket
// nobody listens on, a server not started yet or gone); -1 when it cannot be made.
inline int bound_socket(const std::filesystem::path& path, int type, bool listen) {
  const int fd = ::socket(AF_UNIX, type, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      (listen && ::listen(fd, 4) != 0)) {
    ADD_FAILURE() << path << ": " << std::strerror(errno);
    if (fd >= 0) ::close(fd);
    return -1;
  }
  return fd;
}

// What one connection to `listener` sends until it closes, read by a thread.
inline std::thread receive(int listener, std::string& got) {
  return std::thread([listener, &got] {
    const int connection = ::accept(listener, nullptr, nullptr);
    if (connection < 0) return;
    char buffer[4096];
    for (ssize_t n; (n = ::read(connection, buffer, sizeof buffer)) > 0;) got.append(buffer, n);
    ::close(connection);
  });
}

}  // namespace catmouse::test
