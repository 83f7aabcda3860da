// catmouse solve GRAPH: the value of the start (or any) state under optimal play.
#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

#include "batch.hpp"
#include "catmouse/io/atomic_file.hpp"
#include "catmouse/solve/plan.hpp"
#include "catmouse/tablebase/save.hpp"
#include "catmouse/tablebase/tablebase.hpp"
#include "commands.hpp"
#include "scratch_folder.hpp"
#include "tablebase_input.hpp"

namespace catmouse::cli {

namespace {

struct SolveCommand {
  GraphInput input;
  StateOptions state;
  EngineOptions engine;
  RulesOptions rules;
  std::string batch;
  BatchOutput batch_output;
  std::string save;
  std::string checkpoint_every;
  AnswerOptions answer;  // --code, --json
};

// --checkpoint-every: "30s", "5m", "2h", "500ms"; "0" checkpoints after every level.
std::chrono::milliseconds parse_interval(const std::string& text) {
  static const struct {
    const char* unit;
    double milliseconds;
  } kUnits[] = {{"ms", 1}, {"s", 1e3}, {"m", 60e3}, {"min", 60e3}, {"h", 3600e3}};
  const auto bad = [&] {
    return InputError(fmt::format(
        "--checkpoint-every: '{}' is not a duration (e.g. 30s, 5m, 1h; 0: after every level)",
        text));
  };
  std::size_t end = 0;
  double amount = 0;
  try {
    amount = std::stod(text, &end);
  } catch (const std::exception&) {
    throw bad();
  }
  if (!std::isfinite(amount) || amount < 0 || text[0] == ' ') throw bad();
  const std::string unit = text.substr(end);
  if (unit.empty() && amount == 0) return std::chrono::milliseconds(0);
  for (const auto& u : kUnits) {
    if (unit == u.unit && amount * u.milliseconds < 1e15) {
      return std::chrono::milliseconds(static_cast<std::int64_t>(amount * u.milliseconds));
    }
  }
  throw bad();
}

// "catmouse: resuming from big.cmtb.checkpoint: levels 0 to 12 are done (...)" on stderr.
void say_resumed(const TablebaseResume& resume) {
  const std::string what = resume.solved
                               ? "the solve is done, writing the file"
                               : fmt::format("levels 0 to {} are done ({} states decided)",
                                             resume.level, resume.decided);
  std::fprintf(stderr, "catmouse: resuming from %s: %s\n", resume.checkpoint.c_str(), what.c_str());
  std::fflush(stderr);
}

// Copies the file `from` to `to` (a device or pipe) through write_output().
void copy_to_output(const std::string& from, const std::string& to) {
  std::FILE* in = std::fopen(from.c_str(), "rb");
  if (in == nullptr) {
    throw ResourceError(fmt::format("{}: cannot read: {}", from, std::strerror(errno)));
  }
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(in, std::fclose);
  write_output(to, [&](std::FILE* out) {
    std::vector<char> buffer(1 << 16);
    while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), in)) {
      if (std::fwrite(buffer.data(), 1, n, out) != n) throw WriteError{errno};
    }
  });
  if (std::ferror(in)) throw ResourceError(fmt::format("{}: read error", from));
}

// A save's error, as the command reports it.
[[noreturn]] void save_failed(const Error& error, const std::string& source, bool values_only) {
  if (error.where.field == ErrorField::kCheckpointEvery) {
    throw InputError("--checkpoint-every: " + error.message);
  }
  if (error.where.field == ErrorField::kCheckpoint || error.where.field == ErrorField::kSpill) {
    // The file is named; the field would only repeat what the message says.
    const std::string text = error.where.source.empty()
                                 ? error.message
                                 : fmt::format("{}: {}", error.where.source, error.message);
    if (exit_code(error.kind) == 1) throw ResourceError(text);
    throw InputError(text);
  }
  throw solve_error(error, source, values_only);
}

// solve --save: the library solves straight into `file` (through the spill file for one cat,
// with checkpoints if asked); the answer is then read from the file. `file` is cmd.save's final
// target, or (`copy`) a file in a temporary folder copied to cmd.save, a device or pipe.
void run_save(const SolveCommand& cmd, GameSpec spec, const std::string& file, bool copy) {
  TablebaseSaveOptions save;
  save.write.threads = cmd.engine.threads;
  if (!cmd.checkpoint_every.empty()) save.checkpoint_every = parse_interval(cmd.checkpoint_every);
  save.resumed = say_resumed;
  const std::string source = spec.source;
  // The one plan of the request, with the writer's buffers counted beside the engine.
  Result<SolvePlan> planned = plan(std::move(spec), cmd.engine.resolve(), SinkKind::kLevels,
                                   tablebase_save_memory(save.write));
  if (!planned.ok()) save_failed(planned.error(), source, cmd.engine.allow_values_only);
  Result<TablebaseSaveReport> report = [&] {
    // A signal removes the unfinished file, and the spill file unless a checkpoint (this run's,
    // or the one it resumes from) needs it.
    const TemporaryGuard partial(file + ".partial");
    const TemporaryGuard checkpoint(tablebase_checkpoint_path(file) + ".partial");
    std::optional<TemporaryGuard> spill;
    std::error_code error;
    if (!save.checkpoint_every &&
        !std::filesystem::exists(tablebase_checkpoint_path(file), error)) {
      spill.emplace(tablebase_spill_path(file));
    }
    return solve_to_tablebase(std::move(planned).value(), file, save);
  }();
  if (!report.ok()) save_failed(report.error(), source, cmd.engine.allow_values_only);
  if (copy) {
    const TemporaryGuard written(file);
    copy_to_output(file, cmd.save);
  }
  const Tablebase tablebase = open_tablebase(file);
  const Game& game = tablebase.game();
  const Position p = cmd.state.resolve(game);
  if (game.cats() == 1) warn_if_stuck(game, p);
  SolveAnswer answer;
  answer.game = &game;
  answer.position = p;
  answer.value = read(tablebase.value(p));
  answer.grid = tablebase.spec().grid.has_value();
  answer.seconds = report->solve_seconds;
  answer.table_bytes = report->memory_bytes;
  answer.engine = report->engine;
  print(solve_text(answer, cmd.answer.form()));
}

// solve --save to a regular file (or a link to one), in place; to a device or pipe, through a
// regular file in a temporary folder, so that nothing is made beside the device.
void save_and_print(const SolveCommand& cmd, GameSpec spec) {
  const Result<OutputTarget> target = resolve_output(cmd.save);
  if (!target.ok()) throw InputError(target.error());
  if (target->kind == OutputKind::kReplace)
    return run_save(cmd, std::move(spec), target->path, false);
  if (!cmd.checkpoint_every.empty()) {
    throw InputError(fmt::format(
        "--checkpoint-every: {} is a device or pipe: a save there cannot be checkpointed or "
        "resumed; save to a regular file",
        cmd.save));
  }
  const ScratchFolder scratch;
  run_save(cmd, std::move(spec), scratch.path() + "/table.cmtb", true);
}

// The one plan of the request, run for the asked position (run(plan, position): levels for one
// cat, the engine then keeping values only and stopping at the level that decides the position;
// else the table). --values-only asks for the table, values only.
void solve_and_print(const SolveCommand& cmd, GameSpec spec) {
  const std::string source = spec.source;
  const SolveOptions options = cmd.engine.resolve();
  const Result<SolvePlan> planned =
      plan(std::move(spec), options, options.values_only ? SinkKind::kTable : SinkKind::kLevels);
  if (!planned.ok()) throw solve_error(planned.error(), source, cmd.engine.allow_values_only);
  const Game& game = planned->game();
  const Position p = cmd.state.resolve(game);
  const Result<PositionValue> value = run(*planned, p);
  if (!value.ok()) throw solve_error(value.error(), source, cmd.engine.allow_values_only);
  if (game.cats() == 1) warn_if_stuck(game, p);
  SolveAnswer answer;
  answer.game = &game;
  answer.position = p;
  answer.grid = planned->spec().grid.has_value();
  answer.value = value->value;
  answer.seconds = value->seconds;
  answer.table_bytes = value->memory_bytes;
  answer.engine = planned->engine();
  print(solve_text(answer, cmd.answer.form()));
}

void run(const SolveCommand& cmd) {
  if (!cmd.batch.empty()) {
    if (!cmd.input.path.empty()) throw InputError("--batch: give either GRAPH or --batch FILE");
    if (cmd.answer.json) throw InputError("--json: not with --batch (see --jsonl)");
    if (!cmd.save.empty()) throw InputError("--save: not with --batch");
    BatchOutput output = cmd.batch_output;
    output.code = cmd.answer.code;
    run_batch(cmd.batch, cmd.input, cmd.rules, cmd.state, cmd.engine, output);
    return;
  }
  const BatchOutput& b = cmd.batch_output;
  if (b.jsonl || b.summary || b.summary_only) {
    throw InputError(fmt::format("{}: only with --batch", b.jsonl     ? "--jsonl"
                                                          : b.summary ? "--summary"
                                                                      : "--summary-only"));
  }
  if (cmd.input.path.empty()) {
    throw InputError(
        "GRAPH is required (or --batch FILE): a graph file, or - to read the graph from stdin "
        "(catmouse solve - < FILE)");
  }
  if (!cmd.checkpoint_every.empty() && cmd.save.empty()) {
    throw InputError("--checkpoint-every: only with --save");
  }
  GameSpec spec = cmd.input.load();
  cmd.rules.apply(spec, cmd.state);
  if (!cmd.save.empty()) return save_and_print(cmd, std::move(spec));
  solve_and_print(cmd, std::move(spec));
}

}  // namespace

void add_solve_command(CLI::App& app) {
  auto cmd = std::make_shared<SolveCommand>();
  CLI::App* sub = app.add_subcommand("solve", "Solve a graph and print who wins, and how fast");
  cmd->input.add_to(*sub, false);
  cmd->state.add_to(*sub);
  cmd->engine.add_to(*sub, true);
  cmd->input.engine = &cmd->engine;  // --memory bounds what is read
  cmd->rules.add_to(*sub);
  cmd->answer.add_to(*sub,
                     "print one JSON object: result, winner, remoteness, state, nodes, edges, cats "
                     "(k > 1), states, seconds, table_bytes, engine");
  sub->add_option("--batch", cmd->batch,
                  "solve every game of a file ('-': stdin), one per line: JSON (a LeetCode graph, "
                  "{\"graph\":..., \"rules\":...}, or a grid map) or graph6 (--format graph6 or "
                  ".g6); rule options apply to every line; print one result per line")
      ->type_name("FILE");
  sub->add_flag("--jsonl", cmd->batch_output.jsonl,
                "with --batch: one JSON object per game: graph (its number), line, g6 (graph6 "
                "lines), result, winner, remoteness");
  sub->add_flag("--summary", cmd->batch_output.summary,
                "with --batch: at the end, on stderr, the number of games and the rate, and per "
                "result the count and the longest win with a game that reaches it");
  sub->add_flag("--summary-only", cmd->batch_output.summary_only,
                "with --batch: print the summary on stdout, and no result per game");
  sub->add_option("--save", cmd->save,
                  "also write the solved game to a tablebase file, for probe, verify and table "
                  "(docs/formats.md)")
      ->type_name("FILE.cmtb");
  sub->add_option("--checkpoint-every", cmd->checkpoint_every,
                  "with --save: make the solve resumable, checkpointing it after the first level "
                  "that ends this long after the last checkpoint (e.g. 30s, 5m, 1h; 0: every "
                  "level); run the same command again after a crash to resume (one cat)")
      ->type_name("DURATION");
  set_help_footer(
      *sub,
      "Remoteness is counted in moves (plies): the winner takes the fastest win, the loser the\n"
      "slowest loss.",
      {"catmouse solve examples/leetcode1.json          # draw",
       "catmouse solve --code examples/leetcode2.json   # 1",
       "catmouse solve --json --mouse 3 --cat 4 --turn cat graph.json",
       "catmouse solve --values-only --progress big.json",
       "catmouse solve big.json --save big.cmtb         # then: catmouse probe big.cmtb",
       "catmouse solve big.json --save big.cmtb --checkpoint-every 5m   # resumable",
       "catmouse solve --batch graphs.jsonl --code",
       "catmouse solve --batch maps.jsonl --code        # LeetCode 1728 maps, true/false",
       "catmouse solve --batch graphs.g6 --holes 0,3 --cat-stays",
       "nauty-geng 8 | catmouse solve --batch - --summary-only",
       "catmouse solve --code examples/grid1728.json     # true (a LeetCode 1728 map)",
       "catmouse solve --holes 0,5 --cat-stays --move-limit 40 --limit-outcome cat g.json"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
