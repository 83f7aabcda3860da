// The checks of what is read from a tablebase file: Tablebase::verify_state (what probe runs on
// every state it prints) agrees with the per-state certificate check on every state of files
// forged one state at a time, one cat and two; and stream_table (tablebase/export.hpp) checks every
// state as verify() does before its row goes
// out: on files written from tables forged one state at a time (tests/forged_table.hpp: every
// checksum valid), the stream hands over exactly the rows of the states before the first state
// the per-state certificate check (verify(game, table, first, last)) rejects, in bands of one row,
// of a few rows and of the whole half alike, and stops naming that state with verify's message;
// sound files stream the same rows in every band; a memory limit below one row's needs is
// refused before a row.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "catmouse/catmouse.hpp"
#include "catmouse/solve/verify.hpp"
#include "catmouse/tablebase/export.hpp"
#include "forged_table.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

namespace fs = std::filesystem;

struct Streamed {
  Status status;
  std::vector<TableRow> rows;
};

Streamed stream(const Tablebase& tablebase, std::uint64_t memory_limit) {
  Streamed out;
  TableStreamOptions options;
  options.memory_limit = memory_limit;
  out.status = stream_table(
      tablebase,
      [&](std::span<const TableRow> rows) {
        out.rows.insert(out.rows.end(), rows.begin(), rows.end());
        return true;
      },
      options);
  return out;
}

bool same_rows(const TableRow& a, const TableRow& b) {
  return a.state == b.state && a.value == b.value && a.remoteness == b.remoteness &&
         a.best_move == b.best_move;
}

class TableStream : public ::testing::Test {
 protected:
  // Limits giving bands of one row, of three rows, and of the whole half.
  std::vector<std::uint64_t> band_limits(const Tablebase& tablebase) const {
    const std::uint64_t least = stream_table_bytes(tablebase);
    const std::uint64_t row = std::uint64_t{tablebase.game().node_count()} * 4;
    return {least, least + 2 * row, 0};
  }

  const testing::TempPath file_{"table_stream.cmtb"};
  const std::string path_ = file_.str();
};

Solution solved(NodeId nodes, std::uint32_t seed, bool values_only) {
  GenerateOptions generate_options;
  generate_options.family = GraphFamily::kRandom;
  generate_options.nodes = nodes;
  generate_options.degree = 3;
  generate_options.seed = seed;
  SolveOptions options;
  options.values_only = values_only;
  Result<Solution> solution = solve(make_spec(generate(generate_options).value()), options);
  EXPECT_TRUE(solution.ok());
  return std::move(solution).value();
}

TEST_F(TableStream, SoundFilesStreamTheSameRowsInEveryBand) {
  for (const bool values_only : {false, true}) {
    const Solution good = solved(23, 1, values_only);
    ASSERT_TRUE(testing::write_forged(path_, good, {}, 64).ok());
    const Tablebase tablebase = Tablebase::open(path_).value();
    const Streamed whole = stream(tablebase, 0);
    ASSERT_TRUE(whole.status.ok()) << whole.status.error().to_string();
    EXPECT_EQ(whole.rows.size(), good.game().valid_state_count());
    for (const std::uint64_t limit : band_limits(tablebase)) {
      const Streamed banded = stream(tablebase, limit);
      ASSERT_TRUE(banded.status.ok()) << banded.status.error().to_string();
      ASSERT_EQ(banded.rows.size(), whole.rows.size());
      for (std::size_t i = 0; i < whole.rows.size(); ++i) {
        ASSERT_TRUE(same_rows(banded.rows[i], whole.rows[i])) << i << ", limit " << limit;
      }
    }
  }
}

TEST_F(TableStream, StopsBeforeTheFirstStateTheCertificateCheckRejects) {
  int rejected = 0;
  for (const bool values_only : {false, true}) {
    const Solution good = solved(23, 2, values_only);
    const Game& game = good.game();
    const Table& table = good.table();
    ASSERT_TRUE(testing::write_forged(path_, good, {}, 64).ok());
    const Streamed sound = stream(Tablebase::open(path_).value(), 0);
    ASSERT_TRUE(sound.status.ok());
    for (StateIndex i = 5; i < game.state_count(); i += 41) {
      const Value v = table.value(i);
      const std::uint32_t r = table.remoteness_raw(i);
      std::vector<testing::Forgery> faults;
      if (v == Value::kDraw) {
        faults.push_back({i, Value::kMouseWin, 1});
      } else {
        faults.push_back({i, v == Value::kCatWin ? Value::kMouseWin : Value::kCatWin, r});
        faults.push_back({i, Value::kDraw, kNoRemoteness});
        if (!values_only) faults.push_back({i, v, r + 1});
      }
      for (const testing::Forgery& fault : faults) {
        const Table bad = testing::forged(table, {fault});
        const Status reference = verify(game, bad, 0, game.state_count());
        if (reference.ok()) continue;
        ++rejected;
        ASSERT_TRUE(testing::write_forged(path_, good, {fault}, 64).ok());
        const Tablebase tablebase = Tablebase::open(path_).value();
        // The first state the per-state check rejects, in index order.
        StateIndex first = 0;
        while (verify(game, bad, first, first + 1).ok()) ++first;
        for (const std::uint64_t limit : band_limits(tablebase)) {
          SCOPED_TRACE("state " + std::to_string(i) + ", limit " + std::to_string(limit));
          const Streamed got = stream(tablebase, limit);
          ASSERT_FALSE(got.status.ok());
          const Error& error = got.status.error();
          EXPECT_EQ(error.where.field, ErrorField::kState);
          EXPECT_EQ(error.where.source, path_);
          EXPECT_EQ(error.where.detail, reference.error().where.detail);
          EXPECT_EQ(error.message, "certificate check failed: " + reference.error().message);
          // Exactly the rows of the valid states before it: their values as stored, and their
          // best moves but where the forged state is a move that now ties or wins.
          std::size_t before = 0;
          while (before < sound.rows.size() &&
                 game.space().index(sound.rows[before].state) < first) {
            ++before;
          }
          ASSERT_EQ(got.rows.size(), before);
          std::vector<StateIndex> children;
          for (std::size_t k = 0; k < before; ++k) {
            TableRow expected = sound.rows[k];
            game.child_indices(game.space().index(expected.state), children);
            if (std::find(children.begin(), children.end(), i) != children.end()) {
              expected.best_move = got.rows[k].best_move;
            }
            ASSERT_TRUE(same_rows(got.rows[k], expected)) << k;
          }
        }
      }
    }
  }
  EXPECT_GT(rejected, 20);
}

TEST_F(TableStream, VerifyStateAgreesWithThePerStateCheck) {
  Rules two_cats;
  two_cats.cats = 2;
  two_cats.cat_starts = {2, 3};
  GenerateOptions generate_options;
  generate_options.family = GraphFamily::kRandom;
  generate_options.nodes = 9;
  generate_options.degree = 3;
  generate_options.seed = 4;
  const Graph graph = generate(generate_options).value();
  int rejected = 0;
  for (const Rules& rules : {Rules{}, two_cats}) {
    const Solution good = solve(make_spec(graph, rules)).value();
    const Game& game = good.game();
    const Table& table = good.table();
    for (StateIndex i = 1; i < game.state_count(); i += 13) {
      const Value v = table.value(i);
      const testing::Forgery fault = v == Value::kDraw
                                         ? testing::Forgery{i, Value::kMouseWin, 3}
                                         : testing::Forgery{i, v, table.remoteness_raw(i) + 2};
      const Table bad = testing::forged(table, {fault});
      ASSERT_TRUE(testing::write_forged(path_, good, {fault}, 64).ok());
      const Tablebase tablebase = Tablebase::open(path_).value();
      // The forged state and the states it moves to or from: each as the per-state check says.
      std::vector<StateIndex> states{i};
      game.child_indices(i, states);
      states.push_back(i);
      for (StateIndex j = 0; j < game.state_count(); ++j) {
        std::vector<StateIndex> children;
        game.child_indices(j, children);
        if (std::find(children.begin(), children.end(), i) != children.end()) states.push_back(j);
      }
      for (const StateIndex j : states) {
        const Position p = game.space().position(j);
        if (!game.valid(p)) continue;
        const Status reference = verify(game, bad, j, j + 1);
        const Status got = tablebase.verify_state(p);
        ASSERT_EQ(got.ok(), reference.ok()) << describe(p);
        if (got.ok()) continue;
        ++rejected;
        EXPECT_EQ(got.error().where.field, ErrorField::kState);
        EXPECT_EQ(got.error().where.detail, describe(p));
        EXPECT_EQ(got.error().where.source, path_);
        EXPECT_EQ(got.error().message, "certificate check failed: " + reference.error().message);
      }
    }
  }
  EXPECT_GT(rejected, 30);
}

TEST_F(TableStream, RefusesAMemoryLimitBelowItsLeast) {
  const Solution good = solved(23, 3, false);
  ASSERT_TRUE(testing::write_forged(path_, good, {}, 64).ok());
  const Tablebase tablebase = Tablebase::open(path_).value();
  const std::uint64_t least = stream_table_bytes(tablebase);
  int calls = 0;
  TableStreamOptions options;
  options.memory_limit = least - 1;
  const Status refused = stream_table(
      tablebase,
      [&](std::span<const TableRow>) {
        ++calls;
        return true;
      },
      options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().where.field, ErrorField::kMemoryLimit);
  EXPECT_EQ(calls, 0);
  // What the caller keeps counts against the limit too.
  options.memory_limit = least;
  options.caller_bytes = 1;
  EXPECT_FALSE(stream_table(
                   tablebase, [](std::span<const TableRow>) { return true; }, options)
                   .ok());
  options.caller_bytes = 0;
  EXPECT_TRUE(stream_table(
                  tablebase, [](std::span<const TableRow>) { return true; }, options)
                  .ok());
}

}  // namespace
}  // namespace catmouse
