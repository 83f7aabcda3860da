// The rules of a game: where the players start, who moves first, where the hole is, and what
// happens to a player who cannot move. The defaults are exactly LeetCode 913.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/words.hpp"

namespace catmouse {

enum class Side : std::uint8_t {
  kMouse = 0,  // the mouse is to move
  kCat = 1,    // the cat is to move
};

constexpr Side opponent(Side side) {
  return side == Side::kMouse ? Side::kCat : Side::kMouse;
}
std::string_view side_name(Side side);  // "mouse" / "cat": rule_word(side)

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

// The words of the rules' two-valued enumerations, written once as words.hpp tables: what rules
// files, the command line, the server's JSON and Python read and write, and what their messages
// list. kRuleWords<E> is E's table.
template <class E>
struct RuleWordTable;
template <>
struct RuleWordTable<Side> {
  static constexpr Word<Side> kWords[] = {{Side::kMouse, "mouse"}, {Side::kCat, "cat"}};
};
template <>
struct RuleWordTable<StuckRule> {
  static constexpr Word<StuckRule> kWords[] = {{StuckRule::kLose, "lose"},
                                               {StuckRule::kDraw, "draw"}};
};
template <>
struct RuleWordTable<LimitOutcome> {
  static constexpr Word<LimitOutcome> kWords[] = {{LimitOutcome::kDraw, "draw"},
                                                  {LimitOutcome::kCatWin, "cat"}};
};
template <class E>
inline constexpr const auto& kRuleWords = RuleWordTable<E>::kWords;

// "mouse", "lose", "cat", ...
template <class E>
constexpr std::string_view rule_word(E value) {
  return word_of(kRuleWords<E>, value);
}

// The value a word names, or nothing for a word that is not one of kRuleWords<E>.
template <class E>
constexpr std::optional<E> parse_rule_word(std::string_view word) {
  return parse_word(kRuleWords<E>, word);
}

struct Rules {
  std::vector<NodeId> holes{0};  // the mouse wins on reaching any of them
  // Nodes the cat may never enter; none given means "the holes" (an empty list: anywhere).
  std::optional<std::vector<NodeId>> cat_forbidden;
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
  // How many cats (k >= 1). They move together in the cats' turn, each along an edge (or staying,
  // with cat_stays), and the cats' side is stuck when one of them has no move; capture is any cat
  // on the mouse. More than one cat is solved by the pack engine (Engine::kPack).
  std::uint32_t cats = 1;
  // With cats > 1: each cat's start (empty: all on cat_start).
  std::vector<NodeId> cat_starts;

  friend bool operator==(const Rules&, const Rules&) = default;

  // The nodes the cat may not enter: cat_forbidden, or the holes when it is not given.
  const std::vector<NodeId>& cat_forbidden_nodes() const {
    return cat_forbidden ? *cat_forbidden : holes;
  }
};

// The end-of-game rules, written once for every engine: the value of a position in which the
// mouse is in a hole or not, some cat is in a hole or not, and some cat is on the mouse or not;
// nullopt when play goes on. With Rules::cat_wins_in_hole the cat wins on the mouse or in a hole
// (LeetCode 1728's food) before anything else; otherwise the mouse wins in a hole (even one the
// cat may enter), and the cat wins on the mouse.
constexpr std::optional<Value> finished_value(const Rules& rules, bool mouse_in_hole,
                                              bool cat_in_hole, bool caught) {
  if (rules.cat_wins_in_hole && (caught || cat_in_hole)) return Value::kCatWin;
  if (mouse_in_hole) return Value::kMouseWin;
  if (caught) return Value::kCatWin;
  return std::nullopt;
}

// The value of a position whose player to move (`stuck`) has no legal move, per Rules::stuck.
constexpr Value stuck_value(const Rules& rules, Side stuck) {
  return rules.stuck == StuckRule::kLose ? win_for(opponent(stuck)) : Value::kDraw;
}

// Checks the rules against a graph: every node in range, no node listed twice, the cat not
// starting on a node it may not enter, the mouse not starting in a hole, at least one cat with a
// start each. Errors name the offending field (ErrorField::kHoles, kCatForbidden, kMouseStart,
// kCatStart, kCats, kMoveLimit) and carry the nodes they name in Error::nodes.
Status validate(const Rules& rules, const Graph& graph);

}  // namespace catmouse
