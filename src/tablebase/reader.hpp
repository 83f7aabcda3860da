// The inside of a Tablebase (tablebase/tablebase.hpp): the file's bytes, its header and footer, and
// the blocks read so far. Internal to src/tablebase, shared by reading (read.cpp) and checking
// (table.cpp: load and verify).
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/core/owned_game.hpp"
#include "catmouse/tablebase/tablebase.hpp"
#include "tablebase/codec.hpp"
#include "tablebase/format.hpp"

namespace catmouse {

namespace tablebase {

// A file's bytes: read with pread from an open descriptor, or from memory.
class FileBytes {
 public:
  static Result<FileBytes> open(const std::string& path);
  static FileBytes memory(std::string bytes);
  FileBytes(FileBytes&& other) noexcept;
  FileBytes& operator=(FileBytes&& other) noexcept;
  ~FileBytes();

  std::uint64_t size() const { return size_; }
  // Reads out.size() bytes at `offset`; fails past the end (a file that shrank) or on an I/O error.
  Status read(std::uint64_t offset, std::span<std::uint8_t> out) const;

 private:
  FileBytes() = default;
  int fd_ = -1;
  std::string memory_;
  std::uint64_t size_ = 0;
};

// Where block b's frame is: [offset, end), and its checksum.
struct BlockPlace {
  std::uint64_t offset = 0;
  std::uint64_t end = 0;
  std::uint64_t checksum = 0;
};

}  // namespace tablebase

struct Tablebase::Impl {
  std::string source;
  tablebase::FileBytes bytes;
  tablebase::Header header;
  std::optional<OwnedGame> game;  // the game of header.spec
  tablebase::Footer footer;
  TablebaseInfo info;
  std::uint64_t max_code = 0;

  Impl(std::string source, tablebase::FileBytes bytes)
      : source(std::move(source)), bytes(std::move(bytes)) {}

  // The states of block b.
  std::uint32_t block_states(std::uint64_t b) const;
  // An error about `part` of the file ("block 17", "index"), naming the file.
  Error error(Location part, std::string message) const;
  // Reads, checks against its checksum and decodes block b at `place`; `frame` is scratch space
  // for the compressed bytes, kept by the caller from block to block.
  Status read_block(std::uint64_t b, const tablebase::BlockPlace& place,
                    tablebase::Decompressor& decompressor, tablebase::Payload& payload,
                    std::vector<std::uint8_t>& frame) const;
  // Block b's place, from its index entry (the index page that holds it, read once); `mutex`
  // held.
  Result<tablebase::BlockPlace> place_of(std::uint64_t b) const;
  // Checks a place read from the index: inside the blocks, and not too large.
  Status check_place(std::uint64_t b, const tablebase::BlockPlace& place) const;

  // Bytes, for the memory limits of the readers: the game the header describes (its spec and the
  // Game built from it), a zstd context with the dictionary, a block's frame at its largest, and
  // a block's decoded payload at its fullest.
  std::uint64_t game_bytes() const;
  std::uint64_t decompressor_bytes() const;
  std::uint64_t frame_bytes() const;
  std::uint64_t payload_bytes() const;

  // The last blocks read, for the queries; guarded by `mutex`. Only the first 2^cache_bits slots
  // are used (Tablebase::limit_query_memory lowers it).
  static constexpr std::size_t kCacheSlots = 64;
  int cache_bits = 6;
  struct Slot {
    std::uint64_t block = UINT64_MAX;
    tablebase::Payload payload;
  };
  mutable std::mutex mutex;
  mutable std::optional<tablebase::Decompressor> decompressor;
  mutable std::array<Slot, kCacheSlots> cache;
  mutable std::vector<std::uint8_t> frame;
  // Index pages of kIndexPageEntries entries (and the next entry's offset, where a block ends),
  // read when first needed and kept while they take at most kIndexCacheBytes in all: a random
  // probe then costs one read of the file, not two. Guarded by `mutex`.
  static constexpr std::uint64_t kIndexPageEntries = 256;
  static constexpr std::uint64_t kIndexCacheBytes = std::uint64_t{64} << 20;
  std::uint64_t index_cache_bytes = kIndexCacheBytes;  // lowered by limit_query_memory
  mutable std::vector<std::vector<std::uint8_t>> index_pages;
  mutable std::uint64_t index_cached_bytes = 0;
  // Block b from the cache, or read into it; `mutex` held.
  Result<const tablebase::Payload*> cached(std::uint64_t b) const;
};

}  // namespace catmouse
