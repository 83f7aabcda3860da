// catmouse table GRAPH --out FILE.csv: the whole solved table, one row per state.
#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "catmouse/query.hpp"
#include "common.hpp"

namespace catmouse::cli {

namespace {

struct TableCommand {
  GraphInput input;
  EngineOptions engine;
  RulesOptions rules;
  std::string out;
};

// Closes the file on every path out of write_table.
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

void write_rows(std::FILE* file, const Game& game, const Table& table) {
  fmt::memory_buffer buffer;
  fmt::format_to(std::back_inserter(buffer), "mouse,cat,turn,value,remoteness,best_move\n");
  for (StateIndex i = 0; i < game.state_count(); ++i) {
    const State s = game.space().state(i);
    if (!game.valid(s)) continue;
    const auto r = table.remoteness(s);
    const auto best = best_move(game, table, s);
    fmt::format_to(std::back_inserter(buffer), "{},{},{},{},{},{}\n", s.mouse, s.cat,
                   side_name(s.turn), value_name(table.value(s)), r ? fmt::to_string(*r) : "",
                   best ? fmt::to_string(best->to) : "");
    if (buffer.size() > (1u << 20) || i + 1 == game.state_count()) {
      if (std::fwrite(buffer.data(), 1, buffer.size(), file) != buffer.size()) {
        throw InputError(fmt::format("write error: {}", std::strerror(errno)));
      }
      buffer.clear();
    }
  }
}

void run(const TableCommand& cmd) {
  Solved solved = load_and_solve(cmd.input, StateOptions{}, cmd.engine, cmd.rules);
  if (cmd.out == "-") {
    write_rows(stdout, *solved.game, *solved.table);
    std::fflush(stdout);
    return;
  }
  // Written beside the target and renamed at the end, so a failure never leaves half a table.
  const std::string partial = cmd.out + ".partial";
  try {
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(partial.c_str(), "wb"));
    if (!file) throw InputError(fmt::format("{}: cannot write: {}", cmd.out, std::strerror(errno)));
    write_rows(file.get(), *solved.game, *solved.table);
    if (std::fflush(file.get()) != 0) {
      throw InputError(fmt::format("{}: write error: {}", cmd.out, std::strerror(errno)));
    }
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    throw;
  }
  std::error_code error;
  std::filesystem::rename(partial, cmd.out, error);
  if (error) throw InputError(fmt::format("{}: cannot write: {}", cmd.out, error.message()));
}

}  // namespace

void add_table_command(CLI::App& app) {
  auto cmd = std::make_shared<TableCommand>();
  CLI::App* sub =
      app.add_subcommand("table", "Write every state's value, remoteness and best move as CSV");
  cmd->input.add_to(*sub);
  cmd->engine.add_to(*sub, false);
  cmd->rules.add_to(*sub);
  sub->add_option("--out", cmd->out, "the CSV file to write ('-' for stdout)")->required();
  sub->footer(
      "Columns: mouse,cat,turn,value,remoteness,best_move. value is mouse, cat or draw;\n"
      "remoteness is empty for a draw; best_move (the mover's destination) is empty at finished\n"
      "positions.\n\n"
      "Example:\n"
      "  catmouse table examples/leetcode1.json --out table.csv");
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
