// The streaming certificate check (src/solve/stream_verify.hpp) against the simple per-state
// check (verify(game, table, first, last) in solve/verify.hpp), its reference: on the valid
// tables of many small one-cat games (rule variants, several holes, stuck draws, grid maps, values
// only, remoteness past one byte) both accept; on tables broken one state at a time (a value
// flipped, a remoteness raised or lowered, a draw made a win, a win made a draw) both name the same
// first state with the same message; and through a tablebase file, the same state and its block.
#include "solve/stream_verify.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>

#include "catmouse/core/owned_game.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/verify.hpp"
#include "catmouse/tablebase/save.hpp"
#include "catmouse/tablebase/tablebase.hpp"
#include "forged_table.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

// A table's codes with a greater bound on their remoteness than they reach, so that the check
// takes keys of two or four bytes.
class WidenedSource : public detail::CodeSource {
 public:
  WidenedSource(const detail::TableCodeSource& inner, std::uint32_t max_remoteness)
      : CodeSource(inner.states(), inner.block_states(), inner.remoteness(), max_remoteness),
        inner_(inner) {}
  std::unique_ptr<Reader> reader() const override { return inner_.reader(); }

 private:
  const detail::TableCodeSource& inner_;
};

// The streaming check of an in-memory table on `threads` threads, in blocks of `block_states`,
// with keys as wide as a remoteness of `widen` needs (0: as the table needs).
Status streamed(const Game& game, const Table& table, unsigned threads = 1,
                std::uint64_t block_states = 64, std::uint32_t widen = 0) {
  const detail::TableCodeSource table_source(table, block_states);
  const WidenedSource wide(table_source, widen);
  const detail::CodeSource& source = widen != 0 && table.has_remoteness()
                                         ? static_cast<const detail::CodeSource&>(wide)
                                         : table_source;
  EXPECT_TRUE(detail::streamable(game, source));
  detail::WorkerPool pool(threads);
  auto failure = detail::stream_verify(game, source, pool);
  if (!failure) return {};
  EXPECT_EQ(failure->kind, detail::StreamFailure::Kind::kState);
  EXPECT_EQ(failure->state / block_states, failure->block);
  return *failure->error;
}

Status reference(const Game& game, const Table& table) {
  return verify(game, table, 0, game.state_count());
}

std::string verdict(const Status& status) {
  if (status.ok()) return "valid";
  return status.error().where.field_text() + ": " + status.error().message;
}

// Both checks, on one, two and three threads and in blocks that split rows or hold several.
void expect_agree(const Game& game, const Table& table, const std::string& what) {
  const std::string expected = verdict(reference(game, table));
  for (const unsigned threads : {1u, 3u}) {
    for (const std::uint64_t block : {64u, 4096u}) {
      EXPECT_EQ(verdict(streamed(game, table, threads, block)), expected)
          << what << ", " << threads << " threads, blocks of " << block;
    }
  }
  EXPECT_EQ(verdict(verify(game, table)), expected) << what << ", verify(game, table)";
}

using testing::changed;

// Each kind of fault, at state i of a valid table (nothing when it does not apply there).
std::vector<std::pair<std::string, Table>> faults(const Table& good, StateIndex i) {
  std::vector<std::pair<std::string, Table>> out;
  const Value v = good.value(i);
  const std::uint32_t r = good.remoteness_raw(i);
  const bool remoteness = good.has_remoteness();
  const auto with = [&](const std::string& name, Value value, std::uint32_t remote) {
    out.emplace_back(name, changed(good, i, value, remoteness ? remote : kNoRemoteness));
  };
  if (v == Value::kDraw) {
    with("draw made a mouse win", Value::kMouseWin, 1);
    with("draw made a cat win", Value::kCatWin, 2);
    return out;
  }
  with("value flipped", v == Value::kCatWin ? Value::kMouseWin : Value::kCatWin, r);
  with("win made a draw", Value::kDraw, kNoRemoteness);
  if (remoteness) {
    with("remoteness raised", v, r + 1);
    if (r > 0) with("remoteness lowered", v, r - 1);
  }
  return out;
}

Table solved_table(const Game& game, bool values_only = false) {
  SolveOptions options;
  options.values_only = values_only;
  Result<Table> table = solve_table(game, options);
  EXPECT_TRUE(table.ok());
  return std::move(table).value();
}

// Every fault at every `stride`-th valid state: the same first state, with the same message.
void expect_faults_agree(const Game& game, const Table& good, const std::string& what,
                         StateIndex stride) {
  int rejected = 0;
  for (StateIndex i = 0; i < game.state_count(); i += stride) {
    for (const auto& [name, bad] : faults(good, i)) {
      const Status simple = reference(game, bad);
      if (!simple.ok()) ++rejected;
      EXPECT_EQ(verdict(streamed(game, bad, 2, 64)), verdict(simple))
          << what << ": " << name << " at state " << i;
    }
  }
  EXPECT_GT(rejected, 0) << what;
}

struct Variant {
  std::string name;
  std::function<void(Rules&)> set;
};

std::vector<Variant> variants() {
  return {
      {"plain", [](Rules&) {}},
      {"mouse stays", [](Rules& r) { r.mouse_stays = true; }},
      {"cat stays", [](Rules& r) { r.cat_stays = true; }},
      {"both stay, stuck draws",
       [](Rules& r) {
         r.mouse_stays = r.cat_stays = true;
         r.stuck = StuckRule::kDraw;
       }},
      {"stuck draws", [](Rules& r) { r.stuck = StuckRule::kDraw; }},
      {"two holes, the cat forbidden one",
       [](Rules& r) {
         r.holes = {0, 3};
         r.cat_forbidden = std::vector<NodeId>{3};
       }},
      {"the cat wins in a hole",
       [](Rules& r) {
         r.holes = {0, 4};
         r.cat_forbidden = std::vector<NodeId>{};
         r.cat_wins_in_hole = true;
       }},
      {"the cat moves first", [](Rules& r) { r.first = Side::kCat; }},
  };
}

TEST(StreamVerify, AgreesWithTheSimpleCheckOnValidAndBrokenTables) {
  testing::Random random(26);
  for (const Variant& variant : variants()) {
    for (int g = 0; g < 12; ++g) {
      const NodeId n = static_cast<NodeId>(5 + g % 6);
      const Graph graph = g % 3 == 2 ? testing::random_digraph(n, 35, random)
                                     : testing::random_graph(n, 30 + 10 * (g % 4), random);
      Rules rules;
      variant.set(rules);
      if (!validate(rules, graph).ok()) continue;
      const Game game(graph, rules);
      const std::string what = variant.name + ", graph " + std::to_string(g);
      for (const bool values_only : {false, true}) {
        const Table good = solved_table(game, values_only);
        expect_agree(game, good, what);
        EXPECT_TRUE(streamed(game, good).ok()) << what;
        expect_faults_agree(game, good, what + (values_only ? ", values only" : ""), 7);
      }
    }
  }
}

// Each variant valid on a small six-node graph: its game and its name.
void for_each_small_game(const std::function<void(const Game&, const std::string&)>& check) {
  const Graph graph =
      testing::graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  for (const Variant& variant : variants()) {
    Rules rules;
    variant.set(rules);
    if (!validate(rules, graph).ok()) continue;
    const Game game(graph, rules);
    check(game, variant.name);
  }
}

TEST(StreamVerify, AgreesOnEveryFaultOfASmallGame) {
  for_each_small_game([](const Game& game, const std::string& variant) {
    expect_faults_agree(game, solved_table(game), variant, 1);
    expect_faults_agree(game, solved_table(game, true), variant + ", values only", 1);
  });
}

TEST(StreamVerify, AgreesOnGridMaps) {
  for (const char* text :
       {R"({"grid": ["####F", "#C...", "M...."], "catJump": 1, "mouseJump": 2})",
        R"({"grid": ["M.C...F"], "catJump": 1, "mouseJump": 4})",
        R"({"grid": ["C...#", "...#F", "....#", "M...."], "catJump": 2, "mouseJump": 5})"}) {
    Result<GameSpec> spec = read_game(text, "map.json");
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    Result<OwnedGame> owned = own_game(*spec);
    ASSERT_TRUE(owned.ok());
    const Game& game = owned->game();
    const Table good = solved_table(game);
    expect_agree(game, good, text);
    EXPECT_TRUE(streamed(game, good).ok()) << text;
    expect_faults_agree(game, good, text, 5);
  }
}

// Keys of two and four bytes (a greatest remoteness past 126 or past 32766), on valid and
// broken tables.
TEST(StreamVerify, AgreesWithWiderKeys) {
  for_each_small_game([](const Game& game, const std::string& variant) {
    const Table good = solved_table(game);
    for (const std::uint32_t widen : {200u, 40000u}) {
      EXPECT_TRUE(streamed(game, good, 2, 64, widen).ok()) << variant;
      for (StateIndex i = 0; i < game.state_count(); i += 3) {
        for (const auto& [name, bad] : faults(good, i)) {
          EXPECT_EQ(verdict(streamed(game, bad, 2, 64, widen)), verdict(reference(game, bad)))
              << variant << ": " << name << " at state " << i << ", widened to " << widen;
        }
      }
    }
  });
}

// A game with a forced win of more than 126 plies (a real two-byte table).
TEST(StreamVerify, AgreesPastOneByteOfRemoteness) {
  // A path: the mouse at one end, the hole at the other, the cat chasing from behind on a loop.
  std::vector<std::vector<NodeId>> lists(140);
  for (NodeId v = 0; v + 1 < 140; ++v) {
    lists[v].push_back(v + 1);
    lists[v + 1].push_back(v);
  }
  const Graph graph = testing::graph_from_lists(lists);
  Rules rules;
  rules.mouse_start = 139;
  rules.cat_start = 138;
  rules.stuck = StuckRule::kDraw;
  const Game game(graph, rules);
  const Table good = solved_table(game);
  std::uint32_t deepest = 0;
  for (StateIndex i = 0; i < good.state_count(); ++i) {
    if (good.remoteness_raw(i) != kNoRemoteness)
      deepest = std::max(deepest, good.remoteness_raw(i));
  }
  ASSERT_GT(deepest, 126u);
  expect_agree(game, good, "path");
  expect_faults_agree(game, good, "path", 1009);
}

// Remoteness claims that go round in a circle: every draw of a drawn game claimed a mouse win in
// 5 (each such state's drawn children now also claim wins). A check of values alone can be
// fooled by a circle; the remoteness check cannot.
TEST(StreamVerify, RejectsACircularClaimOfAWin) {
  // The mouse and the cat run round a cycle away from the hole, which the cat guards.
  const Graph graph = testing::graph_from_lists({{1}, {0, 2, 4}, {1, 3}, {2, 4}, {3, 1}});
  const Game game(graph, Rules{});
  const Table good = solved_table(game);
  Table circular = changed(good, 0, good.value(0), good.remoteness_raw(0));
  int draws = 0;
  for (StateIndex i = 0; i < good.state_count(); ++i) {
    if (game.valid_at(i) && good.value(i) == Value::kDraw) {
      circular.set(i, Value::kMouseWin, 5);
      ++draws;
    }
  }
  ASSERT_GT(draws, 0);
  const Status status = streamed(game, circular);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(verdict(status), verdict(reference(game, circular)));
  EXPECT_EQ(status.error().where.field, ErrorField::kState);
}

// k cats take the per-state check, whose answers verify() gives.
TEST(StreamVerify, KCatsTakeTheSimpleCheck) {
  const Graph graph =
      testing::graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  Rules rules;
  rules.cats = 2;
  rules.cat_starts = {2, 3};
  Result<OwnedGame> owned = own_game(make_spec(graph, rules));
  ASSERT_TRUE(owned.ok()) << owned.error().to_string();
  const Game& game = owned->game();
  const Table good = solved_table(game);
  const detail::TableCodeSource source(good);
  EXPECT_FALSE(detail::streamable(game, source));
  EXPECT_TRUE(verify(game, good).ok());
}

// Through a file: a table broken before it was written is rejected by Tablebase::verify, naming
// the block of the reference's first bad state and its message; a file written from a good table
// passes on one and on several threads.
TEST(StreamVerify, NamesTheFirstBadStateAndBlockOfAFile) {
  namespace fs = std::filesystem;
  const fs::path path = fs::temp_directory_path() /
                        ("catmouse_stream_verify_" + std::to_string(::getpid()) + ".cmtb");
  GenerateOptions generate_options;
  generate_options.family = GraphFamily::kRandom;
  generate_options.nodes = 30;
  generate_options.degree = 3;
  const GameSpec spec = make_spec(generate(generate_options).value());
  Result<Solution> solution = solve(spec);
  ASSERT_TRUE(solution.ok());
  const Game& game = solution->game();
  TablebaseWriteOptions write;
  write.block_states = 64;
  ASSERT_TRUE(write_tablebase(path.string(), *solution, write).ok());
  for (const unsigned threads : {1u, 3u}) {
    const TablebaseCheck check = Tablebase::open(path.string()).value().verify(threads);
    EXPECT_EQ(check.verdict, TablebaseVerdict::kValid)
        << (check.error ? check.error->to_string() : "");
  }
  int tried = 0;
  for (StateIndex i = 3; i < game.state_count(); i += 97) {
    for (auto& [name, bad] : faults(solution->table(), i)) {
      const Status simple = reference(game, bad);
      if (simple.ok()) continue;
      ++tried;
      const Solution broken(own_game(spec).value(), std::move(bad), solution->engine());
      ASSERT_TRUE(write_tablebase(path.string(), broken, write).ok());
      const TablebaseCheck check = Tablebase::open(path.string()).value().verify(2);
      ASSERT_EQ(check.verdict, TablebaseVerdict::kCorrupt) << name << " at " << i;
      ASSERT_TRUE(check.error && check.block);
      // The reference block by block, as the check of k cats' files runs it.
      StateIndex block = 0;
      while (verify(game, broken.table(), block * 64, (block + 1) * 64).ok()) ++block;
      EXPECT_EQ(*check.block, block) << name << " at " << i;
      EXPECT_EQ(check.error->to_string(),
                fmt::format("{}: block {}, {}: certificate check failed: {}", path.string(), block,
                            simple.error().where.field_text(), simple.error().message));
      EXPECT_EQ(check.error->message, "certificate check failed: " + simple.error().message)
          << name << " at " << i;
    }
  }
  EXPECT_GT(tried, 10);
  fs::remove(path);
}

}  // namespace
}  // namespace catmouse
