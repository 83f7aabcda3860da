// Tablebase files on the command line (probe, verify, table, solve --save): opening one, the
// --graph check, and the exit codes of the tablebase commands: 2 when a file cannot be read as a
// tablebase (missing, not one, truncated, a newer format, another board), 1 when a block read
// later turns out corrupt (the message names the block).
#pragma once

#include <string>

#include "catmouse/tablebase/tablebase.hpp"
#include "commands.hpp"

namespace catmouse::cli {

// Whether `path` is a regular file that starts with the tablebase magic ("-", a FIFO or a device
// never is: nothing is read from them here).
bool is_tablebase_file(const std::string& path);

// Opens the file; throws InputError with the library's message.
Tablebase open_tablebase(const std::string& path);

// Registers --graph GRAPH on a command that reads a tablebase file (probe, verify).
void add_graph_option(CLI::App& sub, std::string& graph);

// --graph GRAPH: throws InputError unless the file is for the board in GRAPH.
void check_graph_option(const Tablebase& tablebase, const std::string& graph);

// The error of loading or verifying a whole table: a refusal by the memory limit throws
// InputError (exit 2, "see --memory"), threads that could not start ResourceError (exit 1), a
// thread count over the maximum InputError naming --threads; anything else is corrupt().
[[noreturn]] void table_error(const Error& error);

// Prints "catmouse: <error>" on stderr and exits with 1: a corrupt block, or a state that fails
// its certificate check (the message then says to run catmouse verify on the file).
[[noreturn]] void corrupt(const Error& error);

// Unwraps a query's Result, or corrupt().
template <class T>
T read(Result<T> result) {
  if (!result.ok()) corrupt(result.error());
  return std::move(result).value();
}

}  // namespace catmouse::cli
