// catmouse cops GRAPH --cops K and catmouse copnumber GRAPH: their options and help; the answers
// are the application layer's (cops_answers.hpp).
#include <memory>
#include <string>

#include "commands.hpp"
#include "cops_answers.hpp"

namespace catmouse::cli {

namespace {

// The options cops and copnumber share.
void add_common(CLI::App& sub, CopsCommand& cmd) {
  cmd.input.add_to(sub);
  cmd.engine.add_to(sub, false);
  cmd.input.engine = &cmd.engine;  // --memory bounds what is read
  sub.add_flag("--jsonl", cmd.jsonl,
               "print one compact JSON object per graph: graph (its number), g6, the answer, "
               "capture_moves, capture_rounds, placement, robber_start");
  sub.add_flag("--summary", cmd.summary,
               "at the end, on stderr: the number of graphs and the rate, and per answer the "
               "count and the longest capture time with a graph that reaches it");
  sub.add_flag("--summary-only", cmd.summary_only,
               "print the summary on stdout, and no answer per graph");
  sub.add_flag("--no-cop-stays", cmd.no_cop_stays,
               "every cop must move along an edge each turn (default: a cop may stay)");
  sub.add_flag("--no-robber-stays", cmd.no_robber_stays,
               "the robber must move along an edge each turn (default: he may stay)");
}

constexpr const char* kCollections =
    "A graph6 input may hold many graphs, one per line (nauty-geng's output; read from stdin\n"
    "with '-'): they are read as they come, shared out among the threads (--threads), and\n"
    "answered in input order, each prefixed by its number. A bad line stops the run with its\n"
    "line number (exit 2); answers of earlier lines may have been printed (never part of one).\n";

}  // namespace

void add_cops_commands(CLI::App& app) {
  auto cmd = std::make_shared<CopsCommand>();
  CLI::App* cops = app.add_subcommand("cops", "Do K cops catch the robber? (cops and robbers)");
  add_common(*cops, *cmd);
  cops->add_option("--cops", cmd->cops, "the number of cops (default: 1)")->type_name("K");
  cops->add_flag("--json", cmd->json,
                 "print one JSON object: cops, win, placement, capture_moves, capture_rounds, "
                 "robber_start, states, seconds");
  cops->footer(
      std::string(
          "The cops place first, then the robber; then the cops move, all at once, then the "
          "robber,\n"
          "and so on; anyone may stay (unless --no-cop-stays, --no-robber-stays). The cops win "
          "when\n"
          "one of them is on the robber. Capture time counts moves (plies) from the cops' first\n"
          "move; rounds count the cops' moves.\n\n") +
      kCollections +
      "\nExamples:\n"
      "  catmouse cops examples/petersen.g6 --cops 3\n"
      "  catmouse gen grid --nodes 16 | catmouse cops - --cops 2 --json\n"
      "  nauty-geng -c 8 | catmouse cops - --cops 2 --summary-only");
  cops->callback([cmd] {
    check_cop_count(cmd->cops, "--cops");
    run_cops_command(*cmd, CopsMode::kCops);
  });

  auto number = std::make_shared<CopsCommand>();
  CLI::App* copnumber =
      app.add_subcommand("copnumber", "The cop number: the fewest cops that catch the robber");
  add_common(*copnumber, *number);
  copnumber->add_option("--max", number->max, "try at most this many cops (default: 3)")
      ->type_name("K");
  copnumber->add_flag("--json", number->json,
                      "print one JSON object: cop_number (null when above --max), placement, "
                      "capture_moves, capture_rounds, robber_start, and the tries");
  copnumber->footer(
      std::string(
          "Tries 1, 2, ... cops (rules as for 'cops') until they win. Known values: trees 1,\n"
          "cycles of 4 or more nodes and grids 2, the Petersen graph and the dodecahedron 3,\n"
          "most generalized Petersen graphs of girth 8 4 (--max 4).\n\n") +
      kCollections +
      "\nExamples:\n"
      "  catmouse copnumber examples/petersen.g6\n"
      "  catmouse gen cycle --nodes 12 | catmouse copnumber - --json\n"
      "  nauty-geng -c 9 | catmouse copnumber - --summary-only   # 65561 cop-win graphs");
  copnumber->callback([number] {
    check_cop_count(number->max, "--max");
    run_cops_command(*number, CopsMode::kCopNumber);
  });
}

}  // namespace catmouse::cli
