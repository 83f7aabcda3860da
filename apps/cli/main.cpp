// catmouse: the command-line tool. Parses the command line, runs one subcommand, and turns every
// failure into a message and an exit code: 0 success, 2 bad input or usage, 1 resources exhausted,
// output lost or an internal failure (or, for check, a failure of the program under test). A
// reader of stdout that goes away ends catmouse quietly by SIGPIPE; SIGINT, SIGTERM and SIGHUP
// end it by that signal, after removing the temporary of any file being written.
#include <CLI/CLI.hpp>
#include <string>

#include "catmouse/version.hpp"
#include "commands.hpp"
#include "run_program.hpp"

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
  catmouse::cli::add_solve_command(app);
  catmouse::cli::add_explain_command(app);
  catmouse::cli::add_table_command(app);
  catmouse::cli::add_gen_command(app);
  catmouse::cli::add_starts_command(app);
  catmouse::cli::add_cops_commands(app);
  catmouse::cli::add_census_command(app);
  catmouse::cli::add_probe_command(app);
  catmouse::cli::add_verify_command(app);
  catmouse::cli::add_check_command(app);
  catmouse::cli::add_serve_command(app);
  catmouse::cli::add_play_command(app);
  return catmouse::cli::run_program(app, argc, argv);
}
