// catmouse check as a user meets it: the diagnosis line for each known class of bug (a turn cap,
// the hole's rules, a draw called a win; a deliberately wrong program for each in
// tests/programs), the whole end of a crash's stderr, the progress line, and a slow interpreter
// started per graph found, shrunk and diagnosed within 20 s.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

// Debian's interpreter, as in cli_check_runs_test.cpp.
constexpr const char* kPython = "/usr/bin/python3";

std::string python_program(const std::string& args) {
  return std::string(kPython) + " " + data("../programs/" + args);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The 2n-capped DP in Python, a graph per line: the shrunk graph's win is just longer than 2n.
TEST(CliCheckTalks, DiagnosesATurnCap) {
  const CliRun run =
      catmouse("check --batch --seed 1 --time 30 -- " + python_program("capped_dp.py --lines"));
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const std::string line = line_after(run.out, "received: 0");
  EXPECT_EQ(line.rfind("diagnosis: a turn cap? the shortest correct answer needs ", 0), 0u)
      << run.out;
  EXPECT_TRUE(contains(line, "; a cap of 2n = ")) << line;
  EXPECT_TRUE(contains(line, " cuts it and calls the game a draw")) << line;
}

// check --batch against rule_bugs.py with `bug`: it finds a failure and its report holds `part`.
void expect_rule_bug_report(const std::string& bug, const std::string& part) {
  const CliRun run = catmouse("check --batch --seed 1 --time 30 -- " +
                              python_program("rule_bugs.py " + bug + " --lines"));
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(contains(run.out, part)) << run.out;
}

TEST(CliCheckTalks, DiagnosesTheCatEnteringTheHole) {
  expect_rule_bug_report("cat-enters-hole",
                         "\ndiagnosis: the hole's rule: the answer received is a draw as "
                         "if the cat could enter the hole 0; the cat may never move onto "
                         "it: leave the hole out of the cat's moves (see docs/rules.md)\n");
}

TEST(CliCheckTalks, DiagnosesTheMouseNotWinningAtTheHole) {
  expect_rule_bug_report("no-hole-win",
                         "\ndiagnosis: the hole's rule: the answer received is a cat win "
                         "as if the mouse did not win on reaching the hole 0; it wins "
                         "there at once: end the game when the mouse moves onto the hole (see "
                         "docs/rules.md)\n");
}

TEST(CliCheckTalks, DiagnosesADrawCalledAWin) {
  expect_rule_bug_report("draw-as-cat-win",
                         "expected: 0 (draw)\nreceived: 2\ndiagnosis: a draw called a cat "
                         "win: with best play neither side can force a win and the game "
                         "repeats positions for ever");
}

// A wrong answer of no known class has no diagnosis line: a program that always says 1.
TEST(CliCheckTalks, NoDiagnosisWithoutAKnownClass) {
  const CliRun run = catmouse("check --seed 1 --max-graphs 5 -- sh -c 'cat >/dev/null; echo 1'");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_FALSE(contains(run.out, "diagnosis:")) << run.out;
}

// A crash's report shows the last 40 lines of its stderr, not only its last line.
TEST(CliCheckTalks, ACrashShowsTheEndOfItsStderr) {
  const CliRun run = catmouse(
      "check --max-graphs 1 -- sh -c 'cat >/dev/null; i=0; while [ $i -lt 50 ]; do echo "
      "trace line $i >&2; i=$((i+1)); done; exit 3'");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(contains(run.out,
                       "received: a crash (exit code 3; stderr: trace line 49)\n"
                       "its stderr (the last 40 lines):\n  | trace line 10\n"))
      << run.out;
  EXPECT_TRUE(contains(run.out,
                       "  | trace line 49\ndiagnosis: the program exited with code 3 on this "
                       "graph (to see it: echo "))
      << run.out;
  EXPECT_FALSE(contains(run.out, "  | trace line 9\n")) << run.out;
}

// --progress prints a line about every second when stderr is not a terminal; without it, none.
TEST(CliCheckTalks, ProgressLineOnRequest) {
  const std::string right = std::string(CATMOUSE_CLI) + " solve --code -";
  const CliRun quiet = catmouse("check --no-batch --time 2.5 -- " + right);
  EXPECT_EQ(quiet.exit_code, 0) << quiet.out << quiet.err;
  EXPECT_FALSE(contains(quiet.err, " tried, ")) << quiet.err;
  const CliRun run = catmouse("check --progress --no-batch --time 2.5 -- " + right);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  const std::vector<std::string> lines = lines_of(run.err);
  std::size_t progress = 0;
  for (const std::string& line : lines) {
    if (line.rfind("catmouse check: ", 0) == 0 && contains(line, " graphs tried, ") &&
        contains(line, "/s, 0:0")) {
      ++progress;
    }
  }
  EXPECT_GE(progress, 1u) << run.err;
  EXPECT_LE(progress, 4u) << run.err;
  EXPECT_FALSE(contains(run.err, "\r")) << run.err;
}

// On a terminal (script(1) gives check one) the line is rewritten in place and cleared at the end.
TEST(CliCheckTalks, ProgressLineOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "script(1) is not installed";
  }
  const std::string check = std::string(CATMOUSE_CLI) + " check --no-batch --time 1.5 -- " +
                            CATMOUSE_CLI + " solve --code - >/dev/null";
  const CliRun run = run_command("script -qec \"" + check + "\" /dev/null");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(contains(run.out, "\r\033[Kcatmouse check: ")) << run.out;
  EXPECT_TRUE(contains(run.out, " graphs tried, ")) << run.out;
  // Cleared: nothing after the last erase but the end of the run.
  const std::size_t erase = run.out.rfind("\r\033[K");
  ASSERT_NE(erase, std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("catmouse check: ", erase), std::string::npos) << run.out;
}

// The README's wrong solution run as written, one Python process per graph, each start made
// 80 ms slower: the 2n cap is found, shrunk and diagnosed within 20 s, and check says at once
// how to go faster, with the command to run.
TEST(CliCheckTalks, SlowInterpreterPerGraphIsFoundAndShrunkQuickly) {
  const std::string program = "sh -c 'sleep 0.08; exec " + python_program("capped_dp.py") + "'";
  const auto start = std::chrono::steady_clock::now();
  const CliRun run = catmouse("check --seed 1 --time 60 -- " + program);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_LE(seconds, 20.0) << run.out;
  EXPECT_TRUE(contains(run.out, "\nshrunk in ")) << run.out;
  EXPECT_TRUE(contains(run.out, "\ndiagnosis: a turn cap? ")) << run.out;
  EXPECT_TRUE(contains(run.err, "then run: catmouse check --batch -- sh -c ")) << run.err;
  // The hint comes before the failure is shrunk: at the first graph.
  EXPECT_EQ(lines_of(run.err).front().rfind("catmouse check: the program takes ", 0), 0u)
      << run.err;
}

}  // namespace
