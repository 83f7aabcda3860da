// catmouse check -- COMMAND [ARGS...]: runs another Cat-and-Mouse solver on many graphs, compares
// its answers with catmouse's exact ones, and shrinks and explains the first disagreement. The
// graphs come from exhaustive enumeration, random families, a file, and a local search for long
// forced wins (search.hpp), which is what breaks turn-capped solvers.
#include <signal.h>

#include <charconv>
#include <chrono>
#include <memory>

#include "catmouse/generate.hpp"
#include "catmouse/search.hpp"
#include "common.hpp"
#include "runner.hpp"

namespace catmouse::cli {

namespace {

struct CheckCommand {
  std::vector<std::string> command;
  std::string seed = "1";
  std::string source = "auto";
  std::string graphs;
  std::string nodes;
  std::uint32_t exhaustive = 5;
  double timeout = 5;
  double time = 120;
  std::uint64_t max_graphs = 0;
  std::uint64_t max_failures = 1;
  bool batch = false;
  bool no_shrink = false;
};

// Candidates of the long-win search tried per round when looking for a smaller failing graph.
constexpr int kSmallerTries = 400;

struct Candidate {
  Graph graph;
  std::string origin;  // where it came from, for the report
};

// The graphs to try, in a sequence fixed by the options and the seed.
class Sources {
 public:
  Sources(const CheckCommand& cmd, std::uint64_t seed, NodeId low, NodeId high)
      : cmd_(cmd),
        seed_(seed),
        low_(low),
        high_(high),
        search_(LongWinSearchOptions{std::max<NodeId>(low, 4), high, seed}) {
    if (cmd.source == "file") {
      const std::string text = read_input(cmd.graphs);
      const std::string source = cmd.graphs == "-" ? "<stdin>" : cmd.graphs;
      if (detect_format(source, text) == GraphFormat::kGraph6) {
        file_ = take(parse_graph6_file(text, source));
      } else {
        std::uint64_t number = 0;
        for (std::size_t begin = 0; begin < text.size();) {
          const std::size_t end = std::min(text.find('\n', begin), text.size());
          const std::string_view line = std::string_view(text).substr(begin, end - begin);
          ++number;
          if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
            Result<Graph> graph = parse_leetcode(line, source);
            if (!graph.ok()) {
              Error error = graph.error();
              error.where.line = number;
              throw InputError(error);
            }
            if (!leetcode_valid(*graph)) {
              throw InputError(
                  fmt::format("{}:{}: not a valid LeetCode 913 graph (every node "
                              "needs a neighbour, nodes 1 and 2 one besides 0)",
                              source, number));
            }
            file_.push_back(std::move(graph).value());
          }
          begin = end + 1;
        }
      }
    }
  }

  std::optional<Candidate> next() {
    const std::string& source = cmd_.source;
    if (source == "file") {
      if (file_index_ >= file_.size()) return std::nullopt;
      ++file_index_;
      return Candidate{file_[file_index_ - 1], fmt::format("line {} of the file", file_index_)};
    }
    if (source == "exhaustive" || (source == "auto" && small_nodes_ <= cmd_.exhaustive)) {
      while (small_nodes_ <= cmd_.exhaustive) {
        if (!small_) small_ = std::make_unique<SmallGraphs>(small_nodes_);
        if (auto graph = small_->next()) {
          return Candidate{std::move(*graph), fmt::format("every graph on {} nodes", small_nodes_)};
        }
        small_.reset();
        ++small_nodes_;
      }
      if (source == "exhaustive") return std::nullopt;
    }
    const bool search = source == "search" || (source == "auto" && ++turn_ % 2 == 0);
    if (search) {
      Graph graph = search_.next();
      return Candidate{
          std::move(graph),
          fmt::format("the long-win search (a forced win of {} moves)", search_.last_remoteness())};
    }
    return random();
  }

 private:
  Candidate random() {
    const std::uint64_t k = random_count_++;
    GenerateOptions options;
    std::uint64_t z = seed_ * 0x9e3779b97f4a7c15ULL + k;
    z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
    options.seed = z ^ (z >> 29);
    options.nodes = low_ + static_cast<NodeId>(options.seed % (high_ - low_ + 1));
    static constexpr GraphFamily kFamilies[] = {GraphFamily::kRandom, GraphFamily::kRandom,
                                                GraphFamily::kRandom, GraphFamily::kTree,
                                                GraphFamily::kGrid,   GraphFamily::kCycle};
    options.family = kFamilies[(options.seed >> 8) % 6];
    const double lowest = 2.0 * (options.nodes - 1) / options.nodes;
    options.degree = std::min<double>(options.nodes - 1, lowest + (options.seed >> 16) % 4 * 0.75);
    Graph graph = take(generate(options));
    return {std::move(graph), fmt::format("random graph {} (gen, seed {})", k + 1, options.seed)};
  }

  const CheckCommand& cmd_;
  std::uint64_t seed_;
  NodeId low_, high_;
  LongWinSearch search_;
  std::vector<Graph> file_;
  std::size_t file_index_ = 0;
  std::uint32_t small_nodes_ = 3;
  std::unique_ptr<SmallGraphs> small_;
  std::uint64_t turn_ = 0, random_count_ = 0;
};

int exact_answer(const Graph& graph) {
  const Game game(graph, Rules{});
  return static_cast<int>(solve_state(game, game.start()).value().value);
}

bool same_failure(const RunOutcome& a, const RunOutcome& b) {
  return a.kind == b.kind;
}

std::string received(const RunOutcome& outcome) {
  switch (outcome.kind) {
    case RunKind::kAnswer:
      return outcome.answer;
    case RunKind::kCrash:
      return "a crash (" + outcome.detail + ")";
    case RunKind::kGarbage:
      return outcome.answer + ", which is not 0, 1 or 2";
    case RunKind::kTimeout:
      return outcome.detail;
  }
  return {};
}

// The report of one failure: the (shrunk) graph, both answers, and the optimal line.
std::string report(const Graph& graph, const RunOutcome& outcome) {
  LoadedGame loaded{graph, {}, Rules{}, {}, "the graph"};
  const Solved solved = solve_loaded(std::move(loaded), Rules{}, StateOptions{}, EngineOptions{});
  const State start = solved.game->start();
  const auto [value, remoteness] = value_of(solved, start);
  std::string text = to_leetcode(graph) + "\n";
  text += fmt::format("expected: {} ({})\n", static_cast<int>(value),
                      result_sentence(value, remoteness));
  text += fmt::format("received: {}\n", received(outcome));
  text += "why (catmouse explain):\n";
  text += explain_text(solved, optimal_line(*solved.game, *solved.table, start));
  return text;
}

std::pair<NodeId, NodeId> node_range(const std::string& text) {
  if (text.empty()) return {3, 14};
  const std::size_t dash = text.find('-');
  const std::vector<std::int64_t> ends = node_list(
      dash == std::string::npos ? text : text.substr(0, dash) + "," + text.substr(dash + 1),
      "--nodes");
  const std::int64_t low = ends.front(), high = ends.back();
  if (ends.size() > 2 || low < 3 || high < low || high > 1000) {
    throw InputError(
        fmt::format("--nodes: '{}' is not a range A-B with 3 <= A <= B <= 1000", text));
  }
  return {static_cast<NodeId>(low), static_cast<NodeId>(high)};
}

int run(const CheckCommand& cmd) {
  if (cmd.command.empty())
    throw InputError("COMMAND is required: catmouse check -- COMMAND [ARGS]");
  if (cmd.source == "file" && cmd.graphs.empty()) throw InputError("--source file needs --graphs");
  if (cmd.exhaustive > 8) throw InputError("--exhaustive: at most 8 nodes");
  if (cmd.timeout <= 0) throw InputError("--timeout: give a positive number of seconds");
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
  Sources sources(options, seed, low, high);
  ::signal(SIGPIPE, SIG_IGN);  // a program that stops reading must not take catmouse with it
  Program program(cmd.command, cmd.timeout, cmd.batch, {"0", "1", "2"});
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  std::uint64_t tried = 0, agreed = 0, failures = 0;
  std::uint64_t kinds[4] = {};  // wrong answers, crashes, garbage, timeouts
  while ((cmd.max_graphs == 0 || tried < cmd.max_graphs) &&
         (cmd.time == 0 || elapsed() < cmd.time)) {
    std::optional<Candidate> candidate = sources.next();
    if (!candidate) break;
    ++tried;
    const int expected = exact_answer(candidate->graph);
    const RunOutcome outcome = program.run(to_leetcode(candidate->graph));
    if (outcome.kind == RunKind::kCrash && outcome.detail.starts_with("cannot run")) {
      throw InputError(outcome.detail);
    }
    if (outcome.kind == RunKind::kAnswer && outcome.answer == std::to_string(expected)) {
      ++agreed;
      continue;
    }
    ++failures;
    ++kinds[static_cast<int>(outcome.kind)];
    std::string text = fmt::format("failure {}: graph {}, from {}, {} nodes and {} edges\n",
                                   failures, tried, candidate->origin,
                                   candidate->graph.node_count(), candidate->graph.edge_count());
    Graph shown = candidate->graph;
    RunOutcome shown_outcome = outcome;
    if (!cmd.no_shrink && outcome.kind != RunKind::kTimeout) {
      const auto fails = [&](const Graph& g) {
        const RunOutcome o = program.run(to_leetcode(g));
        if (!same_failure(o, outcome)) return false;
        if (o.kind == RunKind::kAnswer && o.answer == std::to_string(exact_answer(g))) return false;
        shown_outcome = o;
        return true;
      };
      ShrinkResult shrunk = shrink(candidate->graph, fails);
      std::uint32_t runs = shrunk.tries;
      // Removal stops at a 1-minimal graph; a long-win search among smaller graphs often finds a
      // smaller failing one, which is shrunk in turn.
      for (std::uint64_t round = 1; shrunk.graph.node_count() > 4; ++round) {
        LongWinSearch smaller(LongWinSearchOptions{4, shrunk.graph.node_count() - 1, seed + round});
        std::optional<Graph> found;
        for (int k = 0; k < kSmallerTries && !found; ++k) {
          Graph g = smaller.next();
          ++runs;
          if (fails(g)) found = std::move(g);
        }
        if (!found) break;
        shrunk = shrink(*found, fails);
        runs += shrunk.tries;
      }
      shown = shrunk.graph;
      text += fmt::format("shrunk in {} runs of the program to {} nodes and {} edges:\n", runs,
                          shown.node_count(), shown.edge_count());
    }
    print(text + report(shown, shown_outcome) + "\n");
    if (failures >= cmd.max_failures) break;
  }
  print(fmt::format(
      "checked {} graph{} in {:.1f} s: {} agreed, {} failed ({} wrong answer{}, {} "
      "crash{}, {} garbage, {} timeout{}); seed {}\n",
      tried, tried == 1 ? "" : "s", elapsed(), agreed, failures, kinds[0], kinds[0] == 1 ? "" : "s",
      kinds[1], kinds[1] == 1 ? "" : "es", kinds[2], kinds[3], kinds[3] == 1 ? "" : "s", seed));
  return failures == 0 ? 0 : 1;
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto cmd = std::make_shared<CheckCommand>();
  CLI::App* sub = app.add_subcommand(
      "check", "Test another Cat-and-Mouse solver: find, shrink and explain where it is wrong");
  sub->add_option("COMMAND", cmd->command,
                  "the solver to test and its arguments (after --): it reads a LeetCode graph on "
                  "stdin and prints 0, 1 or 2")
      ->expected(-1);
  sub->add_option("--seed", cmd->seed, "seed of every random choice (default 1)")->type_name("S");
  sub->add_option("--source", cmd->source,
                  "graphs to try: auto (every graph up to --exhaustive nodes, then the long-win "
                  "search and random graphs in turn), random, exhaustive, search, file")
      ->check(CLI::IsMember({"auto", "random", "exhaustive", "search", "file"}));
  sub->add_option("--graphs", cmd->graphs,
                  "try the graphs of FILE: JSON lines or graph6 (sets --source file)")
      ->type_name("FILE");
  sub->add_option("--nodes", cmd->nodes, "sizes of random and searched graphs (default 3-14)")
      ->type_name("A-B");
  sub->add_option("--exhaustive", cmd->exhaustive,
                  "enumerate every graph up to this many nodes (default 5, at most 8)")
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
  sub->footer(
      "Each failure is shrunk (nodes, then edges removed while the program still fails) and\n"
      "printed with the expected and received answers and the optimal line that proves the\n"
      "answer. Crashes, other output and timeouts count as failures. The last line sums up.\n"
      "Exit code: 0 no failure, 1 a failure, 2 usage error.\n\n"
      "Examples:\n"
      "  catmouse check --seed 1 -- ./my_solver\n"
      "  catmouse check --batch --source random --max-graphs 10000 -- ./my_solver --batch\n"
      "  catmouse check --graphs suspects.jsonl -- python3 solution.py");
  sub->callback([cmd] {
    const int code = run(*cmd);
    if (code != 0) throw ExitCode(code);
  });
}

}  // namespace catmouse::cli
