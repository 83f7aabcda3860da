// The census within --memory (issue: census memory unbounded): the 10-node cop census keeping
// every graph of cop number 2 or more (9,458,257 graphs) with --memory 300M holds them in the
// state file as they come, not in memory: its peak resident set, measured by the child's rusage,
// stays under 300 MB, and the graphs file holds the one graph of the highest cop number. A
// census whose threads cannot fit the limit is refused with exit 2 before anything is done.
// Minutes on a busy machine: label slow.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "peak_memory.hpp"

namespace {

std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("catmouse_census_memory_" + std::to_string(::getpid()) + "_" + name);
}

TEST(CliCensusMemory, KeptGraphsOfTenNodesStayWithin300MB) {
  if (std::system("command -v nauty-geng >/dev/null") != 0) GTEST_SKIP() << "no nauty-geng";
  const auto state = temp("keep.json"), top = temp("top.g6");
  std::filesystem::remove(state);
  const peak_memory::PeakRun run = peak_memory::run_with_peak(
      std::string("'") + CATMOUSE_CLI +
      "' census cops --nodes 10 --keep-from 2 --memory 300M --threads 2 --quiet --state '" +
      state.string() + "' --graphs '" + top.string() + "'");
  ASSERT_EQ(run.exit_code, 0);
  EXPECT_LT(run.peak_bytes, std::uint64_t{300} << 20) << run.peak_bytes;
  std::ifstream graphs(top);
  std::string line, all;
  while (std::getline(graphs, line)) all += line + "\n";
  EXPECT_EQ(all, "ICOf@pSb?\n");  // the Petersen graph, the one of cop number 3
  // The 9,458,256 graphs of cop number 2 and the Petersen graph, in the state file.
  EXPECT_GT(std::filesystem::file_size(state), std::uint64_t{100} << 20);
  std::filesystem::remove(state);
  std::filesystem::remove(top);
}

}  // namespace
