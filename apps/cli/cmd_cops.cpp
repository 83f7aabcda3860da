// catmouse cops GRAPH --cops K and catmouse copnumber GRAPH: the classical game of cops and
// robbers, solved by the cops engine (cops.hpp, docs/rules.md); a graph6 file may hold a
// collection, answered graph by graph.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "catmouse/io/format.hpp"
#include "catmouse/io/limits.hpp"
#include "catmouse/solve/cops.hpp"
#include "common.hpp"

namespace catmouse::cli {

namespace {

// The library's answer with the time it took.
struct CopsAnswer : CopsResult {
  double seconds = 0;
};

CopsAnswer run_cops(const Graph& graph, std::uint32_t k, const EngineOptions& engine) {
  const auto started = std::chrono::steady_clock::now();
  Result<CopsResult> result = solve_cops(graph, k, engine.resolve());
  if (!result.ok()) {
    const Error& error = result.error();
    if (is_out_of_memory(error)) throw ResourceError(error.message);
    if (error.where.field == "memory_limit") {
      throw InputError(fmt::format("{} (see --memory)", error.message));
    }
    if (error.where.field == "engine") throw solve_error(error, "");
    throw InputError(error.message);
  }
  CopsAnswer answer{std::move(result).value()};
  answer.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return answer;
}

std::string answer_text(const CopsAnswer& a) {
  if (!a.win)
    return fmt::format("{} cop{} lose: the robber escapes forever\n", a.cops,
                       a.cops == 1 ? "" : "s");
  return fmt::format(
      "{} cop{} win: place on {}; capture within {} move{} ({} cop move{}), the robber lasting "
      "longest from node {}\n",
      a.cops, a.cops == 1 ? "" : "s", fmt::join(a.placement, ","), a.capture_moves,
      a.capture_moves == 1 ? "" : "s", cop_rounds(a.capture_moves),
      cop_rounds(a.capture_moves) == 1 ? "" : "s", a.robber);
}

nlohmann::ordered_json answer_json(const CopsAnswer& a) {
  nlohmann::ordered_json out;
  out["cops"] = a.cops;
  out["win"] = a.win;
  out["placement"] = a.win ? nlohmann::ordered_json(a.placement) : nullptr;
  out["capture_moves"] = a.win ? nlohmann::ordered_json(a.capture_moves) : nullptr;
  out["capture_rounds"] = a.win ? nlohmann::ordered_json(cop_rounds(a.capture_moves)) : nullptr;
  out["robber_start"] = a.win ? nlohmann::ordered_json(a.robber) : nullptr;
  out["states"] = a.states;
  out["seconds"] = a.seconds;
  return out;
}

struct CopsCommand {
  GraphInput input;
  EngineOptions engine;
  std::int64_t cops = 1;
  std::int64_t max = 3;
  bool json = false;
};

void check_count(std::int64_t k, const char* option) {
  if (k < 1 || k > kMaxCops) {
    throw InputError(fmt::format("{}: {} cops; give 1 to {}", option, k, kMaxCops));
  }
}

// The graphs of the input: one, or every line of a graph6 collection.
std::vector<Graph> load_graphs(const GraphInput& input) {
  const std::string text = input.read();
  const std::string source = input.source();
  const GraphFormat format =
      input.format.empty() ? detect_format(source, text) : take(parse_format_name(input.format));
  const std::uint64_t memory_limit = input.read_options().memory_limit;
  if (format == GraphFormat::kGraph6 && !input.directed) {
    std::vector<Graph> graphs = take_read(parse_graph6_file(text, source, memory_limit));
    if (graphs.empty()) throw InputError(fmt::format("{}: no graph in the graph6 input", source));
    return graphs;
  }
  std::vector<Graph> graphs;
  graphs.push_back(take_read(parse_graph(text, source, format, input.directed, memory_limit)));
  return graphs;
}

// One result per graph: as is for a single graph, else each prefixed by the graph's number (text)
// or carrying it as "graph" (JSON, one object per line).
template <typename Answer>
void print_each(const std::vector<Graph>& graphs, bool json, Answer answer) {
  std::string out;
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    nlohmann::ordered_json object;
    std::string text;
    answer(graphs[i], object, text);
    if (json) {
      if (graphs.size() > 1) {
        nlohmann::ordered_json numbered;
        numbered["graph"] = i + 1;
        for (const auto& [key, value] : object.items()) numbered[key] = value;
        object = std::move(numbered);
      }
      out += object.dump() + "\n";
    } else {
      out += graphs.size() > 1 ? fmt::format("graph {}: {}", i + 1, text) : text;
    }
  }
  print(out);
}

}  // namespace

void add_cops_commands(CLI::App& app) {
  auto cmd = std::make_shared<CopsCommand>();
  CLI::App* cops = app.add_subcommand("cops", "Do K cops catch the robber? (cops and robbers)");
  cmd->input.add_to(*cops);
  cmd->engine.add_to(*cops, false);
  cmd->input.engine = &cmd->engine;  // --memory bounds what is read
  cops->add_option("--cops", cmd->cops, "the number of cops (default: 1)")->type_name("K");
  cops->add_flag("--json", cmd->json,
                 "print one JSON object: cops, win, placement, capture_moves, capture_rounds, "
                 "robber_start, states, seconds");
  cops->footer(
      "The cops place first, then the robber; then the cops move, all at once, then the robber,\n"
      "and so on; anyone may stay. The cops win when one of them is on the robber. Capture time\n"
      "counts moves (plies) from the cops' first move; rounds count the cops' moves.\n\n"
      "Examples:\n"
      "  catmouse cops examples/petersen.g6 --cops 3\n"
      "  catmouse gen grid --nodes 16 | catmouse cops - --cops 2 --json");
  cops->callback([cmd] {
    check_count(cmd->cops, "--cops");
    print_each(load_graphs(cmd->input), cmd->json,
               [&](const Graph& graph, nlohmann::ordered_json& json, std::string& text) {
                 const CopsAnswer a =
                     run_cops(graph, static_cast<std::uint32_t>(cmd->cops), cmd->engine);
                 json = answer_json(a);
                 text = answer_text(a);
               });
  });

  auto number = std::make_shared<CopsCommand>();
  CLI::App* copnumber =
      app.add_subcommand("copnumber", "The cop number: the fewest cops that catch the robber");
  number->input.add_to(*copnumber);
  number->engine.add_to(*copnumber, false);
  number->input.engine = &number->engine;
  copnumber->add_option("--max", number->max, "try at most this many cops (default: 3)")
      ->type_name("K");
  copnumber->add_flag("--json", number->json,
                      "print one JSON object: cop_number (null when above --max), placement, "
                      "capture_moves, capture_rounds, robber_start, and the tries");
  copnumber->footer(
      "Tries 1, 2, ... cops (rules as for 'cops') until they win. Known values: trees 1,\n"
      "cycles of 4 or more nodes and grids 2, the Petersen graph and the dodecahedron 3.\n\n"
      "Examples:\n"
      "  catmouse copnumber examples/petersen.g6\n"
      "  catmouse gen cycle --nodes 12 | catmouse copnumber - --json");
  copnumber->callback([number] {
    check_count(number->max, "--max");
    print_each(load_graphs(number->input), number->json,
               [&](const Graph& graph, nlohmann::ordered_json& out, std::string& text) {
                 std::vector<CopsAnswer> tries;
                 for (std::uint32_t k = 1; k <= number->max; ++k) {
                   tries.push_back(run_cops(graph, k, number->engine));
                   if (tries.back().win) break;
                 }
                 const CopsAnswer& last = tries.back();
                 out["cop_number"] = last.win ? nlohmann::ordered_json(last.cops) : nullptr;
                 const nlohmann::ordered_json best = answer_json(last);
                 for (const auto& [key, value] : best.items()) {
                   if (key != "cops" && key != "win") out[key] = value;
                 }
                 if (!last.win) out["at_least"] = number->max + 1;
                 out["tries"] = nlohmann::ordered_json::array();
                 for (const CopsAnswer& a : tries) out["tries"].push_back(answer_json(a));
                 text = last.win ? fmt::format("cop number {}\n", last.cops) + answer_text(last)
                                 : fmt::format("cop number > {} ({} cops lose)\n", number->max,
                                               number->max);
               });
  });
}

}  // namespace catmouse::cli
