// The one-cat kernels' levels, handed out as they are decided and handed back to resume a solve.
// A state's remoteness is the level that decides it, so a solve that passes each level's new
// states on (to disk: the tablebase writer's spill, src/io/tablebase_spill.hpp) needs to keep
// only values; and the states of levels 0 .. L are all a kernel holds after level L, so a solve
// can restart from them. Internal to src/.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <span>

#include "catmouse/core/game.hpp"

namespace catmouse {

// 64 states: bit j of `states` is state first + j; `mouse` marks those the mouse wins.
struct LevelWord {
  StateIndex first = 0;
  std::uint64_t states = 0;
  std::uint64_t mouse = 0;
};

// Receives each level's new states (level 0: the finished positions and stuck players).
class LevelSink {
 public:
  virtual ~LevelSink() = default;
  // Words of the current level in increasing order of their states (the sweep and small kernels:
  // their rows are StateSpace's).
  virtual void add(const LevelWord& word) = 0;
  // One state of the current level, in any order (the frontier kernel: its rows are relabelled);
  // the sink sorts them. A kernel uses one of add() and add_state() for a whole level.
  virtual void add_state(StateIndex state, bool mouse) = 0;
  // The current level is complete; false stops the solve as SolveOptions::cancelled would (the
  // sink keeps its reason).
  virtual bool end_level(std::uint32_t level) = 0;
};

// The levels 0 .. last_level() of a solve that stopped there, for a kernel to start over from.
class LevelReplay {
 public:
  virtual ~LevelReplay() = default;
  virtual std::uint32_t last_level() const = 0;
  // Calls f(level, words) with every state of levels 0 .. last_level(), level after level, and
  // within a level in increasing order (words are 64-aligned); false when the levels cannot be
  // read (the replay keeps the reason), and the kernel then stops as cancelled.
  using Visitor = std::function<void(std::uint32_t level, std::span<const LevelWord> words)>;
  virtual bool replay(const Visitor& f) = 0;
};

}  // namespace catmouse

namespace catmouse::detail {

using catmouse::LevelReplay;
using catmouse::LevelSink;
using catmouse::LevelWord;

// Calls f(half, row, word, states, mouse) for the pieces of `word` that fall in each parent row
// of the one-cat numbering (half 0: rows by mouse node, columns by cat; half 1 the other way
// round), as 64-bit words of that row (`word` the row's word index).
template <class F>
void for_each_row_word(const LevelWord& word, NodeId n, F&& f) {
  const StateIndex half_size = StateIndex{n} * n;
  std::uint64_t states = word.states, mouse = word.mouse;
  StateIndex first = word.first;
  while (states != 0) {
    const int skip = std::countr_zero(states);
    first += skip;
    states >>= skip;
    mouse >>= skip;
    const int half = first >= half_size ? 1 : 0;
    const StateIndex in_half = first - half * half_size;
    const auto row = static_cast<NodeId>(in_half / n);
    const auto column = static_cast<NodeId>(in_half % n);
    // The bits up to the row's end (at most 64).
    const std::uint64_t span = std::min<std::uint64_t>(64, n - column);
    const std::uint64_t mask = span == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << span) - 1;
    const std::uint64_t piece = states & mask, piece_mouse = mouse & mask;
    const std::uint64_t w = column >> 6, shift = column & 63;
    f(half, row, w, piece << shift, piece_mouse << shift);
    if (shift != 0 && (piece >> (64 - shift)) != 0) {
      f(half, row, w + 1, piece >> (64 - shift), piece_mouse >> (64 - shift));
    }
    if (span == 64) break;
    states >>= span;
    mouse >>= span;
    first += span;
  }
}

}  // namespace catmouse::detail
