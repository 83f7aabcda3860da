// The checkpoint of a save (docs/formats.md, "Checkpoints"): what the save is of (the game, the
// engine, the options that change the file's bytes) and the spill file's index as of the last
// level made durable. Written whole through io/atomic_file.hpp after the spill file is synced,
// so a checkpoint never names bytes that are not on disk. Internal to src/tablebase.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/tablebase/save.hpp"
#include "tablebase/spill.hpp"

namespace catmouse::tablebase {

// What a resumed save must match: everything the finished file's bytes depend on but the solve.
struct CheckpointKey {
  std::uint64_t board_hash = 0;  // XXH3-64 of encode_board()
  std::uint64_t rules_hash = 0;  // XXH3-64 of encode_rules()
  std::uint32_t engine = 0;      // engine_code()
  bool values_only = false;
  std::int32_t level = 0;  // the writer's options
  std::uint32_t block_states = 0;
  bool dictionary = true;
  StateIndex states = 0;
};

CheckpointKey checkpoint_key(const GameSpec& spec, Engine engine, bool values_only,
                             const TablebaseWriteOptions& write, StateIndex states);

struct Checkpoint {
  CheckpointKey key;
  bool solved = false;  // the solve had finished: every level is in the spill file
  SpillIndex index;
};

std::string encode_checkpoint(const Checkpoint& checkpoint);
// The checkpoint in `bytes`; the error says what is wrong with them (not a checkpoint, a newer
// version, damaged).
Result<Checkpoint> decode_checkpoint(std::string_view bytes);

// How a checkpoint of `found` differs from one `wanted` needs ("another board", ...), or nothing.
std::optional<std::string> key_mismatch(const CheckpointKey& found, const CheckpointKey& wanted);

}  // namespace catmouse::tablebase
