// The streaming certificate check of a one-cat table (docs/algorithm.md, "The streaming check"):
// the same local rules as solve/verify.hpp's per-state check, read block by block from a table in
// memory or from a tablebase file, in the memory of one half of the table at one byte per state
// when the greatest remoteness is below 127 (two or four bytes per state above).
//
// A mouse-to-move state (m, c) has the cat-to-move children (m', c), m' a move of the mouse from
// m; a cat-to-move state (m, c) has the mouse-to-move children (m, c'). So the check runs in two
// passes: the first holds the cat-to-move half transposed (row m' holds (m', c) for every c) and
// streams the mouse-to-move rows, a row m checked against the rows m' it moves to, element-wise;
// the second holds the mouse-to-move half transposed and streams the cat-to-move rows. A held
// entry is a key seen from the streamed side's mover, ordered so that the minimum over a state's
// children says its value and remoteness: the mover's win in r is r, a draw the middle of the
// range, the opponent's win in r the top of the range minus r. Internal to src/.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/queries.hpp"
#include "solve/worker_pool.hpp"

namespace catmouse::detail {

// A table's states as codes in consecutive blocks, read one block at a time. A code is a
// tablebase file's (docs/formats.md): 0 a draw or a state the rules exclude; with remoteness
// 1 + 2r for a mouse win in r plies and 2 + 2r for a cat win in r plies; values only, 1 for a
// mouse win and 2 for a cat win.
class CodeSource {
 public:
  // Reads blocks with scratch space of its own: one per thread.
  class Reader {
   public:
    virtual ~Reader() = default;
    // Block b's codes into `codes` (resized to its states); an error names the block.
    virtual Status read(std::uint64_t b, std::vector<std::uint32_t>& codes) = 0;
  };

  CodeSource(StateIndex states, std::uint64_t block_states, bool remoteness,
             std::uint32_t max_remoteness)
      : states_(states),
        block_states_(block_states),
        remoteness_(remoteness),
        max_remoteness_(max_remoteness) {}
  virtual ~CodeSource() = default;
  virtual std::unique_ptr<Reader> reader() const = 0;

  StateIndex states() const { return states_; }
  std::uint64_t block_states() const { return block_states_; }
  std::uint64_t blocks() const { return (states_ + block_states_ - 1) / block_states_; }
  bool remoteness() const { return remoteness_; }
  // No code holds a greater remoteness (0 for values only).
  std::uint32_t max_remoteness() const { return max_remoteness_; }

 private:
  StateIndex states_;
  std::uint64_t block_states_;
  bool remoteness_;
  std::uint32_t max_remoteness_;
};

// The code of a state of this value and remoteness.
inline std::uint32_t state_code(Value value, std::uint32_t remoteness, bool with_remoteness) {
  return queries::state_code({value, remoteness}, with_remoteness);
}

// An in-memory Table's states as codes, in blocks of `block_states`.
class TableCodeSource : public CodeSource {
 public:
  explicit TableCodeSource(const Table& table, std::uint64_t block_states = 1 << 16);
  std::unique_ptr<Reader> reader() const override;

 private:
  const Table& table_;
};

// Whether the streaming check covers this game and source: one cat, the source's states the
// game's, and remoteness below 2^31 - 1. Other games take the per-state check.
bool streamable(const Game& game, const CodeSource& source);

// The bytes the check allocates: the held half, and each thread's scratch.
std::uint64_t stream_verify_bytes(NodeId nodes, const CodeSource& source, unsigned threads);

// What the check found wrong first: a block that cannot be read (the smallest such block: every
// block is read in the first pass), then counts that differ from `expected`, then the first
// state, in index order, that breaks a rule (with solve/verify.hpp's message and a kState field).
struct StreamFailure {
  enum class Kind : std::uint8_t { kRead, kCounts, kState };
  Kind kind = Kind::kRead;
  std::optional<Error> error;  // kRead: the reader's error; kState: the state's
  std::uint64_t block = 0;     // kRead, kState: the block to blame
  StateIndex state = 0;        // kState: the state
};

// Runs the check on the pool's threads; `expected`, if given, is compared with the counts of the
// valid states after the first pass. Throws std::bad_alloc when the held half cannot be had.
std::optional<StreamFailure> stream_verify(const Game& game, const CodeSource& source,
                                           WorkerPool& pool, const Counts* expected = nullptr);

}  // namespace catmouse::detail
