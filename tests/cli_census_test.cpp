// Command-line tests of the censuses. Cops: the shortcuts of copnumber --summary-only give the
// full game's summary and census cops's; catmouse census cops killed with SIGKILL after some parts
// and resumed gives the totals of an uninterrupted run; a bad geng line and a missing geng exit
// with 2. Cat and Mouse: census mouse agrees with the reference engine solving every graph, hole
// and start on its own (3 to 6 nodes, both stuck rules), resumes after a kill with the same totals,
// and its records are the remoteness `solve --json` gives. Skipped where nauty is not installed
// (scripts/setup installs it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "catmouse/io/format.hpp"
#include "catmouse/solve/reference.hpp"
#include "census_test_util.hpp"
#include "cli_util.hpp"

namespace {

using namespace cli_test;
using census_test::q;
using census_test::temp;
using census_test::without_time;

// A resumed census's first line counts every graph but times those of its own run:
// "graphs: TOTAL (M in this run) in S s (R graphs/s)", with 0 < M < TOTAL.
void expect_resumed_count(const std::string& summary, std::uint64_t total) {
  const std::string head = "graphs: " + std::to_string(total) + " (";
  ASSERT_EQ(summary.rfind(head, 0), 0u) << summary;
  const std::uint64_t run = std::stoull(summary.substr(head.size()));
  EXPECT_GT(run, 0u) << summary;
  EXPECT_LT(run, total) << summary;
  EXPECT_EQ(summary.find(" in this run) in ", head.size()),
            head.size() + std::to_string(run).size())
      << summary;
}

// Kills `census` (a command line ending in --state) with SIGKILL once three parts are in `state`,
// running a geng that waits before each part; returns how many parts were there. A line cut
// short, as a kill in the middle of a write leaves it, is then added to the state file: the
// resumed run must ignore it and do its part again.
int kill_after_three_parts(const std::string& census, const std::filesystem::path& state) {
  const std::string kill_run =
      "sh -c \"" + census + "'" + state.string() + "' --threads 1 --geng '" +
      census_test::slow_geng().string() +
      "' >/dev/null 2>&1 & p=\\$!; for i in \\$(seq 400); do sleep 0.05; " +
      "n=\\$(grep -c '^{.part.:[0-9]*,.graphs' '" + state.string() + "' 2>/dev/null); " +
      "[ \\\"\\${n:-0}\\\" -ge 3 ] && break; done; kill -9 \\$p; wait \\$p; echo \\$n\"";
  const CliRun interrupted = run_command(kill_run);
  std::ofstream(state, std::ios::app) << "{\"part\":15,\"graphs\":4";
  return std::atoi(interrupted.out.c_str());
}

// The counts and records docs/census.md gives for 9 nodes (cops) and 8 nodes (Cat and Mouse, both
// stuck rules), line for line, by the geng built in and its default parts.
TEST(CliCensus, CountsAndRecordsOfTheDocs) {
  const auto folder = census_test::fresh_folder("docs");
  const auto run = [&](const std::string& args) {
    const CliRun r = run_command("cd " + q(folder) + " && '" + CATMOUSE_CLI + "' census " + args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return without_time(r.out);
  };
  EXPECT_EQ(run("cops --nodes 9"),
            "cop number 1: 65561 graphs, longest capture 5 rounds (9 moves): HCXnEvu (part 0, "
            "graph 1408)\n"
            "cop number 2: 195519 graphs, longest capture 3 rounds (5 moves): H?BD?pW (part 2, "
            "graph 335)\n"
            "no graph of cop number 3: cops-9-top.g6 not written\n");
  EXPECT_EQ(
      run("mouse --nodes 8"),
      "mouse wins: 2880005 placements, longest win in 17 moves: GEjerw hole 2 mouse 3 cat 5 (part "
      "5, graph 1739)\n"
      "cat wins: 776122 placements, longest win in 16 moves: G?bNBo hole 3 mouse 4 cat 2 (part 1, "
      "graph 1660)\n"
      "draws: 79185 placements\n");
  EXPECT_EQ(
      run("mouse --nodes 8 --stuck draw"),
      "mouse wins: 2866135 placements, longest win in 17 moves: GEjerw hole 2 mouse 3 cat 5 (part "
      "5, graph 1739)\n"
      "cat wins: 776122 placements, longest win in 16 moves: G?bNBo hole 3 mouse 4 cat 2 (part 1, "
      "graph 1660)\n"
      "draws: 93055 placements\n");
  std::filesystem::remove_all(folder);
}

TEST(CliCensus, ShortcutsGiveTheFullGamesSummary) {
  REQUIRE_GENG();
  for (int n : {7, 8}) {
    const std::string geng = "(nauty-geng -cq " + std::to_string(n) + " | '" + CATMOUSE_CLI + "' ";
    const CliRun fast = run_command(geng + "copnumber - --summary-only --threads 2)");
    const CliRun full = run_command(geng + "copnumber - --summary --threads 2 >/dev/null)");
    ASSERT_EQ(fast.exit_code, 0) << fast.err;
    ASSERT_EQ(full.exit_code, 0) << full.err;
    EXPECT_EQ(without_time(fast.out), without_time(full.err)) << n;
  }
}

// census cops, with its own shortcuts and tiny game, against copnumber --summary, which plays the
// full game on every graph: the same counts, longest capture times and first graphs reaching them
// (one part: geng's order).
TEST(CliCensus, CensusGivesTheFullGamesSummary) {
  REQUIRE_GENG();
  const auto state = temp("full.json"), top = temp("full.g6");
  for (int n : {4, 7, 8}) {
    std::filesystem::remove(state);
    const CliRun census = cli_test::catmouse("census cops --nodes " + std::to_string(n) +
                                             " --parts 1 --quiet --state '" + state.string() +
                                             "' --graphs '" + top.string() + "'");
    const CliRun full = run_command("(nauty-geng -cq " + std::to_string(n) + " | '" + CATMOUSE_CLI +
                                    "' copnumber - --summary >/dev/null)");
    ASSERT_EQ(census.exit_code, 0) << census.err;
    ASSERT_EQ(full.exit_code, 0) << full.err;
    std::string lines = without_time(census.out);
    lines = lines.substr(0, lines.find("no graph of cop number 3"));
    lines = std::regex_replace(lines, std::regex(R"(\(part 0, graph )"), "(graph ");
    EXPECT_EQ(lines, without_time(full.err)) << n;
    EXPECT_NE(lines.find("cop number 2: "), std::string::npos) << lines;
  }
  std::filesystem::remove(state);
}

// copnumber --summary-only and census cops answer each graph with the same search: the same
// counts, longest capture times and first graphs reaching them on every connected graph of up to
// 8 nodes (one part: geng's order).
TEST(CliCensus, SummaryOnlyAgreesWithTheCensus) {
  REQUIRE_GENG();
  const auto state = temp("agree.json"), top = temp("agree.g6");
  for (int n = 1; n <= 8; ++n) {
    std::filesystem::remove(state);
    const CliRun census = cli_test::catmouse("census cops --nodes " + std::to_string(n) +
                                             " --parts 1 --quiet --state '" + state.string() +
                                             "' --graphs '" + top.string() + "'");
    const CliRun summary = run_command("(nauty-geng -cq " + std::to_string(n) + " | '" +
                                       CATMOUSE_CLI + "' copnumber - --summary-only --threads 2)");
    ASSERT_EQ(census.exit_code, 0) << census.err;
    ASSERT_EQ(summary.exit_code, 0) << summary.err;
    std::string lines = without_time(census.out);
    lines = lines.substr(0, lines.find("no graph of cop number 3"));
    lines = std::regex_replace(lines, std::regex(R"(\(part 0, graph )"), "(graph ");
    EXPECT_EQ(lines, without_time(summary.out)) << n;
    EXPECT_NE(lines.find("cop number 1: "), std::string::npos) << lines;
  }
  std::filesystem::remove(state);
}

// The 9-node census killed with SIGKILL after three of its 32 parts (its geng a program that
// waits before each part) and resumed by nauty-geng's program: the totals of the whole run by the
// geng built in, and the same state file but for the parts' CPU times.
TEST(CliCensus, ResumedAfterAKillGivesTheSameTotals) {
  REQUIRE_GENG();
  const auto whole = temp("whole.json"), killed = temp("killed.json");
  const auto top = temp("top.g6");
  std::filesystem::remove(whole);
  std::filesystem::remove(killed);
  const std::string census = std::string("'") + CATMOUSE_CLI +
                             "' census cops --nodes 9 --quiet --graphs '" + top.string() +
                             "' --state ";
  const CliRun reference = run_command(census + "'" + whole.string() + "' --threads 2");
  ASSERT_EQ(reference.exit_code, 0) << reference.err;
  const int parts_before = kill_after_three_parts(census, killed);
  ASSERT_GE(parts_before, 3);
  ASSERT_LT(parts_before, 32) << "the run was not killed before its end";
  const CliRun resumed =
      run_command(census + "'" + killed.string() + "' --threads 2 --geng nauty-geng");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(without_time(resumed.out), without_time(reference.out));
  EXPECT_NE(reference.out.find("cop number 1: 65561 graphs"), std::string::npos) << reference.out;
  expect_resumed_count(resumed.out, 261080);
  // The same parts, in the same order, with the same lines, whichever geng ran them.
  const auto generator = std::regex(R"("generator":\{[^}]*\})");
  EXPECT_EQ(std::regex_replace(census_test::untimed_state(killed), generator, ""),
            std::regex_replace(census_test::untimed_state(whole), generator, ""));
  std::filesystem::remove(whole);
  std::filesystem::remove(killed);
}

// A stuck rule that is not one of the rule words: exit 2 naming --stuck and the words, before a
// state file is made.
TEST(CliCensus, AStuckRuleOutsideTheRuleWordsExitsWith2) {
  const auto state = temp("stuck.json");
  const CliRun run = cli_test::catmouse("census mouse --nodes 5 --quiet --stuck dra --state '" +
                                        state.string() + "'");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("--stuck: 'dra'; give lose or draw"), std::string::npos) << run.err;
  EXPECT_FALSE(std::filesystem::exists(state));
}

TEST(CliCensus, BadGengLineAndMissingGengExitWith2) {
  const auto state = temp("bad.json");
  const auto bad = census_test::script("bad_geng.sh", "echo 'GUZuvW'\necho 'not graph6 at all'\n");
  const CliRun run = cli_test::catmouse("census cops --nodes 8 --parts 1 --quiet --state '" +
                                        state.string() + "' --geng '" + bad.string() + "'");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("part 0/1, line 2"), std::string::npos) << run.err;
  const CliRun missing = cli_test::catmouse("census cops --nodes 8 --quiet --state '" +
                                            state.string() + "' --geng no-such-geng-here");
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_EQ(missing.out, "");
  EXPECT_NE(missing.err.find("--geng: 'no-such-geng-here' not found on PATH"), std::string::npos)
      << missing.err;
  std::filesystem::remove(state);
}

// ---- census mouse ------------------------------------------------------------------------------

// The census mouse summary of every connected graph on n nodes as the reference engine gives it,
// solving each (graph, hole) on its own: in geng's order, holes, mice and cats in increasing order,
// the first placement reaching a longest win named (as census mouse --parts 1 names it).
std::string reference_mouse_census(int n, ::catmouse::StuckRule stuck) {
  using namespace ::catmouse;
  const CliRun geng = run_command("nauty-geng -cq " + std::to_string(n));
  EXPECT_EQ(geng.exit_code, 0) << geng.err;
  std::uint64_t graphs = 0;
  std::uint64_t counts[3] = {0, 0, 0};
  std::uint32_t longest[3] = {0, 0, 0};
  std::string where[3];
  for (const std::string& line : lines_of(geng.out)) {
    ++graphs;
    const Result<Graph> graph = parse_graph6(line, "geng");
    EXPECT_TRUE(graph.ok()) << line;
    if (!graph.ok()) continue;
    for (NodeId h = 0; h < static_cast<NodeId>(n); ++h) {
      Rules rules;
      rules.holes = {h};
      rules.stuck = stuck;
      const Table table = solve_reference(graph.value(), rules);
      for (NodeId m = 0; m < static_cast<NodeId>(n); ++m) {
        for (NodeId c = 0; c < static_cast<NodeId>(n); ++c) {
          if (m == h || c == h || c == m) continue;
          const State s{m, c, Side::kMouse};
          const auto v = static_cast<int>(table.value(s));
          ++counts[v];
          if (v != 0 && *table.remoteness(s) > longest[v]) {
            longest[v] = *table.remoteness(s);
            where[v] = line + " hole " + std::to_string(h) + " mouse " + std::to_string(m) +
                       " cat " + std::to_string(c) + " (part 0, graph " + std::to_string(graphs) +
                       ")";
          }
        }
      }
    }
  }
  std::string out;
  for (int v : {1, 2, 0}) {
    out += std::string(v == 1   ? "mouse wins: "
                       : v == 2 ? "cat wins: "
                                : "draws: ") +
           std::to_string(counts[v]) + (counts[v] == 1 ? " placement" : " placements");
    if (longest[v] != 0) {
      out += ", longest win in " + std::to_string(longest[v]) +
             (longest[v] == 1 ? " move: " : " moves: ") + where[v];
    }
    out += "\n";
  }
  return out;
}

TEST(CliMouseCensus, AgreesWithTheReferenceEngineOnEveryStart) {
  REQUIRE_GENG();
  const auto state = temp("mouse_ref.json");
  for (const char* stuck : {"lose", "draw"}) {
    for (int n = 3; n <= 6; ++n) {
      std::filesystem::remove(state);
      const CliRun run = cli_test::catmouse("census mouse --nodes " + std::to_string(n) +
                                            " --parts 1 --quiet --stuck " + stuck + " --state '" +
                                            state.string() + "'");
      ASSERT_EQ(run.exit_code, 0) << run.err;
      EXPECT_EQ(
          without_time(run.out),
          reference_mouse_census(n, stuck == std::string("draw") ? ::catmouse::StuckRule::kDraw
                                                                 : ::catmouse::StuckRule::kLose))
          << n << " nodes, --stuck " << stuck;
    }
  }
  std::filesystem::remove(state);
}

// The 8-node Cat and Mouse census, both stuck rules, killed with SIGKILL after three of its 16
// parts and resumed: the totals of the whole run.
TEST(CliMouseCensus, ResumedAfterAKillGivesTheSameTotals) {
  REQUIRE_GENG();
  const auto whole = temp("mouse_whole.json"), killed = temp("mouse_killed.json");
  for (const std::string stuck : {"lose", "draw"}) {
    std::filesystem::remove(whole);
    std::filesystem::remove(killed);
    const std::string census = std::string("'") + CATMOUSE_CLI +
                               "' census mouse --nodes 8 --parts 16 --quiet --stuck " + stuck +
                               " --state ";
    const CliRun reference = run_command(census + "'" + whole.string() + "' --threads 2");
    ASSERT_EQ(reference.exit_code, 0) << reference.err;
    const int parts_before = kill_after_three_parts(census, killed);
    ASSERT_GE(parts_before, 3);
    ASSERT_LT(parts_before, 16) << "the run was not killed before its end";
    const CliRun resumed =
        run_command(census + "'" + killed.string() + "' --threads 2 --geng nauty-geng");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(without_time(resumed.out), without_time(reference.out)) << stuck;
    EXPECT_NE(reference.out.find("graphs: 11117 in"), std::string::npos) << reference.out;
    expect_resumed_count(resumed.out, 11117);
  }
  const std::string census =
      std::string("'") + CATMOUSE_CLI + "' census mouse --nodes 8 --parts 16 --quiet --state ";
  // The state of another census (here another stuck rule) is refused, naming the field.
  const CliRun other = run_command(census + "'" + whole.string() + "' --stuck lose");
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_EQ(other.out, "");
  EXPECT_NE(other.err.find("field stuck"), std::string::npos) << other.err;
  std::filesystem::remove(whole);
  std::filesystem::remove(killed);
}

TEST(CliMouseCensus, RecordsAreTheRemotenessSolveGives) {
  REQUIRE_GENG();
  const auto state = temp("mouse_records.json"), graph = temp("record.g6");
  for (const char* stuck : {"lose", "draw"}) {
    std::filesystem::remove(state);
    const CliRun run = cli_test::catmouse(std::string("census mouse --nodes 7 --quiet --stuck ") +
                                          stuck + " --state '" + state.string() + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::regex record(
        R"(^(mouse|cat) wins: \d+ placements, longest win in (\d+) moves: (\S+) hole (\d+) mouse (\d+) cat (\d+) )");
    int records = 0;
    for (const std::string& line : lines_of(run.out)) {
      std::smatch m;
      if (!std::regex_search(line, m, record)) continue;
      ++records;
      std::ofstream(graph) << m[3] << "\n";
      const CliRun solved =
          cli_test::catmouse("solve '" + graph.string() + "' --holes " + m[4].str() + " --mouse " +
                             m[5].str() + " --cat " + m[6].str() + " --stuck " + stuck + " --json");
      ASSERT_EQ(solved.exit_code, 0) << solved.err;
      EXPECT_NE(solved.out.find("\"winner\":\"" + m[1].str() + "\""), std::string::npos)
          << line << "\n"
          << solved.out;
      EXPECT_NE(solved.out.find("\"remoteness\":" + m[2].str() + ","), std::string::npos)
          << line << "\n"
          << solved.out;
    }
    EXPECT_EQ(records, 2) << run.out;
  }
  std::filesystem::remove(state);
  std::filesystem::remove(graph);
}

}  // namespace
