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
    "line number (exit 2); answers of earlier lines may have been printed (never part of one).";

// What cops and copnumber share after their options: the help's end (their own text, then how a
// collection is read, then their examples) and the run, which first checks the count of cops
// that the mode takes (--cops for one try, --max for the search).
void add_text_and_run(CLI::App& sub, const std::shared_ptr<CopsCommand>& cmd, CopsMode mode,
                      std::string_view about, std::initializer_list<std::string_view> examples) {
  set_help_footer(sub, std::string(about) + "\n\n" + kCollections, examples);
  sub.callback([cmd, mode] {
    if (mode == CopsMode::kCops) {
      check_cop_count(cmd->cops, "--cops");
    } else {
      check_cop_count(cmd->max, "--max");
    }
    run_cops_command(*cmd, mode);
  });
}

}  // namespace

void add_cops_commands(CLI::App& app) {
  auto cmd = std::make_shared<CopsCommand>();
  CLI::App* cops = app.add_subcommand("cops", "Do K cops catch the robber? (cops and robbers)");
  add_common(*cops, *cmd);
  cops->add_option("--cops", cmd->cops, "the number of cops (default: 1)")->type_name("K");
  cops->add_flag("--json", cmd->json,
                 "print one JSON object: cops, win, placement, capture_moves, capture_rounds, "
                 "robber_start, states, seconds");
  add_text_and_run(*cops, cmd, CopsMode::kCops,
                   "The cops place first, then the robber; then the cops move, all at once, then "
                   "the robber,\n"
                   "and so on; anyone may stay (unless --no-cop-stays, --no-robber-stays). The "
                   "cops win when\n"
                   "one of them is on the robber. Capture time counts moves (plies) from the cops' "
                   "first\n"
                   "move; rounds count the cops' moves.",
                   {"catmouse cops examples/petersen.g6 --cops 3",
                    "catmouse gen grid --nodes 16 | catmouse cops - --cops 2 --json",
                    "nauty-geng -c 8 | catmouse cops - --cops 2 --summary-only"});

  auto number = std::make_shared<CopsCommand>();
  CLI::App* copnumber =
      app.add_subcommand("copnumber", "The cop number: the fewest cops that catch the robber");
  add_common(*copnumber, *number);
  copnumber->add_option("--max", number->max, "try at most this many cops (default: 3)")
      ->type_name("K");
  copnumber->add_flag("--json", number->json,
                      "print one JSON object: cop_number (null when above --max), placement, "
                      "capture_moves, capture_rounds, robber_start, and the tries");
  add_text_and_run(
      *copnumber, number, CopsMode::kCopNumber,
      "Tries 1, 2, ... cops (rules as for 'cops') until they win. Known values: trees 1,\n"
      "cycles of 4 or more nodes and grids 2, the Petersen graph and the dodecahedron 3,\n"
      "most generalized Petersen graphs of girth 8 4 (--max 4).",
      {"catmouse copnumber examples/petersen.g6",
       "catmouse gen cycle --nodes 12 | catmouse copnumber - --json",
       "nauty-geng -c 9 | catmouse copnumber - --summary-only   # 65561 cop-win graphs"});
}

}  // namespace catmouse::cli
