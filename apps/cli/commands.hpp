// The subcommands of catmouse, each registered from its own cmd_<name>.cpp, and what a
// subcommand works with: the application layer's options, messages and output (apps/common).
// The game itself goes through the library's seam (read_game -> GameSpec -> solve -> Solution).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "answer_text.hpp"
#include "engine_options.hpp"
#include "errors.hpp"
#include "explain_text.hpp"
#include "help_footer.hpp"
#include "input.hpp"
#include "output.hpp"
#include "rule_options.hpp"

namespace catmouse::cli {

// `catmouse serve ...` runs catmouse-serve with the same arguments (cmd_serve.cpp).
bool is_serve_command(int argc, char** argv);
int run_serve_program(int argc, char** argv);  // returns only when it cannot

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
