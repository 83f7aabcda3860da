// The contents of a tablebase block (docs/formats.md, "Blocks"): every state's code, the codes
// laid out as bit planes for the most frequent codes and fixed-width codes for the rest, and the
// zstd frames they are stored in. Internal to src/tablebase.
#pragma once

#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/queries.hpp"
#include "tablebase/format.hpp"

namespace catmouse::tablebase {

inline constexpr std::uint32_t kMaxPlanes = 32;

// A state's code (solve/queries.hpp).
using queries::state_code;
using queries::state_entry;
// The largest code a table with this greatest remoteness holds.
inline std::uint64_t max_code(bool remoteness, std::optional<std::uint32_t> max_remoteness) {
  return remoteness ? 2 + 2 * std::uint64_t{max_remoteness.value_or(0)} : 2;
}

// The most bytes a payload of `states` states takes.
std::uint64_t max_payload_bytes(std::uint32_t states);

// Appends the payload of `codes` (one block's states, in order) to `out`.
void encode_payload(std::span<const std::uint32_t> codes, std::string& out);

// A decompressed payload, parsed for reading one state's code in constant time.
class Payload {
 public:
  // The buffer to decompress into: `bytes` bytes, plus padding for word reads.
  std::uint8_t* prepare(std::size_t capacity);
  // Parses the first `bytes` bytes of the buffer as a payload of `states` states whose codes are
  // at most `max_code`; the error says what is malformed.
  Status parse(std::size_t bytes, std::uint32_t states, std::uint64_t max_code);
  std::uint32_t states() const { return states_; }
  std::uint32_t code(std::uint32_t j) const;
  // Every state's code, in order: out.size() == states().
  void decode(std::span<std::uint32_t> out) const;

 private:
  struct Plane {
    std::uint32_t code;
    std::size_t bitmap;  // offset in buffer_
    std::size_t prefix;  // offset in prefix_: set bits before each 64-bit word
  };
  // The 64 bits of a bitmap at `offset` holding bit j, as little-endian bytes (x86-64 and every
  // target we build for).
  std::uint64_t word(std::size_t offset, std::uint32_t j) const {
    std::uint64_t w;
    std::memcpy(&w, buffer_.data() + offset + (j >> 6) * 8, 8);
    return w;
  }
  std::uint32_t rest(std::uint32_t j) const;
  std::uint32_t rest_max(std::uint32_t count) const;

  std::vector<std::uint8_t> buffer_;
  std::vector<Plane> planes_;
  std::vector<std::uint32_t> prefix_;
  std::size_t rest_ = 0;  // offset of the remaining codes
  std::uint32_t width_ = 0;
  std::uint32_t states_ = 0;
};

struct ZstdDeleter {
  void operator()(ZSTD_CCtx* p) const { ZSTD_freeCCtx(p); }
  void operator()(ZSTD_DCtx* p) const { ZSTD_freeDCtx(p); }
  void operator()(ZSTD_CDict* p) const { ZSTD_freeCDict(p); }
  void operator()(ZSTD_DDict* p) const { ZSTD_freeDDict(p); }
};

// The dictionary digested for compression; shared by the threads that compress.
class CompressionDictionary {
 public:
  CompressionDictionary(const std::string& dictionary, int level);
  const ZSTD_CDict* get() const { return dict_.get(); }

 private:
  std::unique_ptr<ZSTD_CDict, ZstdDeleter> dict_;
};

// Compresses payloads into zstd frames (one per block), with the dictionary if any.
class Compressor {
 public:
  Compressor(int level, const CompressionDictionary& dictionary);
  Status compress(std::string_view payload, std::string& out);

 private:
  std::unique_ptr<ZSTD_CCtx, ZstdDeleter> context_;
};

class Decompressor {
 public:
  explicit Decompressor(const std::string& dictionary);
  // Decompresses one frame into `payload`; the error says why it cannot.
  Status decompress(Bytes frame, std::uint32_t states, std::uint64_t max_code, Payload& payload);

 private:
  std::unique_ptr<ZSTD_DCtx, ZstdDeleter> context_;
  std::unique_ptr<ZSTD_DDict, ZstdDeleter> dict_;
};

// A zstd dictionary of at most `capacity` bytes trained on samples (payloads) laid one after
// another in `joined`, of `sizes` bytes each; empty when the samples are too few or too alike to
// train one.
std::string train_dictionary(const std::string& joined, const std::vector<std::size_t>& sizes,
                             std::size_t capacity);

}  // namespace catmouse::tablebase
