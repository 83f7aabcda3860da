// How a program drives the engine: --threads, --memory, --progress, --engine, --values-only.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/solve.hpp"
#include "rule_options.hpp"

namespace catmouse::cli {

// Engine options every solving command shares: --threads, --memory, --progress, --engine, and
// (where remoteness is not needed) --values-only.
struct EngineOptions {
  unsigned threads = 0;  // 0: one per hardware thread
  std::string memory;    // "" = available physical memory
  std::string engine = "auto";
  bool progress = false;
  bool values_only = false;
  bool allow_values_only = false;  // whether the command takes --values-only
  void add_to(CLI::App& app, bool allow_values_only);
  // The library's options, with the memory limit resolved and a progress printer attached.
  SolveOptions resolve() const;
  // Bytes a solve may take: --memory, else the memory available to this process (the physical
  // memory available, and no more than the address-space limit of `ulimit -v`).
  std::uint64_t memory_limit() const;
};

// "4G", "512MiB", "1e9", "750000000" -> bytes; throws InputError naming --memory.
std::uint64_t parse_memory(const std::string& text);

// Solves the game (solve.hpp), or throws solve_error(); warns on stderr when a player can get
// stuck in play from `from` (warn_if_stuck()).
Solution solve_game(GameSpec spec, const EngineOptions& engine, const StateOptions& from = {});

}  // namespace catmouse::cli
