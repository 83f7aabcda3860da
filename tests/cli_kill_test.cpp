// `catmouse solve --save FILE --checkpoint-every 0` killed with SIGKILL at random moments, again
// and again, each run resuming from the checkpoint the last one left: FILE is never there unless
// it is whole and byte for byte the file an uninterrupted save writes, and the last run leaves
// nothing else behind. One loop on a random graph (the sweep kernel), one on a maze (the
// frontier kernel, many levels); and SIGINT, which leaves only what a checkpoint needs. Labels
// `cli` and `slow`.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Memory when there is a tmpfs (the runs sync at every checkpoint), else the temporary folder.
fs::path scratch_folder() {
  std::error_code error;
  if (fs::is_directory("/dev/shm", error) && ::access("/dev/shm", W_OK) == 0) return "/dev/shm";
  return fs::temp_directory_path();
}

struct Outcome {
  bool killed = false;  // ended by our signal
  int exit_code = -1;
  std::string err;
};

// Runs catmouse with `args`, stderr to `err`; sends it `signal` after `kill_after` (and once
// `file` exists, if given) unless it has ended by then.
Outcome run_catmouse(const std::vector<std::string>& args, const fs::path& err,
                     std::optional<std::chrono::microseconds> kill_after, int signal = SIGKILL,
                     const fs::path& file = {}) {
  std::vector<char*> argv;
  std::string program = CATMOUSE_CLI;
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);  // or the child's freopen() writes our buffered output again
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::FILE* out = std::freopen("/dev/null", "w", stdout);
    std::FILE* errors = std::freopen(err.c_str(), "w", stderr);
    if (out == nullptr || errors == nullptr) ::_exit(126);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  Outcome run;
  if (pid < 0) return run;
  int status = 0;
  if (kill_after) {
    std::this_thread::sleep_for(*kill_after);
    while (!file.empty() && !fs::exists(file) && ::waitpid(pid, &status, WNOHANG) == 0) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    ::kill(pid, signal);  // a child that has ended already is a zombie: no harm
  }
  ::waitpid(pid, &status, 0);
  run.killed = WIFSIGNALED(status) && WTERMSIG(status) == signal;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.err = slurp(err);
  return run;
}

// The kill loop on the graph `gen_args` makes: at least `kills` kills.
void kill_loop(const std::string& name, const std::vector<std::string>& gen_args, int kills) {
  const fs::path dir = scratch_folder() / ("catmouse_kill_" + std::to_string(::getpid()) + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path graph = dir / "graph.json", err = dir / "err.txt";
  std::vector<std::string> gen{"gen"};
  gen.insert(gen.end(), gen_args.begin(), gen_args.end());
  gen.insert(gen.end(), {"--seed", "3", "--out", graph.string()});
  ASSERT_EQ(run_catmouse(gen, err, std::nullopt).exit_code, 0);

  const fs::path reference = dir / "reference.cmtb";
  const auto started = std::chrono::steady_clock::now();
  ASSERT_EQ(run_catmouse({"solve", graph.string(), "--threads", "1", "--save", reference.string()},
                         err, std::nullopt)
                .exit_code,
            0);
  // Kill moments are spread over the length of a whole save (only to place them).
  const auto whole = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - started);
  const std::string expected = slurp(reference);
  ASSERT_FALSE(expected.empty());

  const fs::path file = dir / "killed.cmtb";
  const fs::path spill = file.string() + ".spill", checkpoint = file.string() + ".checkpoint";
  const std::vector<std::string> save{"solve",  graph.string(), "--threads",          "1",
                                      "--save", file.string(),  "--checkpoint-every", "0"};
  catmouse::testing::Random random(17);
  int killed = 0, resumed = 0, finished = 0;
  for (int round = 0; killed < kills && round < 20 * kills; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const bool had_checkpoint = fs::exists(checkpoint);
    const auto delay = std::chrono::microseconds(
        random.below(static_cast<std::uint32_t>(whole.count() * 11 / 10 + 1)));
    const Outcome run = run_catmouse(save, err, delay);
    const bool said_resuming = run.err.find("catmouse: resuming from ") != std::string::npos;
    if (said_resuming) ++resumed;
    // Only a run that found a checkpoint resumes (a run killed early may not have said so yet).
    if (!had_checkpoint) {
      EXPECT_FALSE(said_resuming) << run.err;
    }
    // Never a file that looks finished but is not the whole file.
    if (fs::exists(file)) {
      ASSERT_EQ(slurp(file), expected);
    }
    if (run.killed) {
      ++killed;
      continue;
    }
    ASSERT_EQ(run.exit_code, 0) << run.err;
    if (had_checkpoint) {
      EXPECT_TRUE(said_resuming) << run.err;
    }
    ASSERT_EQ(slurp(file), expected);
    EXPECT_FALSE(fs::exists(spill));
    EXPECT_FALSE(fs::exists(checkpoint));
    ++finished;
    fs::remove(file);  // and start over, so that the kills fall everywhere in a save
  }
  EXPECT_GE(killed, kills);
  // The last save, whatever the kills left, finishes with the same bytes and nothing else.
  const Outcome last = run_catmouse(save, err, std::nullopt);
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(slurp(file), expected);
  EXPECT_FALSE(fs::exists(spill));
  EXPECT_FALSE(fs::exists(checkpoint));
  EXPECT_FALSE(fs::exists(file.string() + ".partial"));
  std::printf("%s: %d kills, %d runs resumed, %d finished between kills (a save takes %.2f s)\n",
              name.c_str(), killed, resumed, finished, whole.count() / 1e6);
  fs::remove_all(dir);
}

// Ctrl-C (SIGINT) removes the unfinished file; the spill file goes too unless a checkpoint names
// it, and a save then resumes from that checkpoint, with or without --checkpoint-every.
TEST(CliKill, InterruptKeepsOnlyWhatACheckpointNeeds) {
  const fs::path dir = scratch_folder() / ("catmouse_int_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path graph = dir / "graph.json", err = dir / "err.txt";
  ASSERT_EQ(run_catmouse({"gen", "random", "--nodes", "2500", "--degree", "6", "--seed", "3",
                          "--out", graph.string()},
                         err, std::nullopt)
                .exit_code,
            0);
  const fs::path reference = dir / "reference.cmtb", file = dir / "saved.cmtb";
  const fs::path spill = file.string() + ".spill", checkpoint = file.string() + ".checkpoint";
  ASSERT_EQ(run_catmouse({"solve", graph.string(), "--threads", "1", "--save", reference.string()},
                         err, std::nullopt)
                .exit_code,
            0);
  const std::vector<std::string> plain{"solve", graph.string(), "--threads",
                                       "1",     "--save",       file.string()};
  std::vector<std::string> checkpointed = plain;
  checkpointed.insert(checkpointed.end(), {"--checkpoint-every", "0"});

  // Without checkpoints: interrupted once the spill file exists, nothing is left.
  Outcome run = run_catmouse(plain, err, std::chrono::microseconds(0), SIGINT, spill);
  std::printf("interrupted: without checkpoints %s", run.killed ? "yes" : "no (it finished)");
  if (run.killed) {
    EXPECT_FALSE(fs::exists(spill));
    EXPECT_FALSE(fs::exists(file.string() + ".partial"));
    EXPECT_FALSE(fs::exists(file));
  }
  fs::remove(file);
  // With checkpoints: interrupted after the first, the checkpoint and its spill file stay.
  run = run_catmouse(checkpointed, err, std::chrono::microseconds(0), SIGINT, checkpoint);
  std::printf(", with %s", run.killed ? "yes" : "no (it finished)");
  if (run.killed) {
    EXPECT_TRUE(fs::exists(spill));
    EXPECT_TRUE(fs::exists(checkpoint));
    EXPECT_FALSE(fs::exists(file.string() + ".partial"));
    EXPECT_FALSE(fs::exists(file));
    // Resumed without the option, and interrupted again: the spill file stays for the checkpoint.
    run = run_catmouse(plain, err, std::chrono::microseconds(1000), SIGINT);
    std::printf(", resumed %s", run.killed ? "yes" : "no (it finished)");
    if (run.killed) {
      EXPECT_TRUE(fs::exists(spill));
      EXPECT_TRUE(fs::exists(checkpoint));
    }
    run = run_catmouse(plain, err, std::nullopt);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("catmouse: resuming from "), std::string::npos) << run.err;
  } else {
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  std::printf("\n");
  EXPECT_EQ(slurp(file), slurp(reference));
  EXPECT_FALSE(fs::exists(spill));
  EXPECT_FALSE(fs::exists(checkpoint));
  fs::remove_all(dir);
}

TEST(CliKill, SaveOfARandomGraphSurvivesKills) {
  kill_loop("random", {"random", "--nodes", "1500", "--degree", "6"}, 24);
}

TEST(CliKill, SaveOfAMazeSurvivesKills) {
  kill_loop("maze", {"maze", "--nodes", "1500"}, 12);
}

}  // namespace
