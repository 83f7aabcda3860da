// catmouse check -- COMMAND [ARGS...]: runs another Cat-and-Mouse solver on many graphs (or grid
// maps), compares its answers with catmouse's exact ones, and shrinks and explains the first
// disagreement. Where the cases come from, and how they shrink, is the library's domain's business
// (catmouse/testing/check.hpp); session.cpp runs the program and keeps the count; this file reads
// and checks the command line.
#include <charconv>
#include <memory>

#include "check.hpp"

namespace catmouse::cli {

namespace {

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
  if (cmd.batch && cmd.no_batch) throw InputError("--batch and --no-batch: give one of them");
  const auto [low, high] = node_range(cmd.nodes);
  CheckCommand options = cmd;
  if (!cmd.graphs.empty()) options.source = "file";
  return run_check(options, seed, low, high);
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
                  "graphs to try: auto (every graph up to --exhaustive nodes and the long-win "
                  "search in turn, then the search and random graphs in turn), random, "
                  "exhaustive, search, file")
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
  sub->add_option("--timeout", cmd->timeout,
                  "seconds per graph before the program is killed (default 5)")
      ->type_name("SEC");
  sub->add_option("--time", cmd->time,
                  "the budget of the whole run in seconds, shrinking included (default 120; 0: "
                  "no limit): when it runs out the run in progress is stopped, and a shrink cut "
                  "short reports the smallest failing graph so far")
      ->type_name("SEC");
  sub->add_option("--max-graphs", cmd->max_graphs, "stop after this many graphs (0: no limit)")
      ->type_name("N");
  sub->add_option("--max-failures", cmd->max_failures, "stop after this many failures (default 1)")
      ->type_name("N")
      ->check(CLI::PositiveNumber);
  sub->add_flag("--batch", cmd->batch,
                "the program reads one graph per line and answers each with one line: one "
                "process for all graphs");
  sub->add_flag("--no-batch", cmd->no_batch,
                "one process per graph, always (by default a program slower than 50 graphs/s "
                "that answers line by line is given many graphs per process)");
  sub->add_flag("--no-shrink", cmd->no_shrink, "report failures as found, unshrunk");
  sub->add_flag("--progress", cmd->progress,
                "a progress line on stderr (graphs tried, rate, time left) about every second, "
                "even when stderr is not a terminal (on a terminal it is always shown, rewritten "
                "in place)");
  sub->add_flag("--grid", cmd->grid,
                "test a LeetCode 1728 solver: maps in, true (the mouse wins) or false out");
  cmd->rules.add_to(*sub);
  set_help_footer(
      *sub,
      "Graphs: every graph of up to --exhaustive nodes, interleaved with a search for long\n"
      "forced wins (which break solvers that cap the number of moves), then the search and\n"
      "random graphs in turn. Rule options make every graph a game of that variant (the\n"
      "program reads the graph only; nodes the rules name keep their numbers).\n"
      "Each failure is shrunk (the longest win of each smaller size first, then nodes and\n"
      "edges removed while the program still fails; for maps rows, columns, jumps and floors)\n"
      "and printed with the expected and received answers; a wrong answer with a diagnosis\n"
      "line when it matches a known bug (a turn or move cap, the hole's rules, a draw called a\n"
      "win) and the optimal line that proves the answer. Printing nothing, printing something\n"
      "else (or more than 1 MiB), timeouts (shrunk too: each run may take the --timeout),\n"
      "crashes (with the last 40 lines of their stderr) and, under --batch, answering only at\n"
      "the end of the input count as failures, each told in one paragraph with its fix. A\n"
      "program that cannot be found or started is a usage error. The last line says what was\n"
      "checked (sources, sizes, the longest win searched), and when the --time budget or a\n"
      "signal ended the run; SIGINT and SIGTERM print the summary and the smallest failure so\n"
      "far.\n"
      "A program slower than 50 graphs/s is said so after its first graph and probed: if it\n"
      "answers a graph per line before the end of its input, it is given many graphs per\n"
      "process, and each failure found so is confirmed by a process of its own (--no-batch:\n"
      "never); otherwise check prints the --batch command to run. Templates of such programs\n"
      "in Python, C++ and Java, for LeetCode 913 and 1728: docs/check.md#templates. On a\n"
      "terminal a progress line shows the graphs tried, their rate and the time left\n"
      "(--progress: elsewhere too).\n"
      "Each process runs in a process group of its own, killed when the process ends (its\n"
      "background children with it); a child that calls setsid escapes.\n"
      "Exit code: 0 no failure, 1 a failure, 2 usage error, 130/143 SIGINT/SIGTERM without\n"
      "a failure.",
      {"catmouse check --batch -- python3 check_solution.py",
       "catmouse check --seed 1 -- ./my_solver", "catmouse check -- python3 solution.py",
       "catmouse check --batch --source random --max-graphs 10000 -- ./my_solver --batch",
       "catmouse check --graphs suspects.jsonl -- python3 solution.py",
       "catmouse check --mouse-stays --holes 0,3 -- ./variant_solver",
       "catmouse check --grid -- ./cat_and_mouse_ii",
       "catmouse check --grid --batch -- python3 check_grid_solution.py"});
  sub->callback([cmd] {
    const int code = run(*cmd);
    if (code != 0) throw ExitCode{code};
  });
}

}  // namespace catmouse::cli
