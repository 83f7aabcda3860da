// catmouse: the command-line tool. Parses the command line, runs one subcommand, and turns every
// failure into a message and an exit code: 0 success, 2 bad input or usage, 1 resources exhausted,
// output lost or an internal failure (or, for check, a failure of the program under test). A
// reader of stdout that goes away ends catmouse quietly by SIGPIPE; SIGINT, SIGTERM and SIGHUP
// end it by that signal, after removing the temporary of any file being written.
#include <CLI/CLI.hpp>
#include <array>
#include <string>
#include <string_view>

#include "catmouse/version.hpp"
#include "commands.hpp"
#include "run_program.hpp"

namespace {

using AddCommand = void (*)(CLI::App&);

// Each subcommand's adder, by the names it registers, in the order --help lists them.
struct Command {
  std::string_view name;
  std::string_view other_name;  // "" for none
  AddCommand add;
};
constexpr std::array<Command, 12> kCommands{{
    {"solve", "", catmouse::cli::add_solve_command},
    {"explain", "", catmouse::cli::add_explain_command},
    {"table", "", catmouse::cli::add_table_command},
    {"gen", "", catmouse::cli::add_gen_command},
    {"starts", "", catmouse::cli::add_starts_command},
    {"cops", "copnumber", catmouse::cli::add_cops_commands},
    {"census", "", catmouse::cli::add_census_command},
    {"probe", "", catmouse::cli::add_probe_command},
    {"verify", "", catmouse::cli::add_verify_command},
    {"check", "", catmouse::cli::add_check_command},
    {"serve", "", catmouse::cli::add_serve_command},
    {"play", "", catmouse::cli::add_play_command},
}};

// A command line that names a subcommand first builds only that one: declaring the options of
// all of them is most of what a short command such as a probe spends in catmouse's own code.
// Anything else (--help, --version, a misspelt name) builds them all, so that help lists them
// and errors are CLI11's.
void add_commands(CLI::App& app, int argc, char** argv) {
  if (argc >= 2) {
    const std::string_view first = argv[1];
    for (const Command& command : kCommands) {
      if (first == command.name || (!command.other_name.empty() && first == command.other_name)) {
        command.add(app);
        return;
      }
    }
  }
  for (const Command& command : kCommands) command.add(app);
}

}  // namespace

int main(int argc, char** argv) {
  if (catmouse::cli::is_serve_command(argc, argv)) {
    return catmouse::cli::run_serve_program(argc, argv);
  }
  CLI::App app{
      "catmouse: exact solver for the Cat and Mouse game on graphs (LeetCode 913).\n"
      "The mouse starts on node 1 and moves first, the cat starts on node 2, node 0 is the hole.\n"
      "Answers use LeetCode's codes: 1 mouse wins, 2 cat wins, 0 draw."};
  app.set_version_flag("--version", std::string("catmouse ") + catmouse::kVersion);
  app.require_subcommand(1);
  app.footer("Run 'catmouse SUBCOMMAND --help' for the options of each subcommand.");
  add_commands(app, argc, argv);
  return catmouse::cli::run_program(app, argc, argv);
}
