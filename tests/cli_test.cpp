// Golden tests of the command-line tool: exact output on good input, and for bad input exit code
// 2, nothing on stdout, and a message on stderr that names the place.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

TEST(Cli, SolveCodeOnTheLeetCodeExamples) {
  CliRun one = catmouse("solve --code " + example("leetcode1.json"));
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(one.out, "0\n");
  CliRun two = catmouse("solve --code " + example("leetcode2.json"));
  EXPECT_EQ(two.exit_code, 0);
  EXPECT_EQ(two.out, "1\n");
}

TEST(Cli, SolveSaysWhoWinsAndHowFast) {
  EXPECT_EQ(catmouse("solve " + example("leetcode1.json")).out, "draw\n");
  EXPECT_EQ(catmouse("solve " + example("leetcode2.json")).out, "mouse wins in 1 move\n");
  EXPECT_EQ(catmouse("solve --mouse 2 --cat 3 --turn mouse " + example("leetcode2.json")).out,
            "cat wins in 1 move\n");
}

TEST(Cli, SolveReadsStdinAndEdgeLists) {
  EXPECT_EQ(catmouse("solve --code -", example("leetcode2.json")).out, "1\n");
  EXPECT_EQ(catmouse("solve --code --format edges " + data("leetcode2.edges")).out, "1\n");
}

// LeetCode shows problem 913's input as `graph = [[2,5],...]`; a file holding that line is read
// as it is, whatever its suffix, and so is stdin.
TEST(Cli, SolveReadsLeetCodesInputLine) {
  EXPECT_EQ(catmouse("solve " + data("leetcode_input.txt")).out, "draw\n");
  EXPECT_EQ(catmouse("solve --code -", data("leetcode_input.txt")).out, "0\n");
  const auto copy = std::filesystem::temp_directory_path() / "catmouse_cli_leetcode_input";
  std::filesystem::copy_file(data("leetcode_input.txt"), copy,
                             std::filesystem::copy_options::overwrite_existing);
  CliRun run = catmouse("solve --code --format leetcode '" + copy.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "0\n");
  std::filesystem::remove(copy);
}

TEST(Cli, SolveJsonHasTheDocumentedFields) {
  CliRun run = catmouse("solve --json " + example("leetcode2.json"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["result"], 1);
  EXPECT_EQ(j["winner"], "mouse");
  EXPECT_EQ(j["remoteness"], 1);
  EXPECT_EQ(j["nodes"], 4);
  EXPECT_EQ(j["states"], 2 * 4 * 3);
  EXPECT_TRUE(j["seconds"].is_number());
  const auto draw =
      nlohmann::json::parse(catmouse("solve --json " + example("leetcode1.json")).out);
  EXPECT_EQ(draw["result"], 0);
  EXPECT_EQ(draw["winner"], "draw");
  EXPECT_TRUE(draw["remoteness"].is_null());
}

TEST(Cli, ExplainMatchesGolden) {
  for (const char* name : {"leetcode1", "leetcode2"}) {
    CliRun text = catmouse(std::string("explain ") + example(std::string(name) + ".json"));
    EXPECT_EQ(text.exit_code, 0);
    EXPECT_EQ(text.out, slurp(data(std::string("golden/explain_") + name + ".txt"))) << name;
    CliRun json = catmouse(std::string("explain --json ") + example(std::string(name) + ".json"));
    EXPECT_EQ(json.out, slurp(data(std::string("golden/explain_") + name + ".json"))) << name;
  }
}

TEST(Cli, ExplainLongWinAgreesWithSolve) {
  CliRun explain = catmouse("explain --json " + data("long_win.json"));
  ASSERT_EQ(explain.exit_code, 0) << explain.err;
  const auto j = nlohmann::json::parse(explain.out);
  EXPECT_EQ(j["line"].size(), j["remoteness"].get<std::size_t>() + 1);
  EXPECT_EQ(j["end"], "capture");
}

TEST(Cli, TableWritesEveryState) {
  const auto out = std::filesystem::temp_directory_path() / "catmouse_cli_table.csv";
  CliRun run = catmouse("table " + example("leetcode1.json") + " --out '" + out.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(slurp(out), slurp(data("golden/table_leetcode1.csv")));
  std::filesystem::remove(out);
}

TEST(Cli, GenMakesAGraphSolveAccepts) {
  const auto out = std::filesystem::temp_directory_path() / "catmouse_cli_gen.json";
  CliRun gen = catmouse("gen random --nodes 30 --degree 4 --seed 3 --out '" + out.string() + "'");
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  CliRun again = catmouse("gen random --nodes 30 --degree 4 --seed 3");
  EXPECT_EQ(slurp(out), again.out);
  CliRun solve = catmouse("solve --code '" + out.string() + "'");
  EXPECT_EQ(solve.exit_code, 0) << solve.err;
  std::filesystem::remove(out);
}

TEST(Cli, GenNamesEveryFamilyOnAnUnknownOne) {
  CliRun run = catmouse("gen spiral --nodes 10");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(
      run.err.find("'spiral' (expected random, grid, tree, cycle, complete, path, maze or long)"),
      std::string::npos)
      << run.err;
}

TEST(Cli, BadInputFilesExitTwoNamingThePlace) {
  std::ifstream expected(data("bad/EXPECTED.tsv"));
  ASSERT_TRUE(expected);
  std::string line;
  int cases = 0;
  while (std::getline(expected, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    const std::string file = line.substr(0, tab);
    // The second column; the third (the kind of input) is cli_hardening_test's.
    const std::string needle = line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1);
    CliRun run = catmouse("solve --code " + data("bad/" + file));
    EXPECT_EQ(run.exit_code, 2) << file;
    EXPECT_EQ(run.out, "") << file;
    EXPECT_NE(run.err.find(needle), std::string::npos) << file << ": " << run.err;
    EXPECT_EQ(run.err.rfind("catmouse: ", 0), 0u) << run.err;
    ++cases;
  }
  EXPECT_GE(cases, 15);
}

TEST(Cli, MissingFileExitsTwo) {
  CliRun run = catmouse("solve /nonexistent/graph.json");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("/nonexistent/graph.json: cannot open"), std::string::npos) << run.err;
}

TEST(Cli, BadStateOptionsExitTwo) {
  CliRun far = catmouse("solve --mouse 99 " + example("leetcode1.json"));
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_NE(far.err.find("--mouse: node 99 is out of range (nodes are 0..5)"), std::string::npos)
      << far.err;
  CliRun hole = catmouse("solve --cat 0 " + example("leetcode1.json"));
  EXPECT_EQ(hole.exit_code, 2);
  EXPECT_NE(hole.err.find("--cat"), std::string::npos) << hole.err;
  CliRun turn = catmouse("solve --turn dog " + example("leetcode1.json"));
  EXPECT_EQ(turn.exit_code, 2);
  EXPECT_EQ(turn.out, "");
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(catmouse("").exit_code, 2);
  EXPECT_EQ(catmouse("frobnicate").exit_code, 2);
  EXPECT_EQ(catmouse("solve").exit_code, 2);
  EXPECT_EQ(catmouse("solve --bogus " + example("leetcode1.json")).exit_code, 2);
  EXPECT_EQ(catmouse("solve --code --json " + example("leetcode1.json")).exit_code, 2);
  EXPECT_EQ(catmouse("gen random --nodes 2").exit_code, 2);
  EXPECT_EQ(catmouse("gen hexagon --nodes 10").exit_code, 2);
  EXPECT_EQ(catmouse("table " + example("leetcode1.json")).exit_code, 2);  // --out missing
}

TEST(Cli, HelpAndVersion) {
  for (const char* sub :
       {"", "solve ", "explain ", "table ", "gen ", "starts ", "cops ", "copnumber "}) {
    CliRun run = catmouse(std::string(sub) + "--help");
    EXPECT_EQ(run.exit_code, 0) << sub;
    EXPECT_NE(run.out.find("Usage"), std::string::npos) << sub;
  }
  CliRun version = catmouse("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_NE(version.out.find("catmouse"), std::string::npos);
}

TEST(Cli, WarnsWhenAPlayerCanGetStuck) {
  CliRun run = catmouse("solve " + data("stuck_cat.json"));
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.err.find("warning: the cat can get stuck"), std::string::npos) << run.err;
}

}  // namespace

namespace {

TEST(Cli, MemoryLimitRefusesBeforeSolving) {
  CliRun run = catmouse("solve --memory 100 " + example("leetcode1.json"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("needs about"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("values only"), std::string::npos) << run.err;
  EXPECT_EQ(catmouse("solve --memory lots " + example("leetcode1.json")).exit_code, 2);
  EXPECT_EQ(catmouse("solve --memory 1G --code " + example("leetcode1.json")).out, "0\n");
}

TEST(Cli, ValuesOnlyAndThreads) {
  EXPECT_EQ(catmouse("solve --values-only " + example("leetcode2.json")).out, "mouse wins\n");
  const auto j = nlohmann::json::parse(
      catmouse("solve --values-only --json --threads 2 " + example("leetcode2.json")).out);
  EXPECT_EQ(j["result"], 1);
  EXPECT_TRUE(j["remoteness"].is_null());
}

TEST(Cli, ProgressGoesToStderr) {
  CliRun run = catmouse("solve --progress " + example("leetcode1.json"));
  EXPECT_EQ(run.out, "draw\n");
  EXPECT_NE(run.err.find("catmouse: remoteness"), std::string::npos) << run.err;
}

TEST(Cli, BatchSolvesEveryLine) {
  const auto file = std::filesystem::temp_directory_path() / "catmouse_cli_batch.jsonl";
  ASSERT_EQ(
      catmouse("gen random --nodes 12 --count 40 --seed 5 --out '" + file.string() + "'").exit_code,
      0);
  CliRun batch = catmouse("solve --batch '" + file.string() + "' --code");
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  // The same answers, one by one.
  std::istringstream lines(slurp(file));
  std::istringstream answers(batch.out);
  std::string graph, answer;
  int count = 0;
  while (std::getline(lines, graph)) {
    ASSERT_TRUE(std::getline(answers, answer));
    const auto one = std::filesystem::temp_directory_path() / "catmouse_cli_one.json";
    std::ofstream(one) << graph;
    EXPECT_EQ(catmouse("solve --code '" + one.string() + "'").out, answer + "\n");
    ++count;
  }
  EXPECT_EQ(count, 40);
  CliRun json = catmouse("solve --batch '" + file.string() + "'");
  EXPECT_EQ(nlohmann::json::parse(json.out.substr(0, json.out.find('\n'))).count("remoteness"), 1u);
  std::filesystem::remove(file);
}

TEST(Cli, BatchNamesTheBadLine) {
  CliRun run = catmouse("solve --batch " + data("bad/batch.jsonl"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("batch.jsonl:3:"), std::string::npos) << run.err;
}

}  // namespace

namespace {

TEST(Cli, RuleOptions) {
  const std::string graph = example("leetcode1.json");
  EXPECT_EQ(catmouse("solve " + graph + " --holes 0,4").out, "mouse wins in 3 moves\n");
  // No hole: the mouse cannot win, and the cat, free to go anywhere, catches it.
  EXPECT_EQ(catmouse("solve " + graph + " --holes ''").out, "cat wins in 6 moves\n");
  // An empty list is no node at all, not node 0: the mouse may start on 0, the cat too.
  EXPECT_EQ(catmouse("solve " + graph + " --holes '' --mouse 0").exit_code, 0);
  EXPECT_EQ(catmouse("solve " + graph + " --cat-forbidden '' --cat 0").exit_code, 0);
  EXPECT_EQ(catmouse("solve --code --first cat " + graph).out, "2\n");
  EXPECT_EQ(catmouse("solve --code --stuck draw " + graph).out, "0\n");
  // Stays cannot stop a mouse one move from the hole.
  EXPECT_EQ(catmouse("solve --code --cat-stays " + example("leetcode2.json")).out, "1\n");
  EXPECT_EQ(catmouse("solve --code --mouse-stays --cat-stays " + graph).exit_code, 0);
  const struct {
    const char* options;
    const char* message;
  } bad[] = {{"--holes 1", "--mouse: the mouse may not start in the hole 1"},
             {"--cat-forbidden 2", "--cat: the cat may not start on node 2"},
             {"--holes 0,0", "--holes: node 0 is listed twice"},
             {"--holes 0,x", "--holes: 'x' is not a node id"},
             {"--cat-forbidden 1,,2", "--cat-forbidden: '' is not a node id"},
             {"--holes 9", "--holes: node 9 is out of range (nodes are 0..5)"},
             {"--cat-forbidden -1", "--cat-forbidden: node -1 is out of range"},
             {"--first dog", "--first"},
             {"--stuck maybe", "--stuck"}};
  // One-way passages: the same lines as example 2, read as arcs 0->1, 0->3, 2->3. The mouse on
  // 1 has no move at all, and loses by the stuck rule.
  EXPECT_EQ(catmouse("solve --code --directed " + data("leetcode2.edges")).out, "2\n");
  CliRun json_directed = catmouse("solve --directed " + graph);
  EXPECT_EQ(json_directed.exit_code, 2);
  EXPECT_NE(json_directed.err.find("edge list"), std::string::npos) << json_directed.err;
  for (const auto& b : bad) {
    CliRun run = catmouse("solve " + graph + " " + b.options);
    EXPECT_EQ(run.exit_code, 2) << b.options;
    EXPECT_EQ(run.out, "") << b.options;
    EXPECT_NE(run.err.find(b.message), std::string::npos) << b.options << ": " << run.err;
  }
}

}  // namespace

namespace {

TEST(Cli, StartsCoversEveryPairOnce) {
  const auto out = std::filesystem::temp_directory_path() / "catmouse_cli_starts.csv";
  CliRun run = catmouse("starts " + example("leetcode1.json") + " --out '" + out.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "25 start pairs, mouse to move first: mouse wins 12, cat wins 10, draws 3\n"
            "longest forced game: mouse 3, cat 2: cat wins in 4 moves\n");
  std::istringstream rows(slurp(out));
  std::string row;
  std::getline(rows, row);
  EXPECT_EQ(row, "mouse,cat,first,value,remoteness");
  int count = 0;
  while (std::getline(rows, row)) {
    ++count;
    // Each row agrees with asking solve about that start.
    std::istringstream fields(row);
    std::string mouse, cat, first, value, remoteness;
    std::getline(fields, mouse, ',');
    std::getline(fields, cat, ',');
    std::getline(fields, first, ',');
    std::getline(fields, value, ',');
    std::getline(fields, remoteness, ',');
    if (count % 4 != 0) continue;  // a sample keeps the test quick
    const auto j = nlohmann::json::parse(catmouse("solve --json --mouse " + mouse + " --cat " +
                                                  cat + " " + example("leetcode1.json"))
                                             .out);
    EXPECT_EQ(j["winner"], value) << row;
    EXPECT_EQ(j["remoteness"].is_null() ? "" : std::to_string(j["remoteness"].get<int>()),
              remoteness)
        << row;
  }
  EXPECT_EQ(count, 25);
  std::filesystem::remove(out);
  EXPECT_EQ(catmouse("starts " + example("leetcode1.json")).exit_code, 2);  // --out missing
}

}  // namespace

namespace {

// LeetCode 1728's published examples, from files and stdin, and the board drawn by explain.
TEST(Cli, GridMaps) {
  EXPECT_EQ(catmouse("solve --code " + example("grid1728.json")).out, "true\n");
  const std::string dir = std::filesystem::temp_directory_path().string();
  const struct {
    const char* map;
    const char* answer;
  } cases[] = {{R"({"grid": ["M.C...F"], "catJump": 1, "mouseJump": 4})", "true\n"},
               {R"({"grid": ["M.C...F"], "catJump": 1, "mouseJump": 3})", "false\n"}};
  for (const auto& c : cases) {
    const std::string file = dir + "/catmouse_cli_grid.json";
    std::ofstream(file) << c.map;
    EXPECT_EQ(catmouse("solve --format grid --code -", file).out, c.answer) << c.map;
  }
  EXPECT_EQ(catmouse("explain " + example("grid1728.json")).out,
            slurp(data("golden/explain_grid1728.txt")));
  CliRun wall = catmouse("solve --mouse 5 " + example("grid1728.json"));
  EXPECT_EQ(wall.exit_code, 2);
  EXPECT_NE(wall.err.find("--mouse: node 5 is the cell (1, 0), a wall"), std::string::npos)
      << wall.err;
}

// A move limit changes the answer only when the win takes longer; k = 0 cats is refused.
TEST(Cli, MoveLimitAndCats) {
  const std::string graph = example("leetcode1.json");
  EXPECT_EQ(catmouse("solve --code --move-limit 10 --limit-outcome cat " + graph).out, "2\n");
  EXPECT_EQ(catmouse("solve --code --move-limit 10 " + graph).out, "0\n");
  // Example 2: the mouse wins in 1 move; a limit of 1 still lets it.
  EXPECT_EQ(catmouse("solve --move-limit 1 " + example("leetcode2.json")).out,
            "mouse wins in 1 move\n");
  const struct {
    const char* options;
    const char* message;
  } bad[] = {{"--cats 0", "--cats: 0 cats"},
             {"--move-limit 3 --values-only", "--values-only: a move limit needs"},
             {"--move-limit 3 --limit-outcome cat --stuck draw", "--move-limit: a move limit"},
             {"--limit-outcome win", "--limit-outcome"}};
  for (const auto& b : bad) {
    CliRun run = catmouse("solve " + graph + " " + b.options);
    EXPECT_EQ(run.exit_code, 2) << b.options;
    EXPECT_EQ(run.out, "") << b.options;
    EXPECT_NE(run.err.find(b.message), std::string::npos) << b.options << ": " << run.err;
  }
}

// The "rules" object beside "graph" sets the rules; options given override it.
TEST(Cli, RulesObjectInJson) {
  const std::string file = std::filesystem::temp_directory_path().string() + "/catmouse_rules.json";
  std::ofstream(file) << R"({"graph": [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]],)"
                      << R"( "rules": {"holes": [0, 4], "first": "mouse"}})";
  EXPECT_EQ(catmouse("solve " + file).out, "mouse wins in 3 moves\n");
  EXPECT_EQ(catmouse("solve " + file + " --holes 0").out, "draw\n");
}

}  // namespace

namespace {

// Cops and robbers from graph6 and JSON, and k cats in solve and explain.
TEST(Cli, CopsAndPacks) {
  EXPECT_EQ(catmouse("copnumber " + example("petersen.g6")).out,
            "cop number 3\n3 cops win: place on 1,4,5; capture within 1 move (1 cop move), the "
            "robber lasting longest from node 0\n");
  EXPECT_EQ(catmouse("cops --cops 2 " + example("petersen.g6")).out,
            "2 cops lose: the robber escapes forever\n");
  // Past --max: the count and its verb agree with it.
  EXPECT_EQ(catmouse("copnumber --max 1 " + example("petersen.g6")).out,
            "cop number > 1 (1 cop loses)\n");
  EXPECT_EQ(catmouse("copnumber --max 2 " + example("petersen.g6")).out,
            "cop number > 2 (2 cops lose)\n");
  const auto j =
      nlohmann::json::parse(catmouse("copnumber --json --max 2 " + example("petersen.g6")).out);
  EXPECT_TRUE(j["cop_number"].is_null());
  EXPECT_EQ(j["at_least"], 3);
  EXPECT_EQ(j["tries"].size(), 2u);
  const auto c =
      nlohmann::json::parse(catmouse("copnumber --json " + example("leetcode1.json")).out);
  // Example 1 dismantles (1 into 3, 0 into 2) to the 4-cycle 2-4-3-5, which needs two cops.
  EXPECT_EQ(c["cop_number"], 2);
  EXPECT_TRUE(c["placement"].is_array());
  EXPECT_TRUE(c["capture_moves"].is_number());
  // Two cats on example 1 catch the mouse at once; one cat only draws.
  EXPECT_EQ(catmouse("solve --cat 2,5 " + example("leetcode1.json")).out, "cat wins in 2 moves\n");
  EXPECT_EQ(catmouse("solve --code --cats 2 " + example("leetcode1.json")).out, "2\n");
  const std::string line = catmouse("explain --cat 2,5 " + example("leetcode1.json")).out;
  EXPECT_NE(line.find("2. mouse 3, cats 3,4, mouse to move: cat wins in 0 moves"),
            std::string::npos)
      << line;
  const struct {
    const char* args;
    const char* message;
  } bad[] = {{"cops --cops 0 ", "--cops: 0 cops"},
             {"copnumber --max 0 ", "--max: 0 cops"},
             {"solve --cats 2 --cat 2,3,4 ", "3 starts for 2 cats"},
             {"solve --cat 2,x ", "--cat: 'x' is not a node id"},
             {"starts --out x.csv --cats 2 ", "--cats: this command solves one cat"}};
  for (const auto& b : bad) {
    CliRun run = catmouse(std::string(b.args) + example("leetcode1.json"));
    EXPECT_EQ(run.exit_code, 2) << b.args;
    EXPECT_EQ(run.out, "") << b.args;
    EXPECT_NE(run.err.find(b.message), std::string::npos) << b.args << ": " << run.err;
  }
}

}  // namespace
