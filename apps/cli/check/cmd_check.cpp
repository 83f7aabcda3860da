// catmouse check -- COMMAND [ARGS...]: runs another Cat-and-Mouse solver on many graphs (or grid
// maps), compares its answers with catmouse's exact ones, and shrinks and explains the first
// disagreement. Where the cases come from, and how they shrink, is the library's domain's business
// (catmouse/testing/check.hpp); this file runs the program and keeps the count.
#include <signal.h>

#include <charconv>
#include <chrono>
#include <memory>

#include "check.hpp"
#include "runner.hpp"

namespace catmouse::cli {

namespace {

bool same_failure(const RunOutcome& a, const RunOutcome& b) {
  return a.kind == b.kind;
}

std::string received(const RunOutcome& outcome, const std::vector<std::string>& answers) {
  switch (outcome.kind) {
    case RunKind::kAnswer:
      return outcome.answer;
    case RunKind::kCrash:
      return "a crash (" + outcome.detail + ")";
    case RunKind::kGarbage:
      return fmt::format("{}, which is not {} or {}", outcome.answer,
                         fmt::join(answers.begin(), answers.end() - 1, ", "), answers.back());
    case RunKind::kTimeout:
      return outcome.detail;
  }
  return {};
}

// The report of one failure: the (shrunk) case, both answers, and the optimal line.
std::string report(const CheckDomain& domain, const std::string& input, const RunOutcome& outcome) {
  std::string text = input + "\n";
  text += fmt::format("expected: {} ({})\n", domain.expected(input),
                      result_sentence(domain.exact(input)));
  text += fmt::format("received: {}\n", received(outcome, domain.answers()));
  text += "why (catmouse explain):\n";
  const Solution solution = solve_game(domain.game(input), EngineOptions{});
  text += explain_text(solution, take(solution.line(solution.start())));
  return text;
}

std::pair<NodeId, NodeId> node_range(const std::string& text) {
  if (text.empty()) return {3, 14};
  const std::size_t dash = text.find('-');
  const std::vector<std::int64_t> ends = node_list(
      dash == std::string::npos ? text : text.substr(0, dash) + "," + text.substr(dash + 1),
      "--nodes");
  const std::int64_t low = ends.front(), high = ends.back();
  if (ends.size() > 2 || low < 3 || high < low || high > kMaxCheckNodes) {
    throw InputError(fmt::format("--nodes: '{}' is not a range A-B with 3 <= A <= B <= {}", text,
                                 kMaxCheckNodes));
  }
  return {static_cast<NodeId>(low), static_cast<NodeId>(high)};
}

int run(const CheckCommand& cmd) {
  if (cmd.command.empty())
    throw InputError("COMMAND is required: catmouse check -- COMMAND [ARGS]");
  if (cmd.source == "file" && cmd.graphs.empty()) throw InputError("--source file needs --graphs");
  if (!cmd.grid && cmd.exhaustive > kMaxExhaustiveNodes) {
    throw InputError(fmt::format("--exhaustive: at most {} nodes", kMaxExhaustiveNodes));
  }
  if (cmd.grid && cmd.exhaustive > kMaxExhaustiveCells) {
    throw InputError(fmt::format("--exhaustive: at most {} cells", kMaxExhaustiveCells));
  }
  if (cmd.grid && (!cmd.nodes.empty() || cmd.rules.any_given())) {
    throw InputError(
        "--grid: maps have LeetCode 1728's rules and sizes; --nodes and rule "
        "options do not apply");
  }
  if (cmd.timeout <= 0) throw InputError("--timeout: give a positive number of seconds");
  if (cmd.time < 0) throw InputError("--time: give a number of seconds, 0 for no limit");
  const std::uint64_t seed = [&] {
    std::uint64_t value = 0;
    const auto [end, error] =
        std::from_chars(cmd.seed.data(), cmd.seed.data() + cmd.seed.size(), value);
    if (cmd.seed.empty() || error != std::errc() || end != cmd.seed.data() + cmd.seed.size()) {
      throw InputError(fmt::format("--seed: '{}' is not a whole number", cmd.seed));
    }
    return value;
  }();
  const auto [low, high] = node_range(cmd.nodes);
  CheckCommand options = cmd;
  if (!cmd.graphs.empty()) options.source = "file";
  const std::unique_ptr<CheckDomain> domain =
      cmd.grid ? grid_domain(options, seed) : graph_domain(options, seed, low, high);
  const char* noun = cmd.grid ? "map" : "graph";
  ::signal(SIGPIPE, SIG_IGN);  // a program that stops reading must not take catmouse with it
  Program program(cmd.command, cmd.timeout, cmd.batch, domain->answers());
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  std::uint64_t tried = 0, agreed = 0, failures = 0;
  std::uint64_t kinds[4] = {};  // wrong answers, crashes, garbage, timeouts
  while ((cmd.max_graphs == 0 || tried < cmd.max_graphs) &&
         (cmd.time == 0 || elapsed() < cmd.time)) {
    std::optional<CheckCase> candidate = domain->next();
    if (!candidate) break;
    ++tried;
    const RunOutcome outcome = program.run(candidate->input);
    if (outcome.kind == RunKind::kCrash && outcome.detail.starts_with("cannot run")) {
      throw InputError(outcome.detail);
    }
    if (outcome.kind == RunKind::kAnswer && outcome.answer == domain->expected(candidate->input)) {
      ++agreed;
      continue;
    }
    ++failures;
    ++kinds[static_cast<int>(outcome.kind)];
    std::string text = fmt::format("failure {}: {} {}, from {}, {}\n", failures, noun, tried,
                                   candidate->origin, candidate->size);
    std::string shown = candidate->input;
    RunOutcome shown_outcome = outcome;
    if (!cmd.no_shrink && outcome.kind != RunKind::kTimeout) {
      const auto fails = [&](const std::string& input) {
        const RunOutcome o = program.run(input);
        if (!same_failure(o, outcome)) return false;
        if (o.kind == RunKind::kAnswer && o.answer == domain->expected(input)) return false;
        shown_outcome = o;
        return true;
      };
      const ShrunkCase shrunk = domain->shrink(candidate->input, fails);
      shown = shrunk.input;
      text += fmt::format("shrunk in {} runs of the program to {}:\n", shrunk.tries,
                          domain->size(shown));
    }
    print(text + report(*domain, shown, shown_outcome) + "\n");
    if (failures >= cmd.max_failures) break;
  }
  if (tried == 0) {
    throw InputError(fmt::format(
        "nothing to check: the source gave no {} (an empty file; --exhaustive below the "
        "smallest size the rules allow; rules under which no random {} is valid or the search "
        "finds no forced win; or no time)",
        noun, noun));
  }
  print(
      fmt::format("checked {} {}{} in {:.1f} s: {} agreed, {} failed ({} wrong answer{}, {} "
                  "crash{}, {} garbage, {} timeout{}); seed {}\n",
                  tried, noun, tried == 1 ? "" : "s", elapsed(), agreed, failures, kinds[0],
                  kinds[0] == 1 ? "" : "s", kinds[1], kinds[1] == 1 ? "" : "es", kinds[2], kinds[3],
                  kinds[3] == 1 ? "" : "s", seed));
  return failures == 0 ? 0 : 1;
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto cmd = std::make_shared<CheckCommand>();
  CLI::App* sub = app.add_subcommand(
      "check", "Test another Cat-and-Mouse solver: find, shrink and explain where it is wrong");
  sub->add_option("COMMAND", cmd->command,
                  "the solver to test and its arguments (after --): it reads a LeetCode graph on "
                  "stdin and prints 0, 1 or 2 (with --grid: a LeetCode 1728 map, true or false)")
      ->expected(-1);
  sub->add_option("--seed", cmd->seed, "seed of every random choice (default 1)")->type_name("S");
  sub->add_option("--source", cmd->source,
                  "graphs to try: auto (every graph up to --exhaustive nodes, then the long-win "
                  "search and random graphs in turn), random, exhaustive, search, file")
      ->check(CLI::IsMember({"auto", "random", "exhaustive", "search", "file"}));
  sub->add_option("--graphs", cmd->graphs,
                  "try the graphs of FILE: JSON lines or graph6, or with --grid maps as JSON "
                  "lines (sets --source file)")
      ->type_name("FILE");
  sub->add_option("--nodes", cmd->nodes, "sizes of random and searched graphs (default 3-14)")
      ->type_name("A-B");
  sub->add_option("--exhaustive", cmd->exhaustive,
                  "enumerate every graph up to this many nodes (default 5, at most 8), or with "
                  "--grid every map up to this many cells (at most 12)")
      ->type_name("N");
  sub->add_option("--timeout", cmd->timeout, "seconds per graph before the program is killed (5)")
      ->type_name("SEC");
  sub->add_option("--time", cmd->time, "stop after this many seconds (default 120; 0: no limit)")
      ->type_name("SEC");
  sub->add_option("--max-graphs", cmd->max_graphs, "stop after this many graphs (0: no limit)")
      ->type_name("N");
  sub->add_option("--max-failures", cmd->max_failures, "stop after this many failures (default 1)")
      ->type_name("N")
      ->check(CLI::PositiveNumber);
  sub->add_flag("--batch", cmd->batch,
                "the program reads one graph per line and answers each with one line");
  sub->add_flag("--no-shrink", cmd->no_shrink, "report failures as found, unshrunk");
  sub->add_flag("--grid", cmd->grid,
                "test a LeetCode 1728 solver: maps in, true (the mouse wins) or false out");
  cmd->rules.add_to(*sub);
  sub->footer(
      "Rule options make every graph a game of that variant (the program reads the graph\n"
      "only; nodes the rules name keep their numbers).\n"
      "Each failure is shrunk (nodes, then edges removed while the program still fails;\n"
      "for maps rows, columns, jumps and floors) and\n"
      "printed with the expected and received answers and the optimal line that proves the\n"
      "answer. Crashes, other output and timeouts count as failures. The last line sums up.\n"
      "Exit code: 0 no failure, 1 a failure, 2 usage error.\n\n"
      "Examples:\n"
      "  catmouse check --seed 1 -- ./my_solver\n"
      "  catmouse check --batch --source random --max-graphs 10000 -- ./my_solver --batch\n"
      "  catmouse check --graphs suspects.jsonl -- python3 solution.py\n"
      "  catmouse check --mouse-stays --holes 0,3 -- ./variant_solver\n"
      "  catmouse check --grid -- ./cat_and_mouse_ii");
  sub->callback([cmd] {
    const int code = run(*cmd);
    if (code != 0) throw ExitCode{code};
  });
}

}  // namespace catmouse::cli
