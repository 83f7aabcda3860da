// How a program drives the engine: --threads, --memory, --progress, --engine, --values-only.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/solve.hpp"
#include "rule_options.hpp"

namespace catmouse::cli {

// What the engine options mean in a program, and so their defaults and help: catmouse solves a
// game in one process; catmouse-mpi solves a part of it in each process, beside the other
// processes of the run on the same machine. The options are declared and read by the same code
// for both (EngineOptions), so that a value one refuses the other refuses with the same message.
struct EngineScope {
  unsigned threads;          // the default --threads
  const char* threads_what;  // "worker threads": the help says "..., at most 256 (default: ...)"
  const char* threads_default;
  const char* memory_help;
  const char* values_only_help;  // nullptr: the command has no --values-only
  bool engine;                   // whether the command has --engine
};

// catmouse's commands: the whole game in this process.
inline constexpr EngineScope kCatmouseScope{
    0,
    "worker threads",
    "one per hardware thread",
    "refuse, before allocating, a solve that needs more than this (e.g. 8G, 512M; default: the "
    "available physical memory)",
    nullptr,
    true};

// catmouse solve: as kCatmouseScope, with --values-only.
inline constexpr EngineScope kCatmouseSolveScope{
    kCatmouseScope.threads,
    kCatmouseScope.threads_what,
    kCatmouseScope.threads_default,
    kCatmouseScope.memory_help,
    "keep only who wins, not in how many moves: less than a third of the memory",
    true};

// catmouse-mpi solve: each process's part, by the frontier kernel alone (no --engine); one
// process per core is the usual layout, hence one thread.
inline constexpr EngineScope kMpiSolveScope{
    1,
    "threads per process",
    "1; 2 runs the two attractors side by side",
    "refuse, before allocating, a solve whose part on some process needs more than this (e.g. "
    "8G, 512M; default: the available memory of each machine shared among its processes)",
    "keep only who wins, not in how many moves: about a third of the memory",
    false};

// Engine options every solving command shares: --threads, --memory, --progress, --engine, and
// (where remoteness is not needed) --values-only.
struct EngineOptions {
  unsigned threads = 0;  // 0: one per hardware thread
  std::string memory;    // "" = available physical memory
  std::string engine = "auto";
  bool progress = false;
  bool values_only = false;
  bool allow_values_only = false;  // whether the command takes --values-only
  // The processes of the run on this machine, which share its memory when --memory is not given
  // (catmouse-mpi; 1 for catmouse).
  unsigned processes_here = 1;
  // Declares the options on `app` as `scope` words them, with its defaults.
  void add_to(CLI::App& app, const EngineScope& scope);
  // catmouse's commands: kCatmouseSolveScope with --values-only, else kCatmouseScope.
  void add_to(CLI::App& app, bool values_only_option);
  // The library's options, with the memory limit resolved and a progress printer attached.
  SolveOptions resolve() const;
  // Bytes a solve may take: --memory, else the memory available to this process (the physical
  // memory available, and no more than the address-space limit of `ulimit -v`), shared among
  // `processes_here`.
  std::uint64_t memory_limit() const;
};

// "4G", "512MiB", "1e9", "750000000" -> bytes; throws InputError naming --memory.
std::uint64_t parse_memory(const std::string& text);

// Solves the game (solve.hpp), or throws solve_error(); warns on stderr when a player can get
// stuck in play from `from` (warn_if_stuck()).
Solution solve_game(GameSpec spec, const EngineOptions& engine, const StateOptions& from = {});

}  // namespace catmouse::cli
