// One client connection, and the stream httplib answers one of its requests through. The
// connection loop (connection_loop.hpp) reads each request whole before a thread takes it, so
// that a slow client holds a socket and a buffer, never a thread; the thread then reads the
// request from memory, and writes its answer to the socket as far as the socket takes it at
// once, leaving the rest to the loop. A client that has shut down its sending side after its
// request (half-close) still gets the answer.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "request_frame.hpp"

namespace catmouse::server {

using Clock = std::chrono::steady_clock;

// Time rules for clients, kept by the loop: a request waits at most kReadTimeout for each next
// byte, and must arrive whole within kRequestGrace plus one second per kMinBytesPerSecond bytes
// of it; an answer waits at most kWriteTimeout for the client to take more of it; an idle
// connection (before its first request, or kept alive after an answer) closes after
// kIdleTimeout; a closing connection reads what still arrives for kLingerTime, so that a client
// still sending is not reset before it reads the answer.
inline constexpr std::chrono::milliseconds kReadTimeout{2000};
inline constexpr std::chrono::milliseconds kRequestGrace{5000};
inline constexpr std::size_t kMinBytesPerSecond = 16 << 10;
inline constexpr std::chrono::milliseconds kWriteTimeout{5000};
inline constexpr std::chrono::milliseconds kIdleTimeout{2000};
inline constexpr std::chrono::milliseconds kLingerTime{500};
// Requests one connection may carry; the last one's answer says "Connection: close".
inline constexpr std::size_t kKeepAliveRequests = 100;

struct Connection {
  // What the loop is doing with the connection (kAnswering: a thread has it).
  enum class State { kReading, kAnswering, kWriting, kLingering, kClosed };

  Connection(int socket, std::size_t max_body) : fd(socket), frame(max_body) {}
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void close();
  // The answer's bytes not yet sent.
  std::size_t unsent() const { return out.size() - sent; }

  int fd;
  State state = State::kReading;
  std::string in;  // the bytes received, from the current request's first
  RequestFrame frame;
  bool continued = false;  // 100 Continue sent for the current request
  std::string out;         // the answer's bytes the socket has not taken at once
  std::size_t sent = 0;    // of `out`
  // The budget's room a large answer holds until it is sent (api.hpp), or null.
  std::shared_ptr<const void> hold;
  std::size_t answered = 0;  // requests answered
  bool close_after = false;  // close once `out` is sent
  bool peer_closed = false;  // the client has shut down its sending side
  bool write_failed = false;
  std::uint64_t reserved = 0;    // bytes of the loop's body budget this request holds
  Clock::time_point started{};   // the request's first byte, or the start of idling
  Clock::time_point progress{};  // the last byte read or sent
};

// The current request of `connection` (connection.frame's bytes of connection.in) as httplib
// reads it, and the answer as httplib writes it: to the socket without waiting, the rest into
// connection.out.
class ConnectionStream : public httplib::Stream {
 public:
  explicit ConnectionStream(Connection& connection) : connection_(connection) {}

  bool is_readable() const override { return read_ < connection_.frame.size(); }
  bool is_writable() const override { return !connection_.write_failed; }
  ssize_t read(char* ptr, std::size_t size) override;
  ssize_t write(const char* ptr, std::size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  int socket() const override { return connection_.fd; }

 private:
  Connection& connection_;
  std::size_t read_ = 0;
};

}  // namespace catmouse::server
