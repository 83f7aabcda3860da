// Command-line tests of the cop-number census: the shortcuts of copnumber --summary-only give the
// full game's summary; catmouse census cops killed with SIGKILL after some parts and resumed gives
// the totals of an uninterrupted run; a bad geng line and a missing geng exit with 2. Skipped
// where nauty is not installed (scripts/setup installs it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

#define REQUIRE_GENG()                                     \
  if (run_command("command -v nauty-geng").exit_code != 0) \
  GTEST_SKIP() << "nauty-geng is not installed (scripts/setup installs nauty)"

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("catmouse_census_" + std::to_string(::getpid()) + "_" + name);
}

// The summary without its first line (the count and the time, which varies).
std::string without_time(const std::string& summary) {
  const std::size_t end = summary.find('\n');
  EXPECT_EQ(summary.rfind("graphs: ", 0), 0u) << summary;
  return end == std::string::npos ? "" : summary.substr(end + 1);
}

// A geng that waits before each part, so that a run can be killed between parts.
std::filesystem::path slow_geng() {
  const auto path = temp("slow_geng.sh");
  std::ofstream(path) << "#!/bin/sh\nsleep 0.3\nexec nauty-geng \"$@\"\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

TEST(CliCensus, ShortcutsGiveTheFullGamesSummary) {
  REQUIRE_GENG();
  for (int n : {7, 8}) {
    const std::string geng = "(nauty-geng -cq " + std::to_string(n) + " | '" + CATMOUSE_CLI + "' ";
    const CliRun fast = run_command(geng + "copnumber - --summary-only --threads 2)");
    const CliRun full = run_command(geng + "copnumber - --summary --threads 2 >/dev/null)");
    ASSERT_EQ(fast.exit_code, 0) << fast.err;
    ASSERT_EQ(full.exit_code, 0) << full.err;
    EXPECT_EQ(without_time(fast.out), without_time(full.err)) << n;
  }
}

TEST(CliCensus, ResumedAfterAKillGivesTheSameTotals) {
  REQUIRE_GENG();
  const auto whole = temp("whole.json"), killed = temp("killed.json");
  const auto top = temp("top.g6");
  std::filesystem::remove(whole);
  std::filesystem::remove(killed);
  const std::string census = std::string("'") + CATMOUSE_CLI +
                             "' census cops --nodes 8 --parts 16 --quiet --graphs '" +
                             top.string() + "' --state ";
  const CliRun reference = run_command(census + "'" + whole.string() + "' --threads 2");
  ASSERT_EQ(reference.exit_code, 0) << reference.err;
  // Killed with SIGKILL once three parts are in the state file.
  const std::string kill_run =
      "sh -c \"" + census + "'" + killed.string() + "' --threads 1 --geng '" +
      slow_geng().string() + "' >/dev/null & p=\\$!; for i in \\$(seq 200); do sleep 0.05; " +
      "n=\\$(grep -c '\\\"part\\\"' '" + killed.string() + "' 2>/dev/null); " +
      "[ \\\"\\${n:-0}\\\" -ge 3 ] && break; done; kill -9 \\$p; wait \\$p; echo \\$n\"";
  const CliRun interrupted = run_command(kill_run);
  const int parts_before = std::atoi(interrupted.out.c_str());
  ASSERT_GE(parts_before, 3) << interrupted.out << interrupted.err;
  ASSERT_LT(parts_before, 16) << "the run was not killed before its end";
  const CliRun resumed = run_command(census + "'" + killed.string() + "' --threads 2");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(without_time(resumed.out), without_time(reference.out));
  EXPECT_NE(reference.out.find("cop number 1: 3791 graphs"), std::string::npos) << reference.out;
  std::filesystem::remove(whole);
  std::filesystem::remove(killed);
}

TEST(CliCensus, BadGengLineAndMissingGengExitWith2) {
  const auto state = temp("bad.json");
  const auto bad = temp("bad_geng.sh");
  std::ofstream(bad) << "#!/bin/sh\necho 'GUZuvW'\necho 'not graph6 at all'\n";
  std::filesystem::permissions(bad, std::filesystem::perms::owner_all);
  const CliRun run = catmouse("census cops --nodes 8 --parts 1 --quiet --state '" + state.string() +
                              "' --geng '" + bad.string() + "'");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("part 0/1, line 2"), std::string::npos) << run.err;
  const CliRun missing = catmouse("census cops --nodes 8 --quiet --state '" + state.string() +
                                  "' --geng no-such-geng-here");
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_EQ(missing.out, "");
  EXPECT_NE(missing.err.find("no-such-geng-here not found"), std::string::npos) << missing.err;
  std::filesystem::remove(state);
}

}  // namespace
