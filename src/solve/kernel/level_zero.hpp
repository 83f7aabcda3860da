// Level 0 of the one-cat kernels for one 64-column word of a row: the finished positions, by
// finished_value() (rules.hpp) for each class of column, and the stuck player's loss. The kernels
// keep no end-of-game rule of their own. Internal to src/solve.
#pragma once

#include <cstdint>
#include <optional>

#include "catmouse/core/rules.hpp"

namespace catmouse::detail {

struct LevelZeroWord {
  std::uint64_t mouse = 0;  // columns the mouse has won
  std::uint64_t cat = 0;    // columns the cat has won
};

// A row holds the states of one node of the player to move (`turn`): the mouse's node for the
// mouse, the cat's for the cat; its columns are the other player's nodes. `row_in_hole`: the
// row's node is a hole; `columns`: the columns that are states (the nodes the cat may stand on,
// or every mouse node); `hole_columns`: the columns that are holes; `self`: the column of the
// row's own node, if in this word (both players on one node); `stuck`: the player to move has no
// legal move.
inline LevelZeroWord level_zero_word(const Rules& rules, Side turn, bool row_in_hole,
                                     std::uint64_t columns, std::uint64_t hole_columns,
                                     std::uint64_t self, bool stuck) {
  const bool mouse_turn = turn == Side::kMouse;
  LevelZeroWord out;
  const auto add = [&](std::uint64_t bits, std::optional<Value> value) {
    if (value == Value::kMouseWin) out.mouse |= bits;
    if (value == Value::kCatWin) out.cat |= bits;
  };
  const auto finished = [&](bool column_in_hole, bool caught) {
    return mouse_turn ? finished_value(rules, row_in_hole, column_in_hole, caught)
                      : finished_value(rules, column_in_hole, row_in_hole, caught);
  };
  const std::uint64_t same = self & columns;
  add(columns & ~hole_columns & ~same, finished(false, false));
  add(columns & hole_columns & ~same, finished(true, false));
  add(same, finished(row_in_hole, true));  // the column's node is the row's
  if (stuck) add(columns & ~(out.mouse | out.cat), stuck_value(rules, turn));
  return out;
}

}  // namespace catmouse::detail
