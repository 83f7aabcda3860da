// Forged tablebase files, valid on their seals: a small valid file whose header is rewritten to
// claim a far larger game (a 30,000-node board; many more cats), with every checksum recomputed
// (fuzz/tablebase_reseal.hpp). `catmouse verify`, `table FILE --out -` and `probe` must refuse
// them with a located message before allocating the table the header claims: each command runs in
// a child process whose peak resident set (wait4's ru_maxrss) is measured.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../fuzz/tablebase_reseal.hpp"
#include "catmouse/catmouse.hpp"
#include "catmouse/core/owned_game.hpp"
#include "cli_util.hpp"
#include "tablebase/codec.hpp"
#include "tablebase/format.hpp"

namespace catmouse {
namespace {

namespace fs = std::filesystem;
namespace tb = tablebase;

// Far above what refusing a file takes (a few megabytes), far below the tables claimed here.
constexpr std::uint64_t kMaxPeakBytes = std::uint64_t{200} << 20;

struct Child {
  int exit_code = -1;
  std::uint64_t peak_bytes = 0;
  std::string out;
  std::string err;
};

Child run_child(const std::vector<std::string>& args, const fs::path& dir) {
  const fs::path out = dir / "out", err = dir / "err";
  std::fflush(stdout);  // or the child's copy of the buffer is printed twice
  const pid_t pid = ::fork();
  if (pid == 0) {
    FILE* o = std::freopen(out.c_str(), "w", stdout);
    FILE* e = std::freopen(err.c_str(), "w", stderr);
    if (o == nullptr || e == nullptr) ::_exit(126);
    std::vector<char*> argv;
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  Child child;
  int status = 0;
  rusage usage{};
  if (::wait4(pid, &status, 0, &usage) != pid) return child;
  child.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  child.peak_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  child.out = cli_test::slurp(out);
  child.err = cli_test::slurp(err);
  return child;
}

std::string seed(const std::string& name) {
  return cli_test::slurp(fs::path(CATMOUSE_TEST_DATA) / "../../fuzz/corpus/tablebase_resealed" /
                         name);
}

// What each block of a forged file holds.
enum class Frames {
  kOneByte,  // a byte: no zstd frame at all
  kCatWins,  // a real frame of every state a cat win in 0: decoding it fills the table
};

// The zstd frame of a block of `states` states, each of code `code`.
std::string constant_frame(std::uint32_t states, std::uint32_t code) {
  std::string payload;
  tb::encode_payload(std::vector<std::uint32_t>(states, code), payload);
  const tb::CompressionDictionary none("", 3);
  tb::Compressor compressor(3, none);
  std::string frame;
  EXPECT_TRUE(compressor.compress(payload, frame).ok());
  return frame;
}

// `valid`'s header rewritten for `spec` (its own counts, block layout and no dictionary), blocks
// of `frames`, an index and a footer, every checksum recomputed.
std::string forge(const std::string& valid, const GameSpec& spec, Frames frames) {
  const std::uint64_t header_bytes = testing::reseal_get(valid, 12, 4);
  Result<tb::Header> decoded = tb::decode_header(
      tb::Bytes(reinterpret_cast<const std::uint8_t*>(valid.data()), header_bytes));
  EXPECT_TRUE(decoded.ok());
  tb::Header h = std::move(decoded).value();
  Result<OwnedGame> game = own_game(spec);
  EXPECT_TRUE(game.ok()) << game.error().message;
  h.spec = spec;
  h.cats = spec.rules.cats;
  h.nodes = spec.graph.node_count();
  h.block_states = 1u << 20;
  h.states = game->game().state_count();
  h.blocks = (h.states + h.block_states - 1) / h.block_states;
  h.counts = {};
  h.counts.states = game->game().valid_state_count();
  if (frames == Frames::kCatWins && h.remoteness) {
    h.counts.cat_wins = h.counts.states;
    h.counts.max_remoteness = 0;
  } else {
    h.counts.draws = h.counts.states;
  }
  h.dictionary.clear();
  std::string bytes = tb::encode_header(h);
  const std::uint32_t last = static_cast<std::uint32_t>(h.states - (h.blocks - 1) * h.block_states);
  const std::string full = frames == Frames::kOneByte ? "x" : constant_frame(h.block_states, 2);
  const std::string tail = frames == Frames::kOneByte ? "x" : constant_frame(last, 2);
  tb::ByteWriter index;
  for (std::uint64_t b = 0; b < h.blocks; ++b) {
    index.u64(bytes.size());
    index.u64(0);  // the checksum: re-sealed below
    bytes += b + 1 == h.blocks ? tail : full;
  }
  index.u64(bytes.size());
  tb::Footer footer;
  footer.index_offset = bytes.size();
  footer.blocks = h.blocks;
  bytes += index.bytes();
  bytes += tb::encode_footer(footer);
  testing::reseal_tablebase(bytes);
  return bytes;
}

Graph path(NodeId nodes) {
  std::vector<Edge> edges;
  for (NodeId v = 0; v + 1 < nodes; ++v) edges.push_back({v, v + 1});
  return Graph::from_edges(nodes, edges).value();
}

class ForgedTablebase : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("catmouse_forged_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& bytes) {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary) << bytes;
    return file.string();
  }

  // verify, table --out - and probe on `file` (with `extra` options where they apply): each
  // refuses it with exit 2 (or 1, `corrupt` allowed), nothing on stdout, a message naming the
  // file and `field`, and a small peak.
  void expect_refused(const std::string& file, const std::string& field,
                      const std::vector<std::string>& extra = {}, bool probe = true) {
    std::vector<std::vector<std::string>> commands = {
        {CATMOUSE_CLI, "verify", file, "--threads", "1"},
        {CATMOUSE_CLI, "table", file, "--out", "-"},
    };
    if (probe) commands.push_back({CATMOUSE_CLI, "probe", file});
    for (auto& command : commands) {
      command.insert(command.end(), extra.begin(), extra.end());
      const Child child = run_child(command, dir_);
      const std::string what = command[1] + " " + fs::path(file).filename().string();
      EXPECT_EQ(child.exit_code, 2) << what << ": " << child.err;
      EXPECT_EQ(child.out, "") << what;
      EXPECT_NE(child.err.find(file), std::string::npos) << what << ": " << child.err;
      EXPECT_NE(child.err.find(field), std::string::npos) << what << ": " << child.err;
      EXPECT_LT(child.peak_bytes, kMaxPeakBytes) << what << ": " << child.err;
      std::printf("%s: exit %d, peak %.1f MiB: %s", what.c_str(), child.exit_code,
                  static_cast<double>(child.peak_bytes) / (1 << 20), child.err.c_str());
    }
  }

  fs::path dir_;
};

TEST_F(ForgedTablebase, ThirtyThousandNodesInBlocksOfOneByte) {
  const std::string valid = seed("leetcode1.cmtb");
  Rules rules = tb::decode_header(tb::Bytes(reinterpret_cast<const std::uint8_t*>(valid.data()),
                                            testing::reseal_get(valid, 12, 4)))
                    ->spec->rules;
  const std::string bytes = forge(valid, make_spec(path(30000), rules), Frames::kOneByte);
  ASSERT_LT(bytes.size(), 200000u);
  expect_refused(write("nodes.cmtb", bytes), "header");
}

}  // namespace
}  // namespace catmouse
