// catmouse check beyond LeetCode 913: rule variants (the program solves the variant, the rules
// stay fixed) and LeetCode 1728 grid maps (true or false), each against a right and a wrong
// solver, with the wrong one's failure shrunk and its report checked by separate runs.
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

using catmouse::testing::TempFile;

// A solver of default LeetCode 913 does not know the variant: check finds a graph where the
// variant's answer differs, shrinks it, and reports answers that separate runs confirm. (That
// shrinking keeps the named nodes in place is search_test's ShrinkKeepsFixedNodes.)
TEST(CliCheckVariants, AProgramIgnoringTheRulesIsCaught) {
  const std::string rules = "--mouse-stays --holes 0,5";
  const CliRun run =
      catmouse("check --seed 2 " + rules + " -- " + CATMOUSE_CLI + " solve --code -");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const std::string graph = line_after(run.out, "shrunk in");
  ASSERT_FALSE(graph.empty()) << run.out;
  const TempFile file("variant.json", graph + "\n");
  const std::string exact = catmouse("solve --code " + rules + " " + file.str()).out;
  const std::string theirs = catmouse("solve --code " + file.str()).out;
  ASSERT_FALSE(exact.empty());
  EXPECT_NE(exact, theirs) << graph;
  EXPECT_NE(run.out.find("expected: " + exact.substr(0, 1)), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("received: " + theirs.substr(0, 1)), std::string::npos) << run.out;
}

TEST(CliCheckVariants, ASolverOfTheVariantPasses) {
  const std::string rules = "--mouse-stays --holes 0,5 --first cat";
  // One process per graph is slow under the sanitizers: the time budget is lifted, as the count
  // of graphs, not the budget, is what this test is about.
  const CliRun run = catmouse("check --max-graphs 150 --time 0 --nodes 6-12 " + rules + " -- " +
                              CATMOUSE_CLI + " solve --code " + rules + " -");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("checked 150 graphs ("), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("checked 150 "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << run.out;
}

// A 1728 solver that gives up after `cells` moves (not 1000): check finds a map whose mouse wins
// later, shrinks it, and the report's map is answered true by catmouse and false by the program.
TEST(CliCheckVariants, GridFindsAndShrinksACappedSolver) {
  const CliRun run =
      catmouse(std::string("check --grid --seed 1 -- ") + CATMOUSE_CAPPED_GRID + " 1");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const std::string map = line_after(run.out, "shrunk in");
  ASSERT_EQ(map.rfind("{\"grid\":[", 0), 0u) << run.out;
  const TempFile file("variant.json", map + "\n");
  EXPECT_EQ(catmouse("solve --code " + file.str()).out, "true\n") << map;
  EXPECT_EQ(run_command(std::string(CATMOUSE_CAPPED_GRID) + " 1", file.str()).out, "false\n")
      << map;
  EXPECT_NE(run.out.find("expected: true (mouse wins in "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("received: false\ndiagnosis: a move cap? the mouse wins in "),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("\noptimal line, "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\nchecked 2 maps ("), std::string::npos) << run.out;
}

TEST(CliCheckVariants, GridRightSolverAndFile) {
  const std::string right = std::string(CATMOUSE_CLI) + " solve --code -";
  for (const std::string source : {"exhaustive", "random", "search"}) {
    const CliRun run =
        catmouse("check --grid --source " + source + " --max-graphs 200 --time 0 -- " + right);
    EXPECT_EQ(run.exit_code, 0) << source << "\n" << run.out << run.err;
    EXPECT_NE(run.out.find("checked 200 "), std::string::npos) << source << run.out;
    EXPECT_NE(run.out.find(": all agreed;"), std::string::npos) << source << run.out;
  }
  // The map of examples/grid1728.json is answered true; a program saying false fails on line 1.
  const TempFile file("variant.json", slurp(example("grid1728.json")) + "\n");
  const CliRun wrong =
      catmouse("check --grid --no-shrink --graphs " + file.str() + " -- echo false");
  EXPECT_EQ(wrong.exit_code, 1) << wrong.out << wrong.err;
  EXPECT_NE(wrong.out.find("failure 1: map 1, from line 1 of the file"), std::string::npos)
      << wrong.out;
  EXPECT_NE(wrong.out.find("received: false\n"), std::string::npos) << wrong.out;
  const CliRun garbage = catmouse("check --grid --max-graphs 1 -- echo 1");
  EXPECT_NE(garbage.out.find("received: '1', which is not true or false"), std::string::npos)
      << garbage.out;
  // Python's True and False are answers.
  const CliRun python =
      catmouse("check --grid --no-shrink --graphs " + file.str() + " -- echo False");
  EXPECT_NE(python.out.find("received: false\n"), std::string::npos) << python.out;
}

TEST(CliCheckVariants, UsageErrorsExitTwo) {
  const TempFile bad_map(
      "variant_a.json",
      std::string("{\"grid\":[\"M.C\",\"..X\"],\"catJump\":1,\"mouseJump\":1}") + "\n");
  const TempFile big_map(
      "variant_b.json",
      std::string("{\"grid\":[\"M.C\",\"..F\"],\"catJump\":0,\"mouseJump\":1}") + "\n");
  const TempFile with_rules(
      "variant_c.json",
      std::string("{\"graph\":[[1,2],[0,2],[0,1]],\"rules\":{\"first\":\"cat\"}}") + "\n");
  const struct {
    std::string args;
    std::string message;
  } cases[] = {
      {"check --grid --nodes 3-9 -- true", "--grid: maps have LeetCode 1728's rules"},
      {"check --grid --holes 0,1 -- true", "--grid: maps have LeetCode 1728's rules"},
      {"check --grid --exhaustive 13 -- true", "--exhaustive: at most 12 cells"},
      {"check --cats 2 -- true", "--cats: check tests solvers with one cat"},
      {"check --holes 0,20 -- true", "--holes: node 20 is out of range (nodes are 0..13)"},
      {"check --grid --graphs " + bad_map.str() + " -- true", ".json:1:"},
      {"check --grid --graphs " + big_map.str() + " -- true",
       ".json:1: not a LeetCode 1728 map (at most 8 rows and 8 columns, jumps 1 to 8)"},
      {"check --graphs " + with_rules.str() + " -- true", ".json:1: the line sets its own rules"},
      {"check --grid --source exhaustive --exhaustive 2 -- true", "nothing to check"},
      {"check --time -1 -- true", "--time: give a number of seconds"},
  };
  for (const auto& c : cases) {
    const CliRun run = catmouse(c.args);
    EXPECT_EQ(run.exit_code, 2) << c.args << "\n" << run.out << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << c.args << "\n" << run.err;
  }
}

}  // namespace
