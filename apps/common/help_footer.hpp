// The end of a subcommand's --help, laid out alike in every program (catmouse, catmouse-serve,
// catmouse-mpi): what the options do not say, then the example commands.
#pragma once

#include <CLI/CLI.hpp>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace catmouse::cli {

// `about`, a blank line, then "Example:" (one) or "Examples:" and each of `examples` on a line of
// its own, indented by two spaces. A subcommand declares its text as data and this writes it.
std::string help_footer_text(std::string_view about, std::span<const std::string_view> examples);

// Sets help_footer_text(about, examples) as `sub`'s footer.
void set_help_footer(CLI::App& sub, std::string_view about,
                     std::initializer_list<std::string_view> examples);

}  // namespace catmouse::cli
