// Every state of a one-cat tablebase file, streamed in the order of its states, in bounded memory:
// what `catmouse table FILE --out` writes. The rows are those of the table that
// Tablebase::load() would give (value, remoteness, and the best move of Solution::best_child), but
// the file is read block by block, never held whole, so a file of any size streams in a few
// hundred megabytes; and each state is checked against its children on the way, so that a file
// whose values contradict each other stops the stream instead of giving its rows.
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
  // The most the stream may allocate, everything counted (0: no bound): the file's game, a block
  // and its decoder, the index, a row of each half, the rows handed to `rows`, and the best moves
  // of a band of rows worked out ahead of them, which takes what is left, up to 96 MiB. Less
  // memory means more passes over the file; below what a band of one row needs
  // (stream_table_bytes()), stream_table refuses before it reads a block.
  std::uint64_t memory_limit = 0;
  // What the caller allocates meanwhile (its output buffer, say), counted against memory_limit.
  std::uint64_t caller_bytes = 0;
};

// The least memory_limit stream_table takes for this file, besides the caller's bytes.
std::uint64_t stream_table_bytes(const Tablebase& tablebase);

// Calls `rows` with the rows of every valid state, in the order of the state numbering (mouse to
// move, then cat to move; StateSpace), a block of rows at a time; `rows` returns false to stop
// the stream (the stream then ends without an error). First every block's checksum is checked,
// so that a corrupt block is reported before any row (field kBlock, index = the block); a
// payload that cannot be decoded is found on the way. Every state is checked as verify() checks
// it (solve/verify.hpp's certificate check: against the rules and its children as stored)
// before its row goes out: the stream stops before the first state that fails, with an error
// whose field is kState (detail: the position), after handing over the rows before it. Files of
// k cats are refused (field kCats); a memory_limit below stream_table_bytes() is refused with
// field kMemoryLimit.
Status stream_table(const Tablebase& tablebase,
                    const std::function<bool(std::span<const TableRow>)>& rows,
                    const TableStreamOptions& options = {});

}  // namespace catmouse
