// solve without the remoteness array and table streamed from a file, against the paths that hold
// the whole table: `solve` (plain, --code, --json) answers as `solve --save` (whose answer is read
// back from a file holding every state's remoteness), and `table` streamed from a tablebase file,
// through a temporary file (a graph over --memory) and within the least --memory it takes gives
// the bytes of the table solved in memory, over generated graphs of every family and rule
// variants.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "cli_util.hpp"
#include "test_util.hpp"

namespace {

using namespace cli_test;
using cli_test::catmouse;  // not the namespace
namespace fs = std::filesystem;

using catmouse::testing::TempDir;

struct Board {
  std::string family;
  int nodes;
  int seed;
};

// Every family, relabelled, small enough to run many times.
const std::vector<Board>& boards() {
  static const std::vector<Board> kBoards = {
      {"random", 7, 1}, {"random", 12, 2},  {"random", 30, 3}, {"random", 60, 4}, {"tree", 9, 1},
      {"tree", 40, 2},  {"grid", 16, 1},    {"grid", 36, 2},   {"cycle", 11, 1},  {"path", 8, 1},
      {"maze", 49, 3},  {"complete", 6, 1}, {"long", 50, 1},   {"random", 25, 9},
  };
  return kBoards;
}

std::string make_board(const TempDir& dir, const Board& b) {
  const std::string path = dir / (b.family + std::to_string(b.nodes) + ".json");
  const CliRun gen =
      catmouse("gen " + b.family + " -n " + std::to_string(b.nodes) + " -s " +
               std::to_string(b.seed) + " --shuffle " + std::to_string(b.seed) + " -o " + path);
  EXPECT_EQ(gen.exit_code, 0) << gen.err;
  return path;
}

const std::vector<std::string>& rule_sets() {
  static const std::vector<std::string> kRules = {
      "",
      "--holes 0,3",
      "--cat-stays",
      "--stuck draw",
      "--move-limit 9",
      "--move-limit 30 --limit-outcome cat",
      "--mouse 4 --cat 5 --turn cat",
  };
  return kRules;
}

// --json without what depends on the run (seconds) and on the path (table_bytes: the level plan's
// values against the table the save's report gives).
std::string without_run_fields(const std::string& text) {
  static const std::regex kFields(R"("seconds":[^,]*,|"table_bytes":[0-9]*,)");
  return std::regex_replace(text, kFields, "");
}

TEST(CliExport, SolveAnswersAsTheFullTableOnEveryBoardAndRule) {
  const TempDir dir("solve");
  int compared = 0;
  for (const Board& b : boards()) {
    const std::string graph = make_board(dir, b);
    for (const std::string& rules : rule_sets()) {
      // --json carries all the plain sentence and --code say; they are compared on some rules.
      const bool all_modes = rules.empty() || rules.find("limit") != std::string::npos;
      for (const char* mode : {"--json", "", "--code"}) {
        if (!all_modes && mode[0] == '\0') break;
        const std::string args = std::string(mode) + " " + rules + " " + graph;
        const CliRun lean = catmouse("solve " + args);
        const CliRun full = catmouse("solve " + args + " --save " + (dir / "full.cmtb"));
        SCOPED_TRACE(args);
        ASSERT_EQ(lean.exit_code, full.exit_code) << lean.err << full.err;
        EXPECT_EQ(without_run_fields(lean.out), without_run_fields(full.out));
        EXPECT_EQ(lean.err, full.err);  // the stuck warning, the errors
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, static_cast<int>(boards().size() * (rule_sets().size() + 3 * 2)));
}

TEST(CliExport, SolveJsonKeepsTheValuesPlanBytesAndValuesOnlyStaysWithoutRemoteness) {
  const TempDir dir("bytes");
  const std::string graph = make_board(dir, {"random", 300, 1});
  const CliRun lean = catmouse("solve --json " + graph);
  ASSERT_EQ(lean.exit_code, 0) << lean.err;
  const auto json = nlohmann::json::parse(lean.out);
  EXPECT_TRUE(json["remoteness"].is_number());
  const CliRun values = catmouse("solve --json --values-only " + example("leetcode2.json"));
  ASSERT_EQ(values.exit_code, 0) << values.err;
  const auto values_json = nlohmann::json::parse(values.out);
  EXPECT_TRUE(values_json["remoteness"].is_null());
  // The remoteness array (2 bytes a state) is not kept.
  EXPECT_LT(json["table_bytes"].get<std::uint64_t>(), 2 * json["states"].get<std::uint64_t>());
  // k cats keep the table's path (and its bytes).
  const CliRun cats = catmouse("solve --json --cats 2 " + example("leetcode2.json"));
  EXPECT_EQ(cats.exit_code, 0) << cats.err;
}

TEST(CliExport, TableStreamsTheBytesOfTheTableInMemory) {
  const TempDir dir("table");
  int compared = 0;
  for (const Board& b : boards()) {
    const std::string graph = make_board(dir, b);
    for (const std::string& rules : rule_sets()) {
      if (rules.find("--turn") != std::string::npos) continue;  // table has no start option
      SCOPED_TRACE(b.family + " " + std::to_string(b.nodes) + " " + rules);
      const CliRun memory = catmouse("table " + rules + " " + graph + " --out -");
      ASSERT_EQ(memory.exit_code, 0) << memory.err;
      const std::string file = dir / "t.cmtb";
      ASSERT_EQ(catmouse("solve " + rules + " " + graph + " --save " + file).exit_code, 0);
      const CliRun streamed = catmouse("table " + file + " --out -");
      ASSERT_EQ(streamed.exit_code, 0) << streamed.err;
      EXPECT_EQ(streamed.out, memory.out);
      ++compared;
      if (compared % 2 == 0) {
        // The least --memory the stream takes (refused below it, naming the amount): the same
        // rows. (Bands of a few rows: tablebase_export_test.cpp.)
        const CliRun refused = catmouse("table " + file + " --memory 1K --out -");
        ASSERT_EQ(refused.exit_code, 2) << refused.err;
        EXPECT_EQ(refused.out, "");
        const std::uint64_t least = needed_bytes(refused.err);
        ASSERT_GT(least, 0u) << refused.err;
        // The message rounds to a tenth of a MiB.
        const CliRun banded = catmouse("table " + file + " --memory " +
                                       std::to_string(least + (1 << 16)) + " --out -");
        ASSERT_EQ(banded.exit_code, 0) << banded.err;
        EXPECT_EQ(banded.out, memory.out);
        continue;
      }
      // Under a --memory the save fits (the values plan, a quarter more, and 2 MiB for the spill's
      // and the writer's buffers): solved into a temporary file and streamed from it where the
      // table takes more, else in memory; the same rows either way (TheTemporaryFile... below
      // takes the file on a board large enough).
      const auto values =
          nlohmann::json::parse(catmouse("solve --json " + rules + " " + graph).out)["table_bytes"]
              .get<std::uint64_t>();
      const CliRun through =
          catmouse("table " + rules + " " + graph + " --memory " +
                   std::to_string(values + values / 4 + (std::uint64_t{2} << 20)) + " --out -");
      ASSERT_EQ(through.exit_code, 0) << through.err;
      EXPECT_EQ(through.out, memory.out);
      EXPECT_EQ(through.err, memory.err);
    }
  }
  EXPECT_GT(compared, 70);
}

TEST(CliExport, TableOfAGridMapAndOfAValuesOnlyFile) {
  const TempDir dir("grid");
  const CliRun memory = catmouse("table " + example("grid1728.json") + " --out -");
  ASSERT_EQ(memory.exit_code, 0) << memory.err;
  const std::string file = dir / "grid.cmtb";
  ASSERT_EQ(catmouse("solve " + example("grid1728.json") + " --save " + file).exit_code, 0);
  EXPECT_EQ(catmouse("table " + file + " --out -").out, memory.out);

  // Values only: the same states and values, no remoteness and no best move.
  const std::string graph = example("leetcode1.json");
  const std::string values = dir / "values.cmtb";
  ASSERT_EQ(catmouse("solve --values-only " + graph + " --save " + values).exit_code, 0);
  const std::vector<std::string> full = lines_of(catmouse("table " + graph + " --out -").out);
  const std::vector<std::string> lean = lines_of(catmouse("table " + values + " --out -").out);
  ASSERT_EQ(full.size(), lean.size());
  ASSERT_GT(full.size(), 1u);
  EXPECT_EQ(lean[0], full[0]);
  for (std::size_t i = 1; i < full.size(); ++i) {
    const std::size_t cut = full[i].find(',', full[i].find(',', full[i].find(',') + 1) + 1);
    const std::size_t end = full[i].find(',', cut + 1);
    EXPECT_EQ(lean[i], full[i].substr(0, end) + ",,") << i;
  }
}

// `table FILE --memory` below what the stream needs (its game, a block, a row of each half, the
// rows' text, a band of one row) is refused with that amount, naming --memory, before a row.
TEST(CliExport, TableOfAFileRefusesAMemoryLimitItCannotKeep) {
  const TempDir dir("least");
  const std::string file = dir / "g.cmtb";
  ASSERT_EQ(catmouse("solve " + example("leetcode1.json") + " --save " + file).exit_code, 0);
  const CliRun refused = catmouse("table " + file + " --memory 1K --out -");
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find(file + ": streaming the table of 6 nodes needs about "),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find(", over the limit of 1.0 KiB (see --memory)"), std::string::npos)
      << refused.err;
  const std::uint64_t least = needed_bytes(refused.err);
  // The text buffer (2 MiB) and a zstd context at least; far below 96 MiB.
  EXPECT_GT(least, std::uint64_t{2} << 20);
  EXPECT_LT(least, std::uint64_t{8} << 20);
  // Just above it (the message rounds to a tenth of a MiB): the rows.
  const CliRun rows =
      catmouse("table " + file + " --memory " + std::to_string(least + (1 << 16)) + " --out -");
  EXPECT_EQ(rows.exit_code, 0) << rows.err;
  EXPECT_EQ(rows.out, catmouse("table " + example("leetcode1.json") + " --out -").out);
}

TEST(CliExport, ACorruptBlockIsRefusedBeforeAnyRow) {
  const TempDir dir("corrupt");
  const std::string graph = make_board(dir, {"random", 60, 5});
  const std::string file = dir / "c.cmtb";
  ASSERT_EQ(catmouse("solve " + graph + " --save " + file).exit_code, 0);
  std::string bytes = slurp(file);
  // A byte in the middle of the blocks (the index and footer are at the end).
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x40);
  const std::string broken = dir / "broken.cmtb";
  std::ofstream(broken, std::ios::binary) << bytes;
  const CliRun run = catmouse("table " + broken + " --out -");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("block"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("checksum mismatch"), std::string::npos) << run.err;
  // To a file: nothing is left behind.
  const CliRun to_file = catmouse("table " + broken + " --out " + (dir / "rows.csv"));
  EXPECT_EQ(to_file.exit_code, 1);
  EXPECT_FALSE(fs::exists(dir / "rows.csv"));
}

TEST(CliExport, TheTemporaryFileIsRemovedAfterAndOnErrors) {
  const TempDir dir("through");
  const TempDir tmp("tmpdir");
  // 1.3 million states: the table (3.6 MiB) does not fit where the values plan (1.0 MiB) and the
  // save's buffers (1.8 MiB) do.
  const std::string graph = make_board(dir, {"random", 800, 3});
  const auto values = nlohmann::json::parse(catmouse("solve --json " + graph).out)["table_bytes"]
                          .get<std::uint64_t>();
  const std::string memory = " --memory " + std::to_string(values + (std::uint64_t{2} << 20));
  const CliRun ok =
      catmouse("table " + graph + memory + " --out " + (dir / "rows.csv"), "/dev/null");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(slurp(dir / "rows.csv"), catmouse("table " + graph + " --out -").out);
  // TMPDIR too small for the temporary tablebase (`ulimit -f` of 40 KiB): a lack of resources,
  // naming the temporary file, and nothing left in TMPDIR.
  const CliRun full = run_command("ulimit -f 80; TMPDIR='" + tmp.str() + "' '" + CATMOUSE_CLI +
                                  "' table " + graph + memory + " --out /dev/null");
  EXPECT_EQ(full.exit_code, 1) << full.err;
  EXPECT_NE(full.err.find(tmp.str()), std::string::npos) << full.err;
  EXPECT_TRUE(fs::is_empty(tmp.str()));
  const CliRun fine = run_command("TMPDIR='" + tmp.str() + "' '" + CATMOUSE_CLI + "' table " +
                                  graph + memory + " --out /dev/null");
  EXPECT_EQ(fine.exit_code, 0) << fine.err;
  EXPECT_TRUE(fs::is_empty(tmp.str()));
}

}  // namespace
