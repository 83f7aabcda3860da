// The census subcommands of catmouse besides census cops (cmd_census.cpp).
#pragma once

#include <CLI/CLI.hpp>

namespace catmouse::cli {

// census mouse (census_mouse.cpp), a subcommand of `census`.
void add_mouse_census_command(CLI::App& census);

}  // namespace catmouse::cli
