// Peak memory of solve and table on big boards, each command in a child process of its own:
// `solve --json` keeps the values and the asked state's level, not a remoteness per state, so its
// peak is that of a values-only solve; `table FILE --out` streams a file of 10^8 states within
// 200 MB. Label slow (a minute or so), run one at a time.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "peak_memory.hpp"

namespace {

namespace fs = std::filesystem;

struct Peak {
  int exit_code = -1;
  std::uint64_t kib = 0;  // the command's greatest resident set
};

Peak peak_of(const std::string& command) {
  const peak_memory::PeakRun run = peak_memory::run_with_peak(command);
  return {run.exit_code, run.peak_bytes / 1024};
}

class TempDir {
 public:
  TempDir()
      : path_(fs::temp_directory_path() /
              ("catmouse_export_memory_" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string operator/(const std::string& file) const { return (path_ / file).string(); }

 private:
  fs::path path_;
};

const std::string kCli = std::string("'") + CATMOUSE_CLI + "' ";

// A random board of average degree 6, relabelled.
std::string random_board(const TempDir& dir, int nodes) {
  const std::string path = dir / ("random" + std::to_string(nodes) + ".json");
  const Peak gen = peak_of(kCli + "gen random -d 6 -s 1 --shuffle 1 -n " + std::to_string(nodes) +
                           " -o " + path);
  EXPECT_EQ(gen.exit_code, 0);
  return path;
}

TEST(ExportMemory, SolveJsonPeaksNearTheValuesOnlySolve) {
  const TempDir dir;
  // 18 million states: a remoteness array would be 36 MB over the values' 14 MB.
  const std::string graph = random_board(dir, 3000);
  const Peak values = peak_of(kCli + "solve --values-only --json " + graph);
  ASSERT_EQ(values.exit_code, 0);
  for (const char* mode : {"--json", "--code", ""}) {
    const Peak solve = peak_of(kCli + "solve " + mode + " " + graph);
    ASSERT_EQ(solve.exit_code, 0) << mode;
    EXPECT_LE(solve.kib, values.kib + values.kib / 4 + 8 * 1024)
        << mode << ": " << solve.kib << " KiB against " << values.kib << " KiB values only";
  }
}

TEST(ExportMemory, TableStreamsAFileOf10To8StatesWithin200MB) {
  const TempDir dir;
  // 2 * 7072^2 = 100,026,368 states.
  const std::string graph = random_board(dir, 7072);
  const std::string file = dir / "big.cmtb";
  const Peak save = peak_of(kCli + "solve " + graph + " --save " + file);
  ASSERT_EQ(save.exit_code, 0);
  const Peak table = peak_of(kCli + "table " + file + " --out /dev/null");
  ASSERT_EQ(table.exit_code, 0);
  EXPECT_LE(table.kib, 200 * 1000) << table.kib << " KiB";
  // The whole table in memory would take about 2.1 bytes a state.
  EXPECT_GT(std::uint64_t{100'026'368} * 21 / 10 / 1024, 200 * 1000);
}

}  // namespace
