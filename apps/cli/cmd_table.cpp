// catmouse table GRAPH --out FILE.csv: the whole solved table, one row per state. A tablebase file
// is streamed block by block; a graph is solved in memory when its table fits --memory, else
// saved to a temporary tablebase file and streamed from it.
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <memory>

#include "catmouse/solve/plan.hpp"
#include "catmouse/tablebase/export.hpp"
#include "catmouse/tablebase/save.hpp"
#include "commands.hpp"
#include "scratch_folder.hpp"
#include "tablebase_input.hpp"

namespace catmouse::cli {

namespace {

// What the rows' text takes at most while a stream runs: BufferedWriter's buffer, written out
// past 1 MiB, holds that and the rows of one row of the table (a line of at most 48 bytes each),
// in a buffer that may have grown to twice that.
std::uint64_t text_buffer_bytes(NodeId nodes) {
  return 2 * ((std::uint64_t{1} << 20) + 48 * std::uint64_t{nodes});
}

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

// A stream that failed after the output began: the error goes out of write_output() as this,
// so that a file being written is dropped, and is reported after it.
struct StreamFailed {
  Error error;
};

// The rows of a tablebase file, streamed block by block (tablebase/export.hpp), each state checked
// against its children on the way: the memory stays within a few hundred megabytes (within
// --memory, the text buffer counted) whatever the file's size. The rows before a state that fails
// its check are written (and flushed) before the failure goes out.
void stream_rows(std::FILE* file, const Tablebase& tablebase, std::uint64_t memory_limit) {
  BufferedWriter out(file);
  fmt::memory_buffer& buffer = out.buffer();
  fmt::format_to(std::back_inserter(buffer), "mouse,cat,turn,value,remoteness,best_move\n");
  std::exception_ptr write_failure;
  TableStreamOptions options;
  options.memory_limit = memory_limit;
  options.caller_bytes = text_buffer_bytes(tablebase.game().node_count());
  const Status streamed = stream_table(
      tablebase,
      [&](std::span<const TableRow> rows) {
        try {
          for (const TableRow& row : rows) {
            const State& s = row.state;
            fmt::format_to(std::back_inserter(buffer), "{},{},{},{},{},{}\n", s.mouse, s.cat,
                           side_name(s.turn), value_name(row.value),
                           row.remoteness ? fmt::to_string(*row.remoteness) : "",
                           row.best_move ? fmt::to_string(*row.best_move) : "");
          }
          out.flush_if_full();
          return true;
        } catch (...) {
          write_failure = std::current_exception();
          return false;
        }
      },
      options);
  if (write_failure) std::rethrow_exception(write_failure);
  if (!streamed.ok()) {
    // The rows before a state that failed its check go out, as they would have on their way.
    if (streamed.error().where.field == ErrorField::kState) out.flush();
    throw StreamFailed{streamed.error()};
  }
  out.flush();
}

// Writes the rows of the tablebase file `path` to cmd.out; `warn_start`: warn (as a solve does)
// when a player can get stuck from the start.
void stream_file(const TableCommand& cmd, const std::string& path, bool warn_start) {
  const Tablebase tablebase = open_tablebase(path);
  if (warn_start) warn_if_stuck(tablebase.game(), tablebase.start());
  try {
    write_output(cmd.out,
                 [&](std::FILE* file) { stream_rows(file, tablebase, cmd.engine.memory_limit()); });
  } catch (const StreamFailed& failure) {
    table_error(failure.error);
  }
}

// A tablebase file, whose rules are its own.
void table_of_file(const TableCommand& cmd) {
  if (cmd.rules.any_given()) {
    throw InputError(
        fmt::format("{}: rule options do not apply to a tablebase file, whose rules "
                    "are fixed",
                    cmd.input.path));
  }
  {
    const Tablebase tablebase = open_tablebase(cmd.input.path);
    check_graph_option(tablebase, cmd.graph);
    if (tablebase.game().cats() > 1) {
      throw InputError(fmt::format("{}: a game of {} cats; this command writes one cat's table",
                                   cmd.input.path, tablebase.game().cats()));
    }
  }
  stream_file(cmd, cmd.input.path, false);
}

// A graph whose whole table does not fit in --memory, planned as a save: solved into a tablebase
// file in a temporary folder (the save keeps values only in memory and the remoteness on disk),
// streamed from it, and removed.
void table_through_file(const TableCommand& cmd, SolvePlan planned,
                        const TablebaseSaveOptions& save) {
  const std::string source = planned.spec().source;
  const ScratchFolder scratch;
  const std::string file = scratch.path() + "/table.cmtb";
  // A signal removes them (the folder goes with the scratch folder otherwise).
  const TemporaryGuard written(file);
  const TemporaryGuard partial(file + ".partial");
  const TemporaryGuard spill(tablebase_spill_path(file));
  const Result<TablebaseSaveReport> report = solve_to_tablebase(std::move(planned), file, save);
  // The temporary files' errors (a full disk, `ulimit -f`) are output lost, a lack of resources
  // rather than bad input; solve_error() names the file.
  if (!report.ok()) throw solve_error(report.error(), source, false);
  stream_file(cmd, file, true);
}

void run(const TableCommand& cmd) {
  if (is_tablebase_file(cmd.input.path)) return table_of_file(cmd);
  if (!cmd.graph.empty()) throw InputError("--graph: only with a tablebase file");
  GameSpec spec = load_one_cat(cmd.input, cmd.rules);
  const std::string source = spec.source;
  TablebaseSaveOptions save;
  save.write.threads = cmd.engine.threads;
  // One plan, of two alternatives: the table in memory, else (its refusal allocated nothing) a
  // save through a temporary file, with the writer's buffers counted beside the engine.
  const PlanAlternative alternatives[] = {{SinkKind::kTable, {}},
                                          {SinkKind::kLevels, tablebase_save_memory(save.write)}};
  constexpr std::size_t kThroughFile = 1;
  Result<SolvePlan> planned = plan(std::move(spec), cmd.engine.resolve(), alternatives);
  if (!planned.ok()) {
    // A refusal for memory is the save's, the last alternative, whose words name no
    // --values-only; anything else is every alternative's, the table's first.
    const bool refused = planned.error().kind == ErrorKind::kRefusedMemory;
    throw solve_error(planned.error(), source, !refused && cmd.engine.allow_values_only);
  }
  if (planned->alternative() == kThroughFile) {
    return table_through_file(cmd, std::move(planned).value(), save);
  }
  Result<Solution> solution = run(std::move(planned).value());
  if (!solution.ok()) throw solve_error(solution.error(), source, cmd.engine.allow_values_only);
  warn_if_stuck(solution->game(), StateOptions{}.resolve(solution->game()));
  write_output(cmd.out, [&](std::FILE* file) { write_rows(file, *solution); });
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
  set_help_footer(
      *sub,
      "Columns: mouse,cat,turn,value,remoteness,best_move. value is mouse, cat or draw;\n"
      "remoteness is empty for a draw; best_move (the mover's destination) is empty at finished\n"
      "positions.\n\n"
      "GRAPH may also be a tablebase file (solve --save), recognised by its first bytes: the\n"
      "table is streamed from it block by block instead of solved, with the file's rules, in a\n"
      "few hundred megabytes whatever its size. A graph whose table does not fit --memory is\n"
      "saved to a temporary tablebase file in $TMPDIR and streamed from it.",
      {"catmouse table examples/leetcode1.json --out table.csv",
       "catmouse table leetcode1.cmtb --out table.csv"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
