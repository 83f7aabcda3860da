// The engines behind solve() (solve.hpp), each taking a Game and the options it was given. They
// check their own limits and options (errors name the option) and return a Table in the game's
// StateSpace numbering; their memory they only declare (MemoryNeed), and plan() alone compares it
// with the limit. solve.cpp picks one; tests call them directly. Internal to src/solve.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/core/format_bytes.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/plan.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse {
class LevelSink;
class LevelReplay;
}  // namespace catmouse

namespace catmouse::detail {

// The refusal of a position that is not one of the game's (Location::field "position").
Error position_error(const Position& position);
// The table of options.engine (a chosen engine, not kAuto) for `game`.
Result<Table> run_engine(const Game& game, const SolveOptions& options);

// The kernels behind the general one-cat engine (Engine::kGeneral): the sweep kernel
// (sweep_kernel.hpp: bit-parallel over both layouts, for shallow games and dense or
// irregular graphs) and the frontier kernel (frontier_kernel.hpp: two attractors, each level in
// proportion to its new states, for deep games on graphs whose breadth-first numbering makes
// "every move wins" a few shifted words). kAuto picks by the graph; tests force each.
enum class OneCatKernel : std::uint8_t { kAuto, kSweep, kFrontier };

// The frontier kernel is chosen when "every move wins" costs at most this many windows per 64
// nodes. Past it the graph is irregular or dense, so its games are shallow, and the sweep kernel's
// 64 states per word operation win over the frontier kernel's work per new state. The threshold
// sits between the entries of the families where each kernel was measured faster; the figures
// (entries per family, times at n = 4000) are in docs/algorithm.md, "Which kernel".
inline constexpr double kFrontierEntriesPerWord = 128.0;

// One cat: the small kernel (at most 64 nodes) or the general one, as options.engine says
// (kAuto: small up to 64 nodes); `kernel` forces the general engine's kernel (kAuto: by the
// graph; a forced kernel runs even where kAuto would take the small kernel).
Result<Table> solve_one_cat(const Game& game, const SolveOptions& options,
                            OneCatKernel kernel = OneCatKernel::kAuto);
// One state, stopping at the level where it is decided.
Result<StateValue> solve_one_cat_state(const Game& game, const State& state,
                                       const SolveOptions& options,
                                       OneCatKernel kernel = OneCatKernel::kAuto);
// Without the finished table (`table` false): the kernel's own arrays, as solve_one_cat_levels
// holds them.
std::uint64_t one_cat_memory(const Game& game, bool values_only, bool table = true,
                             OneCatKernel kernel = OneCatKernel::kAuto);
// The one-cat kernels with their levels going to `sink` (level_hook.hpp) instead of into a
// table: the kernel keeps values only, and the sink each state's level, its remoteness. With
// `resume`, the kernel starts after the replay's last level. Returns the engine that ran (kSmall
// or kGeneral); a sink that stops the solve makes it fail as cancelled.
Result<Engine> solve_one_cat_levels(const Game& game, const SolveOptions& options, LevelSink& sink,
                                    LevelReplay* resume = nullptr,
                                    OneCatKernel kernel = OneCatKernel::kAuto);

// Two or more cats: the pack engine (pack.cpp).
Result<Table> solve_pack(const Game& game, const SolveOptions& options);
std::uint64_t pack_memory(const Game& game, bool values_only);
// The pack engine's refusal of a game, found before anything of its size is built: a placement
// whose cats have too many distinct joint moves (an error naming `cats`), when one is found
// among the likeliest; run() refuses the others later.
Status pack_check(const Game& game);

// Two or more cops under cops_rules(): the cops engine's whole table (kernel/cops_engine.cpp).
Result<Table> solve_cops_table(const Game& game, const SolveOptions& options);
// The cops' question on the cops engine for graphs too large for SmallCops (solve_cops in
// cops.cpp checks the arguments first, check_cops among them).
Result<CopsResult> solve_cops_question(const Graph& graph, std::uint32_t k,
                                       const SolveOptions& options, CopsSweep sweep,
                                       CopsVariant variant);
// The number of cops and the graph's size within what the cops engine takes; the error names
// the option "cops".
Status check_cops(const Graph& graph, std::uint32_t k);
// Whether the game is cops and robbers as the cops engine plays it: no holes, no nodes barred to
// the cats, the cats on the mouse's graph, no capture in a hole, and the robber never winning: a
// node with no move out only where the cops may stay (else a cop there is stuck and loses), and
// the robber stuck there losing (with him staying, or under StuckRule::kLose).
bool cops_shaped(const Game& game);
// The staying of the game's rules (cat_stays: the cops', mouse_stays: the robber's).
CopsVariant cops_variant(const Rules& rules);
std::uint64_t cops_memory(NodeId node_count, std::uint32_t k, bool table, bool values_only,
                          CopsVariant variant);

// What an engine declares it will hold for a game: its bytes (UINT64_MAX when too many to count:
// the engine then refuses the game itself, naming cats or cops), the words its refusal names them
// by ("solving 32 states", "3 cops on 10 nodes"), and for an engine whose refusal advises values
// only, the bytes it would hold then.
struct MemoryNeed {
  std::uint64_t bytes = 0;
  std::string what;
  std::optional<std::uint64_t> values_only_bytes;
};
// The engine's need for `game` on `sink` (the one-cat engines' levels: values only, no table).
MemoryNeed engine_memory(const Game& game, Engine engine, SinkKind sink, bool values_only);
// The cops' question's need (solve_cops(), SmallCops): `bytes` for k cops on n nodes.
MemoryNeed cops_question_memory(NodeId node_count, std::uint32_t k, std::uint64_t bytes);
// The one comparison of memory with the limit (0: none): `need` over `limit` is refused
// (memory_error(), with the values-only hint when `need` declares its bytes). plan() calls it for
// every plan, and the cops' question, which plans no game, for its own.
Status check_memory(const MemoryNeed& need, std::uint64_t limit);

// The refusal of a solve that needs `needed` bytes where options.memory_limit allows less
// (ErrorKind::kRefusedMemory); `what` says what ("solving 32000000 states"), `hint` what would fit.
Error memory_error(const std::string& what, std::uint64_t needed, std::uint64_t limit,
                   ErrorHint hint = {});
// An error of `kind` about option `option` (Location::field).
Error option_error(ErrorField option, std::string message, ErrorKind kind = ErrorKind::kBadInput);
// Memory that ran out (ErrorKind::kOutOfMemory, ErrorField::kMemoryLimit): `message` says when,
// "out of memory during the solve".
Error out_of_memory_error(std::string message);
// The refusal of a thread count over kMaxThreads (ErrorField::kThreads), or nothing.
Status check_threads(unsigned threads);
// The error of threads that could not be started (ErrorField and ErrorKind kResources): `threads`
// the count asked for, `failure` the system's word (std::system_error::code().message()).
Error thread_error(unsigned threads, const std::string& failure);
// The error of a solve stopped by SolveOptions::cancelled (ErrorField and ErrorKind kCancelled).
Error cancelled_error();

}  // namespace catmouse::detail
