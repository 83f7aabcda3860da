// Every state of a one-cat tablebase file, streamed in the order of its states, in bounded memory:
// what `catmouse table FILE --out` writes. The rows are those of the table that
// Tablebase::load() would give (value, remoteness, and the best move of Solution::best_child), but
// the file is read block by block, never held whole, so a file of any size streams in a few
// hundred megabytes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/tablebase/tablebase.hpp"

namespace catmouse {

// One state's row.
struct TableRow {
  State state;
  Value value = Value::kDraw;               // the table's value, without the move limit
  std::optional<std::uint32_t> remoteness;  // none for draws and in a values-only file
  std::optional<NodeId> best_move;          // the mover's destination; none at finished states
};

struct TableStreamOptions {
  // Bytes the stream may allocate for the best moves it works out ahead of the rows (0: the
  // default, 96 MiB). Less memory means more passes over the file, not a refusal.
  std::uint64_t memory_bytes = 0;
};

// Calls `rows` with the rows of every valid state, in the order of the state numbering (mouse to
// move, then cat to move; StateSpace), a block of rows at a time; `rows` returns false to stop
// the stream (the stream then ends without an error). First every block's checksum is checked,
// so that a corrupt block is reported before any row (field kBlock, index = the block); a
// payload that cannot be decoded is found on the way. Files of k cats are refused (field kCats).
// Memory: options.memory_bytes, plus a few blocks and one row of each half of the table.
Status stream_table(const Tablebase& tablebase,
                    const std::function<bool(std::span<const TableRow>)>& rows,
                    const TableStreamOptions& options = {});

}  // namespace catmouse
