// A solved game: the one thing every engine returns (solve.hpp) and every front end asks. It owns
// the game description and the table, and answers the same questions whatever the engine: the
// value of a position, the moves from it with their values, the best move, the optimal line, and
// counts over the whole table. Values are those of the game as the rules define it, move limit
// included; best moves are derived from the children on demand, never stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/core/owned_game.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse {

// The answer for one position.
struct StateValue {
  Value value = Value::kDraw;
  std::optional<std::uint32_t> remoteness;  // none for a draw
  friend bool operator==(const StateValue&, const StateValue&) = default;
};

// The value under rules.move_limit (unchanged when there is none) of a state of the unlimited game
// worth `unlimited`, with `played` moves already made: a side wins if it forces a win within the
// moves left (remoteness unchanged); otherwise the game reaches the limit, and its outcome, a draw
// or a cat win whose remoteness is the moves left. Needs the remoteness of decided states.
StateValue apply_move_limit(const StateValue& unlimited, const Rules& rules,
                            std::uint32_t played = 0);

// One legal move and where it leads.
struct Move {
  Position child;    // the position after the move
  StateValue value;  // the child's value
};

// Why an optimal line stops.
enum class LineEnd : std::uint8_t {
  kHole,        // the mouse reached a hole: the mouse wins
  kCapture,     // a cat is on the mouse (or, under cat_wins_in_hole, in a hole): the cats win
  kStuck,       // the side to move has no legal move
  kRepetition,  // the next optimal move would repeat a position: a draw
  kMoveLimit,   // the rules' move limit is reached
};
std::string_view line_end_name(LineEnd end);  // "hole", "capture", "stuck", "repetition",
                                              // "move limit"

// The optimal line from a position: positions[0] is the start, each next one follows by
// best_move(). With a repetition, cycle_start is the index of the position the next move returns
// to.
struct Line {
  std::vector<Position> positions;
  std::optional<std::size_t> cycle_start;
  LineEnd end = LineEnd::kStuck;
};

// Counts over the valid states of a table.
struct Counts {
  std::uint64_t states = 0;  // valid states
  std::uint64_t mouse_wins = 0, cat_wins = 0, draws = 0;
  std::optional<std::uint32_t> max_remoteness;  // none without remoteness or without a win
};

class Solution {
 public:
  // Normally made by run() (plan.hpp); here for tablebase readers that hold a table already. The
  // table must be the game's.
  Solution(OwnedGame game, Table table, Engine engine, double seconds = 0);

  const GameSpec& spec() const { return game_.spec(); }
  const Game& game() const { return game_.game(); }
  const Table& table() const { return table_; }
  Engine engine() const { return engine_; }    // the engine that made the table
  double seconds() const { return seconds_; }  // how long the engine took
  bool has_remoteness() const { return table_.has_remoteness(); }
  Position start() const { return game_.game().start_position(); }

  // Whether p is a position of this game; the error names the part at fault ("mouse", "cat 2",
  // "cats", "turn"). The queries below expect a position that passed; on any other they return a
  // draw, no moves, no best move, and a line of p alone.
  Status check(const Position& p) const;

  // The value of p with `played` moves made (which matters only under a move limit).
  StateValue value(const Position& p, std::uint32_t played = 0) const;
  // Every legal move from p with the value of where it leads (`played` moves made before it), in
  // increasing state index: for one cat, by the mover's destination. Empty at finished positions
  // and for a stuck player.
  std::vector<Move> moves(const Position& p, std::uint32_t played = 0) const;
  // The optimal move: when the mover wins, a winning move of least remoteness; when the mover
  // loses, a move of greatest remoteness; in a draw, a move that keeps the draw. Ties go to the
  // first move in the order of moves(). Chosen by the values of the game without its move limit
  // (the limit only cuts the line short); its value is given as moves() gives it. None at
  // finished positions, for a stuck player, and in a values-only table (which cannot tell fast
  // wins from slow ones).
  std::optional<Move> best_move(const Position& p, std::uint32_t played = 0) const;
  // best_move() by state index (Table numbering), for passes over a whole table: the index of the
  // best move's position.
  std::optional<StateIndex> best_child(StateIndex state) const;
  // The optimal line from p (the positions follow best_move), cut at the move limit. Fails in a
  // values-only table.
  Result<Line> line(const Position& p) const;

  Counts counts() const;
  std::uint64_t memory_bytes() const { return table_.memory_bytes(); }

 private:
  StateValue unlimited(const Position& p) const;

  OwnedGame game_;
  Table table_;
  Engine engine_;
  double seconds_;
};

// A state reachable from `start` in which the player to move has no legal move, if any (only
// possible outside LeetCode's guarantees); play stops at finished positions. One cat.
std::optional<State> reachable_stuck_state(const Game& game, const State& start);

// "(mouse 1, cat 2, mouse to move)", "(mouse 1, cats 2,3, cat to move)".
std::string describe(const Position& p);

}  // namespace catmouse
