#include "request_frame.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string_view>

namespace catmouse::server {

namespace {

// The most bytes of a chunk's size line (the size and any extension).
constexpr std::size_t kMaxChunkLine = 1024;
constexpr std::uint64_t kHugeChunk = std::uint64_t{1} << 56;

bool same_text(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool blank(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

RequestFrame::Scan RequestFrame::refuse(int status, std::string message, std::string where) {
  refusal_ = {status, std::move(message), std::move(where)};
  return Scan::kRefused;
}

FrameRefusal RequestFrame::truncated(bool timed_out) const {
  const char* how = timed_out ? "stopped arriving" : "ended";
  if (has_length_) {
    return {400,
            fmt::format("the body {} after {} of the {} bytes its Content-Length announces", how,
                        body_read_, length_),
            "Content-Length"};
  }
  return {400,
          fmt::format("the chunked body {} before its last chunk, after {} bytes", how, body_read_),
          "Transfer-Encoding"};
}

RequestFrame::Scan RequestFrame::header(const std::string& bytes, std::size_t begin,
                                        std::size_t size) {
  const std::string_view line(bytes.data() + begin, size);
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return refuse(400, "a header line has no colon", "");
  const std::string_view name = line.substr(0, colon);
  if (name.empty() || std::any_of(name.begin(), name.end(), blank)) {
    return refuse(400, "a header's name is empty or holds a blank", "");
  }
  const std::string_view value = trimmed(line.substr(colon + 1));
  if (same_text(name, "Content-Length")) {
    std::uint64_t length = 0;
    if (value.empty() ||
        !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return refuse(400, "the Content-Length header is not a number", "Content-Length");
    }
    for (char c : value) {
      const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
      length = length > (UINT64_MAX - digit) / 10 ? UINT64_MAX : length * 10 + digit;
    }
    if (has_length_ && length != length_) {
      return refuse(400, "the request has two different Content-Length headers", "Content-Length");
    }
    has_length_ = true;
    length_ = length;
  } else if (same_text(name, "Transfer-Encoding")) {
    if (chunked_) return refuse(400, "Transfer-Encoding is given twice", "Transfer-Encoding");
    if (!same_text(value, "chunked")) {
      return refuse(
          400, fmt::format("the Transfer-Encoding \"{}\" is not taken (only \"chunked\")", value),
          "Transfer-Encoding");
    }
    chunked_ = true;
  } else if (same_text(name, "Expect") && same_text(value, "100-continue") && !expects_continue_) {
    expects_continue_ = true;
    expect_begin_ = begin;
    expect_size_ = size + 2;
  }
  return Scan::kIncomplete;
}

RequestFrame::Scan RequestFrame::head_done(std::string& bytes) {
  if (chunked_ && has_length_) {
    return refuse(400, "the request has both Content-Length and Transfer-Encoding",
                  "Transfer-Encoding");
  }
  if (expect_size_ > 0) {
    bytes.erase(expect_begin_, expect_size_);
    at_ -= expect_size_;
  }
  if (has_length_ && length_ > max_body_) {
    return refuse(413, fmt::format("the body is over {} bytes", max_body_), "body");
  }
  part_ = has_length_ && length_ > 0 ? Part::kBody : chunked_ ? Part::kChunkSize : Part::kDone;
  return Scan::kIncomplete;
}

RequestFrame::Scan RequestFrame::chunk_size(const std::string& bytes, std::size_t begin,
                                            std::size_t size) {
  const std::string_view line(bytes.data() + begin, size);
  std::size_t digits = 0;
  std::uint64_t chunk = 0;
  for (; digits < line.size() && hex_digit(line[digits]) >= 0; ++digits) {
    // Past 2^56 the size is only too large: it stays there instead of overflowing.
    const auto digit = static_cast<std::uint64_t>(hex_digit(line[digits]));
    chunk = chunk >= kHugeChunk ? kHugeChunk : chunk * 16 + digit;
  }
  if (digits == 0 || (digits < line.size() && line[digits] != ';')) {
    return refuse(400, "a chunk's size is not a hexadecimal number", "Transfer-Encoding");
  }
  if (body_read_ + chunk > max_body_) {
    return refuse(413, fmt::format("the body is over {} bytes", max_body_), "body");
  }
  chunk_left_ = chunk;
  part_ = chunk == 0 ? Part::kLastLine : Part::kChunkData;
  return Scan::kIncomplete;
}

RequestFrame::Scan RequestFrame::scan(std::string& bytes) {
  while (part_ != Part::kDone) {
    if (part_ == Part::kBody || part_ == Part::kChunkData) {
      const std::uint64_t wanted = part_ == Part::kBody ? length_ - body_read_ : chunk_left_;
      const std::uint64_t taken = std::min<std::uint64_t>(wanted, bytes.size() - at_);
      at_ += taken;
      body_read_ += taken;
      if (part_ == Part::kChunkData) chunk_left_ -= taken;
      if (taken < wanted) return Scan::kIncomplete;
      part_ = part_ == Part::kBody ? Part::kDone : Part::kChunkEnd;
      continue;
    }
    const std::size_t newline = bytes.find('\n', at_);
    const std::size_t pending = (newline == std::string::npos ? bytes.size() : newline + 1) - at_;
    // Limits apply to a line still arriving as well as to a whole one.
    if (part_ == Part::kRequestLine && pending > kMaxRequestLine) {
      return refuse(414, "the request's address is too long", "");
    }
    if (part_ == Part::kHeaders && header_bytes_ + pending > kMaxHeaderBytes) {
      return refuse(431, "the request's headers are too large", "");
    }
    if (part_ == Part::kChunkSize && pending > kMaxChunkLine) {
      return refuse(400, "a chunk's size line is too long", "Transfer-Encoding");
    }
    if ((part_ == Part::kChunkEnd || part_ == Part::kLastLine) && pending > 2) {
      return refuse(400,
                    part_ == Part::kChunkEnd ? "a chunk is longer than its size"
                                             : "trailers after the last chunk are not taken",
                    "Transfer-Encoding");
    }
    if (newline == std::string::npos) return Scan::kIncomplete;
    if (pending < 2 || bytes[newline - 1] != '\r') {
      return refuse(400, "a line of the request does not end with CR LF", "");
    }
    const std::size_t begin = at_;
    const std::size_t size = pending - 2;
    at_ = newline + 1;
    Scan scanned = Scan::kIncomplete;
    switch (part_) {
      case Part::kRequestLine:
        part_ = Part::kHeaders;
        break;
      case Part::kHeaders:
        header_bytes_ += pending;
        scanned = size == 0 ? head_done(bytes) : header(bytes, begin, size);
        break;
      case Part::kChunkSize:
        scanned = chunk_size(bytes, begin, size);
        break;
      case Part::kChunkEnd:
        part_ = Part::kChunkSize;
        break;
      default:  // the last line
        part_ = Part::kDone;
        break;
    }
    if (scanned == Scan::kRefused) return scanned;
  }
  end_ = at_;
  return Scan::kComplete;
}

}  // namespace catmouse::server
