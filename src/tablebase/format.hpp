// The .cmtb file layout (docs/formats.md, "Tablebase files"): the header, the footer, and the
// little-endian byte writers and readers they are made with. Internal to src/tablebase; the blocks'
// contents are in codec.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse::tablebase {

using Bytes = std::span<const std::uint8_t>;

inline constexpr std::array<std::uint8_t, 8> kMagic = {0x89, 'C', 'M', 'T', 'B', '\r', '\n', 0x1a};
inline constexpr std::array<std::uint8_t, 8> kFooterMagic = {'C', 'M', 'T', 'B',
                                                             'd', 'o', 'n', 'e'};
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::size_t kPreambleBytes = 16;      // magic, version, header size
inline constexpr std::size_t kFixedHeaderBytes = 120;  // up to the rules section
inline constexpr std::size_t kFooterBytes = 48;
inline constexpr std::size_t kIndexEntryBytes = 16;  // offset and checksum of one block
inline constexpr std::uint32_t kNoMaxRemoteness = UINT32_MAX;

// XXH3-64 of `bytes` with `seed`: every checksum of the format.
std::uint64_t checksum(Bytes bytes, std::uint64_t seed = 0);
inline std::uint64_t checksum(std::string_view bytes, std::uint64_t seed = 0) {
  return checksum(Bytes(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), seed);
}

// Appends little-endian integers and LEB128 varints.
class ByteWriter {
 public:
  void u8(std::uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v) { put(v, 4); }
  void u64(std::uint64_t v) { put(v, 8); }
  void varint(std::uint64_t v);
  void raw(std::string_view bytes) { bytes_.append(bytes); }
  std::string& bytes() { return bytes_; }

 private:
  void put(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }
  std::string bytes_;
};

// Reads what ByteWriter writes; reading past the end, or a varint that is overlong or too
// large, sets failed() and gives zeros from then on, so a parser checks once at the end.
class ByteReader {
 public:
  explicit ByteReader(Bytes bytes) : bytes_(bytes) {}
  std::uint8_t u8() { return static_cast<std::uint8_t>(get(1)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
  std::uint64_t u64() { return get(8); }
  std::uint64_t varint();
  Bytes raw(std::size_t n);
  bool failed() const { return failed_; }
  std::size_t left() const { return failed_ ? 0 : bytes_.size() - at_; }

 private:
  std::uint64_t get(int n);
  Bytes bytes_;
  std::size_t at_ = 0;
  bool failed_ = false;
};

// The state numbering of the file's table (StateSpace).
enum class Numbering : std::uint8_t { kOneCatRows = 0, kPlacements = 1 };

// What the header holds. `spec` is the game in full; the rest describes the table.
struct Header {
  std::uint32_t version = kFormatVersion;
  bool remoteness = true;
  Engine engine = Engine::kAuto;
  std::uint32_t cats = 1;
  NodeId nodes = 0;
  std::uint32_t block_states = 0;
  StateIndex states = 0;
  std::uint64_t blocks = 0;
  Counts counts;
  std::int32_t level = 0;
  std::uint64_t board_hash = 0;
  std::optional<GameSpec> spec;  // always set: optional only because a GameSpec needs a graph
  std::string dictionary;
  std::uint64_t size = 0;      // bytes, checksum included (set by encode and decode)
  std::uint64_t checksum = 0;  // set by encode and decode
  Numbering numbering() const { return cats > 1 ? Numbering::kPlacements : Numbering::kOneCatRows; }
};

// The canonical bytes of the board: the graph(s) and the map; their hash names the board.
std::string encode_board(const GameSpec& spec);

// The rules section's bytes: the rules in full.
std::string encode_rules(const Rules& rules);

// The header's bytes; sets header.size, board_hash and checksum.
std::string encode_header(Header& header);

// The preamble's header size, from the first kPreambleBytes of a file of `file_size` bytes:
// errors for a file that is not a tablebase, of another format version, or too short.
Result<std::uint64_t> header_size(Bytes preamble, std::uint64_t file_size);

// The header from its bytes (all of them, checksum included): checks the checksum, then every
// field against the others and against the game it describes.
Result<Header> decode_header(Bytes bytes);

struct Footer {
  std::uint64_t index_offset = 0;
  std::uint64_t blocks = 0;
  std::uint64_t index_checksum = 0;
  std::uint64_t header_checksum = 0;
};

std::string encode_footer(const Footer& footer);
// Errors when the bytes are not a finished footer (a file cut short or never finished).
Result<Footer> decode_footer(Bytes bytes);

// Bytes of the index of `blocks` blocks: an offset and a checksum per block, then the end.
inline std::uint64_t index_bytes(std::uint64_t blocks) {
  return blocks * kIndexEntryBytes + 8;
}

// The fewest bytes the blocks of a table of `states` states in blocks of `block_states` can take:
// a file smaller than its header, these and its index cannot hold the table its header claims.
std::uint64_t min_blocks_bytes(std::uint64_t states, std::uint32_t block_states);

// The engine's number in the header, and back.
std::uint32_t engine_code(Engine engine);

}  // namespace catmouse::tablebase
