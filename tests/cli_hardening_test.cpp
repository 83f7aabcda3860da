// Bad input through the command-line tool: every bad file in tests/data/bad/ through every command
// that reads its kind of input, with 1 and 2 threads and under a small address-space limit; inputs
// of a few bytes that name a huge game, with the peak memory they cost; directories, devices,
// sockets and endless input; and the messages of option mistakes.
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_util.hpp"

namespace {

using cli_test::catmouse;
using cli_test::CliRun;
using cli_test::data;
using cli_test::example;
using cli_test::lines_of;
using cli_test::run_command;

using cli_test::kSanitized;

// The address-space limit the bad inputs run under, in KiB (`ulimit -v`): catmouse reads and
// refuses them in a few MB, so 100 MB leaves room for its threads and libraries, not for a graph
// of 10^8 nodes.
constexpr int kAddressSpaceKib = 100000;

std::string cli() {
  return std::string("'") + CATMOUSE_CLI + "'";
}

// `args` run by catmouse under the address-space limit (none under a sanitizer), in folder `dir`.
CliRun limited(const std::string& args, const std::string& dir = ".") {
  const std::string limit =
      kSanitized ? std::string() : "ulimit -v " + std::to_string(kAddressSpaceKib) + "; ";
  return run_command("cd '" + dir + "' && " + limit + cli() + " " + args);
}

struct BadFile {
  std::string file;
  std::string message;
  std::string kind;  // "graph" or "game"
};

std::vector<BadFile> bad_files() {
  std::vector<BadFile> files;
  std::ifstream expected(data("bad/EXPECTED.tsv"));
  for (std::string line; std::getline(expected, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t first = line.find('\t');
    const std::size_t second = line.find('\t', first + 1);
    if (first == std::string::npos || second == std::string::npos) {
      ADD_FAILURE() << "EXPECTED.tsv: a line without three columns: " << line;
      continue;
    }
    files.push_back({line.substr(0, first), line.substr(first + 1, second - first - 1),
                     line.substr(second + 1)});
  }
  return files;
}

// The commands that read each kind of input. cops and copnumber read graphs only: they play their
// own rules, and a grid map is not a graph to them.
std::vector<std::string> commands_for(const std::string& kind) {
  std::vector<std::string> commands = {"solve", "explain", "table --out -", "starts --out -"};
  if (kind == "graph") {
    commands.push_back("cops");
    commands.push_back("copnumber");
  }
  return commands;
}

TEST(CliHardening, EveryBadFileThroughEveryCommandExitsTwoNamingThePlace) {
  const std::vector<BadFile> files = bad_files();
  ASSERT_GE(files.size(), 28u);
  int runs = 0;
  for (const BadFile& bad : files) {
    ASSERT_TRUE(bad.kind == "graph" || bad.kind == "game") << bad.file << ": " << bad.kind;
    ASSERT_TRUE(std::filesystem::exists(data("bad/" + bad.file))) << bad.file;
    for (const std::string& command : commands_for(bad.kind)) {
      for (const char* threads : {"1", "2"}) {
        // Run from the folder, so that messages name the file as the table does.
        const CliRun run = limited(command + " --threads " + threads + " " + bad.file, data("bad"));
        const std::string what = command + " --threads " + threads + " " + bad.file;
        EXPECT_EQ(run.exit_code, 2) << what << ": " << run.err;
        EXPECT_EQ(run.out, "") << what;
        EXPECT_EQ(run.err.rfind("catmouse: ", 0), 0u) << what << ": " << run.err;
        EXPECT_NE(run.err.find(bad.message), std::string::npos) << what << ": " << run.err;
        EXPECT_EQ(lines_of(run.err).size(), 1u) << what << ": " << run.err;
        ++runs;
      }
    }
  }
  EXPECT_GE(runs, 200);
}

// The peak resident memory of catmouse running `args`, in KiB, by /usr/bin/time; -1 without it.
struct Measured {
  CliRun run;
  long peak_kib = -1;
};

Measured measured(const std::string& args, const std::string& input = "/dev/null") {
  Measured m;
  if (!std::filesystem::exists("/usr/bin/time")) {
    m.run = catmouse(args, input);
    return m;
  }
  const auto peak_file =
      std::filesystem::temp_directory_path() / ("catmouse_peak_" + std::to_string(::getpid()));
  m.run = run_command("/usr/bin/time -f %M -o '" + peak_file.string() + "' " + cli() + " " + args,
                      input);
  std::ifstream in(peak_file);
  in >> m.peak_kib;
  std::filesystem::remove(peak_file);
  return m;
}

// Inputs of a few bytes to a few hundred KB that name games of 10^10 states or more: each must be
// refused before anything of that size is built.
class AmplificationInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("catmouse_amplify_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    // A map of one row, 100,000 cells: 2·10^10 states.
    write("wide_map.json", "{\"grid\":[\"M" + std::string(99997, '.') +
                               "CF\"],\"catJump\":1000,\"mouseJump\":1000}");
    // 10,000 cells fit 64 MiB as states, not their jumps of 1,000 cells: 2·10^7 moves.
    write("long_jumps.json",
          "{\"grid\":[\"M" + std::string(9997, '.') + "CF\"],\"catJump\":1000,\"mouseJump\":1000}");
    // 300,000 empty adjacency lists.
    std::string lists = "[[1,2],[0,2],[0,1]";
    for (int i = 3; i < 300000; ++i) lists += ",[]";
    write("many_lists.json", lists + "]");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  std::string path(const std::string& name) const { return "'" + (dir_ / name).string() + "'"; }

  std::filesystem::path dir_;
};

// Peak memory allowed for refusing an amplification input, in KiB: catmouse's own code and
// libraries take about 5 MB; the inputs themselves at most 1 MB.
constexpr long kSmallPeakKib = 16 * 1024;

TEST_F(AmplificationInputs, RefusedBeforeAllocatingWithTheirPlace) {
  struct Case {
    std::string input;
    std::string message;
  };
  const std::vector<Case> cases = {
      {data("bad/far_node.txt"), "far_node.txt:3:3: node id 100000000 implies 100000001 nodes"},
      {data("bad/nodes_huge.txt"), "nodes_huge.txt:2:7: 300000000 nodes imply 1.8e17 states"},
      {data("bad/graph6_huge.g6"), "graph6_huge.g6:1:1: the graph6 header gives 100000000"},
      {path("wide_map.json"), "wide_map.json:1:2: a map of 1 x 100000 cells implies 2.0e10 states"},
      {path("long_jumps.json"),
       "long_jumps.json:1:2: a map of 1 x 10000 cells with jumps 1000 (mouse) and 1000 (cat) has "
       "up to 20000000 moves"},
      {path("many_lists.json"), "many_lists.json:1:1: 300000 adjacency lists imply 1.8e11 states"},
  };
  for (const Case& c : cases) {
    for (const char* threads : {"1", "2"}) {
      const std::string args =
          "solve --memory 64M --threads " + std::string(threads) + " " + c.input;
      const Measured m = measured(args);
      EXPECT_EQ(m.run.exit_code, 2) << args << ": " << m.run.err;
      EXPECT_EQ(m.run.out, "") << args;
      EXPECT_NE(m.run.err.find(c.message), std::string::npos) << args << ": " << m.run.err;
      EXPECT_NE(m.run.err.find("more than the memory limit of 64.0 MiB (see --memory)"),
                std::string::npos)
          << m.run.err;
      if (m.peak_kib >= 0 && !kSanitized) {
        EXPECT_LT(m.peak_kib, kSmallPeakKib) << args;
      }
    }
  }
}

TEST_F(AmplificationInputs, TheDefaultLimitIsTheMemoryThereIs) {
  // Without --memory the limit is the available memory (at most `ulimit -v`): the 13-byte edge
  // list of 10^8 nodes is refused all the same, in a few MB.
  const Measured m = measured("solve " + data("bad/far_node.txt"));
  EXPECT_EQ(m.run.exit_code, 2) << m.run.err;
  EXPECT_NE(m.run.err.find("more than the memory limit of"), std::string::npos) << m.run.err;
  if (m.peak_kib >= 0 && !kSanitized) {
    EXPECT_LT(m.peak_kib, kSmallPeakKib);
  }
  if (!kSanitized) {
    const CliRun run = limited("solve " + data("bad/far_node.txt"));
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(run.err.find("more than the memory limit of"), std::string::npos) << run.err;
  }
}

TEST(CliHardening, EndlessInputStopsAtTheBound) {
  // `yes` never ends: reading stops at 1 MiB, the bound --memory 16M sets (16 bytes per byte).
  const CliRun run =
      run_command("{ yes '0 1' | " + cli() + " solve --format edges --memory 16M -; }");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("<stdin>: the input is longer than 1.0 MiB, the most that can be "
                         "parsed within the memory limit of 16.0 MiB"),
            std::string::npos)
      << run.err;
  // A regular file is measured before it is read.
  const CliRun file = catmouse("solve --memory 16M " + data("../../examples/leetcode1.json"));
  EXPECT_EQ(file.exit_code, 0) << file.err;
}

TEST(CliHardening, BinaryDataAndDevicesAreRefused) {
  for (const std::string command : {"solve", "explain", "table --out -", "cops"}) {
    const CliRun zero = catmouse(command + " /dev/zero");
    EXPECT_EQ(zero.exit_code, 2) << command;
    EXPECT_EQ(zero.out, "");
    EXPECT_NE(zero.err.find("/dev/zero: byte 1 is NUL: binary data, not text"), std::string::npos)
        << zero.err;
    const CliRun piped = catmouse(command + " -", "/dev/zero");
    EXPECT_EQ(piped.exit_code, 2) << command;
    EXPECT_NE(piped.err.find("<stdin>: byte 1 is NUL"), std::string::npos) << piped.err;
  }
  const CliRun null = catmouse("solve /dev/null");
  EXPECT_EQ(null.exit_code, 2);
  EXPECT_NE(null.err.find("/dev/null: empty input"), std::string::npos) << null.err;
}

TEST(CliHardening, DirectoriesAndSocketsAreRefused) {
  const std::string dir = data("bad");
  for (const std::string command :
       {"solve", "explain", "table --out -", "starts --out -", "cops", "copnumber"}) {
    const CliRun run = catmouse(command + " " + dir);
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find(dir + ": is a directory"), std::string::npos) << run.err;
  }
  const std::string socket_path =
      (std::filesystem::temp_directory_path() / ("catmouse_socket_" + std::to_string(::getpid())))
          .string();
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(socket_path.size(), sizeof(address.sun_path));
  std::snprintf(address.sun_path, sizeof(address.sun_path), "%s", socket_path.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0);
  const CliRun run = catmouse("solve '" + socket_path + "'");
  ::close(fd);
  std::filesystem::remove(socket_path);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find(socket_path + ": cannot open: No such device or address"),
            std::string::npos)
      << run.err;
}

// Inputs are opened without blocking (a FIFO without a writer is waited for, saying so): a file
// that cannot be opened still says why, and a directory that it is one.
TEST(CliHardening, AnInputThatCannotBeOpenedSaysWhy) {
  const std::string missing = data("missing.json");
  for (const std::string command : {"solve", "solve --batch", "explain", "table --out -",
                                    "starts --out -", "cops", "copnumber", "probe"}) {
    const CliRun run = catmouse(command + " " + missing);
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_NE(run.err.find(missing + ": cannot open: No such file or directory"), std::string::npos)
        << command << ": " << run.err;
  }
  const CliRun batch = catmouse("solve --batch " + data("bad"));
  EXPECT_EQ(batch.exit_code, 2);
  EXPECT_NE(batch.err.find(data("bad") + ": is a directory"), std::string::npos) << batch.err;
}

TEST(CliHardening, OptionMistakesAreNamed) {
  const std::string graph = example("leetcode1.json");
  const CliRun count = catmouse("solve --cats 3 --cat 2 " + graph);
  EXPECT_EQ(count.exit_code, 2);
  EXPECT_NE(count.err.find("--cat: 1 start for 3 cats; give one per cat"), std::string::npos)
      << count.err;
  const CliRun two = catmouse("solve --cats 3 --cat 2,4 " + graph);
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_NE(two.err.find("--cat: 2 starts for 3 cats"), std::string::npos) << two.err;
  EXPECT_EQ(catmouse("solve --code --cats 2 --cat 2,4 " + graph).exit_code, 0);
  const CliRun empty = catmouse("solve --cat '' " + graph);
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.out, "");
  EXPECT_NE(empty.err.find("--cat: no node given"), std::string::npos) << empty.err;
}

TEST(CliHardening, MemoryAmountsAreParsedStrictly) {
  const std::string graph = example("leetcode1.json");
  // Empty, exponents, beyond 64 bits, signs, spaces, no digits, unknown units: exit 2 naming it.
  for (const std::string amount : {"''",
                                   "1e30",
                                   "1e3M",
                                   "99999999999999999999T",
                                   "18446744073709551616",
                                   "20000000000000000G",
                                   "-1",
                                   "+5M",
                                   "' 5M'",
                                   "5M' '",
                                   "M",
                                   ".5G",
                                   "5.G",
                                   "0",
                                   "0.0M",
                                   "nan",
                                   "inf",
                                   "0x10M",
                                   "5Q",
                                   "5MM"}) {
    SCOPED_TRACE(amount);
    const CliRun run = catmouse("solve --memory " + amount + " " + graph);
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("--memory"), std::string::npos) << run.err;
  }
  for (const std::string amount : {"64M", "1.5G", "10485760", "100000KiB", "1T", "16777215T"}) {
    SCOPED_TRACE(amount);
    const CliRun run = catmouse("solve --memory " + amount + " " + graph);
    EXPECT_EQ(run.exit_code, 0) << run.err;
  }
}

TEST(CliHardening, MemoryRefusalsSuggestOnlyOptionsTheCommandTakes) {
  // 2,000 nodes: 8·10^6 states, about 22 MiB with remoteness, 8 MiB without.
  const auto graph = std::filesystem::temp_directory_path() /
                     ("catmouse_refusal_" + std::to_string(::getpid()) + ".json");
  ASSERT_EQ(catmouse("gen random --nodes 2000 --out '" + graph.string() + "'").exit_code, 0);
  const std::string file = "'" + graph.string() + "'";
  // solve keeps values only for one cat (and table, over --memory, saves to a temporary file):
  // they are refused only where the values do not fit.
  const CliRun solve = catmouse("solve --memory 5M " + file);
  EXPECT_EQ(solve.exit_code, 2);
  EXPECT_NE(solve.err.find("even values only would need"), std::string::npos) << solve.err;
  EXPECT_NE(solve.err.find("(see --memory, --values-only)"), std::string::npos) << solve.err;
  for (const std::string command :
       {"explain --memory 20M", "table --out - --memory 5M", "starts --out - --memory 20M"}) {
    const CliRun run = catmouse(command + " " + file);
    const std::string limit = command.find("5M") != std::string::npos ? "5.0" : "20.0";
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_NE(run.err.find("over the limit of " + limit + " MiB (see --memory)"), std::string::npos)
        << command << ": " << run.err;
    EXPECT_EQ(run.err.find("values only"), std::string::npos) << command << ": " << run.err;
  }
  std::filesystem::remove(graph);
}

TEST(CliHardening, OutOfMemoryDuringASolveExitsOne) {
  if (kSanitized) GTEST_SKIP() << "ulimit -v and the sanitizers do not mix";
  // --memory lets the solve start; `ulimit -v` does not let it finish: exit 1, not a crash.
  const auto graph = std::filesystem::temp_directory_path() /
                     ("catmouse_oom_" + std::to_string(::getpid()) + ".json");
  ASSERT_EQ(catmouse("gen random --nodes 12000 --out '" + graph.string() + "'").exit_code, 0);
  for (const char* threads : {"1", "2"}) {
    // solve keeps values only (0.75 bytes a state, 216 MB here): 150 MB of address space.
    const CliRun run = run_command("ulimit -v 150000; " + cli() + " solve --memory 10G --threads " +
                                   threads + " '" + graph.string() + "'");
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find(graph.string() + ": out of memory"), std::string::npos) << run.err;
  }
  std::filesystem::remove(graph);
}

}  // namespace

// A bad node is named by its id and the line that gives it; a rule's node by its id and the
// option that set it. Exit code 2, nothing on stdout.
TEST(CliHardening, BadNodesAreNamedByIdAndLine) {
  const auto graph = std::filesystem::temp_directory_path() /
                     ("catmouse_bad_node_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream out(graph);
    out << "0 1\n1 2\n2 3\n3 3\n";
  }
  const std::string file = graph.string();
  const CliRun loop = catmouse("solve --format edges '" + file + "'");
  EXPECT_EQ(loop.exit_code, 2);
  EXPECT_EQ(loop.out, "");
  EXPECT_EQ(loop.err, "catmouse: " + file + ":4:1: edge 3: self-loop on node 3\n") << loop.err;
  const CliRun hole = catmouse("solve --holes 2 " + example("leetcode1.json"));
  EXPECT_EQ(hole.exit_code, 2);
  EXPECT_EQ(hole.out, "");
  EXPECT_EQ(hole.err, "catmouse: --cat: the cat may not start on node 2, which it may not enter\n")
      << hole.err;
  std::filesystem::remove(graph);
}
