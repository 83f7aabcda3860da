// catmouse: the command-line tool. Parses the command line, runs one subcommand, and turns every
// failure into a message and an exit code: 0 success, 2 bad input or usage, 1 resources exhausted,
// output lost or an internal failure (or, for check, a failure of the program under test). A
// reader of stdout that goes away ends catmouse quietly by SIGPIPE; SIGINT, SIGTERM and SIGHUP
// end it by that signal, after removing the temporary of any file being written.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

#include "catmouse/version.hpp"
#include "common.hpp"

namespace {

int run(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);  // subcommand callbacks run inside parse
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::cerr << "catmouse: " << e.what() << "\n"
              << "Run 'catmouse --help' or 'catmouse SUBCOMMAND --help' for usage.\n";
    return 2;
  } catch (const catmouse::cli::ExitCode& e) {
    return e.code;
  } catch (const catmouse::cli::InputError& e) {
    std::cerr << "catmouse: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  catmouse::cli::install_signal_cleanup();
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
  catmouse::cli::add_probe_command(app);
  catmouse::cli::add_verify_command(app);
  catmouse::cli::add_check_command(app);
  catmouse::cli::add_serve_command(app);
  catmouse::cli::add_play_command(app);
  try {
    const int code = run(app, argc, argv);
    catmouse::cli::close_stdout();  // output that did not arrive is a failure, whatever the code
    return code;
  } catch (const catmouse::cli::ResourceError& e) {
    std::cerr << "catmouse: " << e.what() << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << "catmouse: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "catmouse: internal error: " << e.what() << "\n";
  }
  return 1;
}
