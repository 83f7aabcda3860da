// catmouse check as a run: its --time budget (shrinking included), SIGINT and SIGTERM (the
// summary and the smallest failure so far), the cap on a program's output, the process groups it
// kills, and the fast path for slow programs (the probe that gives a program answering line by
// line many cases per process, every failure confirmed alone), against Python solvers too.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_util.hpp"
#include "test_util.hpp"

namespace {

using namespace cli_test;
using cli_test::catmouse;  // not the namespace

// The Python interpreter of the tests: Debian's, whatever python3 comes first in PATH.
constexpr const char* kPython = "/usr/bin/python3";

std::string python_program(const std::string& name) {
  return std::string(kPython) + " " + data("../programs/" + name);
}

// A file of this test process, removed with the object: a program under test appends a line to
// it per process started.
using Marker = catmouse::testing::TempPath;

// Waits (up to a minute, checking every 20 ms) until `done` holds; whether it did.
bool eventually(const std::function<bool()>& done) {
  for (int k = 0; k < 3000; ++k) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

// The processes of process group `group` that are alive (zombies not counted: whoever inherited
// them reaps them in its own time), from /proc.
int live_members(pid_t group) {
  int live = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string stat = slurp(entry.path() / "stat");
    const std::size_t name_end = stat.rfind(')');  // after "pid (comm"; comm may hold anything
    if (name_end == std::string::npos) continue;
    std::istringstream fields(stat.substr(name_end + 1));
    std::string state;
    long parent = 0, pgrp = 0;
    fields >> state >> parent >> pgrp;
    live += pgrp == group && state != "Z" && state != "X";
  }
  return live;
}

// Runs catmouse with `args` (shell-quoted), sends it `signal` once `ready` holds, and returns its
// output and exit code.
CliRun interrupted(const std::string& args, const std::function<bool()>& ready, int signal) {
  const Marker out("check_runs_out"), err("check_runs_err");
  const std::string line = std::string("exec '") + CATMOUSE_CLI + "' " + args + " </dev/null >'" +
                           out.str() + "' 2>'" + err.str() + "'";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  EXPECT_TRUE(eventually(ready)) << args;
  ::kill(pid, signal);
  int status = 0;
  ::waitpid(pid, &status, 0);
  CliRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = slurp(out.path());
  run.err = slurp(err.path());
  return run;
}

// The seconds of the summary: "checked N graphs in S s".
double seconds_of(const std::string& out) {
  const std::size_t at = out.rfind(" in ");
  return at == std::string::npos ? -1 : std::stod(out.substr(at + 4));
}

// The 2n-capped DP slowed to 0.6 s per graph: the search's first graph breaks it, and shrinking
// it takes a dozen runs. The budget stops the shrink, and the report shows the smallest failing
// graph so far.
TEST(CliCheckRuns, TimeBudgetIncludesShrinking) {
  const CliRun run =
      catmouse("check --time 3 --source search --no-batch -- sh -c 'sleep 0.6; exec " +
               std::string(CATMOUSE_CAPPED_DP) + "'");
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("failure 1: graph 1, from the long-win search"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("shrinking stopped (the --time budget of 3 s ran out) after "),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("received: 0\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(the --time budget of 3 s ran out while shrinking failure 1): "),
            std::string::npos)
      << run.out;
  // The run ends with the budget: within it and one program timeout (5 s), as it reports.
  EXPECT_LT(seconds_of(run.out), 8.0) << run.out;
}

TEST(CliCheckRuns, SigintPrintsTheSummarySoFar) {
  const Marker runs("check_runs_sigint");
  const std::string program =
      "sh -c 'echo run >> " + runs.str() + "; sleep 0.1; exec " + CATMOUSE_CLI + " solve --code -'";
  const CliRun run = interrupted(
      "check --no-batch -- " + program, [&] { return lines_of(slurp(runs.path())).size() >= 4; },
      SIGINT);
  EXPECT_EQ(run.exit_code, 130) << run.out << run.err;
  ASSERT_EQ(lines_of(run.out).size(), 1u) << run.out;
  EXPECT_EQ(run.out.find("checked "), 0u) << run.out;
  EXPECT_NE(run.out.find(" s (interrupted by SIGINT): "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": all agreed; seed 1"), std::string::npos) << run.out;
  EXPECT_GE(std::stoi(run.out.substr(8)), 3) << run.out;  // 4 processes: 3 graphs done
}

// SIGTERM during a shrink: the failure is reported with the smallest failing graph so far. The
// program is wrong (it answers 0) on graphs of 12 nodes or more only, so that the shrink has
// many graphs of 12 nodes to try.
TEST(CliCheckRuns, SigtermWhileShrinkingReportsTheFailure) {
  const Marker runs("check_runs_sigterm");
  const std::string program =
      "sh -c 'echo run >> " + runs.str() +
      "; read l; sleep 0.05; n=$(printf %s \"$l\" | tr -cd [ | wc -c); if [ $n -gt 12 ]; then "
      "echo 0; else printf \"%s\\n\" \"$l\" | " +
      CATMOUSE_CLI + " solve --code -; fi'";
  const CliRun run = interrupted(
      "check --no-batch --source random --nodes 12-14 -- " + program,
      [&] { return lines_of(slurp(runs.path())).size() >= 12; }, SIGTERM);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("failure 1: graph 1, from random graph 1"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("shrinking stopped (interrupted by SIGTERM) after "), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("optimal line:"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(interrupted by SIGTERM while shrinking failure 1): 0 agreed, 1 failed"),
            std::string::npos)
      << run.out;
}

TEST(CliCheckRuns, OutputIsCappedAtOneMebibyte) {
  for (const std::string args :
       {"--timeout 60 -- yes 1", "--batch --timeout 60 -- sh -c 'read l; cat /dev/zero'"}) {
    const CliRun run = catmouse("check --max-graphs 1 " + args);
    EXPECT_EQ(run.exit_code, 1) << args << run.out << run.err;
    EXPECT_NE(run.out.find("received: more than 1 MiB of output, which is not 0, 1 or 2"),
              std::string::npos)
        << args << run.out;
    EXPECT_NE(run.out.find("1 garbage"), std::string::npos) << args << run.out;
  }
}

// Each process runs in a process group of its own, killed when it ends: a background child that
// holds the program's output neither delays the answer nor outlives the run.
TEST(CliCheckRuns, BackgroundChildrenDoNotOutliveTheRun) {
  const Marker groups("check_runs_groups");
  const std::string record = "echo $$ >> " + groups.str() + "; sleep 300 & ";
  const std::string cases[] = {"check --no-batch --max-graphs 3 -- sh -c '" + record + "exec " +
                                   CATMOUSE_CLI + " solve --code -'",
                               "check --batch --source exhaustive --max-graphs 3 -- sh -c '" +
                                   record + "exec " + CATMOUSE_CAPPED_DP + " --batch'"};
  for (const std::string& args : cases) {
    const CliRun run = catmouse(args);
    EXPECT_EQ(run.exit_code, 0) << args << run.out << run.err;
    EXPECT_NE(run.out.find("checked 3 "), std::string::npos) << args << run.out;
    EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << args << run.out;
  }
  const std::vector<std::string> leaders = lines_of(slurp(groups.path()));
  EXPECT_EQ(leaders.size(), 4u);  // three processes, then one for all
  for (const std::string& leader : leaders) {
    const pid_t group = std::stoi(leader);
    // The group was killed before check went on; SIGKILL takes effect at once, but a process
    // may still be on its way out for a moment.
    EXPECT_TRUE(eventually([&] { return live_members(group) == 0; }))
        << "process group " << group << " still has a live process";
  }
}

// LeetCode 913 in Python, one process per graph, reading its whole input: the long-win search
// comes early (each case of it a whole climb's longest win), so the 2n cap is found at once.
TEST(CliCheckRuns, PythonCappedSolverRunPerProcessIsFound) {
  const CliRun run = catmouse("check --seed 1 --no-shrink -- " + python_program("capped_dp.py"));
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("failure 1: graph 2, from the long-win search (a forced win of 37 "
                         "moves), 14 nodes and 33 edges"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("received: 0\n"), std::string::npos) << run.out;
}

// The same solver reading a graph per line: the probe finds that out, the rest of the run (the
// shrink included) goes through one process, and the shrunk graph is confirmed alone.
TEST(CliCheckRuns, SlowProgramAnsweringLineByLineIsBatched) {
  // The sleep makes the program slow wherever it runs (the probe waits for slow programs only).
  const Marker starts("check_runs_batched");
  const std::string program = "sh -c 'echo start >> " + starts.str() + "; sleep 0.05; exec " +
                              python_program("capped_dp.py") + " --lines'";
  const CliRun run = catmouse("check --seed 1 -- " + program);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.err.find("the program answers a graph per line, so check now sends it many per "
                         "process"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("failure 1: graph 2, from the long-win search"), std::string::npos)
      << run.out;
  const std::string graph = line_after(run.out, "shrunk in");
  ASSERT_FALSE(graph.empty()) << run.out;
  EXPECT_LE(std::count(graph.begin(), graph.end(), '['), 11) << graph;  // at most 10 nodes
  // Runs to shrink, but few processes: 1 alone, the probe's, 2 confirmations.
  EXPECT_LE(lines_of(slurp(starts.path())).size(), 8u);
}

// A slow program that reads its whole input cannot be batched: check says so and what to do.
TEST(CliCheckRuns, SlowProgramReadingItsWholeInputGetsAHint) {
  const std::string program =
      std::string("sh -c 'sleep 0.05; exec ") + CATMOUSE_CLI + " solve --code -'";
  const CliRun run = catmouse("check --max-graphs 8 -- " + program);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.err.find(" graphs/s with one process per graph: for one process for all, make "
                         "the program read one graph per line"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("then run: catmouse check --batch -- sh -c 'sleep 0.05; exec "),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("checked 8 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << run.out;
}

// A program right alone but wrong after three graphs in one process: every failure of the fast
// path is confirmed alone, so none is reported, and the run goes back to a process per graph.
TEST(CliCheckRuns, FailuresOfTheFastPathAreConfirmedAlone) {
  const std::string program =
      std::string(
          "sh -c 'sleep 0.05; n=0; while read l; do n=$((n+1)); if [ $n -gt 3 ]; then "
          "echo 1; else echo \"$l\" | ") +
      CATMOUSE_CLI + " solve --code -; fi; done'";
  const CliRun run = catmouse("check --max-graphs 12 -- " + program);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.err.find("check now sends it many per process"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("right alone but not after other graphs in one process: one process per "
                         "graph from now on"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("checked 12 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << run.out;
}

// A LeetCode 1728 solver that gives up after 70 moves: the map search reaches past 70 at once
// (corridors of LeetCode's shapes), and the failure shrinks to a smaller map that still fails.
class CliCheckGridCap : public testing::TestWithParam<int> {};

TEST_P(CliCheckGridCap, SeventyMoveCapIsFoundAndShrunk) {
  const std::string solver = std::string(CATMOUSE_CAPPED_GRID) + " --turns 70";
  const CliRun run =
      catmouse("check --grid --seed " + std::to_string(GetParam()) + " -- " + solver);
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("from the long-win search (the mouse wins in "), std::string::npos)
      << run.out;
  const std::string map = line_after(run.out, "shrunk in");
  ASSERT_EQ(map.rfind("{\"grid\":[", 0), 0u) << run.out;
  const Marker file("check_runs_grid70_" + std::to_string(GetParam()));
  catmouse::testing::put(file.path(), map + "\n");
  EXPECT_EQ(catmouse("solve --code " + file.str()).out, "true\n") << map;
  EXPECT_EQ(run_command(solver, file.str()).out, "false\n") << map;
  const std::string expected = "expected: true (mouse wins in ";
  const std::size_t at = run.out.find(expected);
  ASSERT_NE(at, std::string::npos) << run.out;
  const int moves = std::stoi(run.out.substr(at + expected.size()));
  EXPECT_GT(moves, 70) << run.out;
  // Diagnosed as a move cap, the one just below the win's length.
  const std::string over = moves == 71 ? "one" : std::to_string(moves - 70);
  EXPECT_NE(run.out.find("\ndiagnosis: a move cap? the mouse wins in " + std::to_string(moves) +
                         " moves here, " + over +
                         " more than a cap of 70, and a solver that stops after 70 moves calls "
                         "the map a cat win. LeetCode 1728's limit is 1000 moves"),
            std::string::npos)
      << run.out;
  // A compact report: the board at the start and at the end, the moves two to a row, not a
  // board after each move.
  const std::string report = run.out.substr(0, run.out.find("\n\nchecked "));
  EXPECT_NE(report.find("\nthe board at the start:\n"), std::string::npos) << report;
  EXPECT_NE(report.find("\noptimal line, " + std::to_string(moves) + " moves:\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("\nthe board at the end:\n"), std::string::npos) << report;
  EXPECT_NE(report.find("\n   " + std::to_string(moves) + ". mouse "), std::string::npos) << report;
  EXPECT_LE(lines_of(report).size(), static_cast<std::size_t>(moves / 2 + 40)) << report;
}

INSTANTIATE_TEST_SUITE_P(Seeds, CliCheckGridCap, testing::Values(1, 2, 3));

// In batch mode one process answers every map.
TEST(CliCheckRuns, GridBatchUsesOneProcess) {
  const Marker starts("check_runs_grid_batch");
  const std::string program = "sh -c 'echo start >> " + starts.str() + "; exec " +
                              CATMOUSE_CAPPED_GRID + " --batch --turns 1000'";
  const CliRun run = catmouse("check --grid --batch --max-graphs 400 -- " + program);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("checked 400 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << run.out;
  EXPECT_EQ(lines_of(slurp(starts.path())).size(), 1u);
}

}  // namespace
