// The end of every catmouse program's main(): parse, run, and turn every failure into a message
// and an exit code (main.cpp lists the codes).
#include "run_program.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errors.hpp"
#include "output.hpp"

namespace catmouse::cli {

namespace {

// The edit distance of two option names, a swap of two neighbouring letters counting one (the
// commonest typo: --bacth).
std::size_t typo_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

// The long option names `command` takes (without "--").
std::vector<std::string> long_options(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options())
    for (const std::string& name : option->get_lnames()) names.push_back(name);
  return names;
}

// "census: unknown subcommand bogus; did you mean ...?" and where to look, for a name that is
// none of `names` (the nearest named when it is at most two edits away).
std::string unknown_name(const std::string& path, std::string_view what, std::string_view name,
                         const std::vector<std::string>& names) {
  std::string text = fmt::format("{}{}unknown {} {}", path, path.empty() ? "" : ": ", what, name);
  std::size_t best = 3;  // farther than two edits is no suggestion
  std::string nearest;
  for (const std::string& candidate : names) {
    const std::size_t d = typo_distance(name, candidate);
    if (d < best) best = d, nearest = candidate;
  }
  if (!nearest.empty()) text += fmt::format("; did you mean {}?", nearest);
  std::string all;
  if (what == "subcommand") {
    for (const std::string& n : names) all += (all.empty() ? "" : ", ") + n;
    text += fmt::format(" (the subcommands: {})", all);
  }
  return text + fmt::format("\nRun 'catmouse{}{} --help' for the {}s.", path.empty() ? "" : " ",
                            path, what);
}

// The command line's first long option that its subcommand does not take, or subcommand name
// that is not one, as a usage message that names the nearest. CLI11 alone would say "The following
// arguments were not expected", and name a valid argument after an unknown option that took it as
// its value. Arguments after "--" (check's program) and of a command that passes its own on are not
// options.
std::optional<std::string> unknown_option(const CLI::App& app, int argc, char** argv) {
  const CLI::App* command = &app;
  std::string path;  // the subcommands, "census cops"
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (command->get_allow_extras() || command->get_prefix_command()) break;
    if (!arg.starts_with("--")) {
      const CLI::App* next = nullptr;
      std::vector<std::string> names;
      for (const CLI::App* sub : command->get_subcommands({})) {
        if (!sub->get_group().empty()) names.push_back(sub->get_name());  // "": hidden
        if (sub->check_name(std::string(arg))) next = sub;
      }
      if (next != nullptr) {
        command = next;
        path += (path.empty() ? "" : " ") + next->get_name();
      } else if (command->get_require_subcommand_min() > 0 && !arg.starts_with("-")) {
        return unknown_name(path, "subcommand", arg, names);
      }
      continue;
    }
    const std::string name(arg.substr(2, arg.find('=') - 2));
    std::vector<std::string> names = long_options(*command);
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    for (std::string& n : names) n.insert(0, "--");
    return unknown_name(path, "option", "--" + name, names);
  }
  return std::nullopt;
}

// A required argument left out: for a graph, the way to give it on stdin (a shell's `< file`
// reaches catmouse only as `-`); for a subcommand, the ones there are.
std::string missing_hint(const CLI::App& app) {
  const CLI::App* command = &app;
  std::string path = "catmouse";
  while (!command->get_subcommands().empty()) {
    command = command->get_subcommands().front();
    path += " " + command->get_name();
  }
  if (command->get_require_subcommand_min() > 0) {
    std::string names;
    for (const CLI::App* sub : command->get_subcommands({}))
      if (!sub->get_group().empty()) names += (names.empty() ? "" : ", ") + sub->get_name();
    return fmt::format("\nThe subcommands of {}: {}.", path, names);
  }
  for (const CLI::Option* option : command->get_options()) {
    if (option->get_required() && option->count() == 0 && option->get_name() == "GRAPH")
      return "\nGive a graph file, or - to read the graph from stdin (catmouse " +
             command->get_name() + " - < FILE).";
  }
  return "";
}

int parse_and_run(CLI::App& app, int argc, char** argv) {
  if (const std::optional<std::string> unknown = unknown_option(app, argc, argv)) {
    std::cerr << "catmouse: " << *unknown << "\n";
    return 2;
  }
  try {
    app.parse(argc, argv);  // subcommand callbacks run inside parse
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::cerr << "catmouse: " << e.what() << missing_hint(app) << "\n"
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
