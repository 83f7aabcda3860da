#include "connection.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace catmouse::server {

namespace {

void ip_and_port(const sockaddr_storage& address, std::string& ip, int& port) {
  char text[INET6_ADDRSTRLEN] = {};
  if (address.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    ::inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    port = ntohs(v4.sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
    ::inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    port = ntohs(v6.sin6_port);
  }
  ip = text;
}

}  // namespace

Connection::~Connection() {
  close();
}

void Connection::close() {
  if (fd >= 0) ::close(fd);
  fd = -1;
  state = State::kClosed;
}

ssize_t ConnectionStream::read(char* ptr, std::size_t size) {
  const std::size_t n = std::min(size, connection_.frame.size() - read_);
  std::memcpy(ptr, connection_.in.data() + read_, n);
  read_ += n;
  return static_cast<ssize_t>(n);  // 0 at the request's end: nothing of the next is read here
}

ssize_t ConnectionStream::write(const char* ptr, std::size_t size) {
  if (connection_.write_failed) return -1;
  std::size_t done = 0;
  if (connection_.unsent() == 0) {
    ssize_t n = 0;
    do {
      n = ::send(connection_.fd, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    } while (n < 0 && errno == EINTR);
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
      connection_.write_failed = true;
      return -1;
    }
    done = n > 0 ? static_cast<std::size_t>(n) : 0;
  }
  connection_.out.append(ptr + done, size - done);  // the loop sends it
  return static_cast<ssize_t>(size);
}

void ConnectionStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getpeername(connection_.fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    ip_and_port(address, ip, port);
  }
}

void ConnectionStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getsockname(connection_.fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    ip_and_port(address, ip, port);
  }
}

}  // namespace catmouse::server
