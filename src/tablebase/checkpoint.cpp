#include "tablebase/checkpoint.hpp"

#include <fmt/format.h>

#include <array>

#include "tablebase/format.hpp"

namespace catmouse::tablebase {

namespace {

constexpr std::array<std::uint8_t, 8> kCheckpointMagic = {'C', 'M', 'T', 'B', 'c', 'k', 'p', 't'};
constexpr std::uint32_t kCheckpointVersion = 1;
// Bytes of one level's fixed part and of one frame, for bounding counts before reading them.
constexpr std::uint64_t kLevelBytes = 24, kFrameBytes = 28;

std::string_view as_text(Bytes bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace

CheckpointKey checkpoint_key(const GameSpec& spec, Engine engine, bool values_only,
                             const TablebaseWriteOptions& write, StateIndex states) {
  CheckpointKey key;
  key.board_hash = checksum(encode_board(spec));
  key.rules_hash = checksum(encode_rules(spec.rules));
  key.engine = engine_code(engine);
  key.values_only = values_only;
  key.level = write.level;
  key.block_states = write.block_states;
  key.dictionary = write.dictionary;
  key.states = states;
  return key;
}

std::string encode_checkpoint(const Checkpoint& checkpoint) {
  ByteWriter out;
  for (std::uint8_t c : kCheckpointMagic) out.u8(c);
  out.u32(kCheckpointVersion);
  const CheckpointKey& key = checkpoint.key;
  out.u64(key.board_hash);
  out.u64(key.rules_hash);
  out.u32(key.engine);
  out.u8(key.values_only ? 1 : 0);
  out.u32(static_cast<std::uint32_t>(key.level));
  out.u32(key.block_states);
  out.u8(key.dictionary ? 1 : 0);
  out.u64(key.states);
  out.u8(checkpoint.solved ? 1 : 0);
  out.u64(checkpoint.index.bytes);
  out.u32(static_cast<std::uint32_t>(checkpoint.index.levels.size()));
  for (const SpillLevel& level : checkpoint.index.levels) {
    out.u64(level.states);
    out.u64(level.mouse_wins);
    out.u64(level.frames.size());
    for (const SpillFrame& frame : level.frames) {
      out.u64(frame.first_word);
      out.u64(frame.offset);
      out.u32(frame.bytes);
      out.u64(frame.checksum);
    }
  }
  out.u64(checksum(out.bytes()));
  return std::move(out.bytes());
}

Result<Checkpoint> decode_checkpoint(std::string_view text) {
  const Bytes bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  const auto damaged = [](const char* what) {
    return Error{fmt::format("the checkpoint is damaged ({})", what), {}};
  };
  if (bytes.size() < 12 + 8 ||
      !std::equal(kCheckpointMagic.begin(), kCheckpointMagic.end(), bytes.begin())) {
    return Error{"not a catmouse checkpoint", {}};
  }
  ByteReader in(bytes.subspan(0, bytes.size() - 8));
  in.raw(kCheckpointMagic.size());
  if (const std::uint32_t version = in.u32(); version != kCheckpointVersion) {
    return Error{fmt::format("a checkpoint of format version {}; this catmouse reads version {}",
                             version, kCheckpointVersion),
                 {}};
  }
  ByteReader tail(bytes.subspan(bytes.size() - 8));
  if (checksum(as_text(bytes.subspan(0, bytes.size() - 8))) != tail.u64()) {
    return damaged("checksum mismatch");
  }
  Checkpoint c;
  CheckpointKey& key = c.key;
  key.board_hash = in.u64();
  key.rules_hash = in.u64();
  key.engine = in.u32();
  key.values_only = in.u8() != 0;
  key.level = static_cast<std::int32_t>(in.u32());
  key.block_states = in.u32();
  key.dictionary = in.u8() != 0;
  key.states = in.u64();
  c.solved = in.u8() != 0;
  c.index.bytes = in.u64();
  const std::uint32_t levels = in.u32();
  if (levels == 0 || levels > in.left() / kLevelBytes) return damaged("level count");
  std::uint64_t offset = 0;  // frames follow each other from the start of the spill file
  c.index.levels.resize(levels);
  for (SpillLevel& level : c.index.levels) {
    level.states = in.u64();
    level.mouse_wins = in.u64();
    const std::uint64_t frames = in.u64();
    if (in.failed() || frames > in.left() / kFrameBytes || level.mouse_wins > level.states) {
      return damaged("level");
    }
    level.frames.resize(static_cast<std::size_t>(frames));
    for (std::size_t f = 0; f < level.frames.size(); ++f) {
      SpillFrame& frame = level.frames[f];
      frame.first_word = in.u64();
      frame.offset = in.u64();
      frame.bytes = in.u32();
      frame.checksum = in.u64();
      if (frame.offset != offset || (f > 0 && frame.first_word <= level.frames[f - 1].first_word)) {
        return damaged("frames");
      }
      offset += frame.bytes;
    }
    if ((level.states == 0) != level.frames.empty()) return damaged("level");
  }
  if (in.failed() || in.left() != 0 || offset != c.index.bytes) return damaged("size");
  return c;
}

std::optional<std::string> key_mismatch(const CheckpointKey& found, const CheckpointKey& wanted) {
  if (found.board_hash != wanted.board_hash) return "another board";
  if (found.rules_hash != wanted.rules_hash) return "other rules";
  if (found.states != wanted.states) return "another state numbering";
  if (found.engine != wanted.engine) return "another engine (--engine)";
  if (found.values_only != wanted.values_only) {
    return found.values_only ? "values only (--values-only)" : "remoteness (no --values-only)";
  }
  if (found.level != wanted.level || found.block_states != wanted.block_states ||
      found.dictionary != wanted.dictionary) {
    return "other file options (zstd level, block size or dictionary)";
  }
  return std::nullopt;
}

}  // namespace catmouse::tablebase
