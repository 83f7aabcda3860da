// The census's geng: the nauty-geng program run instead of the geng built in gives the same
// totals and says so once; a geng program that ignores SIGTERM does not outlive catmouse (and
// `catmouse census ... 2>&1 | cat` ends); a geng program that closes its output and never exits is
// stopped and reported naming its part (exit 1).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "census_test_util.hpp"
#include "cli_util.hpp"

namespace {

using namespace cli_test;
using census_test::q;
using census_test::temp;

// A geng program that answers --version and otherwise runs `body` after writing its pid to
// `pids`.
std::filesystem::path fake_geng(const std::string& name, const std::filesystem::path& pids,
                                const std::string& body) {
  return census_test::script(name,
                             "[ \"$1\" = --version ] && { echo 'a fake geng'; exit 0; }\n"
                             "echo $$ >> " +
                                 q(pids) + "\n" + body);
}

// Whether every pid listed in `pids` is gone (or a zombie nobody waits for).
bool all_gone(const std::filesystem::path& pids) {
  const CliRun alive = run_command("for p in $(cat " + q(pids) +
                                   "); do s=$(ps -o stat= -p $p); case \"$s\" in ''|Z*) ;; *) "
                                   "echo $p;; esac; done");
  return alive.out.empty();
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(CliCensusGeng, TheProgramInsteadOfTheBuiltInGivesTheSameTotals) {
  REQUIRE_GENG();
  const auto state = temp("fallback.json"), other = temp("builtin.json");
  for (const std::string args : {"cops --nodes 8 --parts 5 --graphs /dev/null",
                                 "mouse --nodes 6 --stuck draw", "floor --nodes 7"}) {
    std::filesystem::remove(state);
    std::filesystem::remove(other);
    const CliRun built_in = cli_test::catmouse("census " + args + " --quiet --state " + q(other));
    const CliRun program =
        run_command("CATMOUSE_CENSUS_NO_BUILT_IN_GENG=1 '" + std::string(CATMOUSE_CLI) +
                    "' census " + args + " --quiet --threads 2 --state " + q(state));
    ASSERT_EQ(built_in.exit_code, 0) << built_in.err;
    ASSERT_EQ(program.exit_code, 0) << program.err;
    EXPECT_EQ(census_test::without_time(program.out), census_test::without_time(built_in.out))
        << args;
    EXPECT_EQ(built_in.out.substr(0, built_in.out.find(" in ")),
              program.out.substr(0, program.out.find(" in ")));
    // Said once, after the line naming the state file.
    const std::vector<std::string> lines = lines_of(program.err);
    ASSERT_EQ(lines.size(), 2u) << program.err;
    EXPECT_EQ(lines[1].rfind("catmouse census: nauty's geng built into catmouse is turned off: "
                             "running /",
                             0),
              0u)
        << program.err;
    EXPECT_NE(cli_test::slurp(state).find("\"nauty\":\"Nauty&Traces version"), std::string::npos);
    EXPECT_NE(cli_test::slurp(other).find("\"program\":\"built-in\""), std::string::npos);
  }
  std::filesystem::remove(state);
  std::filesystem::remove(other);
}

// SIGTERM to catmouse while its geng programs ignore SIGTERM and write nothing: catmouse stops
// them (SIGKILL after the grace period) and ends by the signal; the pipe to cat is closed.
TEST(CliCensusGeng, GengIgnoringSigtermDoesNotOutliveCatmouse) {
  const auto folder = census_test::fresh_folder("stubborn");
  const auto pids = folder / "pids";
  const auto geng = fake_geng("stubborn_geng.sh", pids, "trap '' TERM\nexec sleep 60\n");
  const auto start = std::chrono::steady_clock::now();
  const CliRun run = run_command(
      "{ cd " + q(folder) + " || exit; { sh -c 'echo $$ > catmouse.pid; exec \"$0\" \"$@\"' '" +
      CATMOUSE_CLI +
      "' census cops --nodes 8 --parts 4 --threads 2 --quiet --state s.json --geng " + q(geng) +
      "; echo \"status $?\"; } 2>&1 | cat > out.txt & " +
      "for i in $(seq 200); do [ \"$(cat pids 2>/dev/null | wc -l)\" = 2 ] && break; " +
      "sleep 0.05; done; kill -TERM $(cat catmouse.pid); wait; cat out.txt; }");
  EXPECT_LT(seconds_since(start), 15.0) << run.out;
  EXPECT_NE(run.out.find("status 143"), std::string::npos) << run.out << run.err;
  EXPECT_TRUE(all_gone(pids)) << cli_test::slurp(pids);
  std::filesystem::remove_all(folder);
}

// A geng program that closes its output and sleeps: stopped after the grace period, exit 1 with
// the part named, and `2>&1 | cat` ends.
TEST(CliCensusGeng, GengClosingItsOutputWithoutExitingIsStopped) {
  const auto folder = census_test::fresh_folder("sleeper");
  const auto pids = folder / "pids";
  const auto geng = fake_geng("sleeping_geng.sh", pids, "exec >&-\nexec sleep 60\n");
  const auto start = std::chrono::steady_clock::now();
  // In braces: the input run_command() gives is the census's, not cat's.
  const CliRun run = run_command("{ cd " + q(folder) + " || exit; { '" + CATMOUSE_CLI +
                                 "' census mouse --nodes 5 --parts 1 --quiet --state s.json "
                                 "--geng " +
                                 q(geng) + "; echo \"status $?\"; } 2>&1 | cat; }");
  EXPECT_LT(seconds_since(start), 15.0) << run.out;
  EXPECT_NE(run.out.find("status 1\n"), std::string::npos) << run.out << run.err;
  EXPECT_NE(run.out.find("catmouse: geng part 0/1: closed its output but did not exit within"),
            std::string::npos)
      << run.out;
  EXPECT_TRUE(all_gone(pids)) << cli_test::slurp(pids);
  std::filesystem::remove_all(folder);
}

}  // namespace
