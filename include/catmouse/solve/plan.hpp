// The one door into every solve: plan() turns a game description into a SolvePlan once, and run()
// runs the plan's engine into a sink. plan() validates the spec, builds the Game, chooses the
// engine, checks every option against it and estimates the memory; nothing else builds a Game
// from a GameSpec or chooses an engine. The sinks: the in-memory Table (run() below, giving a
// Solution) and, for the one-cat engines, a LevelSink that receives each level's newly decided
// states as the engine decides them (solve/level_sink.hpp: the tablebase writer's spill and the
// MPI exchange). solve() in solve.hpp is plan + run into the table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/core/owned_game.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {

class LevelSink;    // solve/level_sink.hpp
class LevelReplay;  // solve/level_sink.hpp

// What a plan runs into: the whole table in memory, or levels handed to a LevelSink (the engine
// then keeps values only, and the sink each state's remoteness as the level that decided it).
// Only the one-cat engines decide level by level; asked for kLevels, plan() gives the others a
// kTable plan, and the caller takes their table (SolvePlan::sink() says which it got).
enum class SinkKind : std::uint8_t { kTable, kLevels };

class SolvePlan;

// What a caller will hold beside the engine while its plan runs (a file writer's buffers, say),
// declared to plan() so that its one refusal counts both against options.memory_limit. `what`
// names the whole in the refusal ("saving 9 states (the solve's arrays 2 KiB, ...)"); left
// empty, the engine's words and its values-only hint stand.
struct CallerBytes {
  std::uint64_t bytes = 0;
  std::string what;
};
// The caller's bytes for a plan, asked once plan() has chosen its engine and sink: of the plan,
// game(), options(), engine(), sink() and memory_bytes() (not yet spec() and owned_game()).
using CallerMemory = std::function<CallerBytes(const SolvePlan& plan)>;

// One way a caller can run a solve: the sink it asks for and what it holds beside the engine.
// A caller with more than one way (the table in memory, else a save through a file) gives plan()
// its alternatives in order of preference, and plan() answers the first that fits.
struct PlanAlternative {
  SinkKind sink = SinkKind::kTable;
  CallerMemory caller;
};

class SolvePlan {
 public:
  // spec() and owned_game(): of a plan made from a GameSpec only (owns_game()).
  const GameSpec& spec() const { return owned_->spec(); }
  const Game& game() const { return *game_; }
  const OwnedGame& owned_game() const { return *owned_; }
  bool owns_game() const { return owned_.has_value(); }
  const SolveOptions& options() const { return options_; }  // options.engine is the chosen one
  Engine engine() const { return options_.engine; }
  SinkKind sink() const { return sink_; }
  // Bytes the engine allocates at most for this sink (UINT64_MAX when too many to count); plan()
  // refused the plan when these and the caller's (CallerMemory) exceed options.memory_limit.
  std::uint64_t memory_bytes() const { return memory_bytes_; }
  // Which of the caller's alternatives this plan is (their index; 0 for a plan of one). The sink
  // alone does not tell: an engine that cannot decide level by level gets kTable for either.
  std::size_t alternative() const { return alternative_; }

 private:
  friend Result<SolvePlan> plan(GameSpec spec, const SolveOptions& options, SinkKind sink,
                                const CallerMemory& caller);
  friend Result<SolvePlan> plan(const Game& game, const SolveOptions& options, SinkKind sink,
                                const CallerMemory& caller);
  friend Result<SolvePlan> plan(GameSpec spec, const SolveOptions& options,
                                std::span<const PlanAlternative> alternatives);
  friend Result<SolvePlan> plan(const Game& game, const SolveOptions& options,
                                std::span<const PlanAlternative> alternatives);
  friend Result<Solution> run(SolvePlan plan);
  friend Status run(const SolvePlan& plan, LevelSink& sink, LevelReplay* resume);
  SolvePlan(const Game& game, SolveOptions options, SinkKind sink, std::uint64_t bytes)
      : game_(&game), options_(std::move(options)), sink_(sink), memory_bytes_(bytes) {}

  std::optional<OwnedGame> owned_;  // the game of a plan made from a GameSpec
  const Game* game_;  // owned_'s game (held on the heap: moves keep it), or the caller's
  SolveOptions options_;
  SinkKind sink_;
  std::uint64_t memory_bytes_;
  std::size_t alternative_ = 0;
};

// The plan for solving `spec`. Fails (before allocating anything big) when the game is invalid
// (GameSpec::validate), when the engine asked for cannot play these rules, when an option cannot
// be honoured (Location::field names it: "engine", "values_only", "threads", ...), and when the
// engine's bytes and the caller's exceed options.memory_limit: the only memory refusal of a solve
// (ErrorKind::kRefusedMemory, field "memory_limit", with a hint naming values_only where the
// one-cat engines would fit with it). The engines do not check the limit again.
Result<SolvePlan> plan(GameSpec spec, const SolveOptions& options = {},
                       SinkKind sink = SinkKind::kTable, const CallerMemory& caller = {});

// The plan for a Game its caller holds and keeps alive while the plan lives (engine tests, searches
// that solve thousands of small games: solve_table() in solve.hpp): the same checks and choice,
// without a copy of the game. Such a plan runs into a level sink or gives a Table
// (solve_table()), not a Solution, which owns its game.
Result<SolvePlan> plan(const Game& game, const SolveOptions& options = {},
                       SinkKind sink = SinkKind::kTable, const CallerMemory& caller = {});

// One plan for a caller with alternatives, in order of preference: the first alternative that
// fits options.memory_limit (SolvePlan::alternative() says which). An alternative refused for
// memory gives way to the next; when none fits, the last one's refusal is the answer, as plan()
// with that alternative alone gives it. Any other failure (an invalid game, an option that cannot
// be honoured) is the same for every alternative and answered at once. No alternatives is one,
// the table's without caller bytes. The game is built once.
Result<SolvePlan> plan(GameSpec spec, const SolveOptions& options,
                       std::span<const PlanAlternative> alternatives);
Result<SolvePlan> plan(const Game& game, const SolveOptions& options,
                       std::span<const PlanAlternative> alternatives);

// Runs a kTable plan made from a GameSpec: every state's value (and remoteness, unless
// values_only) in one Table, with the game in a Solution. Fails as solve() does (memory, threads,
// cancelled).
Result<Solution> run(SolvePlan plan);

// Runs a kLevels plan: each level's newly decided states go to `sink` as the engine decides them
// (the sink keeps their remoteness; the engine keeps values only). With `resume`, the engine
// starts after the replay's last level. A sink that stops the solve makes it fail as cancelled.
Status run(const SolvePlan& plan, LevelSink& sink, LevelReplay* resume = nullptr);

// One position's value, as run(plan, position) gives it, and what its solve took.
struct PositionValue {
  StateValue value;
  std::uint64_t memory_bytes = 0;  // the engine's: a kLevels plan's estimate, or the table's bytes
  double seconds = 0;              // the solve's
};

// The value of one position with the least work: the one policy "levels, else table" of every
// one-position answer (solve_value(), catmouse solve). A kLevels plan (the one-cat engines): the
// engine keeps values only and stops at the level that decides `position` (a draw still needs
// every level), whose number is its remoteness. A kTable plan (k cats, cops, or values only
// asked for): the whole table is solved and the position read from it. The value is under the
// rules' move limit, as Solution::value gives it. Fails (field kPosition) when the position is not
// one of the game's, and as run() does.
Result<PositionValue> run(const SolvePlan& plan, const Position& position);

}  // namespace catmouse
