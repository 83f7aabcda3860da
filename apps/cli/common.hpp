// Shared pieces of the command-line tool: its options, and how errors become messages. The game
// itself goes through the library's seam (read_game -> GameSpec -> solve -> Solution); what is
// here is only what a command line adds: option parsing, messages naming the option or file, exit
// codes, and writing output.
//
// Subcommands report bad input by throwing InputError; main() alone turns it into a message on
// stderr and exit code 2, so no subcommand prints a partial result: output is built in memory and
// written only once everything succeeded.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/solve/play.hpp"
#include "catmouse/solve/solve.hpp"

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

// Options every graph-reading subcommand shares: the file and its format.
struct GraphInput {
  std::string path;    // a file, or "-" for stdin
  std::string format;  // "", "leetcode", "edges", "graph6" or "grid"
  bool directed = false;
  // `required`: GRAPH must be given (false where another option can stand in for it).
  void add_to(CLI::App& app, bool required = true);
  std::string source() const { return path == "-" ? "<stdin>" : path; }
  ReadOptions read_options() const;  // throws InputError naming --format
  GameSpec load() const;             // the game in the file; throws InputError naming the file
};

// The node ids of a comma-separated list ('' is none); throws InputError naming the option.
std::vector<std::int64_t> node_list(const std::string& text, const char* option);

// Options naming one state: --mouse, --cat, --turn (defaults: the rules' start). --mouse and
// --cat set the rules' starts (RulesOptions::resolve); --turn the side to move.
struct StateOptions {
  std::optional<std::int64_t> mouse;
  std::string cat;   // one node, or one per cat, comma-separated
  std::string turn;  // "", "mouse" or "cat"
  void add_to(CLI::App& app);
  std::vector<std::int64_t> cat_nodes() const;  // --cat's nodes; throws InputError
  Position resolve(const Rules& rules) const;   // the rules' start, with --turn
  Position resolve(const Game& game) const { return resolve(game.rules()); }
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
  // Sets the rules of the game in `spec` (the file's, with these options over them and the starts
  // taken from `from` where given) and validates it (GameSpec::validate); throws InputError
  // naming the option, or the file when the rule at fault came from it.
  void apply(GameSpec& spec, const StateOptions& from) const;
  bool any_given() const;  // whether any rule option was given

 private:
  std::vector<std::pair<std::string, CLI::Option*>> given_;
  bool given(const std::string& name) const;
};

// Engine options every solving subcommand shares: --threads, --memory, --progress, --engine, and
// (where remoteness is not needed) --values-only.
struct EngineOptions {
  unsigned threads = 0;  // 0: one per hardware thread
  std::string memory;    // "" = available physical memory
  std::string engine = "auto";
  bool progress = false;
  bool values_only = false;
  void add_to(CLI::App& app, bool allow_values_only);
  // The library's options, with the memory limit resolved and a progress printer attached.
  SolveOptions resolve() const;
};

// "4G", "512MiB", "1e9", "750000000" -> bytes; throws InputError naming --memory.
std::uint64_t parse_memory(const std::string& text);

// The library's refusal of a solve as the command line says it: the option named by the error's
// field ("--memory", "--values-only", "--engine", ...), and the file for the game's own faults.
InputError solve_error(const Error& error, const std::string& source);

// Solves the game (solve.hpp), or throws solve_error(); warns on stderr when a player can get
// stuck in play from `from` (one cat).
Solution solve_game(GameSpec spec, const EngineOptions& engine, const StateOptions& from = {});

// The game of a command that takes one cat (table, starts): the file with the rule options applied;
// throws InputError for more cats.
GameSpec load_one_cat(const GraphInput& input, const RulesOptions& rules);

// "mouse wins in 3 moves", "cat wins in 1 move", "draw": value_sentence() of play.hpp.
inline std::string result_sentence(const StateValue& v) {
  return value_sentence(v);
}
inline std::string result_sentence(Value value, std::optional<std::uint32_t> remoteness) {
  return value_sentence({value, remoteness});
}

// explain's text for an optimal line of a solved game (cmd_explain.cpp).
std::string explain_text(const Solution& solution, const Line& line);

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
void add_check_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_explain_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_gen_command(CLI::App& app);
void add_starts_command(CLI::App& app);
void add_cops_commands(CLI::App& app);  // cops and copnumber
void add_serve_command(CLI::App& app);
void add_play_command(CLI::App& app);

}  // namespace catmouse::cli
