// The graph domain of check.hpp: LeetCode 913 inputs, under its rules or a variant's. Graphs come
// from exhaustive enumeration, random families, a file, and the long-win search (search.hpp); the
// rules stay fixed, so the solver under test is the solver of that variant and reads only the
// graph.
#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "catmouse/io/format.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/testing/check.hpp"
#include "catmouse/testing/search.hpp"

namespace catmouse {

namespace {

// Candidates of the long-win search tried per round when looking for a smaller failing graph.
constexpr int kSmallerTries = 400;
// The auto source's search cases: every other case for the first ones, then one in this many.
constexpr std::uint64_t kEarlySearches = 8, kLaterSearchTurn = 16;
// Climbs of the search whose best graph is considered per size by the first step of a shrink.
constexpr int kLongestClimbs = 20;
// Random graphs drawn in a row before the random source gives up on the rules.
constexpr int kRandomDraws = 1000;

Error option_error(ErrorField field, std::string message) {
  Error error{std::move(message), {}};
  error.where.field = field;
  return error;
}

Error line_error(const std::string& source, std::uint64_t line, std::string message) {
  Error error{std::move(message), {}};
  error.where.source = source;
  error.where.line = line;
  return error;
}

class GraphDomain final : public CheckDomain {
 public:
  // `fixed`: the nodes below it are the ones the rules name, which keep their ids.
  GraphDomain(const CheckOptions& options, NodeId fixed)
      : options_(options),
        fixed_(fixed),
        low_(std::max(options.min_nodes, fixed)),
        high_(options.max_nodes),
        search_(whole_climbs(search_options(low_, high_, options.seed))),
        small_nodes_(fixed) {}

  // The cases of options.cases, for CheckSource::kFile.
  Status read_cases() {
    const std::string& text = options_.cases;
    const std::string& source = options_.cases_source;
    const auto add = [&](Graph graph, std::uint64_t line) -> Status {
      if (!valid_input(graph, options_.rules)) {
        return line_error(
            source, line,
            "not a valid input under the rules (every node needs a neighbour, the rules must "
            "fit the graph, the mouse's start a neighbour that is not a hole and the cat's one "
            "it may enter)");
      }
      file_.emplace_back(line, std::move(graph));
      return {};
    };
    if (detect_format(source, text) == InputFormat::kGraph6) {
      Result<std::vector<Graph>> graphs = parse_graph6_file(text, source);
      if (!graphs.ok()) return graphs.error();
      std::uint64_t line = 0;
      for (Graph& graph : *graphs) {
        if (Status ok = add(std::move(graph), ++line); !ok) return ok;
      }
      return {};
    }
    return each_case_line(text, [&](std::uint64_t number, const std::string& line) -> Status {
      ReadOptions leetcode;
      leetcode.format = InputFormat::kLeetCode;
      Result<GameSpec> game = read_game(line, source, leetcode);
      if (!game.ok()) return game.error();
      // The solver reads the graph alone, so rules on a line would be checked but never told.
      if (!(game->rules == Rules{})) {
        return line_error(source, number,
                          "the line sets its own rules; check uses the rule options for every "
                          "graph");
      }
      return add(std::move(game->graph), number);
    });
  }

  std::vector<std::string> answers() const override { return {"0", "1", "2"}; }

  std::optional<CheckCase> next() override {
    if (cancelled()) return std::nullopt;
    switch (options_.source) {
      case CheckSource::kFile: {
        if (file_index_ >= file_.size()) return std::nullopt;
        const auto& [line, graph] = file_[file_index_++];
        CheckCase c =
            make_case(graph, fmt::format("line {} of the file", line), CheckSource::kFile);
        c.last = file_index_ == file_.size();
        return c;
      }
      case CheckSource::kExhaustive:
        return small_case();
      case CheckSource::kSearch:
        return search_case();
      case CheckSource::kRandom:
        return random();
      case CheckSource::kAuto:
        break;
    }
    // Every other case from the search for the first kEarlySearches of them (each the longest win
    // of a whole climb, tens of milliseconds of search: the cases that break turn caps come
    // first), then one case in kLaterSearchTurn; the others every small graph and then random
    // graphs.
    ++turn_;
    const bool search_turn =
        turn_ <= 2 * kEarlySearches ? turn_ % 2 == 0 : turn_ % kLaterSearchTurn == 0;
    if (search_turn && !search_spent_) {
      if (std::optional<CheckCase> found = search_case()) return found;
      if (cancelled()) return std::nullopt;
      search_spent_ = true;  // no forced win under these rules: the other sources only
    }
    if (std::optional<CheckCase> small = small_case()) return small;
    return random();
  }

  std::string expected(const std::string& input) const override {
    return std::to_string(static_cast<int>(exact(input).value));
  }

  StateValue exact(const std::string& input) const override {
    const Graph graph = parse(input);
    const Game game(graph, options_.rules);
    return apply_move_limit(solve_state(game, game.start()).value(), options_.rules);
  }

  // Shrinking runs the program once per graph tried, and a program may take a process start per
  // run, so graphs are tried in the order most likely to fail first and never twice, and only
  // graphs of the same exact answer (a failure that changes its answer is another failure):
  //  1. bigger steps first: the longest win of the same answer on each smaller size, from the
  //     smallest up (the graphs that break turn caps), one run a size;
  //  2. removal of nodes and edges (search.hpp shrink); when step 1 found a failing graph of k
  //     nodes and none smaller, no graph below k nodes is tried;
  //  3. when step 1 found nothing: the long-win search among smaller graphs, in rounds.
  ShrunkCase shrink(const std::string& input,
                    const std::function<bool(const std::string&)>& fails) override {
    const std::string want = expected(input);
    std::unordered_map<std::string, bool> answered;  // the program's failures by input
    std::uint32_t runs = 0;
    const auto graph_fails = [&](const Graph& g) {
      std::string text = to_leetcode(g);
      if (const auto it = answered.find(text); it != answered.end()) return it->second;
      if (shrink_same_answer && expected(text) != want) return false;
      ++runs;
      const bool failed = fails(text);
      answered.emplace(std::move(text), failed);
      return failed;
    };
    const NodeId least = std::max<NodeId>(4, fixed_);  // below 4 nodes the removals suffice
    Graph start = parse(input);
    NodeId floor = fixed_;
    bool stepped = false;  // step 1 found a failing graph
    for (NodeId k = least; k < start.node_count() && !cancelled(); ++k) {
      std::optional<Graph> longest = longest_win(k, want);
      if (longest && graph_fails(*longest)) {
        start = std::move(*longest);
        floor = k;
        stepped = true;
        break;
      }
    }
    ShrinkOptions shrinking;
    shrinking.fixed = fixed_;
    shrinking.valid = [this, floor](const Graph& g) {
      return g.node_count() >= floor && valid_input(g, options_.rules);
    };
    shrinking.cancelled = options_.cancelled;
    ShrinkResult shrunk = catmouse::shrink(start, graph_fails, shrinking);
    // Removal stops at a 1-minimal graph; a long-win search among smaller graphs often finds a
    // smaller failing one, which is shrunk in turn.
    for (std::uint64_t round = 1;
         !stepped && !shrunk.cancelled && shrunk.graph.node_count() > least; ++round) {
      LongWinSearch smaller(
          search_options(least, shrunk.graph.node_count() - 1, options_.seed + round));
      std::optional<Graph> found;
      for (int k = 0; k < kSmallerTries && !found && !cancelled(); ++k) {
        std::optional<Graph> g = smaller.next();
        if (!g) break;
        if (graph_fails(*g)) found = std::move(g);
      }
      if (!found) {
        shrunk.cancelled = cancelled();
        break;
      }
      // The smaller graph fails: it is the best so far even if its shrink is cut short.
      shrunk = catmouse::shrink(*found, graph_fails, shrinking);
    }
    return {to_leetcode(shrunk.graph), runs, shrunk.cancelled || cancelled()};
  }

  std::string size(const std::string& input) const override { return describe(parse(input)); }

  GameSpec game(const std::string& input) const override {
    GameSpec spec = make_spec(parse(input), options_.rules);
    spec.source = "the graph";
    return spec;
  }

 private:
  LongWinSearchOptions search_options(NodeId low, NodeId high, std::uint64_t seed) const {
    LongWinSearchOptions search;
    search.min_nodes = low;
    search.max_nodes = high;
    search.seed = seed;
    search.rules = options_.rules;
    search.cancelled = options_.cancelled;
    return search;
  }

  bool cancelled() const { return options_.cancelled && options_.cancelled(); }

  // The source's search hands out each climb's best only: the longest wins come first.
  static LongWinSearchOptions whole_climbs(LongWinSearchOptions options) {
    options.whole_climbs = true;
    return options;
  }

  // The graph of `nodes` nodes whose start is the longest forced win answered `want` among the
  // best of kLongestClimbs climbs of the search (nullopt: none found).
  std::optional<Graph> longest_win(NodeId nodes, const std::string& want) const {
    LongWinSearchOptions search = search_options(nodes, nodes, options_.seed + nodes);
    search.whole_climbs = true;
    LongWinSearch climbs(search);
    std::optional<Graph> best;
    std::uint32_t longest = 0;
    for (int k = 0; k < kLongestClimbs && !cancelled(); ++k) {
      std::optional<Graph> g = climbs.next();
      if (!g) break;
      if (climbs.last_remoteness() > longest && expected(to_leetcode(*g)) == want) {
        longest = climbs.last_remoteness();
        best = std::move(g);
      }
    }
    return best;
  }

  // The next graph of up to options.exhaustive nodes; nullopt after the last. One graph is read
  // ahead, so that the last one is known as such (CheckCase::last).
  std::optional<CheckCase> small_case() {
    if (!small_started_) {
      small_started_ = true;
      small_ahead_ = next_small_graph();
    }
    if (!small_ahead_) return std::nullopt;
    const Graph graph = std::move(*small_ahead_);
    small_ahead_ = next_small_graph();
    CheckCase c = make_case(graph, fmt::format("every graph on {} nodes", graph.node_count()),
                            CheckSource::kExhaustive);
    c.last = !small_ahead_;
    return c;
  }

  std::optional<Graph> next_small_graph() {
    while (small_nodes_ <= options_.exhaustive) {
      if (!small_) small_ = std::make_unique<SmallGraphs>(small_nodes_, options_.rules);
      if (std::optional<Graph> graph = small_->next()) return graph;
      small_.reset();
      ++small_nodes_;
    }
    return std::nullopt;
  }

  std::optional<CheckCase> search_case() {
    std::optional<Graph> graph = search_.next();
    if (!graph) return std::nullopt;
    CheckCase c = make_case(
        *graph,
        fmt::format("the long-win search (a forced win of {} moves)", search_.last_remoteness()),
        CheckSource::kSearch);
    c.plies = search_.last_remoteness();
    return c;
  }

  static Graph parse(const std::string& input) { return parse_leetcode(input, "case").value(); }

  static std::string describe(const Graph& graph) {
    return fmt::format("{} nodes and {} edges", graph.node_count(), graph.edge_count());
  }

  static CheckCase make_case(const Graph& graph, std::string origin, CheckSource source) {
    CheckCase c{to_leetcode(graph), std::move(origin), describe(graph)};
    c.source = source;
    c.units = graph.node_count();
    return c;
  }

  std::optional<CheckCase> random() {
    for (int draw = 0; draw < kRandomDraws; ++draw) {
      const std::uint64_t k = random_count_++;
      GenerateOptions generate_options;
      std::uint64_t z = options_.seed * 0x9e3779b97f4a7c15ULL + k;
      z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
      generate_options.seed = z ^ (z >> 29);
      const std::uint64_t seed = generate_options.seed;
      generate_options.nodes = low_ + static_cast<NodeId>(seed % (high_ - low_ + 1));
      static constexpr GraphFamily kFamilies[] = {GraphFamily::kRandom, GraphFamily::kRandom,
                                                  GraphFamily::kRandom, GraphFamily::kTree,
                                                  GraphFamily::kGrid,   GraphFamily::kCycle};
      generate_options.family = kFamilies[(seed >> 8) % 6];
      const NodeId n = generate_options.nodes;
      const double lowest = 2.0 * (n - 1) / n;
      generate_options.degree = std::min<double>(n - 1, lowest + (seed >> 16) % 4 * 0.75);
      const Graph graph = generate(generate_options).value();
      if (valid_input(graph, options_.rules)) {
        return make_case(graph, fmt::format("random graph {} (gen, seed {})", k + 1, seed),
                         CheckSource::kRandom);
      }
    }
    return std::nullopt;
  }

  const CheckOptions options_;
  const NodeId fixed_, low_, high_;
  LongWinSearch search_;
  std::vector<std::pair<std::uint64_t, Graph>> file_;  // line number, graph
  std::size_t file_index_ = 0;
  std::uint32_t small_nodes_ = 3;
  std::unique_ptr<SmallGraphs> small_;
  std::optional<Graph> small_ahead_;  // the next small graph, read ahead
  bool small_started_ = false;
  std::uint64_t turn_ = 0, random_count_ = 0;
  bool search_spent_ = false;
};

}  // namespace

Result<std::unique_ptr<CheckDomain>> graph_check_domain(const CheckOptions& options) {
  if (options.exhaustive > kMaxExhaustiveNodes) {
    return option_error(ErrorField::kExhaustive,
                        fmt::format("at most {} nodes", kMaxExhaustiveNodes));
  }
  const NodeId low = options.min_nodes, high = options.max_nodes;
  if (low < Graph::kMinNodes || high < low || high > kMaxCheckNodes) {
    return option_error(
        ErrorField::kNodes,
        fmt::format("{}-{} is not a range A-B with 3 <= A <= B <= {}", low, high, kMaxCheckNodes));
  }
  const Rules& rules = options.rules;
  if (rules.cats != 1) return option_error(ErrorField::kCats, "check tests solvers with one cat");
  // The rules must fit the largest graphs; a path of that size stands in for them.
  std::vector<Edge> path;
  for (NodeId v = 1; v < high; ++v) path.push_back({v - 1, v});
  if (Status ok = validate(rules, Graph::from_edges(high, path).value()); !ok) return ok.error();
  // Nodes the rules name keep their ids: shrinking never removes them, graphs have them all.
  NodeId named = std::max(rules.mouse_start, rules.cat_start);
  for (NodeId v : rules.holes) named = std::max(named, v);
  for (NodeId v : rules.cat_forbidden_nodes()) named = std::max(named, v);
  const NodeId fixed = std::max<NodeId>(3, named + 1);
  auto domain = std::make_unique<GraphDomain>(options, fixed);
  if (options.source == CheckSource::kFile) {
    if (Status ok = domain->read_cases(); !ok) return ok.error();
  }
  return std::unique_ptr<CheckDomain>(std::move(domain));
}

Result<CheckSource> parse_check_source(std::string_view name) {
  static constexpr std::pair<std::string_view, CheckSource> kSources[] = {
      {"auto", CheckSource::kAuto},
      {"random", CheckSource::kRandom},
      {"exhaustive", CheckSource::kExhaustive},
      {"search", CheckSource::kSearch},
      {"file", CheckSource::kFile}};
  for (const auto& [word, source] : kSources) {
    if (name == word) return source;
  }
  return option_error(
      ErrorField::kSource,
      fmt::format("unknown source '{}' (expected auto, random, exhaustive, search or file)", name));
}

Status each_case_line(std::string_view text,
                      const std::function<Status(std::uint64_t, const std::string&)>& visit) {
  std::uint64_t number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string line(text.substr(begin, end - begin));
    begin = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (Status ok = visit(number, line); !ok) {
      Error error = ok.error();
      error.where.line = number;
      return error;
    }
  }
  return {};
}

}  // namespace catmouse
