// solve --save --checkpoint-every as a user runs it: the same file as without checkpoints, the
// option's errors, and a save that resumes from a checkpoint (left by the library, as a killed
// save leaves it) or refuses one of another game, options, or a damaged one. The kill loops are
// in cli_kill_test.cpp.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "catmouse/io/game_reader.hpp"
#include "catmouse/tablebase/save.hpp"
#include "catmouse/tablebase/tablebase.hpp"
#include "cli_util.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using cli_test::CliRun;
using cli_test::example;
using cli_test::slurp;

CliRun run(const std::string& args) {
  return cli_test::catmouse(args);
}

using catmouse::testing::put;
using catmouse::testing::TempPath;

// A random graph of `nodes` nodes in a file (the general engine's sweep kernel above 64 nodes).
void random_graph(const TempPath& file, int nodes, int seed = 3) {
  ASSERT_EQ(run("gen random --nodes " + std::to_string(nodes) + " --degree 6 --seed " +
                std::to_string(seed) + " --out " + file.str())
                .exit_code,
            0);
}

TEST(CliTablebase, SaveWithCheckpointsWritesTheSameFile) {
  const TempPath graph("ckpt_graph.json"), plain("ckpt_plain.cmtb"), saved("ckpt_saved.cmtb");
  random_graph(graph, 150);
  for (const char* options : {"", " --values-only", " --json"}) {
    SCOPED_TRACE(options);
    const CliRun a = run("solve " + graph.str() + " --save " + plain.str() + options);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    const CliRun b =
        run("solve " + graph.str() + " --save " + saved.str() + " --checkpoint-every 0" + options);
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(b.err, "");
    if (std::string(options) == " --json") {
      auto first = nlohmann::json::parse(a.out), second = nlohmann::json::parse(b.out);
      first.erase("seconds");
      second.erase("seconds");
      EXPECT_EQ(first, second);
      EXPECT_EQ(second["engine"], "general");
    } else {
      EXPECT_EQ(a.out, b.out);
    }
    EXPECT_EQ(slurp(saved.str()), slurp(plain.str()));
    EXPECT_FALSE(fs::exists(saved.str() + ".spill"));
    EXPECT_FALSE(fs::exists(saved.str() + ".checkpoint"));
  }
}

TEST(CliTablebase, CheckpointOptionErrors) {
  const TempPath file("ckpt_errors.cmtb");
  const std::string graph = example("leetcode1.json");
  const CliRun alone = run("solve " + graph + " --checkpoint-every 1s");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_EQ(alone.err, "catmouse: --checkpoint-every: only with --save\n");
  for (const char* bad : {"5x", "-3s", "s", "1.5", "inf"}) {
    const CliRun result =
        run("solve " + graph + " --save " + file.str() + " --checkpoint-every " + bad);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.err, std::string("catmouse: --checkpoint-every: '") + bad +
                              "' is not a duration (e.g. 30s, 5m, 1h; 0: after every level)\n");
    EXPECT_TRUE(result.out.empty());
  }
  for (const char* good : {"0", "0s", "250ms", "30s", "5m", "1.5h"}) {
    const CliRun result =
        run("solve " + graph + " --save " + file.str() + " --checkpoint-every " + good);
    EXPECT_EQ(result.exit_code, 0) << good << ": " << result.err;
  }
  const CliRun nowhere = run("solve " + graph + " --save /nonexistent/folder/x.cmtb");
  EXPECT_EQ(nowhere.exit_code, 2);
  EXPECT_EQ(
      nowhere.err,
      "catmouse: /nonexistent/folder/x.cmtb.spill: cannot write: No such file or directory\n");
  const CliRun cats =
      run("solve --cats 2 --cat 2,4 " + graph + " --save " + file.str() + " --checkpoint-every 1m");
  EXPECT_EQ(cats.exit_code, 2);
  EXPECT_EQ(cats.err,
            "catmouse: --checkpoint-every: checkpoints are kept for one cat; the pack engine "
            "solves in memory\n");
}

// A checkpoint as a killed save leaves it, made by the library: stopped after two levels.
void leave_checkpoint(const std::string& graph, const std::string& file) {
  std::ifstream in(graph);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ::catmouse::GameSpec spec = ::catmouse::read_game(text, graph).value();
  ::catmouse::SolveOptions options;
  auto levels = std::make_shared<int>(0);
  options.cancelled = [levels] { return ++*levels > 2; };
  ::catmouse::TablebaseSaveOptions save;
  save.checkpoint_every = std::chrono::milliseconds(0);
  ASSERT_FALSE(::catmouse::solve_to_tablebase(spec, options, file, save).ok());
  ASSERT_TRUE(fs::exists(file + ".checkpoint"));
}

TEST(CliTablebase, ResumesFromACheckpointAndRefusesAnother) {
  const TempPath graph("resume_graph.json"), other("resume_other.json"), plain("resume_plain.cmtb"),
      file("resume.cmtb"), spill("resume.cmtb.spill"), checkpoint("resume.cmtb.checkpoint");
  random_graph(graph, 150);
  random_graph(other, 150, 4);
  ASSERT_EQ(run("solve " + graph.str() + " --save " + plain.str()).exit_code, 0);
  leave_checkpoint(graph.str(), file.str());

  const CliRun refused = run("solve " + other.str() + " --save " + file.str());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_TRUE(refused.out.empty());
  EXPECT_EQ(refused.err, "catmouse: " + checkpoint.str() +
                             ": a checkpoint of a save with another board; delete it and " +
                             spill.str() + " to start over, or save to another file\n");
  const CliRun values_only = run("solve " + graph.str() + " --values-only --save " + file.str());
  EXPECT_EQ(values_only.exit_code, 2);
  EXPECT_NE(values_only.err.find("a checkpoint of a save with remoteness (no --values-only)"),
            std::string::npos)
      << values_only.err;

  const CliRun resumed = run("solve " + graph.str() + " --save " + file.str());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.err.rfind("catmouse: resuming from " + checkpoint.str() + ": levels 0 to ", 0),
            0u)
      << resumed.err;
  EXPECT_NE(resumed.err.find(" states decided)\n"), std::string::npos) << resumed.err;
  EXPECT_EQ(slurp(file.str()), slurp(plain.str()));
  EXPECT_FALSE(fs::exists(spill.str()));
  EXPECT_FALSE(fs::exists(checkpoint.str()));

  leave_checkpoint(graph.str(), file.str());
  put(checkpoint.str(), "not a checkpoint at all");
  const CliRun damaged = run("solve " + graph.str() + " --save " + file.str());
  EXPECT_EQ(damaged.exit_code, 2);
  EXPECT_EQ(damaged.err, "catmouse: " + checkpoint.str() +
                             ": not a catmouse checkpoint; delete it and " + spill.str() +
                             " to start over, or save to another file\n");
}

}  // namespace
