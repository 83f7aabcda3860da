// catmouse starts GRAPH --out FILE.csv: the game from every pair of start nodes, for the side
// that moves first, from one solve; and a summary on stdout.
#include <fmt/format.h>

#include <memory>

#include "commands.hpp"

namespace catmouse::cli {

namespace {

struct StartsCommand {
  GraphInput input;
  EngineOptions engine;
  RulesOptions rules;
  std::string out;
};

struct Summary {
  std::uint64_t pairs = 0;
  std::uint64_t wins[3] = {};  // by Value
  std::optional<State> longest;
  std::uint32_t longest_remoteness = 0;
};

// Every start pair the rules allow: the cat off the nodes it may not enter, the mouse out of the
// holes (a pair with both on one node is listed: the cat has already won).
template <class F>
void for_each_start(const Game& game, F&& f) {
  for (NodeId mouse = 0; mouse < game.node_count(); ++mouse) {
    if (game.is_hole(mouse)) continue;
    for (NodeId cat = 0; cat < game.node_count(); ++cat) {
      if (!game.cat_forbidden(cat)) f(State{mouse, cat, game.rules().first});
    }
  }
}

void run(const StartsCommand& cmd) {
  const Solution solution = solve_game(load_one_cat(cmd.input, cmd.rules), cmd.engine);
  const Game& game = solution.game();
  const Table& table = solution.table();
  Summary summary;
  write_output(cmd.out, [&](std::FILE* file) {
    BufferedWriter out(file);
    fmt::format_to(std::back_inserter(out.buffer()), "mouse,cat,first,value,remoteness\n");
    for_each_start(game, [&](const State& s) {
      const Value value = table.value(s);
      const auto r = table.remoteness(s);
      fmt::format_to(std::back_inserter(out.buffer()), "{},{},{},{},{}\n", s.mouse, s.cat,
                     side_name(s.turn), value_name(value), r ? fmt::to_string(*r) : "");
      out.flush_if_full();
      ++summary.pairs;
      ++summary.wins[static_cast<int>(value)];
      if (r && (!summary.longest || *r > summary.longest_remoteness)) {
        summary.longest = s;
        summary.longest_remoteness = *r;
      }
    });
    out.flush();
  });
  std::string text = fmt::format(
      "{} start pairs, {} to move first: mouse wins {}, cat wins {}, draws {}\n", summary.pairs,
      side_name(game.rules().first), summary.wins[1], summary.wins[2], summary.wins[0]);
  if (summary.longest) {
    text += fmt::format("longest forced game: mouse {}, cat {}: {}\n", summary.longest->mouse,
                        summary.longest->cat,
                        result_sentence(table.value(*summary.longest), summary.longest_remoteness));
  }
  if (cmd.out != "-") print(text);
}

}  // namespace

void add_starts_command(CLI::App& app) {
  auto cmd = std::make_shared<StartsCommand>();
  CLI::App* sub = app.add_subcommand(
      "starts", "Solve once and write the game from every pair of start nodes as CSV");
  cmd->input.add_to(*sub);
  cmd->engine.add_to(*sub, false);
  cmd->input.engine = &cmd->engine;  // --memory bounds what is read
  cmd->rules.add_to(*sub);
  sub->add_option("--out", cmd->out, "the CSV file to write ('-' for stdout, then no summary)")
      ->required();
  set_help_footer(
      *sub,
      "Columns: mouse,cat,first,value,remoteness; one row for every mouse start outside the holes\n"
      "and every cat start the cat may stand on, with the side given by --first moving first.\n"
      "A summary (counts by winner, the longest forced game) goes to stdout.",
      {"catmouse starts examples/leetcode1.json --out starts.csv"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
