// Forged tablebase files, valid on their seals. A small valid file whose header is rewritten to
// claim a far larger game (a 30,000-node board; many more cats), with every checksum recomputed
// (fuzz/tablebase_reseal.hpp): `catmouse verify`, `table FILE --out -` and `probe` must refuse
// them with a located message before allocating the table the header claims; each command runs
// in a child process whose peak resident set (wait4's ru_maxrss) is measured. And files whose
// values were rewritten (tests/forged_table.hpp: a solved table changed, then written with every
// checksum valid): `probe` and `table` check every state whose value they print against the
// rules and its moves' values, and must never answer with exit 0 and a wrong figure; they end
// with exit 1, naming the state and `catmouse verify`.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "../fuzz/tablebase_reseal.hpp"
#include "catmouse/catmouse.hpp"
#include "catmouse/core/owned_game.hpp"
#include "cli_util.hpp"
#include "forged_table.hpp"
#include "tablebase/codec.hpp"
#include "tablebase/format.hpp"
#include "test_util.hpp"

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

class ForgedTablebase : public catmouse::testing::TempDirTest {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    return folder_.file(name, bytes);
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
  // stops at the first state the rules contradict, after a band of rows' worth of reading.)
  const std::string valid = seed("leetcode1.cmtb");
  const std::string file =
      write("frames.cmtb", forge(valid, thirty_thousand_nodes(valid), Frames::kCatWins));
  expect_refused(file, "(see --memory)", {"--memory", "100M"}, {"verify"});
  // probe reads only the blocks it needs, within --memory, and checks what it reads.
  // Its start, every state a cat win in 0, is no finished position: the probe names it (exit 1).
  const Child probe = run_child({CATMOUSE_CLI, "probe", file, "--memory", "100M", "--json"}, dir_);
  EXPECT_EQ(probe.exit_code, 1) << probe.err;
  EXPECT_EQ(probe.out, "");
  EXPECT_NE(probe.err.find(file +
                           ": state (mouse 1, cat 2, mouse to move): certificate check "
                           "failed: claims cat in 0 but the slowest losing move leads "
                           "to remoteness 0; run catmouse verify " +
                           file),
            std::string::npos)
      << probe.err;
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

// ---- Values rewritten, checksums valid ----------------------------------------------------

// The solution of an example file (examples/ or tests/data/).
Solution solved(const std::string& path, bool values_only = false) {
  Result<GameSpec> spec = read_game(cli_test::slurp(path), path);
  EXPECT_TRUE(spec.ok()) << spec.error().to_string();
  SolveOptions options;
  options.values_only = values_only;
  Result<Solution> solution = solve(std::move(spec).value(), options);
  EXPECT_TRUE(solution.ok()) << solution.error().to_string();
  return std::move(solution).value();
}

StateIndex index_of(const Solution& solution, const Position& p) {
  return *solution.game().space().index(p);
}

Position one_cat(NodeId mouse, NodeId cat, Side turn) {
  return Position{mouse, {cat}, turn};
}

std::string query_of(const Position& p) {
  return "{\"mouse\":" + std::to_string(p.mouse) + ",\"cat\":" + std::to_string(p.cats[0]) +
         ",\"turn\":\"" + std::string(side_name(p.turn)) + "\"}\n";
}

class ForgedValues : public ForgedTablebase {
 protected:
  // `solution`'s table with `forgeries` made, written as `name` with valid checksums.
  std::string forged_file(const std::string& name, const Solution& solution,
                          const std::vector<testing::Forgery>& forgeries) {
    const std::string file = (dir_ / name).string();
    const Status written = testing::write_forged(file, solution, forgeries, 64);
    EXPECT_TRUE(written.ok()) << written.error().to_string();
    return file;
  }

  // probe of p on `file` in each form that prints p's value (`with_moves`: also those that list
  // its moves and line: plain and --json; else --batch and --batch --json): exit 1, nothing on
  // stdout, `named` (a state and what is wrong with it) and `catmouse verify FILE` on stderr.
  void expect_probe_refuses(const std::string& file, const Position& p, const std::string& named,
                            bool with_moves = true) {
    const std::string batch = write("query.jsonl", query_of(p));
    std::vector<std::vector<std::string>> forms = {{"--batch", batch},
                                                   {"--batch", batch, "--json"}};
    if (with_moves) {
      const std::vector<std::string> state = {"--mouse", std::to_string(p.mouse),
                                              "--cat",   std::to_string(p.cats[0]),
                                              "--turn",  std::string(side_name(p.turn))};
      forms = {state, state};
      forms[1].push_back("--json");
    }
    for (const std::vector<std::string>& form : forms) {
      std::vector<std::string> command = {CATMOUSE_CLI, "probe", file};
      command.insert(command.end(), form.begin(), form.end());
      const Child child = run_child(command, dir_);
      const std::string what = "probe " + fs::path(file).filename().string() + " " + form.back();
      EXPECT_EQ(child.exit_code, 1) << what << ": " << child.err;
      EXPECT_EQ(child.out, "") << what;
      EXPECT_NE(child.err.find(file + ": " + named), std::string::npos)
          << what << ": " << child.err;
      EXPECT_NE(child.err.find("; run catmouse verify " + file + " to check the whole file"),
                std::string::npos)
          << what << ": " << child.err;
    }
  }

  Child probe(const std::string& file, const Position& p, const std::string& form = "") {
    std::vector<std::string> command = {CATMOUSE_CLI,
                                        "probe",
                                        file,
                                        "--mouse",
                                        std::to_string(p.mouse),
                                        "--cat",
                                        std::to_string(p.cats[0]),
                                        "--turn",
                                        std::string(side_name(p.turn))};
    if (!form.empty()) command.push_back(form);
    return run_child(command, dir_);
  }
};

TEST_F(ForgedValues, ProbeNamesAPositionItsMovesOrTheRulesContradict) {
  // LeetCode's first example, a draw from its start (mouse 1, cat 2, mouse to move).
  const Solution good = solved(cli_test::example("leetcode1.json"));
  const Position start = one_cat(1, 2, Side::kMouse);
  const Position capture = one_cat(1, 1, Side::kMouse);
  ASSERT_EQ(good.value(start).value, Value::kDraw);
  // The file as solved answers (the checks pass on a sound file).
  const std::string sound = forged_file("sound.cmtb", good, {});
  for (const Position& p : {start, capture}) {
    for (const char* form : {"", "--json"}) {
      const Child child = probe(sound, p, form);
      EXPECT_EQ(child.exit_code, 0) << child.err;
      EXPECT_NE(child.out, "");
    }
  }
  // The start claimed a mouse win in 0 (the reproducer printed "mouse wins in 0 moves from
  // (mouse 1, cat 2, mouse to move)" and exit 0): no move of the mouse wins.
  const std::string start_won =
      forged_file("start.cmtb", good, {{index_of(good, start), Value::kMouseWin, 0}});
  expect_probe_refuses(start_won, start,
                       "state (mouse 1, cat 2, mouse to move): certificate check failed: claims "
                       "mouse in 0 but no move wins");
  expect_probe_refuses(start_won, start,
                       "state (mouse 1, cat 2, mouse to move): certificate check failed:", false);
  // The mouse on the cat, claimed a mouse win (printed "mouse wins in 0 moves ... end: capture").
  const std::string captured =
      forged_file("capture.cmtb", good, {{index_of(good, capture), Value::kMouseWin, 0}});
  for (const bool with_moves : {true, false}) {
    expect_probe_refuses(captured, capture,
                         "state (mouse 1, cat 1, mouse to move): certificate check failed: "
                         "finished position holds mouse in 0, expected cat in 0",
                         with_moves);
  }
  // A values-only file: a draw claimed a cat win, where the mouse has a drawing move.
  const Solution values = solved(cli_test::example("leetcode1.json"), true);
  const std::string lean =
      forged_file("values.cmtb", values, {{index_of(values, start), Value::kCatWin, 0}});
  expect_probe_refuses(lean, start,
                       "state (mouse 1, cat 2, mouse to move): certificate check failed: claims "
                       "cat but a move draws");
}

TEST_F(ForgedValues, ProbeChecksEveryMoveItListsAndEveryPositionOfTheLine) {
  // A cat win in 22 plies from the start: a line of 23 positions.
  const Solution good = solved(cli_test::data("long_win.json"));
  const Position start = good.start();
  const StateValue value = good.value(start);
  ASSERT_EQ(value.value, Value::kCatWin);
  ASSERT_EQ(value.remoteness, 22u);
  const Line line = good.line(start).value();
  ASSERT_EQ(line.positions.size(), 23u);
  // A move that is not the best, its remoteness raised by 2 (below the best's: the start still
  // agrees with its moves), is contradicted by its own moves.
  const Position best = good.best_move(start)->child;
  std::optional<Move> other;
  for (const Move& m : good.moves(start)) {
    if (!(m.child == best) && m.value.remoteness && *m.value.remoteness + 2 < 21) other = m;
  }
  ASSERT_TRUE(other);
  const std::string moved = forged_file(
      "move.cmtb", good,
      {{index_of(good, other->child), other->value.value, *other->value.remoteness + 2}});
  expect_probe_refuses(moved, start,
                       "state " + describe(other->child) + ": certificate check failed:");
  // The start's own answer holds: --batch, which prints only its value, answers.
  const std::string batch = write("start.jsonl", query_of(start));
  const Child answered = run_child({CATMOUSE_CLI, "probe", moved, "--batch", batch}, dir_);
  EXPECT_EQ(answered.exit_code, 0) << answered.err;
  EXPECT_EQ(answered.out.rfind(describe(start) + ": cat wins in 22 moves, best move to ", 0), 0u)
      << answered.out;
  // The fourth position of the line, its remoteness raised by 6: the start and its moves agree
  // with theirs, the line's third position does not.
  const Position& fourth = line.positions[3];
  const StateValue fourth_value = good.value(fourth);
  const std::string deep =
      forged_file("line.cmtb", good,
                  {{index_of(good, fourth), fourth_value.value, *fourth_value.remoteness + 6}});
  expect_probe_refuses(deep, start,
                       "state " + describe(line.positions[2]) + ": certificate check failed:");
}

TEST_F(ForgedValues, TableStopsBeforeTheFirstRowItsMovesOrTheRulesContradict) {
  const Solution good = solved(cli_test::example("leetcode1.json"));
  const Position capture = one_cat(1, 1, Side::kMouse);
  const std::string sound = forged_file("sound.cmtb", good, {});
  const Child rows = run_child({CATMOUSE_CLI, "table", sound, "--out", "-"}, dir_);
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  // The reproducer wrote `1,1,mouse,mouse,0,` and exit 0.
  const std::string forged =
      forged_file("capture.cmtb", good, {{index_of(good, capture), Value::kMouseWin, 0}});
  const Child stopped = run_child({CATMOUSE_CLI, "table", forged, "--out", "-"}, dir_);
  EXPECT_EQ(stopped.exit_code, 1) << stopped.err;
  // What was printed before the bad row stays; the bad row and those after it never come.
  const std::size_t bad = rows.out.find("\n1,1,mouse,");
  ASSERT_NE(bad, std::string::npos);
  EXPECT_EQ(stopped.out, rows.out.substr(0, bad + 1));
  EXPECT_NE(stopped.err.find(forged +
                             ": state (mouse 1, cat 1, mouse to move): certificate check failed: "
                             "finished position holds mouse in 0, expected cat in 0; "
                             "run catmouse verify " +
                             forged + " to check the whole file"),
            std::string::npos)
      << stopped.err;
  // To a file: nothing is left, neither the file nor its temporary.
  const fs::path csv = dir_ / "rows.csv";
  const Child to_file = run_child({CATMOUSE_CLI, "table", forged, "--out", csv.string()}, dir_);
  EXPECT_EQ(to_file.exit_code, 1) << to_file.err;
  EXPECT_EQ(to_file.out, "");
  EXPECT_FALSE(fs::exists(csv));
  EXPECT_FALSE(fs::exists(csv.string() + ".partial"));
  // A values-only file: the start (a draw) claimed a cat win while the mouse has a drawing move.
  const Solution values = solved(cli_test::example("leetcode1.json"), true);
  const Position start = one_cat(1, 2, Side::kMouse);
  const std::string lean =
      forged_file("values.cmtb", values, {{index_of(values, start), Value::kCatWin, 0}});
  const Child lean_rows = run_child({CATMOUSE_CLI, "table", lean, "--out", "-"}, dir_);
  EXPECT_EQ(lean_rows.exit_code, 1) << lean_rows.err;
  EXPECT_EQ(lean_rows.out.find("1,2,mouse,"), std::string::npos) << lean_rows.out;
  EXPECT_NE(lean_rows.err.find("state (mouse 1, cat 2, mouse to move): certificate check failed: "
                               "claims cat but a move draws"),
            std::string::npos)
      << lean_rows.err;
}

// A number of kB from /proc/self/status ("VmHWM", "VmRSS"), in bytes.
std::uint64_t status_bytes(const std::string& key) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind(key + ":", 0) == 0) return std::stoull(line.substr(key.size() + 1)) * 1024;
  }
  return 0;
}

// How much the resident set grows while `work` runs, measured in a child process (fork) whose
// peak is reset first (/proc/self/clear_refs), so that what the test held before does not count.
// UINT64_MAX when it cannot be measured.
std::uint64_t growth_in_child(const std::function<void()>& work) {
  int channel[2];
  if (::pipe(channel) != 0) return UINT64_MAX;
  std::fflush(stdout);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(channel[0]);
    std::uint64_t growth = UINT64_MAX;
    if (std::ofstream("/proc/self/clear_refs") << "5") {
      const std::uint64_t before = status_bytes("VmRSS");
      work();
      growth = status_bytes("VmHWM") - before;
    }
    const bool sent = ::write(channel[1], &growth, sizeof growth) == sizeof growth;
    ::_exit(sent ? 0 : 1);
  }
  ::close(channel[1]);
  std::uint64_t growth = UINT64_MAX;
  if (::read(channel[0], &growth, sizeof growth) != sizeof growth) growth = UINT64_MAX;
  ::close(channel[0]);
  ::waitpid(pid, nullptr, 0);
  return growth;
}

TEST_F(ForgedTablebase, ProbeCachesStayWithinTheMemoryLimit) {
  // Blocks whose payloads take a megabyte each: probing positions all over the board fills the
  // 64 cache slots without a limit, and as many as fit with one. The values are garbage, which
  // `probe` refuses at its first position (it checks each against its moves), so the caches are
  // measured through the library's queries, which answer what the file holds: the same
  // limit_query_memory() and the same reads, in a child process.
  const std::string valid = seed("leetcode1.cmtb");
  const std::string file =
      write("cycling.cmtb", forge(valid, thirty_thousand_nodes(valid), Frames::kCycling));
  const auto probe_all = [&](std::uint64_t limit) {
    Tablebase tablebase = Tablebase::open(file).value();
    if (!tablebase.limit_query_memory(limit).ok()) return;
    for (std::uint64_t i = 0; i < 400; ++i) {
      Position p = tablebase.start();
      p.mouse = static_cast<NodeId>(1 + i * 7919 % 29999);
      p.cats = {static_cast<NodeId>(1 + i * 104729 % 29999)};
      p.turn = i % 2 == 0 ? Side::kMouse : Side::kCat;
      if (!tablebase.value(p).ok() || !tablebase.best_move(p).ok()) return;
    }
  };
  const std::uint64_t free = growth_in_child([&] { probe_all(0); });
  const std::uint64_t bounded = growth_in_child([&] { probe_all(std::uint64_t{40} << 20); });
  if (free == UINT64_MAX || bounded == UINT64_MAX) {
    GTEST_SKIP() << "the peak of a process cannot be reset here (/proc/self/clear_refs)";
  }
  std::printf("growth without a limit %.1f MiB, with a limit of 40 MiB %.1f MiB\n",
              static_cast<double>(free) / (1 << 20), static_cast<double>(bounded) / (1 << 20));
  EXPECT_GT(free, std::uint64_t{60} << 20);
  // Under AddressSanitizer freed blocks wait in its quarantine (256 MiB at most) before their
  // memory is reused, so the bounded run's peak there is the limit plus what the quarantine held;
  // the limit must still save most of it.
  if (cli_test::kSanitized) {
    EXPECT_LT(bounded + (std::uint64_t{48} << 20), free);
  } else {
    EXPECT_LT(bounded, std::uint64_t{40} << 20);
  }
  // probe --batch itself names the first position its moves contradict, within the limit.
  const std::string batch = write("queries.jsonl", "{\"mouse\":1,\"cat\":2,\"turn\":\"cat\"}\n");
  const Child probe =
      run_child({CATMOUSE_CLI, "probe", file, "--batch", batch, "--memory", "40M"}, dir_);
  EXPECT_EQ(probe.exit_code, 1) << probe.err;
  EXPECT_EQ(probe.out, "");
  EXPECT_NE(probe.err.find("state (mouse 1, cat 2, cat to move): certificate check failed: "),
            std::string::npos)
      << probe.err;
  if (!cli_test::kSanitized) {
    EXPECT_LT(probe.peak_bytes, std::uint64_t{40} << 20);
  }
}

}  // namespace
}  // namespace catmouse
