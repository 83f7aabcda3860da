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
  kCycling,  // a real frame of codes 0 to 9 in turn: a payload of a byte a state, a megabyte
};

// The zstd frame of a block of `states` states, each of code `code` (codes 0 to 9 in turn for
// kCycling).
std::string frame_of(std::uint32_t states, Frames frames) {
  if (frames == Frames::kOneByte) return "x";
  std::vector<std::uint32_t> codes(states, 2);
  if (frames == Frames::kCycling) {
    for (std::uint32_t j = 0; j < states; ++j) codes[j] = j % 10;
  }
  std::string payload;
  tb::encode_payload(codes, payload);
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
  if (frames != Frames::kOneByte && h.remoteness) {
    h.counts.cat_wins = h.counts.states;
    h.counts.max_remoteness = frames == Frames::kCycling ? 4 : 0;
  } else {
    h.counts.draws = h.counts.states;
  }
  h.dictionary.clear();
  std::string bytes = tb::encode_header(h);
  const std::uint32_t last = static_cast<std::uint32_t>(h.states - (h.blocks - 1) * h.block_states);
  const std::string full = frame_of(h.block_states, frames);
  const std::string tail = frame_of(last, frames);
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

  // `commands` (of verify, table --out - and probe) on `file`, with `extra` options: each refuses
  // it with exit 2, nothing on stdout, a message naming the file and holding `field`, and a small
  // peak.
  void expect_refused(const std::string& file, const std::string& field,
                      const std::vector<std::string>& extra = {},
                      const std::vector<std::string>& commands = {"verify", "table", "probe"}) {
    for (const std::string& name : commands) {
      std::vector<std::string> command = {CATMOUSE_CLI, name, file};
      if (name == "verify") command.insert(command.end(), {"--threads", "1"});
      if (name == "table") command.insert(command.end(), {"--out", "-"});
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

Rules rules_of(const std::string& valid) {
  return tb::decode_header(tb::Bytes(reinterpret_cast<const std::uint8_t*>(valid.data()),
                                     testing::reseal_get(valid, 12, 4)))
      ->spec->rules;
}

// A one-cat file claiming a path of 30,000 nodes: 1.8e9 states, a table of 3.6 GiB.
GameSpec thirty_thousand_nodes(const std::string& valid) {
  return make_spec(path(30000), rules_of(valid));
}

// A k-cat file claiming 10 cats on a path of 20 nodes instead of its own: 8e8 states.
GameSpec ten_cats(const std::string& valid) {
  Rules rules = rules_of(valid);
  EXPECT_EQ(rules.cats, 2u);
  rules.cats = 10;
  rules.cat_starts.clear();
  return make_spec(path(20), rules);
}

TEST_F(ForgedTablebase, ThirtyThousandNodesInBlocksOfOneByte) {
  // The header's claim, re-sealed, is consistent in itself; the file is too small to hold it.
  const std::string valid = seed("leetcode1.cmtb");
  const std::string bytes = forge(valid, thirty_thousand_nodes(valid), Frames::kOneByte);
  ASSERT_LT(bytes.size(), 200000u);
  const std::string file = write("nodes.cmtb", bytes);
  expect_refused(file, "header: the file is too small for the table its header claims");
  expect_refused(file, "header: the file is too small", {"--memory", "1T"});
}

TEST_F(ForgedTablebase, TenCatsInBlocksOfOneByte) {
  const std::string valid = seed("two_cats.cmtb");
  const std::string bytes = forge(valid, ten_cats(valid), Frames::kOneByte);
  ASSERT_LT(bytes.size(), 200000u);
  expect_refused(write("cats.cmtb", bytes),
                 "header: the file is too small for the table its header claims");
}

TEST_F(ForgedTablebase, RealFramesAreRefusedByTheMemoryLimit) {
  // Blocks that decode (every state a cat win in 0) make the file as small as such a table can
  // be: its size no longer tells; --memory refuses the table before it is allocated. (`table
  // FILE` streams in bounded memory whatever the header claims: it is not asked to refuse, and
  // would write the 1.8e9 rows the header claims.)
  const std::string valid = seed("leetcode1.cmtb");
  const std::string file =
      write("frames.cmtb", forge(valid, thirty_thousand_nodes(valid), Frames::kCatWins));
  expect_refused(file, "(see --memory)", {"--memory", "100M"}, {"verify"});
  // probe reads only the blocks it needs, within --memory: it answers from the forged blocks.
  const Child probe = run_child({CATMOUSE_CLI, "probe", file, "--memory", "100M", "--json"}, dir_);
  EXPECT_EQ(probe.exit_code, 0) << probe.err;
  EXPECT_LT(probe.peak_bytes, kMaxPeakBytes);

  const std::string cats_valid = seed("two_cats.cmtb");
  const std::string cats =
      write("cat_frames.cmtb", forge(cats_valid, ten_cats(cats_valid), Frames::kCatWins));
  expect_refused(cats, "(see --memory)", {"--memory", "100M"}, {"verify"});
}

TEST_F(ForgedTablebase, ProbeMemoryLimit) {
  const std::string file =
      (fs::path(CATMOUSE_TEST_DATA) / "../../fuzz/corpus/tablebase_resealed/leetcode1.cmtb")
          .lexically_normal()
          .string();
  const Child free = run_child({CATMOUSE_CLI, "probe", file, "--json"}, dir_);
  ASSERT_EQ(free.exit_code, 0) << free.err;
  const Child bounded = run_child({CATMOUSE_CLI, "probe", file, "--json", "--memory", "4M"}, dir_);
  EXPECT_EQ(bounded.exit_code, 0) << bounded.err;
  EXPECT_EQ(bounded.out, free.out);
  // Less than its game, a zstd context and one block: refused before probing, naming --memory.
  const Child refused = run_child({CATMOUSE_CLI, "probe", file, "--memory", "100K"}, dir_);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find(file + ": probing the file's game of 6 nodes and 1 cat needs about"),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("over the limit of 100.0 KiB (see --memory)"), std::string::npos)
      << refused.err;
  // A one-cat game of 30,000 nodes needs a few megabytes for its graphs and move lists.
  const std::string valid = cli_test::slurp(file);
  const std::string big =
      write("big.cmtb", forge(valid, thirty_thousand_nodes(valid), Frames::kCatWins));
  const Child game = run_child({CATMOUSE_CLI, "probe", big, "--memory", "1M"}, dir_);
  EXPECT_EQ(game.exit_code, 2);
  EXPECT_NE(game.err.find("probing the file's game of 30000 nodes and 1 cat needs about"),
            std::string::npos)
      << game.err;
  const Child zz = run_child({CATMOUSE_CLI, "probe", file, "--memory", "zz"}, dir_);
  EXPECT_EQ(zz.exit_code, 2);
  EXPECT_NE(zz.err.find("--memory"), std::string::npos) << zz.err;
}

TEST_F(ForgedTablebase, ProbeCachesStayWithinTheMemoryLimit) {
  // Blocks whose payloads take a megabyte each: probing positions all over the board fills the
  // 64 cache slots without a limit, and as many as fit with one.
  const std::string valid = seed("leetcode1.cmtb");
  const std::string file =
      write("cycling.cmtb", forge(valid, thirty_thousand_nodes(valid), Frames::kCycling));
  std::string queries;
  for (std::uint64_t i = 0; i < 400; ++i) {
    queries += "{\"mouse\":" + std::to_string(1 + i * 7919 % 29999) +
               ",\"cat\":" + std::to_string(1 + i * 104729 % 29999) + ",\"turn\":\"" +
               (i % 2 == 0 ? "mouse" : "cat") + "\"}\n";
  }
  const std::string batch = write("queries.jsonl", queries);
  const Child free = run_child({CATMOUSE_CLI, "probe", file, "--batch", batch}, dir_);
  ASSERT_EQ(free.exit_code, 0) << free.err;
  const Child bounded =
      run_child({CATMOUSE_CLI, "probe", file, "--batch", batch, "--memory", "40M"}, dir_);
  ASSERT_EQ(bounded.exit_code, 0) << bounded.err;
  EXPECT_EQ(bounded.out, free.out);
  std::printf("peak without a limit %.1f MiB, with --memory 40M %.1f MiB\n",
              static_cast<double>(free.peak_bytes) / (1 << 20),
              static_cast<double>(bounded.peak_bytes) / (1 << 20));
  EXPECT_GT(free.peak_bytes, std::uint64_t{60} << 20);
  // Under AddressSanitizer freed blocks wait in its quarantine (256 MiB at most) before their
  // memory is reused, so the bounded run's peak there is the limit plus what the quarantine held
  // (116 MiB measured against 187 MiB without the limit); the limit must still save most of it.
  if (cli_test::kSanitized) {
    EXPECT_LT(bounded.peak_bytes + (std::uint64_t{48} << 20), free.peak_bytes);
  } else {
    EXPECT_LT(bounded.peak_bytes, std::uint64_t{40} << 20);
  }
}

}  // namespace
}  // namespace catmouse
