// How a solve runs: the engine, threads, memory limit, what to keep, and progress reports. Every
// engine honours every option or refuses it with an error naming it (Location::field = the
// option's name, e.g. "values_only"); none is ever silently ignored.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include "catmouse/core/error.hpp"

namespace catmouse {

// The engines (see docs/algorithm.md). All give identical tables where they overlap; kAuto picks
// the fastest for the game, and the others are there for tests and benchmarks.
enum class Engine : std::uint8_t {
  kAuto,     // kSmall or kGeneral for one cat, kCops for cops and robbers, else kPack
  kSmall,    // one cat, at most 64 nodes (one word per row), one thread, least overhead per graph
  kGeneral,  // one cat, any size, bit-parallel levels over threads
  kPack,     // two or more cats: counters over the cats' placements
  kCops,     // two or more cops under the rules of cops and robbers, bit-parallel over the robber
};
std::string_view engine_name(Engine engine);  // "auto", "small", "general", "pack", "cops"
Result<Engine> parse_engine_name(std::string_view name);

struct SolveProgress {
  std::uint64_t decided = 0;     // states decided so far (finished positions included)
  std::uint64_t total = 0;       // states in the state space
  std::uint32_t remoteness = 0;  // the remoteness level just completed
  double seconds = 0;            // since the solve started
};

// The most worker threads any front end may ask for. More than this buys nothing on any machine
// catmouse targets and, asked for by mistake (threads=10**6), would exhaust the process ids.
inline constexpr unsigned kMaxThreads = 256;

struct SolveOptions {
  Engine engine = Engine::kAuto;
  // The most worker threads the engine may use, at most kMaxThreads; 0 = one per hardware thread.
  // Engines use fewer where more would not pay (small games, thin levels) or where they run on one
  // thread (kSmall, kPack); the result is the same for any count.
  unsigned threads = 1;
  std::uint64_t memory_limit = 0;  // bytes the solve may allocate; 0 = no limit
  bool values_only = false;        // keep no remoteness: less memory, values only
  std::function<void(const SolveProgress&)> progress;  // called after each level; may be empty
  // Polled after each level (after progress), on the thread that called the solve; when it
  // returns true the solve stops and fails with an error whose ErrorField and kind are kCancelled
  // (a front end's Ctrl-C, a progress callback that failed). May be empty.
  std::function<bool()> cancelled;
};

// The thread count a request for `threads` means here (0: the hardware's, at least 1).
unsigned resolve_threads(unsigned threads);

}  // namespace catmouse
