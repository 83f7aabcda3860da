// Command-line tests of many games at once: solve --batch over JSON lines (graphs, graphs with
// rules, grid maps) and graph6 lines, each line checked against solving it alone; gen writing
// graph6; cops and copnumber over a graph6 collection.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("catmouse_batch_" + std::to_string(::getpid()) + "_" + name);
}

// Every line of `file` solved alone (written to a file of its own with `suffix`) gets the result
// and remoteness the batch printed for it, with the same options.
void expect_batch_matches_single(const std::filesystem::path& file, const std::string& suffix,
                                 const std::string& options) {
  const CliRun batch = catmouse("solve --batch '" + file.string() + "' " + options);
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  const std::vector<std::string> inputs = lines_of(slurp(file));
  const std::vector<std::string> answers = lines_of(batch.out);
  ASSERT_EQ(inputs.size(), answers.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto one = temp("one" + suffix);
    std::ofstream(one) << inputs[i] << "\n";
    const CliRun single = catmouse("solve --json '" + one.string() + "' " + options);
    ASSERT_EQ(single.exit_code, 0) << single.err;
    const auto expected = nlohmann::json::parse(single.out);
    const auto got = nlohmann::json::parse(answers[i]);
    EXPECT_EQ(got["result"], expected["result"]) << inputs[i] << " " << options;
    EXPECT_EQ(got["remoteness"], expected["remoteness"]) << inputs[i] << " " << options;
    std::filesystem::remove(one);
  }
}

TEST(CliBatch, MixedJsonLines) {
  const auto file = temp("mixed.jsonl");
  std::ofstream(file) << "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n"
                      << "{\"graph\":[[1,3],[0],[3],[0,2]],\"rules\":{\"holes\":[]}}\n"
                      << "\n"  // blank lines are skipped
                      << "{\"grid\": [\"####F\",\"#C...\",\"M....\"], \"catJump\": 1, "
                         "\"mouseJump\": 2}\n"
                      << "{\"grid\": [\"M.C...F\"], \"catJump\": 1, \"mouseJump\": 3}\n";
  const CliRun code = catmouse("solve --batch '" + file.string() + "' --code");
  ASSERT_EQ(code.exit_code, 0) << code.err;
  // 913's example 1 is a draw; with no hole the cat catches the mouse; 1728's examples.
  EXPECT_EQ(code.out, "0\n2\ntrue\nfalse\n");
  const CliRun json = catmouse("solve --batch '" + file.string() + "'");
  EXPECT_EQ(lines_of(json.out)[1], R"({"result":2,"winner":"cat","remoteness":5})");
  std::filesystem::remove(file);
}

// LeetCode's input line, `graph = [...]`, as a user copies it from the problem: read as the list,
// as solve reads it alone.
TEST(CliBatch, LeetCodesInputLines) {
  const auto file = temp("leetcode.txt");
  std::ofstream(file) << "graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n"
                      << "  graph=[[1,3],[0],[3],[0,2]]\n"
                      << "[[1,3],[0],[3],[0,2]]\n";
  const CliRun code = catmouse("solve --batch '" + file.string() + "' --code");
  ASSERT_EQ(code.exit_code, 0) << code.err;
  EXPECT_EQ(code.out, "0\n1\n1\n");
  std::filesystem::remove(file);
}

TEST(CliBatch, RuleOptionsApplyToEveryLine) {
  const auto file = temp("rules.jsonl");
  ASSERT_EQ(
      catmouse("gen random --nodes 9 --count 25 --seed 3 --out '" + file.string() + "'").exit_code,
      0);
  for (const char* options : {"", "--holes 0,3 --cat-stays", "--cats 2 --mouse-stays",
                              "--move-limit 6 --limit-outcome cat", "--first cat --stuck draw"}) {
    expect_batch_matches_single(file, ".json", options);
  }
  std::filesystem::remove(file);
}

TEST(CliBatch, Graph6Lines) {
  const auto g6 = temp("graphs.g6");
  const auto json = temp("graphs.jsonl");
  ASSERT_EQ(
      catmouse("gen random -n 14 -k 30 -s 9 --format graph6 --out '" + g6.string() + "'").exit_code,
      0);
  ASSERT_EQ(catmouse("gen random -n 14 -k 30 -s 9 --out '" + json.string() + "'").exit_code, 0);
  // The same graphs in both formats give the same answers.
  const CliRun from_g6 = catmouse("solve --batch '" + g6.string() + "'");
  const CliRun from_json = catmouse("solve --batch '" + json.string() + "'");
  ASSERT_EQ(from_g6.exit_code, 0) << from_g6.err;
  EXPECT_EQ(lines_of(from_g6.out).size(), 30u);
  EXPECT_EQ(from_g6.out, from_json.out);
  expect_batch_matches_single(g6, ".g6", "--cat-stays");
  // nauty's header, and --format graph6 on stdin.
  const auto headed = temp("headed.g6");
  std::ofstream(headed) << ">>graph6<<" << slurp(g6);
  EXPECT_EQ(catmouse("solve --batch '" + headed.string() + "'").out, from_g6.out);
  EXPECT_EQ(catmouse("solve --batch - --format graph6", g6.string()).out, from_g6.out);
  for (const auto& path : {g6, json, headed}) std::filesystem::remove(path);
}

TEST(CliBatch, BadLinesAreNamed) {
  const auto g6 = temp("bad.g6");
  std::ofstream(g6) << "Cr\nD~x\n";
  const auto rules = temp("bad.jsonl");
  std::ofstream(rules) << "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n"
                       << "{\"graph\":[[1,3],[0],[3],[0,2]],\"rules\":{\"holes\":[7]}}\n";
  const struct {
    std::string args;
    std::string message;
  } bad[] = {
      {"solve --batch '" + g6.string() + "'", ":2:3: nonzero padding bits"},
      {"solve --batch '" + rules.string() + "'", ":2:1: holes: node 7 is out of range"},
      {"solve --batch '" + rules.string() + "' --mouse 9", ":1: --mouse: node 9 is out of range"},
      {"solve --batch '" + rules.string() + "' --format edges", "--batch: an edge list"},
      {"solve --batch '" + rules.string() + "' --values-only", "--values-only: not with --batch"},
  };
  for (const auto& b : bad) {
    const CliRun run = catmouse(b.args);
    EXPECT_EQ(run.exit_code, 2) << b.args;
    EXPECT_EQ(run.out, "") << b.args;
    EXPECT_NE(run.err.find(b.message), std::string::npos) << b.args << ": " << run.err;
  }
  std::filesystem::remove(g6);
  std::filesystem::remove(rules);
}

TEST(CliBatch, CopsOverAGraph6Collection) {
  const auto file = temp("collection.g6");
  // The Petersen graph, a 4-cycle (graph6 "Cr"), and a 9-node grid written by gen.
  std::ofstream(file) << slurp(example("petersen.g6")) << "Cr\n"
                      << catmouse("gen grid --nodes 9 --format graph6").out;
  const CliRun text = catmouse("copnumber '" + file.string() + "'");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::vector<std::string> lines = lines_of(text.out);
  ASSERT_EQ(lines.size(), 6u) << text.out;
  EXPECT_EQ(lines[0], "graph 1: cop number 3");
  EXPECT_EQ(lines[2], "graph 2: cop number 2");
  EXPECT_EQ(lines[4], "graph 3: cop number 2");
  const std::vector<std::string> json =
      lines_of(catmouse("copnumber --json '" + file.string() + "'").out);
  ASSERT_EQ(json.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(nlohmann::json::parse(json[i])["graph"], i + 1);
  EXPECT_EQ(nlohmann::json::parse(json[1])["cop_number"], 2);
  const std::vector<std::string> cops =
      lines_of(catmouse("cops --cops 2 '" + file.string() + "'").out);
  ASSERT_EQ(cops.size(), 3u);
  EXPECT_EQ(cops[0], "graph 1: 2 cops lose: the robber escapes forever");
  EXPECT_EQ(cops[1].rfind("graph 2: 2 cops win", 0), 0u) << cops[1];
  std::filesystem::remove(file);
}

}  // namespace
