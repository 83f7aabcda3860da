// The end of every catmouse program's main(): parse, run, and turn every failure into a message
// and an exit code (main.cpp lists the codes).
#include "run_program.hpp"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>

#include "errors.hpp"
#include "output.hpp"

namespace catmouse::cli {

namespace {

int parse_and_run(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);  // subcommand callbacks run inside parse
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::cerr << "catmouse: " << e.what() << "\n"
              << "Run 'catmouse --help' or 'catmouse SUBCOMMAND --help' for usage.\n";
    return 2;
  } catch (const ExitCode& e) {
    return e.code;
  } catch (const InputError& e) {
    std::cerr << "catmouse: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

int run_program(CLI::App& app, int argc, char** argv) {
  install_signal_cleanup();
  try {
    const int code = parse_and_run(app, argc, argv);
    close_stdout();  // output that did not arrive is a failure, whatever the code
    return code;
  } catch (const ResourceError& e) {
    std::cerr << "catmouse: " << e.what() << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << "catmouse: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "catmouse: internal error: " << e.what() << "\n";
  }
  return 1;
}

}  // namespace catmouse::cli
