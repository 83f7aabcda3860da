// catmouse gen FAMILY: generate a graph that meets LeetCode 913's guarantees, for tests and
// benchmarks. The same arguments always give the same graph, on every machine.
#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "catmouse/io/format.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/testing/search.hpp"
#include "commands.hpp"

namespace catmouse::cli {

namespace {

struct GenCommand {
  std::string family;
  std::int64_t nodes = 0;  // signed, so "-5" reaches our range check instead of wrapping
  double degree = 4.0;
  std::string seed = "1";  // parsed by us: CLI11 2.1 quietly wraps "-1" into 2^64 - 1
  std::string format = "leetcode";
  std::string out;  // empty or "-": stdout
  bool degree_given = false;
  std::uint64_t count = 1;
  std::string shuffle;  // empty: keep the generator's labels
};

NodeId checked_node_count(std::int64_t nodes) {
  if (nodes < Graph::kMinNodes || nodes > static_cast<std::int64_t>(UINT32_MAX)) {
    throw InputError(fmt::format("--nodes: {} is out of range (3..{}: hole 0, mouse 1, cat 2)",
                                 nodes, UINT32_MAX));
  }
  return static_cast<NodeId>(nodes);
}

std::uint64_t checked_seed(const std::string& text) {
  std::uint64_t seed = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, seed);
  if (text.empty() || error != std::errc() || stop != end) {
    throw InputError(fmt::format("--seed: '{}' is not a whole number in 0..{}", text, UINT64_MAX));
  }
  return seed;
}

void run(const GenCommand& cmd) {
  GenerateOptions options;
  // nullopt for `long`, which lives in the testing layer (it solves games while it searches).
  const std::optional<GraphFamily> family = take(parse_generator(cmd.family));
  const bool long_family = !family;
  if (family) options.family = *family;
  options.nodes = checked_node_count(cmd.nodes);
  options.degree = cmd.degree;
  options.seed = checked_seed(cmd.seed);
  const Result<InputFormat> named = parse_input_format(cmd.format);
  if (!named.ok() || *named == InputFormat::kGrid) {
    throw InputError(fmt::format(
        "--format: '{}' is not a graph format (expected 'leetcode', 'edges' or 'graph6')",
        cmd.format));
  }
  const InputFormat format = *named;
  std::optional<std::uint64_t> shuffle;
  if (!cmd.shuffle.empty()) shuffle = checked_seed(cmd.shuffle);
  if (cmd.degree_given && (long_family || options.family != GraphFamily::kRandom)) {
    warn(fmt::format("--degree applies to the random family only; ignored for '{}'", cmd.family));
  }
  if (cmd.count > 1 && format == InputFormat::kEdges) {
    throw InputError(
        "--count: several graphs are written one per line, in leetcode or graph6 "
        "format");
  }
  std::string text;
  for (std::uint64_t k = 0; k < cmd.count; ++k) {
    Graph graph = take(generate_graph(family, options));
    if (shuffle) graph = relabel(graph, shuffled_labels(graph.node_count(), *shuffle + k));
    // to_leetcode and to_graph6 have no final newline, to_edges ends every line with one.
    text += format == InputFormat::kLeetCode ? to_leetcode(graph)
            : format == InputFormat::kGraph6 ? to_graph6(graph)
                                             : to_edges(graph);
    if (text.empty() || text.back() != '\n') text += '\n';
    ++options.seed;
  }
  // Written only once the graphs are built, and through a temporary renamed at the end, so a bad
  // argument or a full disk never leaves a truncated file that a later step could take for one.
  write_output(cmd.out.empty() ? "-" : cmd.out, text);
}

}  // namespace

void add_gen_command(CLI::App& app) {
  auto cmd = std::make_shared<GenCommand>();
  CLI::App* sub =
      app.add_subcommand("gen", "Generate a connected graph that meets LeetCode 913's guarantees");
  sub->add_option("FAMILY", cmd->family, "graph family (see below)")
      ->required()
      ->type_name("random|grid|tree|cycle|complete|path|maze|long");
  sub->add_option("--nodes,-n", cmd->nodes, "number of nodes, at least 3")
      ->required()
      ->type_name("N");
  auto* degree = sub->add_option("--degree,-d", cmd->degree,
                                 "average degree, random family only: round(N*D/2) edges, "
                                 "2(N-1)/N <= D <= N-1 (default 4)")
                     ->type_name("D");
  sub->add_option("--seed,-s", cmd->seed,
                  "random seed (default 1); the same seed gives the same graph everywhere")
      ->type_name("S");
  sub->add_option("--format,-f", cmd->format,
                  "output format: leetcode (JSON adjacency lists), edges (\"u v\" lines) or "
                  "graph6 (nauty's, one line per graph) (default leetcode)")
      ->type_name("leetcode|edges|graph6");
  sub->add_option("--out,-o", cmd->out, "write the graph to FILE instead of stdout")
      ->type_name("FILE");
  sub->add_option(
         "--count,-k", cmd->count,
         "write K graphs, one per line (JSON Lines or graph6, for solve --batch), with seeds S, "
         "S+1, ... (default 1)")
      ->type_name("K")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}));
  sub->add_option(
         "--shuffle", cmd->shuffle,
         "relabel nodes 3.. by a random permutation from seed S (the hole 0 and the starts "
         "1 and 2 stay), so that the numbering follows no structure of the family")
      ->type_name("S");
  set_help_footer(
      *sub,
      "Families:\n"
      "  random    random spanning tree plus uniformly random extra edges up to --degree\n"
      "  grid      rows of ceil(sqrt(N)) nodes, each joined to its 4 neighbours\n"
      "  tree      random recursive tree (N-1 edges)\n"
      "  cycle     one ring 0-1-...-(N-1)-0\n"
      "  complete  every pair joined\n"
      "  path      a line 0-1-...-(N-1), the hole at one end\n"
      "  maze      a random depth-first spanning tree of the grid plus N/64 of its other edges\n"
      "  long      a graph whose start is a forced win of >= 100 plies, found by the long-win\n"
      "            search of catmouse check on 50 nodes, copies chained through node 0 up to N\n\n"
      "Node 0 is the hole, the mouse starts on 1, the cat on 2. Every graph is connected and\n"
      "node 2 has a neighbour other than the hole (if a family would break that, node 2's label\n"
      "is swapped with a node chosen by the seed).",
      {"catmouse gen random --nodes 4000 --degree 6 --seed 1 --out graph.json",
       "catmouse gen cycle --nodes 12 --format edges",
       "catmouse gen random -n 30 -k 100 --format graph6 --out graphs.g6",
       "catmouse gen tree -n 200 -s 7 | catmouse solve -",
       // One example, the two commands joined by &&, longer than a line of this file.
       std::string_view("catmouse gen random -n 50 -k 1000 --out graphs.jsonl && "
                        "catmouse solve --batch graphs.jsonl")});
  sub->callback([cmd, degree] {
    cmd->degree_given = degree->count() > 0;
    run(*cmd);
  });
}

}  // namespace catmouse::cli
