// The tablebase commands as a user runs them: solve --save, probe, verify, and table from a file;
// every single-byte corruption of a small file caught by verify and by probe; unreadable files
// and files for another board refused with exit code 2 and a message, nothing on stdout.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_util.hpp"
#include "test_util.hpp"

namespace {

using namespace cli_test;
using cli_test::catmouse;  // not the namespace
namespace fs = std::filesystem;

using catmouse::testing::put;
using catmouse::testing::TempPath;

// Every state of the one-cat game on n nodes as probe --batch queries.
std::string every_query(int n) {
  std::string queries;
  for (const char* turn : {"mouse", "cat"}) {
    for (int m = 0; m < n; ++m) {
      for (int c = 1; c < n; ++c) {
        queries += "{\"mouse\":" + std::to_string(m) + ",\"cat\":" + std::to_string(c) +
                   ",\"turn\":\"" + turn + "\"}\n";
      }
    }
  }
  return queries;
}

TEST(CliTablebase, SaveThenProbeAnswersAsSolve) {
  const TempPath file("probe.cmtb");
  const CliRun save = catmouse("solve " + example("leetcode2.json") + " --save " + file.str());
  ASSERT_EQ(save.exit_code, 0) << save.err;
  EXPECT_EQ(save.out, "mouse wins in 1 move\n");
  for (const char* state : {"", "--mouse 2 --cat 3 --turn mouse", "--mouse 3 --cat 2 --turn cat"}) {
    const auto solved = nlohmann::json::parse(
        catmouse("solve --json " + std::string(state) + " " + example("leetcode2.json")).out);
    const CliRun probe = catmouse("probe --json " + file.str() + " " + state);
    ASSERT_EQ(probe.exit_code, 0) << probe.err;
    const auto probed = nlohmann::json::parse(probe.out);
    EXPECT_EQ(probed["result"], solved["result"]) << state;
    EXPECT_EQ(probed["remoteness"], solved["remoteness"]) << state;
    EXPECT_EQ(probed["state"], solved["state"]) << state;
  }
  const CliRun text = catmouse("probe " + file.str());
  EXPECT_EQ(text.out,
            "mouse wins in 1 move from (mouse 1, cat 2, mouse to move)\n"
            "moves for the mouse:\n"
            "  to 0        mouse wins in 0 moves\n"
            "best move: to 0\n"
            "optimal line:\n"
            "    0. (mouse 1, cat 2, mouse to move): mouse wins in 1 move\n"
            "    1. (mouse 0, cat 2, cat to move): mouse wins in 0 moves\n"
            "end: the mouse is in the hole 0: mouse wins\n");
}

TEST(CliTablebase, BatchProbesEveryStateLikeTheTable) {
  const TempPath file("batch.cmtb"), queries("queries.jsonl");
  ASSERT_EQ(catmouse("solve " + example("leetcode1.json") + " --save " + file.str()).exit_code, 0);
  put(queries.str(), every_query(6));
  const CliRun batch = catmouse("probe --json " + file.str() + " --batch " + queries.str());
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  const auto lines = lines_of(batch.out);
  ASSERT_EQ(lines.size(), 2u * 6 * 5);
  // The table written from the graph holds the same values, state by state.
  const CliRun table = catmouse("table " + example("leetcode1.json") + " --out -");
  const auto rows = lines_of(table.out);
  std::map<std::string, std::string> value_of;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::size_t third = rows[i].find(',', rows[i].find(',', rows[i].find(',') + 1) + 1);
    value_of[rows[i].substr(0, third)] =
        rows[i].substr(third + 1, rows[i].find(',', third + 1) - third - 1);
  }
  for (const auto& line : lines) {
    const auto j = nlohmann::json::parse(line);
    const std::string key = std::to_string(j["state"]["mouse"].get<int>()) + "," +
                            std::to_string(j["state"]["cat"].get<int>()) + "," +
                            j["state"]["turn"].get<std::string>();
    EXPECT_EQ(j["winner"], value_of.at(key)) << key;
  }
}

TEST(CliTablebase, TableFromAFileEqualsTableFromTheGraph) {
  const TempPath file("table.cmtb"), from_file("from_file.csv"), from_graph("from_graph.csv");
  const std::string graph = data("long_win.json");
  ASSERT_EQ(catmouse("solve " + graph + " --save " + file.str()).exit_code, 0);
  ASSERT_EQ(catmouse("table " + graph + " --out " + from_graph.str()).exit_code, 0);
  const CliRun run = catmouse("table " + file.str() + " --out " + from_file.str());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(slurp(from_file.str()), slurp(from_graph.str()));
  const CliRun rules = catmouse("table " + file.str() + " --holes 3 --out -");
  EXPECT_EQ(rules.exit_code, 2);
  EXPECT_TRUE(rules.out.empty());
  EXPECT_NE(rules.err.find("rule options do not apply to a tablebase file"), std::string::npos);
}

TEST(CliTablebase, VerifySaysValid) {
  const TempPath file("valid.cmtb");
  ASSERT_EQ(
      catmouse("solve --cats 2 --cat 2,4 " + example("leetcode1.json") + " --save " + file.str())
          .exit_code,
      0);
  const CliRun run = catmouse("verify " + file.str());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(": valid: "), std::string::npos) << run.out;
  const auto j = nlohmann::json::parse(catmouse("verify --json " + file.str()).out);
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["engine"], "pack");
}

// Every byte of a small file flipped in turn: verify exits 1 (a corrupt block or index) or 2 (a
// header or footer that cannot be read), probing every state fails the same way, and neither
// prints anything on stdout.
TEST(CliTablebase, EverySingleByteCorruptionIsCaughtByVerifyAndProbe) {
  const TempPath file("flip.cmtb"), bad("flip_bad.cmtb"), queries("flip_queries.jsonl");
  ASSERT_EQ(catmouse("solve " + example("leetcode1.json") + " --save " + file.str()).exit_code, 0);
  put(queries.str(), every_query(6));
  const std::string bytes = slurp(file.str());
  ASSERT_GT(bytes.size(), 100u);
  // Two processes per byte: under the sanitizers, which are many times slower to start a process,
  // every third byte only, to keep that run within CI's time; the release run flips every byte.
  const std::size_t stride = kSanitized ? 3 : 1;
  for (std::size_t at = 0; at < bytes.size(); at += stride) {
    SCOPED_TRACE("byte " + std::to_string(at));
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0xff);
    put(bad.str(), flipped);
    const CliRun verify = catmouse("verify " + bad.str());
    EXPECT_TRUE(verify.exit_code == 1 || verify.exit_code == 2) << verify.exit_code;
    EXPECT_TRUE(verify.out.empty());
    EXPECT_NE(verify.err.find(bad.str()), std::string::npos) << verify.err;
    const CliRun probe = catmouse("probe " + bad.str() + " --batch " + queries.str());
    EXPECT_EQ(probe.exit_code, verify.exit_code) << probe.err;
    EXPECT_TRUE(probe.out.empty());
    if (verify.exit_code == 1) {
      const bool named = verify.err.find("block 0") != std::string::npos ||
                         verify.err.find("index") != std::string::npos;
      EXPECT_TRUE(named) << verify.err;
    }
  }
}

TEST(CliTablebase, UnreadableFilesExitTwoWithAMessage) {
  const TempPath file("ok.cmtb"), cut("cut.cmtb"), future("future.cmtb");
  ASSERT_EQ(catmouse("solve " + example("leetcode1.json") + " --save " + file.str()).exit_code, 0);
  const std::string bytes = slurp(file.str());
  put(cut.str(), bytes.substr(0, bytes.size() - 10));
  std::string newer = bytes;
  newer[8] = 9;
  put(future.str(), newer);
  const struct {
    std::string path;
    std::string message;
  } cases[] = {
      {cut.str(), "unfinished or truncated"},
      {future.str(), "tablebase format version 9 is newer than this catmouse reads (1)"},
      {example("leetcode1.json"), "not a catmouse tablebase"},
      {file.str() + ".missing", "cannot open: No such file or directory"},
  };
  for (const auto& c : cases) {
    for (const char* command : {"verify ", "probe "}) {
      const CliRun run = catmouse(command + c.path);
      EXPECT_EQ(run.exit_code, 2) << command << c.path;
      EXPECT_TRUE(run.out.empty());
      EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
    }
  }
  const CliRun table = catmouse("table " + cut.str() + " --out -");
  EXPECT_EQ(table.exit_code, 2);
  EXPECT_NE(table.err.find("unfinished or truncated"), std::string::npos) << table.err;
}

TEST(CliTablebase, AFileForAnotherGraphExitsTwo) {
  const TempPath file("other.cmtb");
  ASSERT_EQ(catmouse("solve " + example("leetcode1.json") + " --save " + file.str()).exit_code, 0);
  EXPECT_EQ(catmouse("probe " + file.str() + " --graph " + example("leetcode1.json")).exit_code, 0);
  for (const char* command : {"probe ", "verify ", "table --out - "}) {
    const CliRun run = catmouse(command + file.str() + " --graph " + example("leetcode2.json"));
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("the tablebase is for another board: its graph has 6 nodes"),
              std::string::npos)
        << run.err;
  }
}

TEST(CliTablebase, BadPositionsAndOptions) {
  const TempPath file("bad.cmtb"), queries("bad_queries.jsonl");
  ASSERT_EQ(catmouse("solve " + example("leetcode1.json") + " --save " + file.str()).exit_code, 0);
  const CliRun mouse = catmouse("probe " + file.str() + " --mouse 9");
  EXPECT_EQ(mouse.exit_code, 2);
  EXPECT_EQ(mouse.err, "catmouse: --mouse: node 9 is out of range (nodes are 0..5)\n");
  const CliRun hole = catmouse("probe " + file.str() + " --cat 0");
  EXPECT_EQ(hole.exit_code, 2);
  EXPECT_EQ(hole.err, "catmouse: --cat: the cat may not be on node 0\n");
  put(queries.str(), "{\"mouse\":1,\"cat\":2}\n\n{\"mouse\":1,\"cat\":7}\n");
  const CliRun batch = catmouse("probe " + file.str() + " --batch " + queries.str());
  EXPECT_EQ(batch.exit_code, 2);
  EXPECT_TRUE(batch.out.empty());
  EXPECT_EQ(batch.err,
            "catmouse: " + queries.str() + ":3: \"cat\": expected a node id from 0 to 5\n");
  const CliRun save = catmouse("solve --batch " + queries.str() + " --save " + file.str());
  EXPECT_EQ(save.exit_code, 2);
  EXPECT_EQ(save.err, "catmouse: --save: not with --batch\n");
}

}  // namespace
