// Writing a tablebase from any source of state codes (codec.hpp): write_tablebase()
// gives the codes of a Solution's Table; a solve that keeps its remoteness on disk gives them
// from there (docs/formats.md, "Writing"). Internal to src/tablebase.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/tablebase/save.hpp"

namespace catmouse::tablebase {

// What the header says about the table.
struct TableDescription {
  const GameSpec* spec = nullptr;  // validated
  Engine engine = Engine::kAuto;
  bool remoteness = true;
  Counts counts;          // over the valid states
  StateIndex states = 0;  // the game's state_count()
};

// Fills `codes` with the codes of the states [first, first + codes.size()). The writer asks in
// two passes, each in increasing order of `first`: every k-th block (the dictionary's samples,
// only when a dictionary is trained), then every block; an error stops the writing.
using CodeSource = std::function<Status(StateIndex first, std::span<std::uint32_t> codes)>;

// The greatest remoteness the codes can hold.
inline constexpr std::uint32_t kMaxStoredRemoteness = 0x7ffffffe;

// The writer's working memory (docs/performance.md), so that a save's memory check counts it:
// per compressing thread a zstd context and its share of the batches of blocks in flight (two
// batches of codes, 4 bytes a state, one being filled while the other is encoded and
// compressed, and each block's payload and frame). `code_bytes`: the widest code the table can
// hold, 1, 2 or 4 bytes (4 when it is not known yet).
std::uint64_t write_memory(const TablebaseWriteOptions& options, std::uint32_t code_bytes,
                           std::uint64_t blocks_per_thread);
// The fewest blocks per thread a batch holds when the memory is short.
inline constexpr std::uint64_t kMinBatchBlocksPerThread = 4;

// Writes the file through an AtomicFile: header, blocks, index, footer. `memory_budget` bounds
// what the writer allocates (0: no bound): the batches shrink to fit it, and a dictionary whose
// training would not fit is not trained (the file is then written without one).
Status write_file(const std::string& path, const TableDescription& table, const CodeSource& codes,
                  const TablebaseWriteOptions& options, std::uint64_t memory_budget = 0);

}  // namespace catmouse::tablebase
