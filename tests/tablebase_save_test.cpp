// Saving through the spill file (solve_to_tablebase, tablebase/tablebase.hpp): the same bytes as
// the table in memory for every kernel, family, rule variant and file option, with remoteness and
// values only; a save stopped after any level resumes from its checkpoint to the same bytes;
// checkpoints of other games, options or damaged ones are refused; and the spill file's writer,
// replay and merge on their own.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "catmouse/io/generate.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/tablebase/save.hpp"
#include "tablebase/checkpoint.hpp"
#include "tablebase/spill.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

namespace fs = std::filesystem;
namespace tb = tablebase;

// Where the tests' files go: memory when there is a tmpfs (a save syncs its spill file and
// checkpoint at every checkpoint, and these tests take hundreds), else the temporary folder.
fs::path scratch_folder() {
  std::error_code error;
  if (fs::is_directory("/dev/shm", error) && ::access("/dev/shm", W_OK) == 0) return "/dev/shm";
  return fs::temp_directory_path();
}

// A file name in the scratch folder whose file, spill file and checkpoint are removed at the end
// of the test.
class SavePath {
 public:
  explicit SavePath(const std::string& name)
      : path_(testing::temp_name("save_" + name + ".cmtb", scratch_folder()).string()) {
    clean();
  }
  ~SavePath() { clean(); }
  const std::string& path() const { return path_; }
  std::string spill() const { return tablebase_spill_path(path_); }
  std::string checkpoint() const { return tablebase_checkpoint_path(path_); }
  void clean() const {
    for (const std::string& p : {path_, spill(), checkpoint(), path_ + ".partial"}) {
      std::error_code ignored;
      fs::remove_all(p, ignored);
    }
  }

 private:
  std::string path_;
};

using testing::slurp;

// The graphs of these tests: seed 5.
Graph generated(GraphFamily family, NodeId nodes, double degree = 4) {
  return testing::generated(family, nodes, degree, 5);
}

// The bytes write_tablebase() gives for the solved game.
std::string in_memory_bytes(const GameSpec& spec, const SolveOptions& options,
                            const TablebaseWriteOptions& write) {
  const SavePath file("memory");
  Result<Solution> solution = solve(spec, options);
  EXPECT_TRUE(solution.ok()) << solution.error().to_string();
  const Status ok = write_tablebase(file.path(), *solution, write);
  EXPECT_TRUE(ok.ok()) << ok.error().to_string();
  return slurp(file.path());
}

Result<TablebaseSaveReport> save(const GameSpec& spec, const SolveOptions& options,
                                 const SavePath& file, const TablebaseSaveOptions& saving = {}) {
  return solve_to_tablebase(spec, options, file.path(), saving);
}

struct Case {
  std::string name;
  GameSpec spec;
  Engine engine = Engine::kAuto;
};

// Games for every one-cat kernel: the small kernel (at most 64 nodes), the general engine on
// a small board (rows shorter than a word), the sweep kernel (random graphs) and the frontier
// kernel (paths, grids, mazes); rule variants, directed graphs, a cat graph and a grid map.
std::vector<Case> one_cat_cases() {
  std::vector<Case> cases;
  cases.push_back({"small_random", make_spec(generated(GraphFamily::kRandom, 40))});
  cases.push_back(
      {"general_on_30", make_spec(generated(GraphFamily::kRandom, 30)), Engine::kGeneral});
  cases.push_back({"sweep_random", make_spec(generated(GraphFamily::kRandom, 150, 6))});
  cases.push_back({"frontier_path", make_spec(generated(GraphFamily::kPath, 120))});
  cases.push_back({"frontier_grid", make_spec(generated(GraphFamily::kGrid, 100))});
  cases.push_back({"frontier_maze", make_spec(generated(GraphFamily::kMaze, 90))});
  Rules variants;
  variants.holes = {0, 5};
  variants.cat_forbidden = std::vector<NodeId>{0, 7, 9};
  variants.mouse_stays = true;
  variants.cat_stays = true;
  variants.first = Side::kCat;
  variants.cat_wins_in_hole = true;
  variants.move_limit = 11;
  variants.limit_outcome = LimitOutcome::kCatWin;
  cases.push_back({"variants", make_spec(generated(GraphFamily::kRandom, 90), variants)});
  Rules stuck;
  stuck.stuck = StuckRule::kDraw;
  stuck.move_limit = 7;
  cases.push_back({"stuck_and_limit", make_spec(generated(GraphFamily::kTree, 80), stuck)});
  const std::vector<Edge> arcs{{1, 0}, {2, 1}, {1, 2}, {3, 1}, {2, 3}, {3, 0}, {0, 2},
                               {4, 3}, {3, 4}, {4, 2}, {5, 4}, {2, 5}, {5, 0}};
  cases.push_back(
      {"directed", make_spec(Graph::from_edges(6, arcs, true).value()), Engine::kGeneral});
  cases.push_back({"grid_map", grid_spec(GridMap{{"####F...", "#C......", "M...#..."}, 1, 2})});
  GameSpec two_graphs = make_spec(generated(GraphFamily::kRandom, 70));
  two_graphs.cat_graph = generated(GraphFamily::kCycle, 70);
  cases.push_back({"cat_graph", two_graphs});
  return cases;
}

TEST(TablebaseSave, SameBytesAsTheTableInMemory) {
  TablebaseWriteOptions small_blocks;  // many blocks: the dictionary's sampling pass seeks
  small_blocks.block_states = 64;
  TablebaseWriteOptions plain;
  plain.dictionary = false;
  plain.level = 1;
  for (const Case& c : one_cat_cases()) {
    for (const bool values_only : {false, true}) {
      if (values_only && c.spec.rules.move_limit > 0) continue;
      for (const TablebaseWriteOptions* write : {&small_blocks, &plain}) {
        SCOPED_TRACE(c.name + (values_only ? " values only" : "") +
                     (write == &plain ? " plain" : " small blocks"));
        SolveOptions options;
        options.engine = c.engine;
        options.values_only = values_only;
        options.threads = 2;
        const SavePath file(c.name);
        TablebaseSaveOptions saving;
        saving.write = *write;
        Result<TablebaseSaveReport> report = save(c.spec, options, file, saving);
        ASSERT_TRUE(report.ok()) << report.error().to_string();
        EXPECT_TRUE(report->spilled);
        EXPECT_EQ(slurp(file.path()), in_memory_bytes(c.spec, options, *write));
        EXPECT_FALSE(fs::exists(file.spill()));
        EXPECT_FALSE(fs::exists(file.checkpoint()));
      }
    }
  }
}

TEST(TablebaseSave, OtherEnginesSaveFromMemory) {
  Rules cats;
  cats.cats = 2;
  cats.cat_starts = {2, 3};
  for (const GameSpec& spec : {make_spec(generated(GraphFamily::kRandom, 12), cats),
                               make_spec(generated(GraphFamily::kRandom, 14), cops_rules(2))}) {
    const SavePath file("k_cats");
    Result<TablebaseSaveReport> report = save(spec, {}, file);
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    EXPECT_FALSE(report->spilled);
    EXPECT_EQ(slurp(file.path()), in_memory_bytes(spec, {}, {}));
    TablebaseSaveOptions saving;
    saving.checkpoint_every = std::chrono::milliseconds(0);
    report = save(spec, {}, file, saving);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.error().where.field_text(), "checkpoint_every");
  }
}

// Stops a save with checkpoints after `levels` levels (as a crash would, but with the process
// alive): the cancellation comes after the level's checkpoint.
Result<TablebaseSaveReport> save_stopped_after(const GameSpec& spec, SolveOptions options,
                                               const SavePath& file, int levels) {
  auto seen = std::make_shared<int>(0);
  options.cancelled = [seen, levels] { return ++*seen > levels; };
  TablebaseSaveOptions saving;
  saving.checkpoint_every = std::chrono::milliseconds(0);
  return save(spec, options, file, saving);
}

// The times the solve polls SolveOptions::cancelled: once per level.
int polls(const GameSpec& spec, SolveOptions options) {
  auto count = std::make_shared<int>(0);
  options.cancelled = [count] {
    ++*count;
    return false;
  };
  EXPECT_TRUE(solve(spec, options).ok());
  return *count;
}

// Stopped after a few levels, in the middle and at the end, each save resumes to the same bytes.
TEST(TablebaseSave, ResumesAfterAnyLevelToTheSameBytes) {
  for (const Case& c : one_cat_cases()) {
    if (c.name == "variants" || c.name == "grid_map" || c.name == "cat_graph") continue;
    for (const bool values_only : {false, true}) {
      if (values_only && c.spec.rules.move_limit > 0) continue;
      SCOPED_TRACE(c.name + (values_only ? " values only" : ""));
      SolveOptions options;
      options.engine = c.engine;
      options.values_only = values_only;
      const std::string expected = in_memory_bytes(c.spec, options, {});
      const int levels = polls(c.spec, options);
      ASSERT_GT(levels, 2);
      for (const int stop : {0, 1, 2, levels / 3, 2 * levels / 3, levels - 2, levels - 1}) {
        SCOPED_TRACE("stopped after " + std::to_string(stop) + " of " + std::to_string(levels));
        const SavePath file(c.name + "_resume");
        Result<TablebaseSaveReport> stopped = save_stopped_after(c.spec, options, file, stop);
        ASSERT_FALSE(stopped.ok());
        ASSERT_EQ(stopped.error().where.field_text(), "cancelled") << stopped.error().to_string();
        ASSERT_FALSE(fs::exists(file.path()));
        ASSERT_TRUE(fs::exists(file.checkpoint()));
        Result<TablebaseSaveReport> resumed = save(c.spec, options, file);
        ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
        ASSERT_TRUE(resumed->resumed.has_value());
        EXPECT_FALSE(resumed->resumed->solved);
        EXPECT_EQ(resumed->resumed->checkpoint, file.checkpoint());
        EXPECT_EQ(slurp(file.path()), expected);
        EXPECT_FALSE(fs::exists(file.spill()));
        EXPECT_FALSE(fs::exists(file.checkpoint()));
      }
    }
  }
}

// A save whose solve finished but whose file could not be written resumes at the writing.
TEST(TablebaseSave, ResumesWithOnlyTheFileToWrite) {
  const GameSpec spec = make_spec(generated(GraphFamily::kRandom, 100, 6));
  const SavePath file("write_left");
  fs::create_directory(file.path() + ".partial");  // the writer cannot create its temporary
  TablebaseSaveOptions saving;
  saving.checkpoint_every = std::chrono::hours(1);  // only the one at the end of the solve
  Result<TablebaseSaveReport> failed = save(spec, {}, file, saving);
  ASSERT_FALSE(failed.ok());
  ASSERT_TRUE(fs::exists(file.checkpoint()));
  fs::remove(file.path() + ".partial");
  std::vector<TablebaseResume> said;
  saving.resumed = [&](const TablebaseResume& r) { said.push_back(r); };
  Result<TablebaseSaveReport> resumed = save(spec, {}, file, saving);
  ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
  ASSERT_EQ(said.size(), 1u);
  EXPECT_TRUE(said[0].solved);
  EXPECT_EQ(said[0].decided, resumed->counts.mouse_wins + resumed->counts.cat_wins);
  EXPECT_EQ(slurp(file.path()), in_memory_bytes(spec, {}, {}));
}

// A save without checkpoints leaves nothing behind when it fails.
TEST(TablebaseSave, FailureWithoutCheckpointsLeavesNoSpill) {
  const GameSpec spec = make_spec(generated(GraphFamily::kRandom, 100, 6));
  const SavePath file("no_checkpoint");
  SolveOptions options;
  options.cancelled = [] { return true; };
  Result<TablebaseSaveReport> failed = save(spec, options, file);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().where.field_text(), "cancelled");
  EXPECT_FALSE(fs::exists(file.spill()));
  EXPECT_FALSE(fs::exists(file.checkpoint()));
  EXPECT_FALSE(fs::exists(file.path()));
}

// A checkpoint left by a save of `spec` stopped after two levels.
void leave_checkpoint(const GameSpec& spec, const SavePath& file,
                      const SolveOptions& options = {}) {
  Result<TablebaseSaveReport> stopped = save_stopped_after(spec, options, file, 2);
  ASSERT_FALSE(stopped.ok());
  ASSERT_TRUE(fs::exists(file.checkpoint()));
}

void expect_refused(const Result<TablebaseSaveReport>& report, const std::string& field,
                    const std::string& words) {
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().where.field_text(), field) << report.error().to_string();
  EXPECT_NE(report.error().message.find(words), std::string::npos) << report.error().to_string();
}

TEST(TablebaseSave, RefusesCheckpointsOfAnotherSave) {
  const GameSpec spec = make_spec(generated(GraphFamily::kRandom, 100, 6));
  const SavePath file("refused");
  leave_checkpoint(spec, file);
  expect_refused(save(make_spec(generated(GraphFamily::kRandom, 101, 6)), {}, file), "checkpoint",
                 "a checkpoint of a save with another board; delete it and");
  GameSpec holes = spec;
  holes.rules.holes = {0, 3};
  expect_refused(save(holes, {}, file), "checkpoint", "other rules");
  SolveOptions values_only;
  values_only.values_only = true;
  expect_refused(save(spec, values_only, file), "checkpoint", "remoteness (no --values-only)");
  TablebaseSaveOptions other_blocks;
  other_blocks.write.block_states = 128;
  expect_refused(save(spec, {}, file, other_blocks), "checkpoint", "other file options");
  // The checkpoint is still there, and the right save resumes from it.
  Result<TablebaseSaveReport> resumed = save(spec, {}, file);
  ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
  EXPECT_TRUE(resumed->resumed.has_value());
  EXPECT_EQ(slurp(file.path()), in_memory_bytes(spec, {}, {}));
}

TEST(TablebaseSave, RefusesDamagedCheckpointsAndSpills) {
  const GameSpec spec = make_spec(generated(GraphFamily::kRandom, 100, 6));
  const SavePath file("damaged");
  leave_checkpoint(spec, file);
  const std::string checkpoint = slurp(file.checkpoint());
  const std::string spill = slurp(file.spill());
  const auto put = [](const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  };
  for (std::size_t at :
       {std::size_t{0}, std::size_t{20}, checkpoint.size() / 2, checkpoint.size() - 1}) {
    std::string bad = checkpoint;
    bad[at] = static_cast<char>(bad[at] ^ 1);
    put(file.checkpoint(), bad);
    expect_refused(save(spec, {}, file), "checkpoint",
                   at == 0 ? "not a catmouse checkpoint" : "the checkpoint is damaged");
  }
  put(file.checkpoint(), checkpoint.substr(0, checkpoint.size() - 9));
  expect_refused(save(spec, {}, file), "checkpoint", "damaged");
  put(file.checkpoint(), checkpoint);
  put(file.spill(), spill.substr(0, spill.size() - 1));
  expect_refused(save(spec, {}, file), "checkpoint", "the spill file has");
  std::string bad_spill = spill;
  bad_spill[spill.size() / 2] = static_cast<char>(bad_spill[spill.size() / 2] ^ 1);
  put(file.spill(), bad_spill);
  expect_refused(save(spec, {}, file), "checkpoint", "checksum mismatch");
  put(file.spill(), spill);
  Result<TablebaseSaveReport> resumed = save(spec, {}, file);
  ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
}

TEST(TablebaseSave, RefusesASpillFileInUse) {
  const SavePath file("in_use");
  Result<tb::SpillFile> held = tb::SpillFile::open(file.spill());
  ASSERT_TRUE(held.ok());
  expect_refused(save(make_spec(generated(GraphFamily::kRandom, 100, 6)), {}, file), "spill",
                 "another catmouse is saving");
}

// ---- The spill file alone ---------------------------------------------------------------------

// Levels of random states (each state in at most one level), some handed out word by word in
// order and some state by state in any order, enough for several frames per level.
struct Levels {
  StateIndex states = 0;
  std::vector<std::pair<std::int32_t, bool>> truth;  // per state: level (-1 none), mouse wins
};

Levels random_levels(StateIndex states, int levels, testing::Random& random) {
  Levels out;
  out.states = states;
  out.truth.assign(states, {-1, false});
  for (StateIndex i = 0; i < states; ++i) {
    if (random.below(8) == 0) continue;  // a draw
    // Dense runs and sparse stretches, so that both kinds of entries appear.
    const int level = (i / 512) % 3 == 0 ? static_cast<int>(random.below(levels))
                                         : static_cast<int>((i / 97) % levels);
    out.truth[i] = {level, random.below(3) == 0};
  }
  return out;
}

TEST(TablebaseSpill, MergesLevelsIntoCodes) {
  testing::Random random(11);
  const StateIndex states = 1000000 + 37;
  const int level_count = 9;
  const Levels levels = random_levels(states, level_count, random);
  const SavePath file("spill_unit");
  tb::SpillFile spill = tb::SpillFile::open(file.spill()).value();
  ASSERT_TRUE(spill.truncate(0).ok());
  tb::SpillIndex index;
  int done = 0;
  tb::SpillWriter writer(spill, index, states, [&](std::uint32_t) {
    ++done;
    return Status();
  });
  for (int level = 0; level < level_count; ++level) {
    const bool unordered = level % 3 == 1;
    std::vector<StateIndex> mine;
    for (StateIndex i = 0; i < states; ++i) {
      if (levels.truth[i].first == level) mine.push_back(i);
    }
    if (unordered) {
      for (std::size_t k = mine.size(); k > 1; --k) std::swap(mine[k - 1], mine[random.below(k)]);
      for (StateIndex i : mine) writer.add_state(i, levels.truth[i].second);
    } else {
      // Words at odd offsets, as the kernels' rows give them.
      for (std::size_t k = 0; k < mine.size();) {
        LevelWord word{mine[k], 0, 0};
        for (; k < mine.size() && mine[k] < word.first + 64; ++k) {
          word.states |= std::uint64_t{1} << (mine[k] - word.first);
          if (levels.truth[mine[k]].second)
            word.mouse |= std::uint64_t{1} << (mine[k] - word.first);
        }
        writer.add(word);
      }
    }
    ASSERT_TRUE(writer.end_level(static_cast<std::uint32_t>(level)));
  }
  EXPECT_EQ(done, level_count);
  ASSERT_EQ(index.levels.size(), static_cast<std::size_t>(level_count));
  std::size_t most_frames = 0;
  for (const tb::SpillLevel& level : index.levels) {
    most_frames = std::max(most_frames, level.frames.size());
  }
  EXPECT_GT(most_frames, 1u);

  for (const bool remoteness : {true, false}) {
    tb::SpillCodes codes(spill, index, states, remoteness);
    const auto expected = [&](StateIndex i) -> std::uint32_t {
      const auto [level, mouse] = levels.truth[i];
      if (level < 0) return 0;
      return remoteness ? 1 + 2 * level + (mouse ? 0 : 1) : (mouse ? 1 : 2);
    };
    // Sampled blocks first (seeking), then every block, as the writer asks.
    for (const StateIndex step : {StateIndex{4096 * 7}, StateIndex{4096}}) {
      for (StateIndex first = 0; first < states; first += step) {
        std::vector<std::uint32_t> out(std::min<StateIndex>(4096, states - first));
        ASSERT_TRUE(codes.fill(first, out).ok());
        for (std::size_t j = 0; j < out.size(); ++j) {
          ASSERT_EQ(out[j], expected(first + j)) << "state " << first + j;
        }
      }
    }
  }

  tb::SpillReplay replay(spill, index, states);
  EXPECT_EQ(replay.last_level(), static_cast<std::uint32_t>(level_count - 1));
  std::vector<std::int32_t> replayed(states, -1);
  std::uint32_t last = 0;
  ASSERT_TRUE(replay.replay([&](std::uint32_t level, std::span<const LevelWord> words) {
    EXPECT_GE(level, last);
    last = level;
    for (const LevelWord& w : words) {
      EXPECT_EQ(w.first % 64, 0u);
      for (int j = 0; j < 64; ++j) {
        if (!((w.states >> j) & 1)) continue;
        const StateIndex i = w.first + j;
        EXPECT_EQ(replayed[i], -1);
        replayed[i] = static_cast<std::int32_t>(level);
        EXPECT_EQ(((w.mouse >> j) & 1) != 0, levels.truth[i].second);
      }
    }
  }));
  for (StateIndex i = 0; i < states; ++i) ASSERT_EQ(replayed[i], levels.truth[i].first);

  // The checkpoint holds the index whole.
  const tb::Checkpoint checkpoint{tb::CheckpointKey{}, true, index};
  Result<tb::Checkpoint> decoded = tb::decode_checkpoint(tb::encode_checkpoint(checkpoint));
  ASSERT_TRUE(decoded.ok()) << decoded.error().to_string();
  EXPECT_EQ(decoded->index.bytes, index.bytes);
  ASSERT_EQ(decoded->index.levels.size(), index.levels.size());
  EXPECT_EQ(decoded->index.levels[4].frames.size(), index.levels[4].frames.size());
  EXPECT_EQ(decoded->index.levels[4].mouse_wins, index.levels[4].mouse_wins);
}

TEST(TablebaseSpill, RefusesStatesOutOfOrder) {
  const SavePath file("spill_order");
  tb::SpillFile spill = tb::SpillFile::open(file.spill()).value();
  tb::SpillIndex index;
  tb::SpillWriter writer(spill, index, 1000, {});
  writer.add({640, 1, 0});
  writer.add({64, 1, 0});
  EXPECT_FALSE(writer.end_level(0));
  ASSERT_TRUE(writer.error().has_value());
  EXPECT_NE(writer.error()->message.find("out of order"), std::string::npos);
}

}  // namespace
}  // namespace catmouse
