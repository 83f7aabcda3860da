// The census library's pieces (label unit): its graph6 decoder and encoder against the io
// library's, the geng built in against the nauty-geng program (the same graphs in the same order,
// part by part) and stopping when asked, a geng program stopped while it writes, and the state
// file's reader on texts: a census's own lines accepted, forged ones refused naming the field, a
// last line cut short ignored.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "catmouse/census/small_graph6.hpp"
#include "catmouse/io/format.hpp"
#include "census/census_state.hpp"
#include "census/geng_driver.hpp"
#include "cli_util.hpp"

namespace {

using namespace catmouse;
using namespace catmouse::census;

SmallGraph random_graph(NodeId n, std::mt19937_64& random, double density) {
  std::bernoulli_distribution edge(density);
  SmallGraph g;
  g.node_count = n;
  for (NodeId j = 1; j < n; ++j) {
    for (NodeId i = 0; i < j; ++i) {
      if (!edge(random)) continue;
      g.rows[i] |= std::uint64_t{1} << j;
      g.rows[j] |= std::uint64_t{1} << i;
    }
  }
  return g;
}

TEST(SmallGraph6, AgreesWithTheIoLibraryBothWays) {
  std::mt19937_64 random(7);
  for (NodeId n = 1; n <= kMaxSmallGraph6Nodes; ++n) {
    for (int k = 0; k < 20; ++k) {
      const SmallGraph g = random_graph(n, random, (k % 5) / 4.0);
      const std::string text = small_graph6_text(g);
      const std::optional<SmallGraph> back = small_graph6(text);
      ASSERT_TRUE(back) << text;
      EXPECT_EQ(back->node_count, n);
      EXPECT_TRUE(std::equal(g.rows.begin(), g.rows.end(), back->rows.begin())) << text;
      if (n < Graph::kMinNodes) continue;
      const Result<Graph> graph = parse_graph6(text, "test");
      ASSERT_TRUE(graph.ok()) << text;
      EXPECT_EQ(to_graph6(graph.value()), text);
      for (NodeId v = 0; v < n; ++v) {
        std::uint64_t row = 0;
        for (NodeId u : graph->neighbours(v)) row |= std::uint64_t{1} << u;
        EXPECT_EQ(row, g.rows[v]) << text << " node " << v;
      }
    }
  }
}

TEST(SmallGraph6, RefusesWhatIsNotASmallGraph) {
  for (const std::string bad : {"", "?", "~??", ">>graph6<<C~", "C~~", "C", "Bw ", "B\x7f",
                                "Bx" /* padding bit set */, "DQo\n"}) {
    EXPECT_FALSE(small_graph6(bad)) << bad;
  }
  SmallGraph reused = *small_graph6("C~");
  ASSERT_TRUE(read_small_graph6("Bw", reused));
  EXPECT_EQ(reused.node_count, 3u);
  EXPECT_EQ(reused.rows[3], 0u) << "the rows of the last graph are cleared";
}

// Collects what a geng hands over, as graph6 lines; stops after `limit` graphs.
class Collect : public GraphSink {
 public:
  explicit Collect(std::size_t limit = SIZE_MAX) : limit_(limit) {}
  bool graph(const SmallGraph& graph) override {
    lines.push_back(small_graph6_text(graph));
    return lines.size() < limit_;
  }
  std::vector<std::string> lines;

 private:
  std::size_t limit_;
};

bool have_program() {
  return std::system("command -v nauty-geng >/dev/null") == 0;
}

TEST(Geng, BuiltInGivesTheProgramsGraphsPartByPart) {
  if (!has_built_in_geng() || !have_program()) GTEST_SKIP() << "no geng built in, or no nauty-geng";
  bool fell_back = false;
  const Geng built_in = Geng::choose("", true, fell_back).value();
  EXPECT_FALSE(fell_back);
  EXPECT_EQ(built_in.program(), "built-in");
  EXPECT_EQ(built_in.version().rfind("nauty 2.", 0), 0u) << built_in.version();
  const Geng program = Geng::choose("nauty-geng", true, fell_back).value();
  EXPECT_EQ(program.version().rfind("Nauty&Traces version", 0), 0u) << program.version();
  const std::atomic<bool> go{false};
  for (std::uint32_t n = 1; n <= 8; ++n) {
    std::size_t all = 0;
    for (std::uint32_t part = 0; part < 5; ++part) {
      Collect mine, theirs;
      double cpu = 0;
      ASSERT_TRUE(built_in.run(n, part, 5, mine, go, cpu).ok());
      ASSERT_TRUE(program.run(n, part, 5, theirs, go, cpu).ok());
      EXPECT_EQ(mine.lines, theirs.lines) << n << " nodes, part " << part;
      all += mine.lines.size();
    }
    EXPECT_EQ(all, std::vector<std::size_t>({1, 1, 2, 6, 21, 112, 853, 11117})[n - 1]);
  }
  Collect mine, theirs;
  double cpu = 0;
  ASSERT_TRUE(built_in.run(10, 37, 100, mine, go, cpu).ok());
  ASSERT_TRUE(program.run(10, 37, 100, theirs, go, cpu).ok());
  EXPECT_EQ(mine.lines, theirs.lines);
}

TEST(Geng, StopsWhenTheSinkOrTheFlagSaysSo) {
  const std::atomic<bool> go{false}, stop{true};
  bool fell_back = false;
  for (const std::string program : {"", "nauty-geng"}) {
    if ((program.empty() && !has_built_in_geng()) || (!program.empty() && !have_program()))
      continue;
    const Geng geng = Geng::choose(program, true, fell_back).value();
    Collect ten(10);
    double cpu = 0;
    const auto start = std::chrono::steady_clock::now();
    ASSERT_TRUE(geng.run(11, 0, 1, ten, go, cpu).ok());
    EXPECT_EQ(ten.lines.size(), 10u) << geng.program();
    Collect none;
    ASSERT_TRUE(geng.run(11, 0, 1, none, stop, cpu).ok());
    EXPECT_LE(none.lines.size(), 1u) << geng.program();
    // The whole 11-node enumeration takes minutes; stopped, it takes no time.
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10);
  }
}

// A state file's text as the CLI writes it, from a census run in a temporary folder.
std::string state_of(const std::string& args) {
  const std::string path = std::filesystem::temp_directory_path() /
                           ("catmouse_census_unit_" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(path);
  const cli_test::CliRun run = cli_test::catmouse("census " + args + " --quiet --state " + path);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string text = cli_test::slurp(path);
  std::filesystem::remove(path);
  return text;
}

TEST(CensusState, ACensusReadsWhatItWrites) {
  if (!have_program()) GTEST_SKIP() << "no nauty-geng";
  for (const std::string args :
       {"cops --nodes 6 --keep-from 1 --graphs /dev/null", "mouse --nodes 5 --stuck draw",
        "floor --nodes 7 --parts 3", "cops --nodes 7 --max 1 --graphs /dev/null"}) {
    const std::string text = state_of(args);
    ASSERT_FALSE(text.empty()) << args;
    const Status read = check_state_text(text, "s.json");
    EXPECT_TRUE(read.ok()) << args << ": " << read.error().to_string();
    // A last line cut short is ignored: the part is done again.
    const Status torn = check_state_text(text.substr(0, text.size() - 5), "s.json");
    EXPECT_TRUE(torn.ok()) << args;
  }
}

TEST(CensusState, KeptGraphsMustMatchTheCounts) {
  if (!have_program()) GTEST_SKIP() << "no nauty-geng";
  const std::string text = state_of("cops --nodes 5 --parts 1 --keep-from 1 --graphs /dev/null");
  // Without its kept-graphs line the part's "kept" does not hold.
  std::vector<std::string> lines = cli_test::lines_of(text);
  ASSERT_EQ(lines.size(), 3u) << text;
  const Status missing = check_state_text(lines[0] + "\n" + lines[2] + "\n", "s.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().to_string().find("s.json:2: part 0: field kept: 21 graphs kept, 0 in "
                                             "kept-graphs lines"),
            std::string::npos)
      << missing.error().to_string();
  // A kept graph of a cop number the census does not keep.
  std::string other = lines[1];
  other.replace(other.find("[1,"), 3, "[4,");
  const Status kept = check_state_text(lines[0] + "\n" + other + "\n" + lines[2] + "\n", "s.json");
  ASSERT_FALSE(kept.ok());
  EXPECT_NE(kept.error().to_string().find("field kept_graphs[0]: cop number 4 is not kept"),
            std::string::npos)
      << kept.error().to_string();
}

TEST(CensusState, EveryPartDoneMustHoldEveryGraph) {
  if (!have_program()) GTEST_SKIP() << "no nauty-geng";
  const std::vector<std::string> lines =
      cli_test::lines_of(state_of("cops --nodes 6 --parts 2 --graphs /dev/null"));
  ASSERT_EQ(lines.size(), 3u);
  // The smaller part's counts given for the other part too: each line holds, the whole does not.
  const auto graphs = [](const std::string& line) {
    return std::stoull(line.substr(line.find("\"graphs\":") + 9));
  };
  const bool first = graphs(lines[1]) < graphs(lines[2]);
  std::string small = first ? lines[1] : lines[2];
  std::string copy = small;
  copy.replace(copy.find(first ? "\"part\":0" : "\"part\":1"), 8,
               first ? "\"part\":1" : "\"part\":0");
  const Status read = check_state_text(
      lines[0] + "\n" + (first ? small + "\n" + copy : copy + "\n" + small) + "\n", "s.json");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().to_string().find("s.json: every part is done, but they hold"),
            std::string::npos)
      << read.error().to_string();
  EXPECT_TRUE(check_state_text(lines[0] + "\n" + lines[1] + "\n", "s.json").ok());
}

TEST(CensusState, RefusesBytesThatAreNotPrintable) {
  if (!have_program()) GTEST_SKIP() << "no nauty-geng";
  const std::vector<std::string> lines = cli_test::lines_of(state_of("floor --nodes 4 --parts 2"));
  ASSERT_EQ(lines.size(), 3u);
  std::string nul = lines[1];
  nul.insert(1, std::string(1, '\0'));
  const Status read = check_state_text(lines[0] + "\n" + nul + "\n", "s.json");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().to_string(), "s.json:2: byte 2 is 0x00, not printable ASCII");
}

TEST(CensusState, RefusesWhatIsNotAStateFile) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{}\n", "s.json:1: header: not a census state file of this catmouse"},
      {"[1,2]\n", "s.json:1: header: not a census state file"},
      {"not json\n", "s.json:1: header: not a census state file"},
      // nlohmann takes a NUL byte for the end of its input: the rest must not be read as JSON.
      {std::string("{}\0{\"\\\\\\\"x\":1}\n", 15), "s.json:1: header: not a census state file"},
      {"{\"catmouse_census\":1,\"census\":\"cops\",\"nodes\":5,\"parts\":0}\n",
       "s.json:1: header: field parts: 0 is not a whole number from 1 to 1000000"},
      {R"({"catmouse_census":2})"
       "\n",
       "not a census state file of this catmouse"},
  };
  for (const auto& [text, message] : cases) {
    const Status read = check_state_text(text, "s.json");
    ASSERT_FALSE(read.ok()) << text;
    EXPECT_NE(read.error().to_string().find(message), std::string::npos)
        << read.error().to_string();
  }
}

}  // namespace
