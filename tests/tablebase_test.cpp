// Tablebase files (tablebase/tablebase.hpp): every state read back from files of every family
// equals the solved table; every single-byte corruption and every truncation of a small file is
// caught, never answered wrongly; the block codec alone; the fuzz target over its seed corpus.
#include "catmouse/tablebase/tablebase.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catmouse/io/generate.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/tablebase/save.hpp"
#include "tablebase/codec.hpp"
#include "test_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace catmouse {
namespace {

namespace fs = std::filesystem;

using testing::generated;
using testing::slurp;
using testing::TempPath;

Solution solved(GameSpec spec, const SolveOptions& options = {}) {
  Result<Solution> solution = solve(std::move(spec), options);
  EXPECT_TRUE(solution.ok()) << solution.error().to_string();
  return std::move(solution).value();
}

std::string write(const Solution& solution, const std::string& path,
                  const TablebaseWriteOptions& options = {}) {
  const Status ok = write_tablebase(path, solution, options);
  EXPECT_TRUE(ok.ok()) << ok.error().to_string();
  return slurp(path);
}

// Every position of the game, valid or not, in state order.
std::vector<Position> every_position(const Game& game) {
  std::vector<Position> out;
  for (StateIndex i = 0; i < game.state_count(); ++i) out.push_back(game.space().position(i));
  return out;
}

// The file answers exactly as the solution for every state, and holds the same table.
void expect_same_answers(const Solution& solution, const Tablebase& tablebase) {
  const Game& game = solution.game();
  ASSERT_EQ(tablebase.game().state_count(), game.state_count());
  EXPECT_EQ(tablebase.info().counts.states, solution.counts().states);
  EXPECT_EQ(tablebase.info().counts.mouse_wins, solution.counts().mouse_wins);
  EXPECT_EQ(tablebase.info().counts.max_remoteness, solution.counts().max_remoteness);
  EXPECT_EQ(tablebase.info().engine, solution.engine());
  int mismatches = 0;
  for (const Position& p : every_position(game)) {
    const Result<StateValue> value = tablebase.value(p);
    ASSERT_TRUE(value.ok()) << value.error().to_string();
    const Result<std::optional<Move>> best = tablebase.best_move(p);
    ASSERT_TRUE(best.ok()) << best.error().to_string();
    const auto expected = solution.best_move(p);
    if (*value != solution.value(p) || best->has_value() != expected.has_value() ||
        (expected && (**best).child != expected->child)) {
      if (++mismatches < 5) ADD_FAILURE() << "differs at " << describe(p);
    }
  }
  EXPECT_EQ(mismatches, 0);
  const Position start = solution.start();
  const Result<std::vector<Move>> moves = tablebase.moves(start);
  ASSERT_TRUE(moves.ok());
  ASSERT_EQ(moves->size(), solution.moves(start).size());
  if (solution.has_remoteness()) {
    const Result<Line> line = tablebase.line(start);
    ASSERT_TRUE(line.ok());
    EXPECT_EQ(line->positions, solution.line(start)->positions);
  }
  Result<Solution> loaded = tablebase.load();
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  EXPECT_TRUE(loaded->table() == solution.table());
  const TablebaseCheck check = tablebase.verify();
  EXPECT_EQ(check.verdict, TablebaseVerdict::kValid)
      << (check.error ? check.error->to_string() : std::string());
}

void round_trip(const std::string& name, const Solution& solution,
                const TablebaseWriteOptions& options = {}) {
  SCOPED_TRACE(name);
  const TempPath file(name + ".cmtb");
  write(solution, file.str(), options);
  Result<Tablebase> tablebase = Tablebase::open(file.str());
  ASSERT_TRUE(tablebase.ok()) << tablebase.error().to_string();
  expect_same_answers(solution, *tablebase);
}

TEST(Tablebase, RoundTripsEveryFamily) {
  for (const auto family :
       {GraphFamily::kRandom, GraphFamily::kGrid, GraphFamily::kTree, GraphFamily::kCycle}) {
    const Solution solution = solved(make_spec(generated(family, 40)));
    TablebaseWriteOptions small_blocks;
    small_blocks.block_states = 64;
    round_trip("family", solution, small_blocks);
    round_trip("family_default", solution);
  }
}

TEST(Tablebase, RoundTripsRuleVariantsAndValuesOnly) {
  Rules rules;
  rules.holes = {0, 5};
  rules.cat_forbidden = std::vector<NodeId>{0, 7};
  rules.mouse_stays = true;
  rules.cat_stays = true;
  rules.first = Side::kCat;
  rules.move_limit = 9;
  rules.limit_outcome = LimitOutcome::kCatWin;
  const Graph graph = generated(GraphFamily::kRandom, 30);
  round_trip("variants", solved(make_spec(graph, rules)));
  SolveOptions values_only;
  values_only.values_only = true;
  round_trip("values_only", solved(make_spec(graph), values_only));
  const std::vector<Edge> arcs{{1, 0}, {2, 1}, {1, 2}, {3, 1}, {2, 3}, {3, 0}, {0, 2}};
  Rules stuck_draws;
  stuck_draws.stuck = StuckRule::kDraw;
  stuck_draws.cat_forbidden = std::vector<NodeId>{};
  stuck_draws.cat_wins_in_hole = true;
  round_trip("stuck_draws", solved(make_spec(graph, stuck_draws)));
  round_trip("directed", solved(make_spec(Graph::from_edges(4, arcs, true).value())));
}

TEST(Tablebase, RoundTripsGridMapsKCatsAndCops) {
  const GridMap map{{"####F", "#C...", "M...."}, 1, 2};
  const Solution grid = solved(grid_spec(map));
  round_trip("grid", grid);
  const TempPath file("grid_map.cmtb");
  write(grid, file.str());
  const Tablebase tablebase = Tablebase::open(file.str()).value();
  ASSERT_TRUE(tablebase.spec().grid.has_value());
  EXPECT_EQ(tablebase.spec().grid->rows, map.rows);
  EXPECT_TRUE(tablebase.spec().cat_graph.has_value());

  Rules cats;
  cats.cats = 2;
  cats.cat_starts = {2, 3};
  const Solution two_cats = solved(make_spec(generated(GraphFamily::kRandom, 12), cats));
  EXPECT_EQ(two_cats.engine(), Engine::kPack);
  round_trip("two_cats", two_cats);

  const Solution cops = solved(make_spec(generated(GraphFamily::kRandom, 14), cops_rules(2)));
  EXPECT_EQ(cops.engine(), Engine::kCops);
  round_trip("cops", cops);
}

// Enough blocks for a trained dictionary; several threads give the same bytes as one.
TEST(Tablebase, DictionaryAndThreadsKeepTheBytes) {
  const Solution solution = solved(make_spec(generated(GraphFamily::kRandom, 400, 6)));
  const TempPath one("threads1.cmtb"), two("threads2.cmtb");
  TablebaseWriteOptions options;
  options.threads = 1;
  const std::string bytes = write(solution, one.str(), options);
  options.threads = 2;
  EXPECT_EQ(write(solution, two.str(), options), bytes);
  const Tablebase tablebase = Tablebase::open(one.str()).value();
  EXPECT_GT(tablebase.info().dictionary_bytes, 0u);
  EXPECT_EQ(tablebase.info().blocks, (2 * 400 * 400 + 4095) / 4096);
  expect_same_answers(solution, tablebase);
}

// A small file of several blocks for the corruption tests.
std::string small_file(const std::string& path) {
  const Solution solution = solved(make_spec(
      testing::graph_from_lists({{2, 5}, {3, 4}, {0, 4, 5}, {1, 4, 5}, {1, 2, 3}, {0, 2, 3}})));
  TablebaseWriteOptions options;
  options.block_states = 64;
  return write(solution, path, options);
}

// Whether every answer from `tablebase` is either an error or the truth.
void expect_no_wrong_answer(const Tablebase& truth, const Tablebase& tablebase, bool& detected) {
  if (!(tablebase.game().state_count() == truth.game().state_count())) {
    detected = true;  // a header that passed its checksum cannot differ; counted as caught
    return;
  }
  for (const Position& p : every_position(truth.game())) {
    const Result<StateValue> value = tablebase.value(p);
    const Result<std::optional<Move>> best = tablebase.best_move(p);
    if (!value.ok() || !best.ok()) {
      detected = true;
      continue;
    }
    EXPECT_EQ(*value, *truth.value(p)) << describe(p);
    const auto expected = *truth.best_move(p);
    ASSERT_EQ(best->has_value(), expected.has_value());
    if (expected) {
      EXPECT_EQ((**best).child, expected->child);
    }
  }
}

TEST(Tablebase, EverySingleByteCorruptionIsCaught) {
  const TempPath file("corrupt.cmtb");
  const std::string bytes = small_file(file.str());
  const Tablebase truth = Tablebase::open(file.str()).value();
  ASSERT_GE(truth.info().blocks, 2u);
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    SCOPED_TRACE("byte " + std::to_string(at));
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 0xff);
    Result<Tablebase> opened = Tablebase::from_bytes(bad, "corrupt.cmtb");
    if (!opened.ok()) continue;  // caught on opening
    const TablebaseCheck check = opened->verify();
    EXPECT_EQ(check.verdict, TablebaseVerdict::kCorrupt);
    ASSERT_TRUE(check.error.has_value());
    bool detected = false;
    expect_no_wrong_answer(truth, *opened, detected);
    EXPECT_TRUE(detected) << "probing every state read the corrupt byte without noticing";
  }
}

TEST(Tablebase, CorruptBlocksAreNamed) {
  const TempPath file("named.cmtb");
  std::string bytes = small_file(file.str());
  const Tablebase truth = Tablebase::open(file.str()).value();
  // The last byte of the first block, just before the second: its offset is the index's third
  // word, the index being what comes before the end offset and the footer.
  const std::size_t index = bytes.size() - 48 - (truth.info().blocks * 16 + 8);
  std::size_t second = 0;
  for (int i = 7; i >= 0; --i) {
    second = second * 256 + static_cast<std::uint8_t>(bytes[index + 16 + i]);
  }
  bytes[second - 1] = static_cast<char>(bytes[second - 1] ^ 1);
  const Tablebase bad = Tablebase::from_bytes(bytes, "named.cmtb").value();
  const TablebaseCheck check = bad.verify();
  EXPECT_EQ(check.verdict, TablebaseVerdict::kCorrupt);
  EXPECT_EQ(check.block, 0u);
  EXPECT_EQ(check.error->to_string(),
            "named.cmtb: block 0: checksum mismatch: the block is corrupt");
  const Result<StateValue> value = bad.value(Position(State{0, 1, Side::kMouse}));
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.error().where.field_text(), "block 0");
  // States of the other block still answer.
  EXPECT_TRUE(bad.value(Position(State{5, 5, Side::kCat})).ok());
}

TEST(Tablebase, TruncatedWrongMagicFutureVersionAndMissingFilesAreUnreadable) {
  const TempPath file("unreadable.cmtb");
  const std::string bytes = small_file(file.str());
  for (std::size_t length = 0; length < bytes.size(); ++length) {
    const Result<Tablebase> cut = Tablebase::from_bytes(bytes.substr(0, length), "cut.cmtb");
    ASSERT_FALSE(cut.ok()) << length << " bytes";
  }
  EXPECT_EQ(Tablebase::from_bytes(bytes.substr(0, 100), "cut.cmtb").error().to_string(),
            "cut.cmtb: truncated: 100 bytes, less than the header (192 bytes) and the footer");
  EXPECT_EQ(
      Tablebase::from_bytes(bytes.substr(0, bytes.size() - 1), "cut.cmtb").error().to_string(),
      "cut.cmtb: unfinished or truncated: no end-of-file footer (the file was cut short, or "
      "its writing never finished)");
  std::string magic = bytes;
  magic[1] = 'X';
  EXPECT_EQ(Tablebase::from_bytes(magic, "m.cmtb").error().to_string(),
            "m.cmtb: not a catmouse tablebase (the file does not start with the .cmtb magic)");
  std::string future = bytes;
  future[8] = 2;
  EXPECT_EQ(Tablebase::from_bytes(future, "f.cmtb").error().to_string(),
            "f.cmtb: tablebase format version 2 is newer than this catmouse reads (1); a newer "
            "catmouse is needed");
  const TablebaseCheck missing = verify_tablebase(file.str() + ".missing");
  EXPECT_EQ(missing.verdict, TablebaseVerdict::kUnreadable);
  EXPECT_NE(missing.error->to_string().find("cannot open: No such file or directory"),
            std::string::npos);
}

TEST(Tablebase, ChecksTheBoard) {
  const TempPath file("board.cmtb");
  small_file(file.str());
  const Tablebase tablebase = Tablebase::open(file.str()).value();
  EXPECT_TRUE(tablebase.check_board(tablebase.spec()).ok());
  const GameSpec other = make_spec(testing::graph_from_lists({{1, 2}, {0, 2}, {0, 1}}));
  const Status different = tablebase.check_board(other);
  ASSERT_FALSE(different.ok());
  EXPECT_NE(different.error().message.find("another board"), std::string::npos);
}

TEST(Tablebase, CodecRoundTripsEveryWidth) {
  testing::Random random(11);
  for (const std::uint32_t top : {2u, 200u, 70000u, 3000000000u}) {
    for (const std::uint32_t states : {1u, 63u, 64u, 1000u, 4096u}) {
      std::vector<std::uint32_t> codes(states);
      // A few frequent codes (planes) and a tail of rare ones.
      for (auto& c : codes) {
        const std::uint32_t r = random.below(10);
        c = r < 5 ? 1 : r < 8 ? 2 : static_cast<std::uint32_t>(random.next() % (top + 1ull));
      }
      std::string payload;
      tablebase::encode_payload(codes, payload);
      tablebase::Payload parsed;
      std::memcpy(parsed.prepare(payload.size()), payload.data(), payload.size());
      ASSERT_TRUE(parsed.parse(payload.size(), states, top).ok());
      std::vector<std::uint32_t> decoded(states);
      parsed.decode(decoded);
      EXPECT_EQ(decoded, codes);
      for (std::uint32_t j = 0; j < states; ++j) ASSERT_EQ(parsed.code(j), codes[j]) << j;
      // A code beyond the table's greatest is refused.
      EXPECT_FALSE(parsed.parse(payload.size(), states, 0).ok());
    }
  }
}

// The fuzz target's smoke run: its seed corpus, and every corruption of a small file.
TEST(TablebaseFuzz, SeedCorpusAndCorruptions) {
  const fs::path corpus = fs::path(CATMOUSE_TEST_DATA) / "../../fuzz/corpus/tablebase";
  int seeds = 0;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    const std::string bytes = slurp(entry.path().string());
    EXPECT_TRUE(Tablebase::from_bytes(bytes).ok()) << entry.path() << " is stale: regenerate it";
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ++seeds;
  }
  EXPECT_GE(seeds, 3);
  const TempPath file("fuzz.cmtb");
  const std::string bytes = small_file(file.str());
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const int flip : {0x01, 0x80, 0xff}) {
      std::string bad = bytes;
      bad[at] = static_cast<char>(bad[at] ^ flip);
      LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bad.data()), bad.size());
    }
  }
}

}  // namespace
}  // namespace catmouse
