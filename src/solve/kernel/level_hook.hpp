// Helpers for the one-cat kernels that hand their levels to a LevelSink or take them back from a
// LevelReplay (catmouse/solve/level_sink.hpp, which says what those receive and when). Internal
// to src/solve.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/level_sink.hpp"

namespace catmouse::detail {

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
