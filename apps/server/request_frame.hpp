// Where one HTTP request ends in the bytes of a connection, found as they arrive, before the
// request takes one of the server's threads (connection_loop.hpp). The frame is what httplib is
// then given, and no more: a request whose length is ambiguous, whose head is too large or whose
// body is announced too large is refused here, with the status and words of docs/server.md, and
// a request is never cut short or run into the next one by a reading that differs from httplib's.
//
// Read strictly: lines end with CR LF; a header line is NAME: VALUE, with no blank in NAME; a
// Content-Length is decimal digits, the same in every copy; Transfer-Encoding is "chunked" alone
// and never beside a Content-Length; a chunked body has no trailers. A request with neither
// header has no body (RFC 9112, 6.3).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace catmouse::server {

// The most bytes of a request line, its end of line included: more is 414 (httplib's limit).
inline constexpr std::size_t kMaxRequestLine = 8192;
// The most bytes of a request's header lines, their ends of line and the blank line included:
// more is 431 (the size of one line httplib takes).
inline constexpr std::size_t kMaxHeaderBytes = 8 << 10;

// Why a request is refused before it is answered: its status, message and `where`.
struct FrameRefusal {
  int status = 0;
  std::string message;
  std::string where;
};

class RequestFrame {
 public:
  explicit RequestFrame(std::size_t max_body) : max_body_(max_body) {}

  enum class Scan { kIncomplete, kComplete, kRefused };

  // Looks on through `bytes`, the connection's bytes from this request's first (the same string
  // each time, grown at its end). Complete: the request is bytes[0, size()). A header line
  // `Expect: 100-continue` is taken out of `bytes` as the head completes (expects_continue()
  // then says that the client waits for an interim answer before it sends the body).
  Scan scan(std::string& bytes);

  // Once complete: the request's bytes.
  std::size_t size() const { return end_; }
  // The head is read, and the rest is the body's.
  bool in_body() const { return part_ == Part::kBody || chunked_part(); }
  // The body's length when given by Content-Length (in_body() only), and its bytes read so far.
  bool has_length() const { return has_length_; }
  std::uint64_t length() const { return length_; }
  std::uint64_t body_read() const { return body_read_; }
  // The head asked for 100 Continue before the body.
  bool expects_continue() const { return expects_continue_; }
  const FrameRefusal& refusal() const { return refusal_; }
  // What a body cut short (the connection closed or went quiet) is answered: 400, naming what
  // was announced and what arrived.
  FrameRefusal truncated(bool timed_out) const;

 private:
  enum class Part {
    kRequestLine,
    kHeaders,
    kBody,       // Content-Length bytes
    kChunkSize,  // a chunk's size line
    kChunkData,  // a chunk's bytes
    kChunkEnd,   // the CR LF after them
    kLastLine,   // the CR LF after the last chunk
    kDone
  };

  bool chunked_part() const {
    return part_ == Part::kChunkSize || part_ == Part::kChunkData || part_ == Part::kChunkEnd ||
           part_ == Part::kLastLine;
  }
  Scan refuse(int status, std::string message, std::string where);
  // One header line (without its CR LF), at bytes[begin, begin + size).
  Scan header(const std::string& bytes, std::size_t begin, std::size_t size);
  // The head is complete: the body's framing, or a refusal.
  Scan head_done(std::string& bytes);
  Scan chunk_size(const std::string& bytes, std::size_t begin, std::size_t size);

  std::size_t max_body_;
  Part part_ = Part::kRequestLine;
  std::size_t at_ = 0;   // the next byte to look at
  std::size_t end_ = 0;  // the request's size, once complete
  std::size_t header_bytes_ = 0;
  bool has_length_ = false;
  std::uint64_t length_ = 0;
  bool chunked_ = false;
  bool expects_continue_ = false;
  std::size_t expect_begin_ = 0;  // the Expect line to take out, and its size with its CR LF
  std::size_t expect_size_ = 0;
  std::uint64_t chunk_left_ = 0;
  std::uint64_t body_read_ = 0;
  FrameRefusal refusal_;
};

}  // namespace catmouse::server
