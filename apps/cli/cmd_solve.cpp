// catmouse solve GRAPH: the value of the start (or any) state under optimal play.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "batch.hpp"
#include "catmouse/io/tablebase.hpp"
#include "common.hpp"

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
  bool code = false;
  bool json = false;
};

void run(const SolveCommand& cmd) {
  if (!cmd.batch.empty()) {
    if (!cmd.input.path.empty()) throw InputError("--batch: give either GRAPH or --batch FILE");
    if (cmd.json) throw InputError("--json: not with --batch (see --jsonl)");
    if (!cmd.save.empty()) throw InputError("--save: not with --batch");
    BatchOutput output = cmd.batch_output;
    output.code = cmd.code;
    run_batch(cmd.batch, cmd.input, cmd.rules, cmd.state, cmd.engine, output);
    return;
  }
  const BatchOutput& b = cmd.batch_output;
  if (b.jsonl || b.summary || b.summary_only) {
    throw InputError(fmt::format("{}: only with --batch", b.jsonl     ? "--jsonl"
                                                          : b.summary ? "--summary"
                                                                      : "--summary-only"));
  }
  if (cmd.input.path.empty()) throw InputError("GRAPH is required (or --batch FILE)");
  GameSpec spec = cmd.input.load();
  cmd.rules.apply(spec, cmd.state);
  const Solution solution = solve_game(std::move(spec), cmd.engine, cmd.state);
  if (!cmd.save.empty()) {
    TablebaseWriteOptions options;
    options.threads = cmd.engine.threads;
    if (Status ok = write_tablebase(cmd.save, solution, options); !ok) throw InputError(ok.error());
  }
  const Game& game = solution.game();
  const Position p = cmd.state.resolve(game);
  const auto [value, remoteness] = solution.value(p);
  if (cmd.code && solution.spec().grid) {
    print(value == Value::kMouseWin ? "true\n" : "false\n");  // LeetCode 1728's answer
  } else if (cmd.code) {
    print(fmt::format("{}\n", static_cast<int>(value)));
  } else if (cmd.json) {
    nlohmann::ordered_json out;
    out["result"] = static_cast<int>(value);
    out["winner"] = value_name(value);
    out["remoteness"] = remoteness ? nlohmann::ordered_json(*remoteness) : nullptr;
    out["state"] = {{"mouse", p.mouse}};
    if (game.cats() == 1) {
      out["state"]["cat"] = p.cats[0];
    } else {
      out["state"]["cats"] = p.cats;
    }
    out["state"]["turn"] = side_name(p.turn);
    out["nodes"] = game.node_count();
    out["edges"] = game.graph().edge_count();
    if (game.cats() > 1) out["cats"] = game.cats();
    out["states"] = game.valid_state_count();
    out["seconds"] = solution.seconds();
    out["table_bytes"] = solution.memory_bytes();
    out["engine"] = engine_name(solution.engine());
    print(out.dump() + "\n");
  } else {
    print(result_sentence(value, remoteness) + "\n");
  }
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
  auto* code =
      sub->add_flag("--code", cmd->code,
                    "print only LeetCode's answer: 1 mouse, 2 cat, 0 draw (913); true or false "
                    "for a grid map (1728)");
  sub->add_flag("--json", cmd->json,
                "print one JSON object: result, winner, remoteness, state, nodes, edges, cats (k > "
                "1), states, seconds, table_bytes, engine")
      ->excludes(code);
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
  sub->footer(
      "Remoteness is counted in moves (plies): the winner takes the fastest win, the loser the\n"
      "slowest loss.\n\n"
      "Examples:\n"
      "  catmouse solve examples/leetcode1.json          # draw\n"
      "  catmouse solve --code examples/leetcode2.json   # 1\n"
      "  catmouse solve --json --mouse 3 --cat 4 --turn cat graph.json\n"
      "  catmouse solve --values-only --progress big.json\n"
      "  catmouse solve big.json --save big.cmtb         # then: catmouse probe big.cmtb\n"
      "  catmouse solve --batch graphs.jsonl --code\n"
      "  catmouse solve --batch maps.jsonl --code        # LeetCode 1728 maps, true/false\n"
      "  catmouse solve --batch graphs.g6 --holes 0,3 --cat-stays\n"
      "  nauty-geng 8 | catmouse solve --batch - --summary-only\n"
      "  catmouse solve --code examples/grid1728.json     # true (a LeetCode 1728 map)\n"
      "  catmouse solve --holes 0,5 --cat-stays --move-limit 40 --limit-outcome cat g.json");
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
