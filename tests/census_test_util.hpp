// Helpers of the census tests (cli_census_*_test.cpp): files of their own under the temporary
// folder, geng programs written as shell scripts, and the parts of a census's output that do not
// depend on the machine's speed.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "cli_util.hpp"

namespace census_test {

using cli_test::CliRun;

#define REQUIRE_GENG()                                               \
  if (cli_test::run_command("command -v nauty-geng").exit_code != 0) \
  GTEST_SKIP() << "nauty-geng is not installed (scripts/setup installs nauty)"

// A path of this test process's own.
inline std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("catmouse_census_" + std::to_string(::getpid()) + "_" + name);
}

// A fresh folder of this test process's own.
inline std::filesystem::path fresh_folder(const std::string& name) {
  const auto folder = temp(name);
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

// An executable shell script `name` with `body` after its #! line.
inline std::filesystem::path script(const std::string& name, const std::string& body) {
  const auto path = temp(name);
  std::ofstream(path) << "#!/bin/sh\n" << body;
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

// A geng that waits `seconds` before each part, so that a run can be stopped between parts.
inline std::filesystem::path slow_geng(const std::string& seconds = "0.1") {
  return script("slow_geng_" + seconds + ".sh", "sleep " + seconds + "\nexec nauty-geng \"$@\"\n");
}

// The summary without its first line (the count and the time, which vary).
inline std::string without_time(const std::string& summary) {
  const std::size_t end = summary.find('\n');
  EXPECT_EQ(summary.rfind("graphs: ", 0), 0u) << summary;
  return end == std::string::npos ? "" : summary.substr(end + 1);
}

// A state file's text without its parts' CPU times and the build's commit.
inline std::string untimed_state(const std::filesystem::path& path) {
  const std::string text = cli_test::slurp(path);
  return std::regex_replace(text, std::regex(R"("cpu_seconds":[0-9.e+-]+)"), "\"cpu_seconds\":0");
}

// "'path'" for a command line.
inline std::string q(const std::filesystem::path& path) {
  std::string text = "'";  // appended, not "'" + string: GCC 12 warns a false -Wrestrict there
  text += path.string();
  text += '\'';
  return text;
}

}  // namespace census_test
