// Command-line tests of graph collections: nauty's geng piped into copnumber reproduces the
// published counts of connected cop-win graphs and the longest capture time of cop-win graphs;
// streamed answers come in input order whatever the threads; --jsonl, --summary and
// --summary-only; bad lines in a stream; solve --batch's refusals (edge-list lines, a directory,
// a file that is not text) and its failures inside threads. The geng tests are skipped where
// nauty is not installed (scripts/setup installs it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

bool have_geng() {
  return run_command("command -v nauty-geng").exit_code == 0;
}

#define REQUIRE_GENG() \
  if (!have_geng()) GTEST_SKIP() << "nauty-geng is not installed (scripts/setup installs nauty)"

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("catmouse_collections_" + std::to_string(::getpid()) + "_" + name);
}

// Every connected graph on n nodes, as geng writes them (graph6, no header).
std::filesystem::path connected_graphs(int n) {
  const auto file = temp("connected" + std::to_string(n) + ".g6");
  const CliRun geng = run_command("nauty-geng -cq " + std::to_string(n));
  EXPECT_EQ(geng.exit_code, 0) << geng.err;
  std::ofstream(file) << geng.out;
  return file;
}

// geng piped into catmouse (the pipe in a subshell, so that run_command's redirections apply
// to the whole of it).
CliRun geng_into(int n, const std::string& args) {
  return run_command("(nauty-geng -cq " + std::to_string(n) + " | '" + CATMOUSE_CLI + "' " + args +
                     ")");
}

// "cop number 1: 3791 graphs, longest capture 4 rounds (7 moves): G?`DE_ (graph 12)" ->
// {count, rounds, example graph6}.
struct SummaryLine {
  std::uint64_t count = 0;
  int rounds = -1;
  std::string example;
};

std::map<std::string, SummaryLine> summary_lines(const std::string& text) {
  std::map<std::string, SummaryLine> out;
  const std::regex line(
      R"(^(.*): (\d+) (?:graph|game)s?(?:, longest capture (\d+) rounds? \(\d+ moves?\): (\S+).*)?$)");
  for (const std::string& l : lines_of(text)) {
    std::smatch m;
    if (!std::regex_match(l, m, line)) continue;
    SummaryLine s;
    s.count = std::stoull(m[2]);
    if (m[3].matched) s.rounds = std::stoi(m[3]), s.example = m[4];
    out[m[1]] = s;
  }
  return out;
}

// The numbers of connected cop-win graphs on n = 1..8 nodes, as published (OEIS; see
// docs/research.md).
TEST(CliCollections, ConnectedCopWinCounts) {
  REQUIRE_GENG();
  const std::uint64_t expected[] = {1, 1, 2, 5, 16, 68, 403, 3791};
  for (int n = 1; n <= 8; ++n) {
    const CliRun run = geng_into(n, "copnumber - --summary-only");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto lines = summary_lines(run.out);
    ASSERT_TRUE(lines.count("cop number 1")) << run.out;
    EXPECT_EQ(lines.at("cop number 1").count, expected[n - 1]) << "n=" << n << "\n" << run.out;
  }
}

// The longest capture time of a cop-win graph on n >= 7 nodes is n - 4 rounds (Gavenčiak 2010),
// and the example the summary names reaches it.
TEST(CliCollections, LongestCaptureTimeOfCopWinGraphs) {
  REQUIRE_GENG();
  for (int n : {7, 8}) {
    const auto file = connected_graphs(n);
    const CliRun run = catmouse("copnumber '" + file.string() + "' --summary-only --threads 2");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const SummaryLine one = summary_lines(run.out).at("cop number 1");
    EXPECT_EQ(one.rounds, n - 4) << run.out;
    const auto g6 = temp("example.g6");
    std::ofstream(g6) << one.example << "\n";
    const CliRun check = catmouse("cops '" + g6.string() + "' --json");
    ASSERT_EQ(check.exit_code, 0) << check.err;
    EXPECT_EQ(nlohmann::json::parse(check.out)["capture_rounds"], n - 4) << one.example;
    std::filesystem::remove(g6);
    std::filesystem::remove(file);
  }
}

// Answers come in input order, the same whatever the threads; --jsonl names each graph by its
// number and graph6; the summary counts them.
TEST(CliCollections, InputOrderWhateverTheThreads) {
  REQUIRE_GENG();
  const auto file = connected_graphs(7);  // 853 graphs
  const std::vector<std::string> graphs = lines_of(slurp(file));
  const CliRun one = catmouse("copnumber '" + file.string() + "' --jsonl --threads 1");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  for (const char* threads : {"2", "3", "8"}) {
    const CliRun many =
        catmouse(std::string("copnumber '") + file.string() + "' --jsonl --threads " + threads);
    ASSERT_EQ(many.exit_code, 0) << many.err;
    EXPECT_EQ(many.out, one.out) << threads;
  }
  const std::vector<std::string> lines = lines_of(one.out);
  ASSERT_EQ(lines.size(), graphs.size());
  std::map<int, int> by_number;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto object = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(object["graph"], i + 1);
    EXPECT_EQ(object["g6"], graphs[i]);
    by_number[object["cop_number"].get<int>()]++;
    if (object["cop_number"] == 1) {
      EXPECT_EQ(object["capture_rounds"], (object["capture_moves"].get<int>() + 1) / 2);
    }
  }
  EXPECT_EQ(by_number[1], 403);
  // Text answers: numbered, in the same order; the summary on stderr with --summary.
  const CliRun text = catmouse("copnumber '" + file.string() + "' --summary --threads 2");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(lines_of(text.out)[0].rfind("graph 1: cop number ", 0), 0u) << text.out;
  const auto summary = summary_lines(text.err);
  EXPECT_EQ(summary.at("cop number 1").count, 403u) << text.err;
  EXPECT_EQ(summary.at("cop number 2").count, 450u) << text.err;
  EXPECT_NE(text.err.find("graphs: 853 in "), std::string::npos) << text.err;
  std::filesystem::remove(file);
}

// The same graphs through cops --cops 2 and solve --batch: streamed in order, counted in the
// summary; the progress line with --progress.
TEST(CliCollections, CopsAndBatchOverAStream) {
  REQUIRE_GENG();
  const auto file = connected_graphs(6);  // 112 graphs
  const CliRun cops = catmouse("cops - --cops 2 --summary-only --progress", file.string());
  ASSERT_EQ(cops.exit_code, 0) << cops.err;
  EXPECT_EQ(summary_lines(cops.out).at("2 cops win").count, 112u) << cops.out;
  EXPECT_NE(cops.err.find("graphs/s"), std::string::npos) << cops.err;
  // solve --batch reads geng's lines from stdin as graph6 without --format.
  const CliRun batch = catmouse("solve --batch - --jsonl --threads 2", file.string());
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  const std::vector<std::string> graphs = lines_of(slurp(file));
  const std::vector<std::string> lines = lines_of(batch.out);
  ASSERT_EQ(lines.size(), graphs.size());
  std::map<std::string, int> winners;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto object = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(object["g6"], graphs[i]);
    EXPECT_EQ(object["line"], i + 1);
    winners[object["winner"]]++;
  }
  const CliRun summary = catmouse("solve --batch - --summary-only --threads 1", file.string());
  ASSERT_EQ(summary.exit_code, 0) << summary.err;
  EXPECT_NE(summary.out.find("games: 112 in "), std::string::npos) << summary.out;
  for (const auto& [winner, count] : winners) {
    const std::string name = winner == "draw" ? "draws" : winner + " wins";
    EXPECT_NE(summary.out.find(name + ": " + std::to_string(count) + " game"), std::string::npos)
        << name << "\n"
        << summary.out;
  }
  std::filesystem::remove(file);
}

// A bad line deep in a stream: exit 2 naming its line; what was printed before it is whole
// answers of earlier lines only.
TEST(CliCollections, BadLineInALongStream) {
  REQUIRE_GENG();
  const auto file = connected_graphs(8);  // 11117 graphs
  std::ofstream(file, std::ios::app) << "G?~v_x\n"
                                     << "Cr\n";  // wrong length, then a good one
  for (const char* threads : {"1", "2"}) {
    const CliRun run =
        catmouse(std::string("copnumber '") + file.string() + "' --jsonl --threads " + threads);
    EXPECT_EQ(run.exit_code, 2) << threads;
    EXPECT_NE(run.err.find(":11118:"), std::string::npos) << run.err;
    const std::vector<std::string> lines = lines_of(run.out);
    EXPECT_LE(lines.size(), 11117u);
    EXPECT_TRUE(run.out.empty() || run.out.back() == '\n');
    for (std::size_t i = 0; i < lines.size(); ++i) {
      ASSERT_EQ(nlohmann::json::parse(lines[i])["graph"], i + 1);
    }
  }
  // A short input prints nothing at all.
  const auto small = temp("small.g6");
  std::ofstream(small) << "Cr\nDQw\nD~x\n";
  const CliRun run = catmouse("copnumber '" + small.string() + "'");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find(":3:"), std::string::npos) << run.err;
  std::filesystem::remove(file);
  std::filesystem::remove(small);
}

// Lines of one and two nodes (geng -c 1, -c 2) are graphs too; a single graph6 line is answered
// without a number.
TEST(CliCollections, TinyGraphsAndSingleLines) {
  const auto file = temp("tiny.g6");
  std::ofstream(file) << "@\nA_\nA?\n";
  const CliRun run = catmouse("copnumber '" + file.string() + "' --jsonl");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::vector<std::string> lines = lines_of(run.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(nlohmann::json::parse(lines[0])["cop_number"], 1);
  EXPECT_EQ(nlohmann::json::parse(lines[1])["capture_moves"], 1);
  EXPECT_EQ(nlohmann::json::parse(lines[2])["cop_number"], 2);  // two nodes apart
  const CliRun single = catmouse("copnumber -", example("petersen.g6"));
  ASSERT_EQ(single.exit_code, 0) << single.err;
  EXPECT_EQ(lines_of(single.out)[0], "cop number 3");
  std::filesystem::remove(file);
}

// The rule variants reach the engine: an edge and an isolated node. Staying, the robber escapes
// one cop on the isolated node; made to move, he is stuck there and loses, and on the edge he is
// caught, so one cop wins (from node 0 or 1, not from the isolated node, where a cop who must
// move is stuck).
TEST(CliCollections, NoStayVariants) {
  const auto file = temp("apart.json");
  std::ofstream(file) << "[[1],[0],[]]\n";
  const auto cops = [&](const std::string& options) {
    const CliRun run = catmouse("cops '" + file.string() + "' --json " + options);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return nlohmann::json::parse(run.out);
  };
  EXPECT_FALSE(cops("")["win"]);
  EXPECT_FALSE(cops("--no-cop-stays")["win"]);
  const auto forced = cops("--no-robber-stays");
  EXPECT_TRUE(forced["win"]);
  EXPECT_EQ(forced["capture_moves"], 1);
  const auto both = cops("--no-cop-stays --no-robber-stays");
  EXPECT_TRUE(both["win"]);
  EXPECT_EQ(both["placement"], nlohmann::json::array({0}));
  std::filesystem::remove(file);
}

// solve --batch's refusals: an edge-list line, a directory, a file that is not text.
TEST(CliCollections, BatchRefusals) {
  const auto edges = temp("edges.txt");
  std::ofstream(edges) << "[[1,2],[0,2],[0,1]]\n0 1\n";
  const CliRun edge_line = catmouse("solve --batch '" + edges.string() + "'");
  EXPECT_EQ(edge_line.exit_code, 2);
  EXPECT_EQ(edge_line.out, "");
  EXPECT_NE(edge_line.err.find(":2:"), std::string::npos) << edge_line.err;
  EXPECT_NE(edge_line.err.find("edge list"), std::string::npos) << edge_line.err;
  const auto dir = temp("dir");
  std::filesystem::create_directories(dir);
  for (const std::string& command :
       {"solve --batch '" + dir.string() + "'", "copnumber '" + dir.string() + "'"}) {
    const CliRun run = catmouse(command);
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("is a directory"), std::string::npos) << run.err;
  }
  const CliRun empty = catmouse("solve --batch /dev/null");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("no game"), std::string::npos) << empty.err;
  const CliRun zero = catmouse("solve --batch /dev/zero");
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_NE(zero.err.find("longer than"), std::string::npos) << zero.err;
  std::filesystem::remove(edges);
  std::filesystem::remove(dir);
}

// A failure inside a worker thread is reported, not an abort: a number out of range on a line
// (with the default threads and with two), and running out of memory under a memory cap.
TEST(CliCollections, FailuresInsideThreads) {
  const auto file = temp("huge.jsonl");
  {
    std::ofstream out(file);
    for (int i = 0; i < 50; ++i) out << "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n";
    out << "[[1e999]]\n";
    for (int i = 0; i < 50; ++i) out << "[[1,2],[0,2],[0,1]]\n";
  }
  for (const char* threads : {"", "--threads 2"}) {
    const CliRun run = catmouse("solve --batch '" + file.string() + "' " + threads);
    EXPECT_EQ(run.exit_code, 2) << threads << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find(":51:"), std::string::npos) << run.err;
  }
  std::filesystem::remove(file);
  if (cli_test::kSanitized) return;  // `ulimit -v` and the sanitizers do not mix
  // Out of memory inside a thread: exit 1 with the line, nothing on stdout. Games of three cats
  // on 300 nodes (tens of GB) under a 1 GB address space, with --memory above it so that no
  // estimate refuses them first.
  const auto big = temp("big.g6");
  std::ofstream(big) << catmouse("gen random --nodes 300 --count 2 --seed 1 --format graph6").out
                     << catmouse("gen random --nodes 10 --count 2 --seed 1 --format graph6").out;
  const CliRun oom =
      run_command("(ulimit -v 1000000; '" + std::string(CATMOUSE_CLI) + "' solve --batch '" +
                  big.string() + "' --cats 3 --memory 100G --threads 2)");
  EXPECT_EQ(oom.exit_code, 1) << oom.err;
  EXPECT_EQ(oom.out, "");
  EXPECT_NE(oom.err.find(":1: out of memory"), std::string::npos) << oom.err;
  std::filesystem::remove(big);
}

}  // namespace
