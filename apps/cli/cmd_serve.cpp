// catmouse serve: runs catmouse-serve, the program beside catmouse that holds the web server
// (apps/server/main.cpp says why it is a program of its own), with the same command line.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <vector>

#include "commands.hpp"

namespace catmouse::cli {

bool is_serve_command(int argc, char** argv) {
  return argc >= 2 && std::string_view(argv[1]) == "serve";
}

int run_serve_program(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  const fs::path program = (ec ? fs::path(argv[0]) : self).parent_path() / "catmouse-serve";
  std::vector<char*> args(argv, argv + argc);
  args.push_back(nullptr);
  ::execv(program.c_str(), args.data());
  const int error = errno;
  std::cerr << "catmouse: serve: cannot run " << program.string() << ": " << std::strerror(error)
            << " (catmouse serve runs catmouse-serve, installed beside catmouse)\n";
  return 1;
}

void add_serve_command(CLI::App& app) {
  // Listed in catmouse --help; main() hands `catmouse serve ...` to run_serve_program() before
  // parsing, so this subcommand is never parsed.
  app.add_subcommand("serve",
                     "Serve the web page: see and play games in a browser (docs/server.md)");
}

}  // namespace catmouse::cli
