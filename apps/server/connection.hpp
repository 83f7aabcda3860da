// One client connection as httplib reads and writes it, with the server's own rules for time:
// a read waits at most kReadTimeout for a byte, and a request must arrive within a deadline that
// grows with its size (kRequestGrace plus one second per kMinBytesPerSecond bytes), so that a
// client sending a byte now and then (slowloris) holds a thread for seconds, not for as long as
// it likes. Writing checks only that the socket takes bytes: a client that has shut down its
// sending side after its request (half-close) still gets the answer.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <string>

namespace catmouse::server {

inline constexpr std::chrono::milliseconds kReadTimeout{2000};
inline constexpr std::chrono::milliseconds kRequestGrace{5000};
inline constexpr std::size_t kMinBytesPerSecond = 16 << 10;
inline constexpr std::chrono::milliseconds kWriteTimeout{5000};
// The most bytes of a request's header lines (after its request line): more is 431. httplib
// refuses a header line over 8 KiB with a plain 400 and no reason; counting here, where the bytes
// pass, tells the server why.
inline constexpr std::size_t kMaxHeaderBytes = 8 << 10;

class ConnectionStream : public httplib::Stream {
 public:
  explicit ConnectionStream(int sock) : sock_(sock) {}

  // A new request starts: its deadline counts from now.
  void start_request();
  // The request's header lines passed kMaxHeaderBytes: reading stopped there.
  bool headers_too_large() const { return headers_too_large_; }

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, std::size_t size) override;
  ssize_t write(const char* ptr, std::size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  int socket() const override { return sock_; }

 private:
  // Milliseconds left to wait for the next bytes: the read timeout, or less near the deadline.
  int wait_ms() const;
  // Follows the request's head over the bytes handed to httplib; false once its header lines
  // pass kMaxHeaderBytes.
  bool follow_head(const char* bytes, std::size_t size);

  enum class Part { kRequestLine, kHeaders, kBody };

  int sock_;
  std::chrono::steady_clock::time_point started_{};
  std::size_t read_bytes_ = 0;
  Part part_ = Part::kRequestLine;
  std::size_t header_bytes_ = 0;
  std::size_t line_bytes_ = 0;  // of the current header line, its end of line excluded
  bool headers_too_large_ = false;
  char buffer_[4096];
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
};

}  // namespace catmouse::server
