// The census's state file and outputs as a user meets them (docs/census.md): the first line names
// the state file; a state file of another catmouse version or generator is refused unless
// --resume-any; forged state files (every reproducer of the adversarial round: -1, 2.9, 2^64 - 1, a
// 999-ply record with hole 77 on 7 nodes, a graph6 with a terminal escape and a newline, cop
// number 0, a capture of 4294967295 moves, counts that do not add up) exit with 2 naming the file
// and the field, nothing on stdout and nothing unescaped on stderr; a second run on one state file
// is refused while the first holds it; every output path error is "PATH: reason" with exit 2, and
// a write error names the file with exit 1.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "census_test_util.hpp"
#include "cli_util.hpp"

namespace {

using namespace cli_test;
using census_test::q;
using census_test::temp;

CliRun census(const std::string& args) {
  return cli_test::catmouse("census " + args);
}

// A run refused with exit code 2: nothing on stdout, `what` on stderr, and no byte on stderr that
// a terminal would act on.
void expect_refused(const CliRun& run, const std::string& what) {
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find(what), std::string::npos) << run.err;
  for (char c : run.err) EXPECT_TRUE(c == '\n' || (c >= 32 && c < 127)) << run.err;
}

// Line `n` (from 1) of a file.
std::string line_of(const std::filesystem::path& path, std::size_t n) {
  const std::vector<std::string> lines = lines_of(slurp(path));
  return n <= lines.size() ? lines[n - 1] : "";
}

// The file with line `n` replaced by `line`.
void replace_line(const std::filesystem::path& from, const std::filesystem::path& to, std::size_t n,
                  const std::string& line) {
  std::vector<std::string> lines = lines_of(slurp(from));
  lines.at(n - 1) = line;
  std::ofstream out(to);
  for (const std::string& l : lines) out << l << "\n";
}

// `line` with the first match of `pattern` replaced.
std::string edited(const std::string& line, const std::string& pattern, const std::string& with) {
  return std::regex_replace(line, std::regex(pattern), with,
                            std::regex_constants::format_first_only);
}

TEST(CliCensusState, FirstLineNamesTheStateFile) {
  REQUIRE_GENG();
  const auto state = temp("named.json");
  std::filesystem::remove(state);
  const CliRun fresh = census("cops --nodes 6 --quiet --graphs /dev/null --state " + q(state));
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  EXPECT_EQ(lines_of(fresh.err).at(0),
            "catmouse census: state file " + state.string() + " (0 of 8 parts done)");
  const CliRun again = census("cops --nodes 6 --quiet --graphs /dev/null --state " + q(state));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(lines_of(again.err).at(0),
            "catmouse census: state file " + state.string() + " (8 of 8 parts done)");
  // The default name, in the current folder.
  const auto folder = census_test::fresh_folder("default_state");
  const CliRun here = run_command("cd " + q(folder) + " && '" + CATMOUSE_CLI +
                                  "' census mouse --nodes 4 --stuck draw --quiet");
  ASSERT_EQ(here.exit_code, 0) << here.err;
  EXPECT_EQ(lines_of(here.err).at(0),
            "catmouse census: state file mouse-4-stuck-draw.census.json (0 of 8 parts done)");
  EXPECT_TRUE(std::filesystem::exists(folder / "mouse-4-stuck-draw.census.json"));
  std::filesystem::remove_all(folder);
  std::filesystem::remove(state);
}

TEST(CliCensusState, AnotherVersionOrGeneratorIsRefusedUnlessResumeAny) {
  REQUIRE_GENG();
  const auto state = temp("version.json"), other = temp("version_other.json");
  std::filesystem::remove(state);
  const std::string args = "mouse --nodes 6 --parts 4 --quiet --state ";
  const CliRun whole = census(args + q(state));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const std::string header = line_of(state, 1);
  const std::vector<std::pair<std::string, std::string>> forgeries = {
      {edited(header, R"("version":"[^"]*")", R"("version":"0.0.1")"), "field catmouse.version"},
      {edited(header, R"("nauty":"[^"]*")", R"x("nauty":"nauty 2.7.4 (64 bits)")x"),
       "field generator.nauty"}};
  for (const auto& [forged, field] : forgeries) {
    replace_line(state, other, 1, forged);
    expect_refused(census(args + q(other)), other.string() + ": " + field);
    const CliRun any = census(args + q(other) + " --resume-any");
    ASSERT_EQ(any.exit_code, 0) << any.err;
    EXPECT_EQ(census_test::without_time(any.out), census_test::without_time(whole.out));
  }
  // A state file of catmouse before this format (one JSON document) is refused too.
  std::ofstream(other) << "{\n \"census\": \"mouse\",\n \"nodes\": 6\n}\n";
  expect_refused(census(args + q(other)), other.string() + ":1: header: not a census state file");
  std::filesystem::remove(state);
  std::filesystem::remove(other);
}

// Each reproducer of the adversarial round, on a finished state file of 7 nodes (Cat and Mouse)
// or of 6 nodes (cops): refused with exit 2, the file, its line and the field named.
TEST(CliCensusState, ForgedStateFilesExitWith2NamingTheField) {
  REQUIRE_GENG();
  const auto mouse = temp("forge_mouse.json"), cops = temp("forge_cops.json");
  const auto forged = temp("forged.json");
  std::filesystem::remove(mouse);
  std::filesystem::remove(cops);
  const std::string mouse_args = "mouse --nodes 7 --parts 2 --quiet --state ";
  const std::string cops_args = "cops --nodes 6 --parts 2 --quiet --graphs /dev/null --state ";
  ASSERT_EQ(census(mouse_args + q(mouse)).exit_code, 0);
  ASSERT_EQ(census(cops_args + q(cops)).exit_code, 0);
  const std::string m = line_of(mouse, 2), c = line_of(cops, 2);
  ASSERT_NE(m.find("\"mouse_wins\""), std::string::npos) << m;
  ASSERT_NE(c.find("\"answers\""), std::string::npos) << c;
  struct Forgery {
    const char* name;
    std::string line;
    std::string field;
  };
  const std::vector<Forgery> mouse_forgeries = {
      {"a negative count", edited(m, R"("mouse_wins":\d+)", R"("mouse_wins":-1)"),
       "field mouse_wins: -1 is not a whole number"},
      {"a fraction", edited(m, R"("mouse_wins":\d+)", R"("mouse_wins":2.9)"),
       "field mouse_wins: 2.9 is not a whole number"},
      {"2^64 - 1", edited(m, R"("cat_wins":\d+)", R"("cat_wins":18446744073709551615)"),
       "field cat_wins: 18446744073709551615 is not a whole number"},
      {"a 999-ply record", edited(m, R"("plies":\d+)", R"("plies":999)"),
       "field longest_mouse_win.plies: 999"},
      {"hole 77", edited(m, R"("hole":\d+)", R"("hole":77)"), "field longest_mouse_win.hole: 77"},
      {"a terminal escape and a newline",
       edited(m, R"("graph6":"[^"]*")", R"("graph6":"F\u001b[2J\nX")"),
       "field longest_mouse_win.graph6: \"F\\u001b[2J\\nX\" holds a byte that is not printable"},
      {"counts that do not add up", edited(m, R"("mouse_wins":\d+)", R"("mouse_wins":0)"),
       "field draws: mouse wins, cat wins and draws add up to"},
      {"a record the game does not give", edited(m, R"("plies":\d+)", R"("plies":1)"),
       "field longest_mouse_win.plies: the game gives"},
      {"a field nobody asked for", edited(m, R"("draws")", R"("\u001bx":1,"draws")"),
       "field '\\x1Bx': not a field of a census state file"},
      {"a field written twice", edited(m, R"("draws":\d+)", R"("draws":0,"draws":1)"),
       "field 'draws' written twice"},
  };
  for (const Forgery& f : mouse_forgeries) {
    replace_line(mouse, forged, 2, f.line);
    const CliRun run = census(mouse_args + q(forged));
    expect_refused(run, forged.string() + ":2: ");
    expect_refused(run, f.field);
  }
  const std::vector<Forgery> cops_forgeries = {
      {"cop number 0", edited(c, R"("cop_number":1)", R"("cop_number":0)"),
       "field answers[0].cop_number: 0 is not a whole number from 1 to 4"},
      {"a capture of 4294967295 moves", edited(c, R"("moves":\d+)", R"("moves":4294967295)"),
       "field answers[0].longest.moves: 4294967295 is not a whole number"},
      {"counts that do not add up",
       edited(c, R"("cop_number":1,"graphs":\d+)", R"("cop_number":1,"graphs":1)"),
       "field answers: the counts add up to"},
      {"a line past the part", edited(c, R"("line":\d+)", R"("line":100000)"),
       "field answers[0].longest.line: 100000"},
      {"a graph of another size", edited(c, R"("graph6":"[^"]*")", R"("graph6":"GCQvBw")"),
       "field answers[0].longest.graph6: 'GCQvBw' is not a graph6 graph of 6 nodes"},
  };
  for (const Forgery& f : cops_forgeries) {
    replace_line(cops, forged, 2, f.line);
    const CliRun run = census(cops_args + q(forged));
    expect_refused(run, forged.string() + ":2: part 0: ");
    expect_refused(run, f.field);
  }
  // A part twice.
  replace_line(cops, forged, 3, line_of(cops, 2));
  expect_refused(census(cops_args + q(forged)), ":3: part 0: a second line for this part");
  std::filesystem::remove(mouse);
  std::filesystem::remove(cops);
  std::filesystem::remove(forged);
}

// A second run on a state file in use: refused at once with exit 2, the first unharmed.
TEST(CliCensusState, SecondRunOnOneStateFileIsRefused) {
  REQUIRE_GENG();
  const auto state = temp("locked.json");
  std::filesystem::remove(state);
  const std::string args =
      "cops --nodes 8 --parts 8 --threads 1 --quiet --graphs /dev/null --state " + q(state);
  const auto slow = census_test::slow_geng("0.3");
  const CliRun both =
      run_command("{ '" + std::string(CATMOUSE_CLI) + "' census " + args + " --geng " + q(slow) +
                  " >/dev/null 2>&1 & p=$!; while [ ! -s " + q(state) +
                  " ]; do sleep 0.02; done; '" + CATMOUSE_CLI + "' census " + args + " --geng " +
                  q(slow) + "; echo \"second: $?\"; wait $p; " + "echo \"first: $?\"; }");
  EXPECT_NE(both.err.find(state.string() + ": in use by another run"), std::string::npos)
      << both.err;
  EXPECT_NE(both.out.find("second: 2"), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("first: 0"), std::string::npos) << both.out;
  EXPECT_FALSE(std::filesystem::exists(state.string() + ".lock"));
  std::filesystem::remove(state);
}

// Every path error of --state and --graphs before any work: "PATH: reason", exit 2; a write error
// of the graphs file names it, exit 1; a pipe with a reader gets the graphs.
TEST(CliCensusState, OutputPathErrorsNameThePath) {
  REQUIRE_GENG();
  const auto folder = census_test::fresh_folder("paths");
  const auto afile = folder / "afile", fifo = folder / "fifo", loop = folder / "loop";
  std::ofstream(afile) << "x\n";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::filesystem::create_symlink(loop, loop);
  const auto state = folder / "ok.json";
  struct Case {
    std::filesystem::path path;
    std::string reason;
  };
  const std::vector<Case> state_cases = {
      {folder, "is a directory"},
      {fifo, "is a FIFO"},
      {folder / "missing" / "s.json", "cannot write: No such file or directory"},
      {afile / "s.json", "cannot write: Not a directory"},
      {loop, "cannot write: Too many levels of symbolic links"}};
  for (const Case& c : state_cases) {
    expect_refused(census("cops --nodes 5 --quiet --graphs /dev/null --state " + q(c.path)),
                   "catmouse: " + c.path.string() + ": " + c.reason);
  }
  const std::vector<Case> graphs_cases = {
      {folder, "is a directory"},
      {folder / "missing" / "top.g6", "cannot write: No such file or directory"},
      {afile / "top.g6", "cannot write: Not a directory"},
      {loop, "cannot write: Too many levels of symbolic links"}};
  for (const Case& c : graphs_cases) {
    expect_refused(census("cops --nodes 5 --keep-from 2 --quiet --state " + q(state) +
                          " --graphs " + q(c.path)),
                   "catmouse: " + c.path.string() + ": " + c.reason);
    EXPECT_FALSE(std::filesystem::exists(state)) << "refused before anything was written";
  }
  const CliRun full =
      census("cops --nodes 5 --keep-from 2 --quiet --state " + q(state) + " --graphs /dev/full");
  EXPECT_EQ(full.exit_code, 1) << full.err;
  EXPECT_NE(full.err.find("/dev/full: write error: No space left on device"), std::string::npos)
      << full.err;
  std::filesystem::remove(state);
  const CliRun piped =
      run_command("cat " + q(fifo) + " > " + q(folder / "read.g6") + " & '" + CATMOUSE_CLI +
                  "' census cops --nodes 5 --keep-from 2 --quiet --state " + q(state) +
                  " --graphs " + q(fifo) + " && wait");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(lines_of(slurp(folder / "read.g6")).size(), 5u);
  std::filesystem::remove_all(folder);
}

}  // namespace
