// The end of every program's main(): parse, run, and turn every failure into a message and an
// exit code (errors.hpp).
#pragma once

#include <CLI/CLI.hpp>

namespace catmouse::cli {

// Parses the command line and runs the command, turning every failure into a message and an
// exit code: 2 bad input or usage, 1 resources or output lost, ExitCode's code; what main() of
// catmouse and of catmouse-serve return.
int run_program(CLI::App& app, int argc, char** argv);

}  // namespace catmouse::cli
