// catmouse probe FILE.cmtb: a position's value, remoteness, moves, best move and optimal line,
// read from a tablebase file (only the blocks they need) without solving; or, with --batch, one
// answer per position of a file.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_set>

#include "commands.hpp"
#include "tablebase_input.hpp"

namespace catmouse::cli {

namespace {

using Json = nlohmann::ordered_json;

struct ProbeCommand {
  std::string file;
  StateOptions state;
  std::string batch;
  std::string graph;
  std::string memory;  // "" = the available memory, as the other file commands
  bool json = false;
};

// The option a Solution::check field comes from.
std::string option_of(ErrorField field) {
  if (field == ErrorField::kMouse) return "--mouse";
  if (field == ErrorField::kTurn) return "--turn";
  return "--cat";
}

NodeId node_id(std::int64_t id, const Game& game, const char* option) {
  if (id < 0 || id >= game.node_count()) {
    throw InputError(fmt::format("{}: node {} is out of range (nodes are 0..{})", option, id,
                                 game.node_count() - 1));
  }
  return static_cast<NodeId>(id);
}

// The position of --mouse, --cat and --turn, each defaulting to the file's start.
Position position_of(const Tablebase& tablebase, const StateOptions& state) {
  const Game& game = tablebase.game();
  Position p = tablebase.start();
  if (state.mouse) p.mouse = node_id(*state.mouse, game, "--mouse");
  if (!state.cat.empty()) {
    p.cats.clear();
    for (std::int64_t id : state.cat_nodes()) p.cats.push_back(node_id(id, game, "--cat"));
    std::sort(p.cats.begin(), p.cats.end());
  }
  if (!state.turn.empty()) p.turn = state.turn == "cat" ? Side::kCat : Side::kMouse;
  if (Status ok = tablebase.check(p); !ok) {
    throw InputError(fmt::format("{}: {}", option_of(ok.error().where.field), ok.error().message));
  }
  return p;
}

Json cats_json(const Position& p) {
  return p.cats.size() == 1 ? Json(p.cats[0]) : Json(p.cats);
}

Json state_json(const Position& p) {
  return {{"mouse", p.mouse},
          {p.cats.size() == 1 ? "cat" : "cats", cats_json(p)},
          {"turn", side_name(p.turn)}};
}

Json value_json(const StateValue& v) {
  return {{"value", value_name(v.value)},
          {"remoteness", v.remoteness ? Json(*v.remoteness) : Json(nullptr)}};
}

// Where the mover goes: the mouse's node, or the cats'.
Json destination_json(const Position& from, const Position& to) {
  return from.turn == Side::kMouse ? Json(to.mouse) : cats_json(to);
}
std::string destination_text(const Position& from, const Position& to) {
  if (from.turn == Side::kMouse) return fmt::to_string(to.mouse);
  return fmt::format("{}", fmt::join(to.cats, ","));
}

// The certificate check of every state whose value a probe prints (Tablebase::verify_state),
// each once: a state its children contradict ends the probe with exit 1, naming it, before
// anything is printed.
class CheckedStates {
 public:
  explicit CheckedStates(const Tablebase& tablebase) : tablebase_(tablebase) {}
  void check(const Position& p) {
    const std::optional<StateIndex> i = tablebase_.game().space().index(p);
    if (i && !done_.insert(*i).second) return;
    if (Status ok = tablebase_.verify_state(p); !ok) corrupt(ok.error());
  }

 private:
  const Tablebase& tablebase_;
  std::unordered_set<StateIndex> done_;
};

void add_result(Json& out, const StateValue& v) {
  out["result"] = static_cast<int>(v.value);
  out["winner"] = value_name(v.value);
  out["remoteness"] = v.remoteness ? Json(*v.remoteness) : Json(nullptr);
}

std::string probe_json(const Tablebase& tablebase, const Position& p, CheckedStates& checked) {
  Json out;
  checked.check(p);
  add_result(out, read(tablebase.value(p)));
  out["state"] = state_json(p);
  out["moves"] = Json::array();
  for (const Move& m : read(tablebase.moves(p))) {
    checked.check(m.child);
    Json entry{{"to", destination_json(p, m.child)}};
    entry.update(value_json(m.value));
    out["moves"].push_back(std::move(entry));
  }
  const auto best = read(tablebase.best_move(p));
  out["best_move"] = best ? destination_json(p, best->child) : Json(nullptr);
  if (!tablebase.has_remoteness()) {
    out["line"] = nullptr;
    out["end"] = nullptr;
    out["cycle_start"] = nullptr;
    return out.dump() + "\n";
  }
  const Line line = read(tablebase.line(p));
  out["line"] = Json::array();
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    checked.check(line.positions[k]);
    Json entry = state_json(line.positions[k]);
    entry.update(
        value_json(read(tablebase.value(line.positions[k], static_cast<std::uint32_t>(k)))));
    out["line"].push_back(std::move(entry));
  }
  out["end"] = line_end_name(line.end);
  out["cycle_start"] = line.cycle_start ? Json(*line.cycle_start) : Json(nullptr);
  return out.dump() + "\n";
}

std::string probe_text(const Tablebase& tablebase, const Position& p, CheckedStates& checked) {
  checked.check(p);
  std::string out =
      fmt::format("{} from {}\n", result_sentence(read(tablebase.value(p))), describe(p));
  const std::vector<Move> moves = read(tablebase.moves(p));
  const bool cats = p.turn == Side::kCat && p.cats.size() > 1;
  if (!moves.empty()) {
    out += fmt::format("moves for the {}:\n", cats ? "cats" : side_name(p.turn));
    for (const Move& m : moves) {
      checked.check(m.child);
      out += fmt::format("  to {:<8} {}\n", destination_text(p, m.child), result_sentence(m.value));
    }
  }
  if (!tablebase.has_remoteness()) {
    return out + "best move and optimal line: not kept (the file holds values only)\n";
  }
  const auto best = read(tablebase.best_move(p));
  out += best ? fmt::format("best move: to {}\n", destination_text(p, best->child))
              : std::string("best move: none\n");
  const Line line = read(tablebase.line(p));
  out += "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const Position& q = line.positions[k];
    checked.check(q);
    out += fmt::format("  {:>3}. {}: {}\n", k, describe(q),
                       result_sentence(read(tablebase.value(q, static_cast<std::uint32_t>(k)))));
  }
  // Why the line ends, in explain's words (solve/play.hpp).
  const auto last = static_cast<std::uint32_t>(line.positions.size() - 1);
  return out + fmt::format("end: {}\n",
                           line_end_sentence(tablebase.spec(), tablebase.game(), line,
                                             read(tablebase.value(line.positions.back(), last)),
                                             node_namer(tablebase.spec())));
}

// One query line: {"mouse": M, "cat": C, "turn": "mouse"} ("cats": [...] for k cats; "turn"
// defaults to the file's first mover).
Position query_position(const Tablebase& tablebase, std::string_view text, const Location& where) {
  const auto fail = [&](const std::string& message) { return InputError(Error{message, where}); };
  const Json query = Json::parse(text, nullptr, false);
  if (!query.is_object())
    throw fail("expected a JSON object {\"mouse\": M, \"cat\": C, \"turn\": T}");
  for (const auto& [key, value] : query.items()) {
    if (key != "mouse" && key != "cat" && key != "cats" && key != "turn") {
      throw fail(fmt::format("unknown member \"{}\" (expected mouse, cat or cats, turn)", key));
    }
  }
  const auto node = [&](const Json& v, const char* name) -> NodeId {
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= tablebase.game().node_count()) {
      throw fail(fmt::format("\"{}\": expected a node id from 0 to {}", name,
                             tablebase.game().node_count() - 1));
    }
    return v.get<NodeId>();
  };
  Position p = tablebase.start();
  if (!query.contains("mouse")) throw fail("\"mouse\" is missing");
  p.mouse = node(query["mouse"], "mouse");
  if (query.contains("cat") == query.contains("cats"))
    throw fail("give one of \"cat\" or \"cats\"");
  p.cats.clear();
  if (query.contains("cat")) {
    p.cats.push_back(node(query["cat"], "cat"));
  } else if (query["cats"].is_array()) {
    for (const Json& v : query["cats"]) p.cats.push_back(node(v, "cats"));
    std::sort(p.cats.begin(), p.cats.end());
  } else {
    throw fail("\"cats\": expected an array of node ids");
  }
  if (query.contains("turn")) {
    const Json& turn = query["turn"];
    if (turn != "mouse" && turn != "cat") throw fail("\"turn\": expected \"mouse\" or \"cat\"");
    p.turn = turn == "cat" ? Side::kCat : Side::kMouse;
  }
  if (Status ok = tablebase.check(p); !ok) {
    throw fail(fmt::format("{}: {}", ok.error().where.field_text(), ok.error().message));
  }
  return p;
}

std::string batch_line(const Tablebase& tablebase, const Position& p, bool json,
                       CheckedStates& checked) {
  checked.check(p);
  const StateValue value = read(tablebase.value(p));
  const auto best = read(tablebase.best_move(p));
  if (json) {
    Json out{{"state", state_json(p)}};
    add_result(out, value);
    out["best_move"] = best ? destination_json(p, best->child) : Json(nullptr);
    return out.dump() + "\n";
  }
  return fmt::format("{}: {}{}\n", describe(p), result_sentence(value),
                     best ? ", best move to " + destination_text(p, best->child) : "");
}

void run_batch(const Tablebase& tablebase, const std::string& path, bool json) {
  const std::string text = read_input(path);
  std::string out;
  Location where;
  where.source = path == "-" ? "<stdin>" : path;
  std::string_view rest = text;
  CheckedStates checked(tablebase);
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    ++where.line;
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    out += batch_line(tablebase, query_position(tablebase, line, where), json, checked);
  }
  print(out);
}

void run(const ProbeCommand& cmd) {
  Tablebase tablebase = open_tablebase(cmd.file);
  check_graph_option(tablebase, cmd.graph);
  EngineOptions limits;
  limits.memory = cmd.memory;
  if (Status ok = tablebase.limit_query_memory(limits.memory_limit()); !ok) table_error(ok.error());
  if (!cmd.batch.empty()) {
    if (cmd.state.mouse || !cmd.state.cat.empty() || !cmd.state.turn.empty()) {
      throw InputError("--batch: give either --batch or --mouse, --cat and --turn");
    }
    run_batch(tablebase, cmd.batch, cmd.json);
    return;
  }
  const Position p = position_of(tablebase, cmd.state);
  CheckedStates checked(tablebase);
  print(cmd.json ? probe_json(tablebase, p, checked) : probe_text(tablebase, p, checked));
}

}  // namespace

void add_probe_command(CLI::App& app) {
  auto cmd = std::make_shared<ProbeCommand>();
  CLI::App* sub = app.add_subcommand(
      "probe", "Read a position's value, moves and optimal line from a tablebase file");
  sub->add_option("FILE", cmd->file, "the tablebase file (.cmtb), from 'solve --save'")->required();
  cmd->state.add_to(*sub);
  sub->add_option("--batch", cmd->batch,
                  "probe every position of a file ('-': stdin), one JSON object per line: "
                  "{\"mouse\":M,\"cat\":C,\"turn\":\"mouse\"} (\"cats\":[...] for k cats); print "
                  "one answer per line")
      ->type_name("QUERIES");
  add_graph_option(*sub, cmd->graph);
  sub->add_option("--memory", cmd->memory,
                  "bound what the probe keeps (its game, the blocks and index pages it caches) "
                  "to this (e.g. 512M; default: the available physical memory); a game that "
                  "cannot fit is refused")
      ->type_name("SIZE");
  sub->add_flag("--json", cmd->json,
                "print JSON: result, winner, remoteness, state, moves, best_move, line, end, "
                "cycle_start (with --batch: state, result, winner, remoteness, best_move)");
  set_help_footer(
      *sub,
      "Positions default to the file's start. Every state whose value is printed (the position,\n"
      "each move's, each of the optimal line's) is checked against the rules and its own moves'\n"
      "values, as verify checks them all. Exit codes: 0 answered; 2 the file cannot be read as a\n"
      "tablebase, a bad position, or a game over --memory; 1 a block the answer needs is corrupt,\n"
      "or a state it prints is contradicted by its moves (named; run catmouse verify FILE).",
      {"catmouse solve graph.json --save graph.cmtb",
       "catmouse probe graph.cmtb --mouse 3 --cat 4 --turn cat",
       "catmouse probe graph.cmtb --batch queries.jsonl --json"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
