// catmouse check on graphs: LeetCode 913 inputs, under its rules or the variant the rule options
// give. Graphs come from exhaustive enumeration, random families, a file, and the long-win search
// (search.hpp); the rules stay fixed, so the program under test is the solver of that variant and
// reads only the graph.
#include <fmt/format.h>

#include <algorithm>

#include "catmouse/io/format.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/testing/search.hpp"
#include "catmouse/solve/solve.hpp"
#include "check.hpp"

namespace catmouse::cli {

namespace {

// Candidates of the long-win search tried per round when looking for a smaller failing graph.
constexpr int kSmallerTries = 400;
// Random graphs drawn in a row before the random source gives up on the rules.
constexpr int kRandomDraws = 1000;

class GraphDomain final : public CheckDomain {
 public:
  GraphDomain(const CheckCommand& cmd, std::uint64_t seed, NodeId low, NodeId high)
      : cmd_(cmd), seed_(seed) {
    // The rules are resolved once, against a stand-in graph of the largest size, so that a node
    // out of range is named by its option.
    std::vector<Edge> path;
    for (NodeId v = 1; v < high; ++v) path.push_back({v - 1, v});
    GameSpec stand_in = make_spec(Graph::from_edges(high, path).value());
    stand_in.source = "--nodes";
    cmd.rules.apply(stand_in, StateOptions{});
    rules_ = stand_in.rules;
    if (rules_.cats != 1) throw InputError("--cats: check tests solvers with one cat");
    // Nodes the rules name keep their ids: shrinking never removes them, graphs have them all.
    NodeId named = std::max(rules_.mouse_start, rules_.cat_start);
    for (NodeId v : rules_.holes) named = std::max(named, v);
    for (NodeId v : rules_.cat_forbidden_nodes()) named = std::max(named, v);
    fixed_ = std::max<NodeId>(3, named + 1);
    low_ = std::max(low, fixed_);
    high_ = high;
    search_ = std::make_unique<LongWinSearch>(search_options(low_, high_, seed));

    small_nodes_ = fixed_;
    if (cmd.source == "file") read_file();
  }

  std::vector<std::string> answers() const override { return {"0", "1", "2"}; }

  std::optional<CheckCase> next() override {
    const std::string& source = cmd_.source;
    if (source == "file") {
      if (file_index_ >= file_.size()) return std::nullopt;
      const auto& [line, graph] = file_[file_index_++];
      return make_case(graph, fmt::format("line {} of the file", line));
    }
    if (source == "exhaustive" || (source == "auto" && small_nodes_ <= cmd_.exhaustive)) {
      while (small_nodes_ <= cmd_.exhaustive) {
        if (!small_) small_ = std::make_unique<SmallGraphs>(small_nodes_, rules_);
        if (auto graph = small_->next()) {
          return make_case(*graph, fmt::format("every graph on {} nodes", small_nodes_));
        }
        small_.reset();
        ++small_nodes_;
      }
      if (source == "exhaustive") return std::nullopt;
    }
    if (source == "search" || (source == "auto" && !search_spent_ && ++turn_ % 2 == 0)) {
      if (std::optional<Graph> graph = search_->next()) {
        return make_case(*graph, fmt::format("the long-win search (a forced win of {} moves)",
                                             search_->last_remoteness()));
      }
      search_spent_ = true;  // no forced win under these rules: random graphs only
      if (source == "search") return std::nullopt;
    }
    return random();
  }

  std::string expected(const std::string& input) const override {
    return std::to_string(static_cast<int>(exact(parse(input)).value));
  }

  ShrunkCase shrink(const std::string& input,
                    const std::function<bool(const std::string&)>& fails) override {
    const auto graph_fails = [&](const Graph& g) { return fails(to_leetcode(g)); };
    ShrinkOptions options;
    options.fixed = fixed_;
    options.valid = [this](const Graph& g) { return valid_input(g, rules_); };
    ShrinkResult shrunk = catmouse::shrink(parse(input), graph_fails, options);
    std::uint32_t runs = shrunk.tries;
    // Removal stops at a 1-minimal graph; a long-win search among smaller graphs often finds a
    // smaller failing one, which is shrunk in turn.
    const NodeId least = std::max<NodeId>(4, fixed_);  // below 4 nodes the removals suffice
    for (std::uint64_t round = 1; shrunk.graph.node_count() > least; ++round) {
      LongWinSearch smaller(search_options(least, shrunk.graph.node_count() - 1, seed_ + round));
      std::optional<Graph> found;
      for (int k = 0; k < kSmallerTries && !found; ++k) {
        std::optional<Graph> g = smaller.next();
        if (!g) break;
        ++runs;
        if (graph_fails(*g)) found = std::move(g);
      }
      if (!found) break;
      shrunk = catmouse::shrink(*found, graph_fails, options);
      runs += shrunk.tries;
    }
    return {to_leetcode(shrunk.graph), runs};
  }

  std::string size(const std::string& input) const override {
    const Graph graph = parse(input);
    return fmt::format("{} nodes and {} edges", graph.node_count(), graph.edge_count());
  }

  std::string sentence(const std::string& input) const override {
    const StateValue value = exact(parse(input));
    return result_sentence(value.value, value.remoteness);
  }

  std::string why(const std::string& input) const override {
    GameSpec spec = make_spec(parse(input), rules_);
    spec.source = "the graph";
    const Solution solution = solve_game(std::move(spec), EngineOptions{});
    return explain_text(solution, take(solution.line(solution.start())));
  }

 private:
  LongWinSearchOptions search_options(NodeId low, NodeId high, std::uint64_t seed) const {
    LongWinSearchOptions options;
    options.min_nodes = low;
    options.max_nodes = high;
    options.seed = seed;
    options.rules = rules_;
    return options;
  }

  static Graph parse(const std::string& input) { return parse_leetcode(input, "case").value(); }

  StateValue exact(const Graph& graph) const {
    const Game game(graph, rules_);
    return apply_move_limit(solve_state(game, game.start()).value(), rules_);
  }

  CheckCase make_case(const Graph& graph, std::string origin) const {
    return {to_leetcode(graph), std::move(origin),
            fmt::format("{} nodes and {} edges", graph.node_count(), graph.edge_count())};
  }

  void read_file() {
    const std::string text = read_input(cmd_.graphs);
    const std::string source = cmd_.graphs == "-" ? "<stdin>" : cmd_.graphs;
    const auto check = [&](Graph graph, std::uint64_t line) {
      if (!valid_input(graph, rules_)) {
        throw InputError(fmt::format(
            "{}:{}: not a valid input under the rules (every node needs a neighbour, the rules "
            "must fit the graph, the mouse's start a neighbour that is not a hole and the cat's "
            "one it may enter)",
            source, line));
      }
      file_.emplace_back(line, std::move(graph));
    };
    if (detect_format(source, text) == GraphFormat::kGraph6) {
      std::uint64_t line = 0;
      for (Graph& graph : take(parse_graph6_file(text, source))) check(std::move(graph), ++line);
      return;
    }
    each_case_line(text, [&](std::uint64_t number, const std::string& line) {
      ReadOptions leetcode;
      leetcode.format = InputFormat::kLeetCode;
      GameSpec game = take(read_game(line, source, leetcode));
      // The program reads the graph alone, so rules on a line would be checked but never told.
      if (!(game.rules == Rules{})) {
        throw InputError(
            fmt::format("{}:{}: the line sets its own rules; check uses the rule "
                        "options for every graph",
                        source, number));
      }
      check(std::move(game.graph), number);
    });
  }

  std::optional<CheckCase> random() {
    for (int draw = 0; draw < kRandomDraws; ++draw) {
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
      options.degree =
          std::min<double>(options.nodes - 1, lowest + (options.seed >> 16) % 4 * 0.75);
      const Graph graph = take(generate(options));
      if (valid_input(graph, rules_)) {
        return make_case(graph, fmt::format("random graph {} (gen, seed {})", k + 1, options.seed));
      }
    }
    return std::nullopt;
  }

  const CheckCommand& cmd_;
  std::uint64_t seed_;
  Rules rules_;
  NodeId fixed_ = 3, low_ = 3, high_ = 3;
  std::unique_ptr<LongWinSearch> search_;
  std::vector<std::pair<std::uint64_t, Graph>> file_;  // line number, graph
  std::size_t file_index_ = 0;
  std::uint32_t small_nodes_ = 3;
  std::unique_ptr<SmallGraphs> small_;
  std::uint64_t turn_ = 0, random_count_ = 0;
  bool search_spent_ = false;
};

}  // namespace

void each_case_line(const std::string& text,
                    const std::function<void(std::uint64_t, const std::string&)>& visit) {
  std::uint64_t number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      visit(number, line);
    } catch (const InputError& e) {
      if (!e.error()) throw;
      Error error = *e.error();
      error.where.line = number;
      throw InputError(error);
    }
  }
}

std::unique_ptr<CheckDomain> graph_domain(const CheckCommand& cmd, std::uint64_t seed, NodeId low,
                                          NodeId high) {
  return std::make_unique<GraphDomain>(cmd, seed, low, high);
}

}  // namespace catmouse::cli
