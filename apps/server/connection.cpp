#include "connection.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace catmouse::server {

namespace {

bool poll_for(int sock, short events, int ms) {
  pollfd fd{sock, events, 0};
  int n = 0;
  do {
    n = ::poll(&fd, 1, ms);
  } while (n < 0 && errno == EINTR);
  return n > 0;
}

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

void ConnectionStream::start_request() {
  started_ = std::chrono::steady_clock::now();
  read_bytes_ = 0;
  part_ = Part::kRequestLine;
  header_bytes_ = 0;
  line_bytes_ = 0;
  headers_too_large_ = false;
}

bool ConnectionStream::follow_head(const char* bytes, std::size_t size) {
  for (std::size_t i = 0; i < size && part_ != Part::kBody; ++i) {
    const char c = bytes[i];
    if (part_ == Part::kRequestLine) {
      if (c == '\n') part_ = Part::kHeaders;
      continue;
    }
    if (++header_bytes_ > kMaxHeaderBytes) {
      headers_too_large_ = true;
      return false;
    }
    if (c == '\n') {
      if (line_bytes_ == 0) part_ = Part::kBody;  // the blank line ending the head
      line_bytes_ = 0;
    } else if (c != '\r') {
      ++line_bytes_;
    }
  }
  return true;
}

int ConnectionStream::wait_ms() const {
  using std::chrono::milliseconds;
  const auto allowed = kRequestGrace + milliseconds(read_bytes_ * 1000 / kMinBytesPerSecond);
  const auto used =
      std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - started_);
  const auto left = allowed - used;
  if (left <= milliseconds(0)) return 0;
  return static_cast<int>(std::min(left, kReadTimeout).count());
}

bool ConnectionStream::is_readable() const {
  return begin_ < end_ || poll_for(sock_, POLLIN, wait_ms());
}

bool ConnectionStream::is_writable() const {
  return poll_for(sock_, POLLOUT, static_cast<int>(kWriteTimeout.count()));
}

ssize_t ConnectionStream::read(char* ptr, std::size_t size) {
  if (begin_ == end_) {
    const int ms = wait_ms();
    if (ms <= 0 || !poll_for(sock_, POLLIN, ms)) return -1;  // too slow: the connection ends
    ssize_t n = 0;
    do {
      n = ::recv(sock_, buffer_, sizeof buffer_, 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return n;
    begin_ = 0;
    end_ = static_cast<std::size_t>(n);
    read_bytes_ += end_;
  }
  const std::size_t n = std::min(size, end_ - begin_);
  if (!follow_head(buffer_ + begin_, n)) return -1;  // httplib answers 400, the server 431
  std::memcpy(ptr, buffer_ + begin_, n);
  begin_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t ConnectionStream::write(const char* ptr, std::size_t size) {
  if (!is_writable()) return -1;
  ssize_t n = 0;
  do {
    n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  return n;
}

void ConnectionStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getpeername(sock_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    ip_and_port(address, ip, port);
  }
}

void ConnectionStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    ip_and_port(address, ip, port);
  }
}

}  // namespace catmouse::server
