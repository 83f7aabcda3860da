// Shared pieces of the command-line tool. Subcommands report bad input by throwing InputError;
// main() alone turns it into a message on stderr and exit code 2, so no subcommand prints a
// partial result: output is built in memory and written only once everything succeeded.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/grid.hpp"
#include "catmouse/solve/pack.hpp"
#include "catmouse/solve/query.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/solve/solver.hpp"
#include "catmouse/solve/table.hpp"

namespace catmouse::cli {

// Bad input or usage: main() prints "catmouse: <what()>" and exits with 2.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
  explicit InputError(const Error& error) : std::runtime_error(error.to_string()), error_(error) {}
  // The library's error with its location, when it came from one (batch mode relocates it).
  const std::optional<Error>& error() const { return error_; }

 private:
  std::optional<Error> error_;
};

// Thrown by a subcommand that succeeded but must exit with another code (check: 1 when it found a
// failure); main() returns `code`.
struct ExitCode {
  int code;
};

// Unwraps a Result or throws InputError with its message and location.
template <class T>
T take(Result<T> result) {
  if (!result.ok()) throw InputError(result.error());
  return std::move(result).value();
}

// A game as read from a file: the graph, the cat's own graph and the rules for a grid map, or
// the "rules" object of a JSON graph file over the defaults.
struct LoadedGame {
  Graph graph;
  std::optional<Graph> cat_graph;
  Rules rules;
  std::optional<GridMap> grid;
  std::string source;      // the file's name in messages
  bool has_rules = false;  // the file set rules (a grid map, or a "rules" object)
};

// Options every graph-reading subcommand shares: the file and its format.
struct GraphInput {
  std::string path;    // a file, or "-" for stdin
  std::string format;  // "", "leetcode", "edges", "graph6" or "grid"
  bool directed = false;
  // `required`: GRAPH must be given (false where another option can stand in for it).
  void add_to(CLI::App& app, bool required = true);
  Graph load() const;            // throws InputError naming the file
  LoadedGame load_game() const;  // also reads grid maps and a "rules" object
};

// The game in `text` (one file, or one line of a batch) in `format` ("" to detect it from the
// source's suffix and the text): a grid map, or a graph with the "rules" object of a JSON file.
// Throws InputError naming `source`.
LoadedGame parse_game(std::string_view text, const std::string& source, const std::string& format,
                      bool directed);

// The node ids of a comma-separated list ('' is none); throws InputError naming the option.
std::vector<std::int64_t> node_list(const std::string& text, const char* option);

// Options naming one state: --mouse, --cat, --turn (defaults: the rules' start).
struct StateOptions {
  std::optional<std::int64_t> mouse;
  std::string cat;   // one node, or one per cat, comma-separated
  std::string turn;  // "", "mouse" or "cat"
  void add_to(CLI::App& app);
  std::vector<std::int64_t> cat_nodes() const;  // --cat's nodes; throws InputError
  State resolve(const Game& game) const;  // throws InputError for out-of-range or invalid states
};

// Rule options: --holes, --cat-forbidden, --first, --stuck, --mouse-stays, --cat-stays,
// --cat-wins-in-hole, --move-limit, --limit-outcome, --cats. Those given override the file's
// rules, which override the defaults (LeetCode 913's).
struct RulesOptions {
  std::string holes;          // comma-separated node ids; '' for none
  std::string cat_forbidden;  // the same
  std::string first = "mouse";
  std::string stuck = "lose";
  bool mouse_stays = false;
  bool cat_stays = false;
  bool cat_wins_in_hole = false;
  std::uint32_t move_limit = 0;
  std::string limit_outcome = "draw";
  std::int64_t cats = 1;
  void add_to(CLI::App& app);
  // The rules for this game, the starts taken from `from` where given; throws InputError
  // naming the option when they are inconsistent.
  Rules resolve(const LoadedGame& loaded, const StateOptions& from) const;
  bool any_given() const;  // whether any rule option was given

 private:
  std::vector<std::pair<std::string, CLI::Option*>> given_;
  bool given(const std::string& name) const;
};

// Engine options every solving subcommand shares: --threads, --memory, --progress, and (where
// remoteness is not needed) --values-only.
struct EngineOptions {
  unsigned threads = 0;  // 0: one per hardware thread
  std::string memory;    // "" = available physical memory
  bool progress = false;
  bool values_only = false;
  void add_to(CLI::App& app, bool allow_values_only);
  // The library's options, with the memory limit resolved and a progress printer attached.
  SolveOptions resolve() const;
};

// "4G", "512MiB", "1e9", "750000000" -> bytes; throws InputError naming --memory.
std::uint64_t parse_memory(const std::string& text);

// A loaded and solved game. The graph and game live on the heap so that moving a Solved keeps
// the Game's reference to its graph valid.
struct Solved {
  std::unique_ptr<Graph> graph;
  std::unique_ptr<Graph> cat_graph;  // grids only
  std::optional<GridMap> grid;
  std::unique_ptr<Game> game;
  std::unique_ptr<Table> table;
  double seconds = 0;  // solve time
};
// Loads the graph, checks the rules, solves, and warns on stderr when a player can get stuck
// in play from `from` (or from the start).
Solved load_and_solve(const GraphInput& input, const StateOptions& from,
                      const EngineOptions& engine, const RulesOptions& rules = {});
// The same for a game already loaded and its resolved rules (one cat).
Solved solve_loaded(LoadedGame loaded, const Rules& rules, const StateOptions& from,
                    const EngineOptions& engine);

// k cats (pack.hpp): solves and prints the start (or --mouse/--cat/--turn) as solve does, or the
// optimal line as explain does.
void solve_pack_game(const LoadedGame& loaded, const Rules& rules, const StateOptions& from,
                     const EngineOptions& engine, bool code, bool json, bool explain);
// The pack engine's table for a game, or InputError naming the memory needed.
PackTable solve_pack_or_throw(const Game& game, const EngineOptions& engine);

// "mouse wins in 3 moves", "cat wins in 1 move", "draw".
std::string result_sentence(Value value, std::optional<std::uint32_t> remoteness);
// The value of s in the solved game, under its move limit if it has one (`played` moves made).
StateValue value_of(const Solved& solved, const State& s, std::uint32_t played = 0);

// The whole of a file, or of stdin for "-"; throws InputError naming the file.
std::string read_input(const std::string& path);

// Writes an output file through `writer`: "-" is stdout; a file is written beside the target
// and renamed at the end, so a failure never leaves half a file. Throws InputError naming it.
void write_output(const std::string& path, const std::function<void(std::FILE*)>& writer);

// Collects formatted text and writes it to a file in large pieces.
class BufferedWriter {
 public:
  explicit BufferedWriter(std::FILE* file) : file_(file) {}
  fmt::memory_buffer& buffer() { return buffer_; }
  void flush_if_full() {
    if (buffer_.size() > (1u << 20)) flush();
  }
  void flush();  // throws InputError on a write error

 private:
  std::FILE* file_;
  fmt::memory_buffer buffer_;
};

// Writes `text` to stdout in one piece.
void print(const std::string& text);
// Writes "catmouse: warning: <text>" to stderr.
void warn(const std::string& text);

// Subcommand registration; each lives in its own cmd_<name>.cpp.
// explain's text for an optimal line of a solved game (cmd_explain.cpp).
std::string explain_text(const Solved& solved, Line line);

void add_check_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_explain_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_gen_command(CLI::App& app);
void add_starts_command(CLI::App& app);
void add_cops_commands(CLI::App& app);  // cops and copnumber

}  // namespace catmouse::cli
