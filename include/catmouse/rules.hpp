// The rules of a game: where the players start, who moves first, where the hole is, and what
// happens to a player who cannot move. The defaults are exactly LeetCode 913.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "catmouse/error.hpp"
#include "catmouse/graph.hpp"

namespace catmouse {

enum class Side : std::uint8_t {
  kMouse = 0,  // the mouse is to move
  kCat = 1,    // the cat is to move
};

constexpr Side opponent(Side side) {
  return side == Side::kMouse ? Side::kCat : Side::kMouse;
}
std::string_view side_name(Side side);  // "mouse" / "cat"

// Game value under optimal play. The numbers are LeetCode 913's answer codes.
enum class Value : std::uint8_t {
  kDraw = 0,      // neither side can force a win; play repeats a position
  kMouseWin = 1,  // the mouse reaches the hole
  kCatWin = 2,    // the cat lands on the mouse
};

constexpr Value win_for(Side side) {
  return side == Side::kMouse ? Value::kMouseWin : Value::kCatWin;
}
std::string_view value_name(Value value);  // "draw" / "mouse" / "cat"

// What happens to a player who must move but has no legal move (possible only on inputs outside
// LeetCode's guarantees, e.g. a cat whose only neighbour is the hole, or an isolated node).
enum class StuckRule : std::uint8_t {
  kLose = 0,  // the stuck player loses at once (default)
  kDraw = 1,  // the game is a draw at once
};

// What a game that reaches Rules::move_limit is worth.
enum class LimitOutcome : std::uint8_t {
  kDraw = 0,    // a draw (neither side forced a win in time)
  kCatWin = 1,  // the cat wins, as in LeetCode 1728 ("the mouse did not reach the food in time")
};

struct Rules {
  std::vector<NodeId> holes{0};  // the mouse wins on reaching any of them
  // Nodes the cat may never enter; empty means "the holes".
  std::vector<NodeId> cat_forbidden;
  NodeId mouse_start = 1;  // the mouse's start node
  NodeId cat_start = 2;    // the cat's start node
  Side first = Side::kMouse;
  StuckRule stuck = StuckRule::kLose;
  bool mouse_stays = false;  // the mouse may stay where it is as its move
  bool cat_stays = false;    // the cat may stay where it is as its move
  // LeetCode 1728's food: the cat wins on reaching a hole before the mouse (and on the mouse, as
  // always). Needs holes the cat may enter (set cat_forbidden apart from the holes).
  bool cat_wins_in_hole = false;
  // The game ends after this many moves (plies, both sides counted) with limit_outcome; 0 = no
  // limit. Engines solve the unlimited game; apply_move_limit() turns its answer into the limited
  // one, which is exact because a side can force a win within t moves exactly when its unlimited
  // remoteness is at most t.
  std::uint32_t move_limit = 0;
  LimitOutcome limit_outcome = LimitOutcome::kDraw;

  // The nodes the cat may not enter: cat_forbidden, or the holes when that is empty.
  const std::vector<NodeId>& cat_excluded() const {
    return cat_forbidden.empty() ? holes : cat_forbidden;
  }
};

// Checks the rules against a graph: every node in range, no node listed twice, the cat not
// starting on a node it may not enter, the mouse not starting in a hole. Errors name the
// offending field ("holes", "cat forbidden", "mouse start", "cat start").
Status validate(const Rules& rules, const Graph& graph);

}  // namespace catmouse
