// Shared pieces of the command-line tool: its options, and how errors become messages. The game
// itself goes through the library's seam (read_game -> GameSpec -> solve -> Solution); what is
// here is only what a command line adds: option parsing, messages naming the option or file, exit
// codes, and writing output.
//
// Subcommands report bad input by throwing InputError, and exhausted resources or lost output by
// throwing ResourceError; main() alone turns them into a message on stderr and exit code 2 or 1,
// so no subcommand prints a partial result: output is built in memory and written only once
// everything succeeded. Output goes through print(), write_output() and BufferedWriter, which
// check every write: a write error is a ResourceError naming the file or stdout, and a reader
// that went away (EPIPE) ends catmouse quietly by SIGPIPE, as it ends other Unix tools.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

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

// Resources exhausted (out of memory) or output lost (a write error): main() prints
// "catmouse: <what()>" and exits with 1.
class ResourceError : public std::runtime_error {
 public:
  explicit ResourceError(const std::string& message) : std::runtime_error(message) {}
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

struct EngineOptions;

// Options every graph-reading subcommand shares: the file and its format.
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

// A reader's error as the command line says it: "--directed: ..." for the option, "(see
// --memory)" after a refusal by the memory limit, and ResourceError when memory ran out.
[[noreturn]] void throw_read_error(const Error& error);

// Unwraps a reader's Result, or throw_read_error().
template <class T>
T take_read(Result<T> result) {
  if (!result.ok()) throw_read_error(result.error());
  return std::move(result).value();
}

// The node ids of a comma-separated list ('' is none); throws InputError naming the option.
std::vector<std::int64_t> node_list(const std::string& text, const char* option);

// Options naming one state: --mouse, --cat, --turn (defaults: the rules' start). --mouse and
// --cat set the rules' starts (RulesOptions::resolve); --turn the side to move.
struct StateOptions {
  std::optional<std::int64_t> mouse;
  std::string cat;   // one node, or one per cat, comma-separated
  std::string turn;  // "", "mouse" or "cat"
  void add_to(CLI::App& app);
  // Whether --cat was given (--cat '' was, and is refused: it names no node).
  bool cat_given() const {
    return cat_option_ != nullptr ? cat_option_->count() > 0 : !cat.empty();
  }
  std::vector<std::int64_t> cat_nodes() const;  // --cat's nodes; throws InputError
  Position resolve(const Rules& rules) const;   // the rules' start, with --turn
  Position resolve(const Game& game) const { return resolve(game.rules()); }

 private:
  CLI::Option* cat_option_ = nullptr;
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

// The library's refusal of a solve as the command line says it: the option named by the error's
// field ("--memory", "--values-only", "--engine", ...), and the file for the game's own faults.
// Memory that ran out during the solve is a ResourceError, thrown from here. Without
// `values_only_option` (a command that has no --values-only) a memory refusal does not suggest it.
InputError solve_error(const Error& error, const std::string& source,
                       bool values_only_option = true);

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

// The whole of a file, or of stdin for "-", as text; throws InputError naming the file. Refused:
// a directory, a file longer than `max_bytes` (0: no bound; checked before reading a regular
// file, and by reading no further on a pipe or device), and binary data (a NUL byte: no input
// format has one, and /dev/zero is nothing else).
std::string read_input(const std::string& path, std::uint64_t max_bytes = 0);
// read_input()'s checks on `piece`, read at byte `offset` of the input `name`: no NUL byte, and
// not past the bound of `memory_limit` (0: none). Throws InputError.
void check_input_piece(const std::string& name, std::string_view piece, std::uint64_t offset,
                       std::uint64_t memory_limit);

// Writes an output file through `writer`: "-" is stdout; a file goes through io/atomic_file.hpp
// (written beside the target and renamed at the end, so a failure never leaves half a file) and
// its temporary is removed if SIGINT, SIGTERM, SIGHUP or SIGPIPE ends catmouse meanwhile. A
// write error (the writer's, through BufferedWriter, or the commit's) throws ResourceError naming
// the file, or "<stdout>". Every file catmouse writes goes through here.
void write_output(const std::string& path, const std::function<void(std::FILE*)>& writer);
// The same for text already built.
void write_output(const std::string& path, std::string_view text);

// A failed write to `file` inside write_output(), which names the file: the errno value.
struct WriteError {
  int error;
};

// Collects formatted text and writes it to a file in large pieces.
class BufferedWriter {
 public:
  explicit BufferedWriter(std::FILE* file) : file_(file) {}
  fmt::memory_buffer& buffer() { return buffer_; }
  void flush_if_full() {
    if (buffer_.size() > (1u << 20)) flush();
  }
  void flush();  // throws WriteError, which write_output() reports naming the file

 private:
  std::FILE* file_;
  fmt::memory_buffer buffer_;
};

// Writes `text` to stdout in one piece and flushes it; a write error throws ResourceError.
void print(std::string_view text);
// Flushes and closes stdout at the end of a run, for what print() could not see (output of
// CLI11's --help, an error noticed only on close); throws ResourceError as print() does.
void close_stdout();

// Removes the temporaries of files being written when SIGINT, SIGTERM, SIGHUP or SIGPIPE ends
// catmouse, then ends it by that signal (exit status 128 + the signal's number), and makes EPIPE
// on stdout end it by SIGPIPE. Signals ignored when catmouse started stay ignored. SIGXFSZ is
// ignored, so that a write past `ulimit -f` is a write error naming the file. main() calls it
// once.
void install_signal_cleanup();
// Keeps `path` among the files removed when a signal ends catmouse (install_signal_cleanup()),
// while it lives: the temporaries of files being written.
struct TemporarySlot;
class TemporaryGuard {
 public:
  explicit TemporaryGuard(const std::string& path);
  TemporaryGuard(const TemporaryGuard&) = delete;
  TemporaryGuard& operator=(const TemporaryGuard&) = delete;
  ~TemporaryGuard();

 private:
  TemporarySlot* slot_ = nullptr;
};
// Writes "catmouse: warning: <text>" to stderr.
void warn(const std::string& text);

// Parses the command line and runs the subcommand, turning every failure into a message and an
// exit code (main.cpp has the codes); what main() of catmouse and of catmouse-serve return.
int run_program(CLI::App& app, int argc, char** argv);

// `catmouse serve ...` runs catmouse-serve with the same arguments (cmd_serve.cpp).
bool is_serve_command(int argc, char** argv);
int run_serve_program(int argc, char** argv);  // returns only when it cannot

// Subcommand registration; each lives in its own cmd_<name>.cpp.
void add_check_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_explain_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_gen_command(CLI::App& app);
void add_starts_command(CLI::App& app);
void add_cops_commands(CLI::App& app);   // cops and copnumber
void add_census_command(CLI::App& app);  // census cops
void add_probe_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_play_command(CLI::App& app);

}  // namespace catmouse::cli
