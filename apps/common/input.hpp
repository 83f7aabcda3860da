// Reading a program's input: the graph file and its format options, within the memory limit.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/game_reader.hpp"

namespace catmouse::cli {

struct EngineOptions;

// Options every graph-reading command shares: the file and its format.
struct GraphInput {
  std::string path;    // a file, or "-" for stdin
  std::string format;  // "", "leetcode", "edges", "graph6" or "grid"
  bool directed = false;
  // The command's engine options, whose memory limit bounds what is read (io/limits.hpp): the
  // input's length and the game it implies. None: no bound.
  const EngineOptions* engine = nullptr;
  // `required`: GRAPH must be given (false where another option can stand in for it).
  void add_to(CLI::App& app, bool required = true);
  std::string source() const { return path == "-" ? "<stdin>" : path; }
  // Throws InputError naming --format or --memory; memory_limit from `engine`.
  ReadOptions read_options() const;
  // The whole input, read within the memory limit's bound (read_input).
  std::string read() const;
  GameSpec load() const;  // the game in the file; throws InputError naming the file
};

// Opens the file `path` for reading (a descriptor that blocks, for the caller to close); throws
// InputError naming it and the reason ("No such file or directory"). A FIFO that no writer has
// opened yet is waited for without end (a blocking open would wait silent): after a second,
// "catmouse: waiting for a writer on PATH" goes to stderr, once; SIGINT and SIGTERM end the wait
// as they end the program.
int open_input(const std::string& path);

// The whole of a file, or of stdin for "-", as text; throws InputError naming the file. Refused:
// a directory, a file longer than `max_bytes` (0: no bound; checked before reading a regular
// file, and by reading no further on a pipe or device), and binary data (a NUL byte: no input
// format has one, and /dev/zero is nothing else).
std::string read_input(const std::string& path, std::uint64_t max_bytes = 0);
// read_input()'s checks on `piece`, read at byte `offset` of the input `name`: no NUL byte, and
// not past the bound of `memory_limit` (0: none). Throws InputError.
void check_input_piece(const std::string& name, std::string_view piece, std::uint64_t offset,
                       std::uint64_t memory_limit);

}  // namespace catmouse::cli
