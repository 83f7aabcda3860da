// The levels of a one-cat solve kept on disk while the engine keeps only values (docs/formats.md,
// "Writing without the table in memory"): a spill file takes each level's new states as the
// level ends (SpillWriter, the kernels' LevelSink); a resumed solve reads them back
// (SpillReplay); and the tablebase writer gets every state's code from them, the levels merged
// in state order (SpillCodes). Internal to src/tablebase.
//
// A level is a run of frames, each about kSpillFrameBytes of entries compressed by zstd on its
// own, so that a reader can start at any frame. An entry is one 64-state word (states 64k ..
// 64k + 63) with at least one state of the level: a varint gap (the word k itself for a frame's
// first entry, else k minus the previous entry's k, minus 1), then a tag: 1 .. 6, that many bytes
// of a state's bit (bits 0-5) and whether the mouse wins it (bit 6), in increasing order; or
// 0x40 (all cat wins), 0x41 (all mouse wins) followed by the word's 8 bytes, or 0x42 (mixed)
// followed by the word and the mouse wins' word.
#pragma once

#include <zstd.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/solve/level_sink.hpp"
#include "catmouse/solve/solution.hpp"
#include "tablebase/codec.hpp"

namespace catmouse::tablebase {

inline constexpr std::size_t kSpillFrameBytes = 64 * 1024;  // entries per frame, before zstd
inline constexpr int kSpillLevel = 1;                       // zstd level of the frames

// The working memory of the spill: while the solve runs, the writer's frame, its compressed copy
// and its zstd context; while the file is written, a decompressed frame for each level (the
// levels are merged in state order) and the loader's compressed frame and context; for a table
// of `states` states.
std::uint64_t spill_write_memory(StateIndex states);
std::uint64_t spill_read_memory(std::size_t levels, StateIndex states);

struct SpillFrame {
  std::uint64_t first_word = 0;  // the word (state / 64) of the frame's first entry
  std::uint64_t offset = 0;      // in the spill file
  std::uint32_t bytes = 0;       // compressed
  std::uint64_t checksum = 0;    // XXH3-64 of the compressed bytes, seeded with the level
};

struct SpillLevel {
  std::uint64_t states = 0;      // decided at this level
  std::uint64_t mouse_wins = 0;  // of which the mouse wins
  std::vector<SpillFrame> frames;
};

// The levels the spill file holds, 0, 1, ..., and its size.
struct SpillIndex {
  std::vector<SpillLevel> levels;
  std::uint64_t bytes = 0;

  // The counts of the table the levels make, over `valid_states` states; the greatest remoteness
  // is the last level with a state (none without remoteness).
  Counts counts(StateIndex valid_states, bool remoteness) const;
  StateIndex decided() const;
};

// The spill file, open for reading and appending, and locked (flock) so that a second catmouse
// saving to the same file is refused rather than mixed in.
class SpillFile {
 public:
  // Opens or creates `path`; errors name it (and say when another process holds it).
  static Result<SpillFile> open(const std::string& path);
  SpillFile(SpillFile&& other) noexcept;
  SpillFile& operator=(SpillFile&& other) noexcept;
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;
  ~SpillFile();

  const std::string& path() const { return path_; }
  Result<std::uint64_t> size() const;
  // Cuts the file to `bytes`; appends go on from there.
  Status truncate(std::uint64_t bytes);
  Status append(std::string_view bytes);
  Status sync();
  Status read(std::uint64_t offset, std::span<char> out) const;
  // Closes and deletes the file.
  void remove();

 private:
  SpillFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
  std::uint64_t end_ = 0;
};

struct ZstdCompressDeleter {
  void operator()(ZSTD_CCtx* p) const { ZSTD_freeCCtx(p); }
};

// The kernels' LevelSink: each level's entries appended to the spill file as frames, and the
// level added to the index when it ends. `level_done` runs then (a checkpoint, maybe); its error,
// or the file's, stops the solve and is kept in error().
class SpillWriter final : public LevelSink {
 public:
  SpillWriter(SpillFile& file, SpillIndex& index, StateIndex states,
              std::function<Status(std::uint32_t level)> level_done);
  void add(const LevelWord& word) override;
  void add_state(StateIndex state, bool mouse) override;
  bool end_level(std::uint32_t level) override;
  const std::optional<Error>& error() const { return error_; }

 private:
  void put(std::uint64_t word, std::uint64_t states, std::uint64_t mouse);
  void encode(std::uint64_t word, std::uint64_t states, std::uint64_t mouse);
  Status flush_frame();
  Status finish_level(std::uint32_t level);

  SpillFile& file_;
  SpillIndex& index_;
  StateIndex states_;
  std::function<Status(std::uint32_t)> level_done_;
  std::optional<Error> error_;
  // The 64-state word being gathered (states arrive in order, but a word may come in pieces).
  std::uint64_t pending_word_ = UINT64_MAX;
  std::uint64_t pending_states_ = 0, pending_mouse_ = 0;
  std::vector<std::uint64_t> unordered_;  // add_state(): state * 2 + mouse
  SpillLevel level_;
  std::string raw_;  // the frame being filled
  std::uint64_t frame_first_ = 0, last_word_ = 0;
  std::string compressed_;
  std::unique_ptr<ZSTD_CCtx, ZstdCompressDeleter> context_;
};

// Reads one frame's entries (the format above), checking each.
class SpillFrameReader {
 public:
  void reset(std::span<const std::uint8_t> raw, std::uint64_t words);
  // The next entry, or false at the end or on a malformed entry (then failed()).
  bool next(LevelWord& entry);
  bool failed() const { return failed_; }

 private:
  std::span<const std::uint8_t> raw_;
  std::size_t at_ = 0;
  std::uint64_t words_ = 0;  // the table's 64-state words: entries lie below
  std::uint64_t last_ = 0;
  bool first_ = true;
  bool failed_ = false;
};

// Loads frames: reads, checks the checksum, decompresses.
class SpillFrameLoader {
 public:
  explicit SpillFrameLoader(const SpillFile& file);
  // The entries of frame `frame` of level `level` into `raw`; the error names the spill file.
  Status load(std::uint32_t level, const SpillFrame& frame, std::vector<std::uint8_t>& raw);

 private:
  const SpillFile& file_;
  std::vector<char> compressed_;
  std::unique_ptr<ZSTD_DCtx, ZstdDeleter> context_;
};

// A kernel's LevelReplay over the index's levels (at least one).
class SpillReplay final : public LevelReplay {
 public:
  SpillReplay(const SpillFile& file, const SpillIndex& index, StateIndex states);
  std::uint32_t last_level() const override;
  bool replay(const Visitor& f) override;
  const std::optional<Error>& error() const { return error_; }

 private:
  const SpillFile& file_;
  const SpillIndex& index_;
  StateIndex states_;
  std::optional<Error> error_;
};

// The tablebase writer's CodeSource (writer.hpp) over the spill: a cursor per level,
// the levels merged in state order by a heap of their next words. Asked for blocks in increasing
// order, and again from the start for a second pass.
class SpillCodes {
 public:
  SpillCodes(const SpillFile& file, const SpillIndex& index, StateIndex states, bool remoteness);
  Status fill(StateIndex first, std::span<std::uint32_t> codes);

 private:
  struct Cursor {
    std::uint32_t level = 0;
    std::size_t frame = 0;   // the frame the next entry is in
    bool loaded = false;     // whether `reader` holds that frame
    LevelWord next;          // the next entry (next.first = word * 64 once loaded)
    std::uint64_t word = 0;  // its word: the frame's first word until loaded
    std::vector<std::uint8_t> raw;
    SpillFrameReader reader;
  };
  void restart();
  // Moves to the first entry at word `target` or after; false when the level has none.
  Result<bool> seek(Cursor& cursor, std::uint64_t target);
  // Moves to the next entry; false when the level has no more.
  Result<bool> advance(Cursor& cursor);
  Status load(Cursor& cursor);

  std::string path_;
  const SpillIndex& index_;
  StateIndex states_;
  bool remoteness_;
  SpillFrameLoader loader_;
  std::vector<Cursor> cursors_;
  std::vector<std::uint32_t> heap_;  // cursors with entries left, the least word on top
  StateIndex next_ = 0;              // the state after the last block filled
};

}  // namespace catmouse::tablebase
