// catmouse check against programs with known faults: a 2n-capped DP (found, shrunk to at most 10
// nodes, explained; one graph per process and in batch), a correct solver (catmouse itself, and
// the seed003 baseline on 10,000 graphs), programs that crash, print garbage or hang, and the
// report's words for each. Budgets, signals and process groups: cli_check_runs_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

std::size_t nodes_of(const std::string& leetcode) {
  return static_cast<std::size_t>(std::count(leetcode.begin(), leetcode.end(), '[')) - 1;
}

TEST(CliCheck, FindsShrinksAndExplainsACappedDp) {
  for (const char* mode : {"", "--batch "}) {
    const std::string program = std::string(CATMOUSE_CAPPED_DP) + (*mode ? " --batch" : "");
    const CliRun run = catmouse(std::string("check ") + mode + "--seed 1 -- " + program);
    ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
    const std::string graph = line_after(run.out, "shrunk in");
    ASSERT_FALSE(graph.empty()) << run.out;
    EXPECT_LE(nodes_of(graph), 10u) << graph;
    // The report is right: catmouse's answer and the program's differ on the shrunk graph.
    const auto file = std::filesystem::temp_directory_path() /
                      ("catmouse_check_" + std::to_string(::getpid()) + ".json");
    std::ofstream(file) << graph << "\n";
    const std::string exact = catmouse("solve --code '" + file.string() + "'").out;
    const CliRun theirs = run_command(CATMOUSE_CAPPED_DP, file.string());
    EXPECT_NE(exact, theirs.out) << graph;
    EXPECT_NE(run.out.find("expected: " + exact.substr(0, 1)), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("received: " + theirs.out.substr(0, 1)), std::string::npos);
    EXPECT_NE(run.out.find("optimal line:"), std::string::npos);
    EXPECT_NE(run.out.find(" failed (1 wrong answer); seed 1\n"), std::string::npos);
    EXPECT_NE(run.out.find("; seed 1\n"), std::string::npos);
    // The long-win search comes early, and the failure is named for its source in both modes.
    EXPECT_EQ(lines_of(run.out)[0],
              "failure 1: graph 2, from the long-win search (a forced win of 37 moves), 14 nodes "
              "and 33 edges")
        << mode;
    std::filesystem::remove(file);
  }
}

TEST(CliCheck, SameSeedSameRun) {
  const std::string args = std::string("check --seed 7 --no-shrink -- ") + CATMOUSE_CAPPED_DP;
  const std::string a = catmouse(args).out, b = catmouse(args).out;
  EXPECT_EQ(a.substr(0, a.find("checked")), b.substr(0, b.find("checked")));
  EXPECT_EQ(lines_of(a).back().substr(0, 20), lines_of(b).back().substr(0, 20));
}

TEST(CliCheck, ACorrectSolverPasses) {
  const CliRun run = catmouse(std::string("check --source random --max-graphs 150 --time 0 -- ") +
                              CATMOUSE_CLI + " solve --code -");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  // The summary says what was covered.
  EXPECT_NE(run.out.find("checked 150 graphs (150 random graphs of 3 to 14 nodes) in"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find(": all agreed; seed 1\n"), std::string::npos) << run.out;
}

TEST(CliCheck, CrashesGarbageAndHangsAreReported) {
  const struct {
    std::string args;
    std::string received;
    std::string summary;
  } cases[] = {
      {"-- sh -c 'kill -SEGV $$'", "received: a crash (killed by signal 11", "(1 crash)"},
      {"-- sh -c 'echo oops >&2; exit 3'", "received: a crash (exit code 3; stderr: oops)",
       "(1 crash)"},
      {"-- sh -c 'echo banana'", "received: 'banana', which is not 0, 1 or 2", "(1 garbage)"},
      {"-- sh -c 'true'", "received: nothing, which is not 0, 1 or 2", "(1 printed nothing)"},
      {"--timeout 0.3 -- sh -c 'sleep 30; echo 1'", "received: no answer within 0.3 s",
       "(1 timeout)"},
      {"--batch --timeout 0.3 -- sh -c 'read line; sleep 30'", "received: no answer within 0.3 s",
       "(1 timeout)"},
      {"--batch -- sh -c 'read line; exit 0'",
       "received: nothing (the program ended before answering (exit code 0))",
       "(1 printed nothing)"},
      // Two lines for one graph: garbage (then a fresh process, so that answers stay in step).
      {"--batch -- sh -c \"while read l; do printf '0\\nx\\n'; done\"",
       "received: '0\\nx', which is not 0, 1 or 2", "(1 garbage)"},
  };
  for (const auto& c : cases) {
    const CliRun run = catmouse("check --max-graphs 3 " + c.args);
    EXPECT_EQ(run.exit_code, 1) << c.args << "\n" << run.out << run.err;
    EXPECT_NE(run.out.find(c.received), std::string::npos) << c.args << "\n" << run.out;
    EXPECT_NE(run.out.find(c.summary), std::string::npos) << c.args << "\n" << run.out;
  }
}

// The report says what shrinking did: nothing to remove from a 3-node graph, and no shrinking of
// timeouts (as --help says); in batch mode a failure of the exhaustive phase is named so.
TEST(CliCheck, ReportSaysWhatHappened) {
  for (const std::string mode : {"", "--batch "}) {
    const CliRun run = catmouse("check " + mode + "-- sh -c 'while read l; do echo 0; done'");
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_EQ(lines_of(run.out)[0],
              "failure 1: graph 1, from every graph on 3 nodes, 3 nodes and 2 edges")
        << mode << run.out;
    EXPECT_EQ(lines_of(run.out)[1], "shrinking removed nothing (0 runs of the program):")
        << mode << run.out;
    EXPECT_EQ(run.out.find("shrunk in"), std::string::npos) << run.out;
  }
  // A timeout is shrunk like any failure: a 3-node graph has nothing to remove.
  const CliRun hang = catmouse("check --timeout 0.2 -- sleep 30");
  EXPECT_EQ(hang.exit_code, 1) << hang.out << hang.err;
  EXPECT_EQ(lines_of(hang.out)[1], "shrinking removed nothing (0 runs of the program):")
      << hang.out;
  const CliRun help = catmouse("check --help");
  EXPECT_NE(help.out.find("timeouts (shrunk too: each run may take the --timeout)"),
            std::string::npos)
      << help.out;
  EXPECT_NE(help.out.find("shrinking included"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("setsid escapes"), std::string::npos) << help.out;
}

TEST(CliCheck, UsageErrorsExitTwo) {
  const struct {
    std::string args;
    std::string message;
  } cases[] = {
      {"check", "COMMAND is required"},
      {"check -- /nonexistent/solver", "cannot run '/nonexistent/solver': no such file"},
      {"check --nodes 2-9 -- true", "--nodes: '2-9' is not a range"},
      {"check --source file -- true", "--source file needs --graphs"},
      {"check --seed x -- true", "--seed: 'x' is not a whole number"},
      {"check --batch --no-batch -- true", "--batch and --no-batch: give one of them"},
      {"check --graphs " + data("bad/batch.jsonl") + " -- true",
       "batch.jsonl:1: not a valid input under the rules"},
  };
  for (const auto& c : cases) {
    const CliRun run = catmouse(c.args);
    EXPECT_EQ(run.exit_code, 2) << c.args << "\n" << run.out << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << c.args << "\n" << run.err;
  }
}

// seed001 calls every game a draw after 102 plies. The data file holds a 25-node graph whose forced
// win takes 105 (found by the long-win search and shrunk by check itself); seed003 solves it right.
TEST(CliCheck, BaselineSeed001IsWrongBeyondItsCap) {
#if defined(CATMOUSE_BASELINE_SEED001_MEMO2N) && defined(CATMOUSE_BASELINE_SEED003_TOPO)
  const std::string file = data("beyond_102_moves.jsonl");
  const CliRun run =
      catmouse("check --no-shrink --graphs " + file + " -- " + CATMOUSE_BASELINE_SEED001_MEMO2N);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("failure 1: graph 1, from line 1 of the file, 25 nodes"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("expected: 1 (mouse wins in 105 moves)\nreceived: 0\n"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  105. mouse "), std::string::npos) << run.out;  // the optimal line
  const CliRun right = catmouse("check --graphs " + file + " -- " + CATMOUSE_BASELINE_SEED003_TOPO);
  EXPECT_EQ(right.exit_code, 0) << right.out << right.err;
  EXPECT_NE(right.out.find("checked 1 "), std::string::npos) << right.out;
  EXPECT_NE(right.out.find(": all agreed;"), std::string::npos) << right.out;
#else
  GTEST_SKIP() << "the baselines folder is not there";
#endif
}

// The stretch goal of check: the search alone, at 50 nodes, finds a graph that outlasts the cap.
TEST(CliCheck, SearchBreaksSeed001AtFiftyNodes) {
#ifdef CATMOUSE_BASELINE_SEED001_MEMO2N
  const CliRun run =
      catmouse(std::string("check --seed 1 --source search --nodes 50-50 --no-shrink ") +
               "--max-graphs 500 -- " + CATMOUSE_BASELINE_SEED001_MEMO2N);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  const std::string from = "from the long-win search (a forced win of ";
  const std::size_t at = run.out.find(from);
  ASSERT_NE(at, std::string::npos) << run.out;
  EXPECT_GT(std::stoi(run.out.substr(at + from.size())), 102) << run.out;
  EXPECT_NE(run.out.find("received: 0\n"), std::string::npos) << run.out;
#else
  GTEST_SKIP() << "the baselines folder is not there";
#endif
}

TEST(CliCheck, BaselineSeed003AgreesOnTenThousandGraphs) {
#ifdef CATMOUSE_BASELINE_SEED003_TOPO
  const CliRun run =
      catmouse(std::string("check --batch --source random --max-graphs 10000 --time 0 -- ") +
               CATMOUSE_BASELINE_SEED003_TOPO + " --batch");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("checked 10000 graphs"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("checked 10000 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << run.out;
#else
  GTEST_SKIP() << "the baselines folder is not there";
#endif
}

}  // namespace
