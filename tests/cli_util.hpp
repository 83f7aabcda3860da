// Helpers of the command-line tests: run the catmouse binary and capture what it prints.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sanitized.hpp"

namespace cli_test {

using test_build::kSanitized;

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string data(const std::string& name) {
  return std::string(CATMOUSE_TEST_DATA) + "/" + name;
}
inline std::string example(const std::string& name) {
  return std::string(CATMOUSE_TEST_DATA) + "/../../examples/" + name;
}

// The lines of `text`, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The line after the first one starting with `prefix` ("" if none).
inline std::string line_after(const std::string& text, const std::string& prefix) {
  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i].rfind(prefix, 0) == 0) return lines[i + 1];
  }
  return {};
}

// The amount after "needs about " in a refusal by --memory ("15.8 MiB"), in bytes; 0 when there
// is none.
inline std::uint64_t needed_bytes(const std::string& message) {
  const std::size_t at = message.find("needs about ");
  if (at == std::string::npos) return 0;
  double amount = 0;
  char unit[8] = {};
  if (std::sscanf(message.c_str() + at + 12, "%lf %3s", &amount, unit) != 2) return 0;
  const std::string u(unit);
  const double scale = u == "KiB" ? 1 << 10 : u == "MiB" ? 1 << 20 : u == "GiB" ? 1 << 30 : 1;
  return static_cast<std::uint64_t>(std::ceil(amount * scale));
}

// Runs a shell command line, stdin from `input`.
inline CliRun run_command(const std::string& command_line, const std::string& input = "/dev/null") {
  const auto dir = std::filesystem::temp_directory_path();
  // Test processes run in parallel: the process id keeps their files apart.
  const std::string tag =
      std::to_string(::getpid()) + "_" + std::to_string(reinterpret_cast<std::uintptr_t>(&input));
  const auto out = dir / ("catmouse_cli_out_" + tag);
  const auto err = dir / ("catmouse_cli_err_" + tag);
  const std::string command =
      command_line + " <'" + input + "' >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  CliRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = slurp(out);
  run.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return run;
}

// Runs the catmouse binary with `args` (already shell-quoted where needed), stdin from `input`.
inline CliRun catmouse(const std::string& args, const std::string& input = "/dev/null") {
  return run_command(std::string("'") + CATMOUSE_CLI + "' " + args, input);
}

}  // namespace cli_test
