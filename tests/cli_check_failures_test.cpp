// catmouse check on programs that fail without giving a wrong answer: each class (printed
// nothing, printed something that is not an answer, timed out, crashed, read its whole input under
// --batch) is told in one paragraph that names the cause and ends with where the fix is, with no
// explanation of the game, which only a wrong answer gets. A program that cannot be found or
// started is a usage error. Timeouts shrink like wrong answers, and a pass says what it covered.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_util.hpp"
#include "test_util.hpp"

namespace {

using namespace cli_test;
using cli_test::catmouse;  // not the namespace

constexpr const char* kPython = "/usr/bin/python3";

using Folder = catmouse::testing::TempDir;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The line starting with `prefix` ("" if none).
std::string line_of(const std::string& text, const std::string& prefix) {
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return {};
}

// LeetCode's class alone, as pasted from the site: nothing reads the input or prints.
constexpr const char* kSolutionOnly =
    "from typing import List\n"
    "class Solution:\n"
    "    def catMouseGame(self, graph: List[List[int]]) -> int:\n"
    "        return 1\n";

TEST(CliCheckFailures, EachClassIsOneParagraphWithItsFix) {
  const Folder folder("check_failures_classes");
  const std::string solution = folder.file("solution.py", kSolutionOnly);
  const std::string reads_all = data("../programs/capped_dp.py");
  const struct {
    std::string args;
    std::vector<std::string> paragraph;  // parts of the diagnosis line, in order
    std::string summary;
  } cases[] = {
      {std::string("-- ") + kPython + " " + solution,
       {"diagnosis: the program printed nothing: " + solution +
            " defines class Solution, but nothing calls it. Add a main that reads the graph from "
            "stdin and prints what catMouseGame returns (0, 1 or 2)",
        "the template in docs/check.md#templates (docs/templates/check_solution.py)"},
       "(1 printed nothing)"},
      {std::string("--batch -- ") + kPython + " " + solution,
       {" defines class Solution, but nothing calls it.", "docs/templates/check_solution.py"},
       "(1 printed nothing)"},
      {"-- sh -c 'cat >/dev/null'",
       {"diagnosis: the program printed nothing and exited with 0: it must print its answer (0, 1 "
        "or 2) on stdout.",
        "see the templates in docs/check.md#templates"},
       "(1 printed nothing)"},
      {"-- sh -c 'echo banana'",
       {"diagnosis: the program printed 'banana', which is not an answer: print 0, 1 or 2 alone",
        "docs/check.md#templates"},
       "(1 garbage)"},
      {"-- sh -c 'echo True'",
       {"diagnosis: the program printed 'True', an answer of LeetCode 1728 (Cat and Mouse II)",
        "run catmouse check --grid", "docs/check.md#templates"},
       "(1 garbage)"},
      {"--grid -- sh -c 'echo 1'",
       {"diagnosis: the program printed '1', an answer of LeetCode 913 (Cat and Mouse)",
        "canMouseWin", "docs/check.md#templates"},
       "(1 garbage)"},
      {"--timeout 60 -- yes 1",
       {"diagnosis: the program printed more than 1 MiB of output: check reads everything on "
        "stdout as the answer",
        "docs/check.md#templates"},
       "(1 garbage)"},
      {"-- sh -c 'echo None'",
       {"diagnosis: the program printed 'None': catMouseGame returned nothing on this graph",
        "docs/check.md#templates"},
       "(1 garbage)"},
      {"--batch -- sh -c \"while read l; do printf '0\\nx\\n'; done\"",
       {"diagnosis: the program printed more than one line for one graph", "on stderr",
        "docs/check.md#templates"},
       "(1 garbage)"},
      {"--timeout 0.3 -- sh -c 'sleep 30'",
       {"diagnosis: no answer within the --timeout of 0.3 s on this graph.",
        "docs/algorithm.md#retrograde-analysis-level-by-level"},
       "(1 timeout)"},
      {"-- sh -c 'kill -SEGV $$'",
       {"diagnosis: the program was killed by signal 11 (Segmentation fault) on this graph (to "
        "see it: echo '[[1],[0,2],[1]]' | sh -c 'kill -SEGV $$'). A segmentation fault comes "
        "from ",
        "docs/check.md#templates"},
       "(1 crash)"},
      {"-- sh -c 'cat >/dev/null; echo oops >&2; exit 3'",
       {"diagnosis: the program exited with code 3 on this graph (to see it: echo ",
        "Its stderr is above; a right solution to compare with: ", "docs/check.md#templates"},
       "(1 crash)"},
      {std::string("-- ") + kPython +
           " -c 'import sys; sys.stdin.read(); f = lambda n: f(n + 1); f(0)'",
       {"diagnosis: the program exited with code 1 on this graph",
        "Python's recursion limit (1000 calls) ran out",
        "docs/algorithm.md#retrograde-analysis-level-by-level"},
       "(1 crash)"},
      {std::string("-- ") + kPython + " -c 'import json; json.loads(\"graph = []\")'",
       {"It could not read its input: a graph comes as one line of JSON",
        "docs/check.md#templates"},
       "(1 crash)"},
      // The README's program reads its whole input: under --batch it never answers while its
      // input is open, and answers once it is closed.
      {std::string("--batch --timeout 0.5 -- ") + kPython + " " + reads_all,
       {"diagnosis: with --batch the program gave no answer while its input stayed open (0.5 s), "
        "and answered as soon as it was closed: it reads its whole input before answering",
        std::string("or run it one process per graph: catmouse check -- ") + kPython + " " +
            reads_all},
       "(1 reads its whole input)"},
  };
  for (const auto& c : cases) {
    const CliRun run = catmouse("check --max-graphs 3 " + c.args);
    EXPECT_EQ(run.exit_code, 1) << c.args << "\n" << run.out << run.err;
    const std::string line = line_of(run.out, "diagnosis: ");
    std::size_t at = 0;
    for (const std::string& part : c.paragraph) {
      const std::size_t found = line.find(part, at);
      EXPECT_NE(found, std::string::npos) << c.args << "\n" << part << "\n" << run.out;
      if (found != std::string::npos) at = found + part.size();
    }
    // One paragraph, the report's last line, naming where the fix is; no explanation of the game.
    const std::vector<std::string> lines = lines_of(run.out);
    ASSERT_GE(lines.size(), 3u) << run.out;
    EXPECT_EQ(lines[lines.size() - 3], line) << c.args << "\n" << run.out;
    EXPECT_TRUE(contains(line, "docs/")) << line;
    EXPECT_FALSE(contains(run.out, "why (catmouse explain)")) << c.args << "\n" << run.out;
    EXPECT_FALSE(contains(run.out, "optimal line")) << c.args << "\n" << run.out;
    EXPECT_TRUE(contains(lines_of(run.out).back(), c.summary)) << c.args << "\n" << run.out;
  }
}

// The README's 2n-capped DP: a wrong answer keeps its diagnosis, now with where the fix is, and
// its explanation.
TEST(CliCheckFailures, AWrongAnswerKeepsItsExplanation) {
  const CliRun run =
      catmouse(std::string("check --batch --seed 1 -- ") + CATMOUSE_CAPPED_DP + " --batch");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const std::string line = line_of(run.out, "diagnosis: ");
  EXPECT_EQ(line.rfind("diagnosis: a turn cap? ", 0), 0u) << run.out;
  EXPECT_TRUE(contains(line,
                       " cuts it and calls the game a draw. Solve it without a cap, by "
                       "retrograde analysis (docs/algorithm.md#turn-caps-are-wrong; the "
                       "templates in docs/check.md#templates do)"))
      << line;
  EXPECT_TRUE(contains(run.out, "\nwhy (catmouse explain):\n")) << run.out;
  EXPECT_TRUE(contains(run.out, "\noptimal line:\n")) << run.out;
}

// A mistyped program or file is a mistake in the command line: exit 2, one message on stderr that
// says what is missing (and what it may have meant), nothing on stdout.
TEST(CliCheckFailures, AProgramNotFoundIsAUsageError) {
  const Folder folder("check_failures_missing");
  const std::string dir = folder.str();
  folder.file("capped_dp.py", slurp(data("../programs/capped_dp.py")));  // not executable
  const struct {
    std::string command;
    std::vector<std::string> message;
  } cases[] = {
      {std::string(kPython) + " " + dir + "/capd.py",
       {"cannot run '" + std::string(kPython) + " " + dir + "/capd.py': " + dir +
            "/capd.py does not exist (did you mean " + dir +
            "/capped_dp.py?); the program exited with code 2 before answering its first graph "
            "(its stderr: ",
        "can't open file", ". Fix the command after --"}},
      {dir + "/capd", {"cannot run '" + dir + "/capd': no such file. Fix the command after --"}},
      {"catmouse_no_such_command",
       {"cannot run 'catmouse_no_such_command': no such command on PATH, nor a file here",
        "a program in this folder is run as ./NAME"}},
      {dir + "/capped_dp.py",
       {"cannot run '" + dir + "/capped_dp.py': it is not executable (permission denied)",
        "chmod +x "}},
      {"sh -c 'exec " + dir + "/nothere'",
       {"the program exited with code 127 before answering its first graph (its stderr: ",
        "not found). Fix the command after --"}},
  };
  for (const auto& c : cases) {
    const CliRun run = catmouse("check -- " + c.command);
    EXPECT_EQ(run.exit_code, 2) << c.command << "\n" << run.out << run.err;
    EXPECT_EQ(run.out, "") << c.command;
    std::size_t at = 0;
    for (const std::string& part : c.message) {
      const std::size_t found = run.err.find(part, at);
      EXPECT_NE(found, std::string::npos) << c.command << "\n" << part << "\n" << run.err;
      if (found != std::string::npos) at = found + part.size();
    }
  }
}

// A program that takes too long on graphs of 6 nodes or more (and answers right below): the
// timeout on the search's 14-node graph shrinks to 6 nodes, each failing run taking the
// --timeout.
TEST(CliCheckFailures, TimeoutsAreShrunk) {
  const Folder folder("check_failures_slow");
  const std::string program =
      folder.file("slow.sh", std::string("g=$(cat)\n"
                                         "n=$(printf %s \"$g\" | tr -cd '[' | wc -c)\n"
                                         "[ \"$n\" -gt 6 ] && sleep 30\n"
                                         "printf '%s\\n' \"$g\" | '") +
                                 CATMOUSE_CLI + "' solve --code -\n");
  const CliRun run = catmouse("check --no-batch --timeout 0.3 --seed 1 -- sh " + program);
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_EQ(lines_of(run.out)[0].rfind("failure 1: graph 2, from the long-win search", 0), 0u)
      << run.out;
  const std::string graph = line_after(run.out, "shrunk in ");
  ASSERT_FALSE(graph.empty()) << run.out;
  EXPECT_NE(run.out.find(" to 6 nodes and "), std::string::npos) << run.out;
  EXPECT_TRUE(contains(run.out,
                       "\nreceived: no answer within 0.3 s\ndiagnosis: no answer within "
                       "the --timeout of 0.3 s on this graph."))
      << run.out;
  EXPECT_TRUE(contains(lines_of(run.out).back(), "1 failed (1 timeout); seed 1")) << run.out;
}

// The summary says what the cases covered: the small graphs in full or in part, the search's
// longest win, the random graphs' sizes, a file's lines.
TEST(CliCheckFailures, APassSaysWhatItCovered) {
  const std::string solver =
      std::string(kPython) + " " + data("../../docs/templates/check_solution.py");
  const CliRun all = catmouse("check --batch --exhaustive 4 --max-graphs 300 -- " + solver);
  EXPECT_EQ(all.exit_code, 0) << all.out << all.err;
  EXPECT_EQ(all.out.rfind("checked 300 graphs (every graph of 3 to 4 nodes, ", 0), 0u) << all.out;
  EXPECT_TRUE(contains(all.out, " long-win search graphs with wins of up to ")) << all.out;
  EXPECT_TRUE(contains(all.out, " random graphs of 3 to 14 nodes) in ")) << all.out;
  EXPECT_TRUE(contains(all.out, ": all agreed; seed 1\n")) << all.out;
  const CliRun part = catmouse("check --batch --source exhaustive --max-graphs 20 -- " + solver);
  EXPECT_EQ(part.exit_code, 0) << part.out << part.err;
  EXPECT_EQ(part.out.rfind("checked 20 graphs (the first 20 small graphs of 3 to ", 0), 0u)
      << part.out;
  const Folder folder("check_failures_file");
  const std::string file = folder.file("two.jsonl", "[[2],[2],[0,1]]\n[[1,2],[0,2],[0,1]]\n");
  const CliRun lines = catmouse("check --batch --graphs " + file + " -- " + solver);
  EXPECT_EQ(lines.exit_code, 0) << lines.out << lines.err;
  EXPECT_EQ(lines.out.rfind("checked 2 graphs (all 2 graphs of the file) in ", 0), 0u) << lines.out;
}

}  // namespace
