// catmouse table GRAPH --out FILE.csv: the whole solved table, one row per state.
#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "commands.hpp"
#include "tablebase_input.hpp"

namespace catmouse::cli {

namespace {

struct TableCommand {
  GraphInput input;
  EngineOptions engine;
  RulesOptions rules;
  std::string out;
  std::string graph;  // --graph, for a tablebase file
};

void write_rows(std::FILE* file, const Solution& solution) {
  const Game& game = solution.game();
  const Table& table = solution.table();
  BufferedWriter out(file);
  fmt::memory_buffer& buffer = out.buffer();
  fmt::format_to(std::back_inserter(buffer), "mouse,cat,turn,value,remoteness,best_move\n");
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    const State s = game.space().state(i);
    if (!game.valid(s)) continue;
    const auto r = table.remoteness(s);
    const auto best = solution.best_child(i);
    const State child = best ? game.space().state(*best) : s;
    const NodeId to = s.turn == Side::kMouse ? child.mouse : child.cat;
    fmt::format_to(std::back_inserter(buffer), "{},{},{},{},{},{}\n", s.mouse, s.cat,
                   side_name(s.turn), value_name(table.value(s)), r ? fmt::to_string(*r) : "",
                   best ? fmt::to_string(to) : "");
    out.flush_if_full();
  }
  out.flush();
}

// The solution stored in a tablebase file, whose rules are its own.
Solution load_file(const TableCommand& cmd) {
  if (cmd.rules.any_given()) {
    throw InputError(
        fmt::format("{}: rule options do not apply to a tablebase file, whose rules "
                    "are fixed",
                    cmd.input.path));
  }
  const Tablebase tablebase = open_tablebase(cmd.input.path);
  check_graph_option(tablebase, cmd.graph);
  if (tablebase.game().cats() > 1) {
    throw InputError(fmt::format("{}: a game of {} cats; this command writes one cat's table",
                                 cmd.input.path, tablebase.game().cats()));
  }
  Result<Solution> solution = tablebase.load(cmd.engine.memory_limit());
  if (!solution.ok()) table_error(solution.error());
  return std::move(solution).value();
}

void run(const TableCommand& cmd) {
  if (is_tablebase_file(cmd.input.path)) {
    const Solution solution = load_file(cmd);
    write_output(cmd.out, [&](std::FILE* file) { write_rows(file, solution); });
    return;
  }
  if (!cmd.graph.empty()) throw InputError("--graph: only with a tablebase file");
  const Solution solution = solve_game(load_one_cat(cmd.input, cmd.rules), cmd.engine);
  write_output(cmd.out, [&](std::FILE* file) { write_rows(file, solution); });
}

}  // namespace

void add_table_command(CLI::App& app) {
  auto cmd = std::make_shared<TableCommand>();
  CLI::App* sub =
      app.add_subcommand("table", "Write every state's value, remoteness and best move as CSV");
  cmd->input.add_to(*sub);
  cmd->engine.add_to(*sub, false);
  cmd->input.engine = &cmd->engine;  // --memory bounds what is read
  cmd->rules.add_to(*sub);
  sub->add_option("--out", cmd->out, "the CSV file to write ('-' for stdout)")->required();
  sub->add_option("--graph", cmd->graph,
                  "with a tablebase file: refuse it unless it is for the board in this graph file")
      ->type_name("GRAPH");
  sub->footer(
      "Columns: mouse,cat,turn,value,remoteness,best_move. value is mouse, cat or draw;\n"
      "remoteness is empty for a draw; best_move (the mover's destination) is empty at finished\n"
      "positions.\n\n"
      "GRAPH may also be a tablebase file (solve --save), recognised by its first bytes: the\n"
      "table is read from it instead of solved, with the file's rules.\n\n"
      "Examples:\n"
      "  catmouse table examples/leetcode1.json --out table.csv\n"
      "  catmouse table leetcode1.cmtb --out table.csv");
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
