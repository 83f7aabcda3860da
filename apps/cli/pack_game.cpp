// solve and explain with k > 1 cats: the pack engine, its start and its optimal line.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "catmouse/solve/query.hpp"
#include "common.hpp"

namespace catmouse::cli {

namespace {

std::string cats_text(const std::vector<NodeId>& cats) {
  return fmt::format("{}", fmt::join(cats, ","));
}

std::string position(const PackState& s) {
  return fmt::format("mouse {}, cats {}, {} to move", s.mouse, cats_text(s.cats),
                     side_name(s.turn));
}

}  // namespace

PackTable solve_pack_or_throw(const Game& game, const EngineOptions& engine) {
  Result<PackTable> table = solve_pack(game, engine.resolve());
  if (!table.ok()) throw InputError(fmt::format("{} (see --memory)", table.error().message));
  return std::move(table).value();
}

void solve_pack_game(const LoadedGame& loaded, const Rules& rules, const StateOptions& from,
                     const EngineOptions& engine, bool code, bool json, bool explain) {
  if (loaded.cat_graph) throw InputError("--cats: grid maps have one cat");
  if (engine.values_only) throw InputError("--values-only: not with --cats");
  const Game game(loaded.graph, rules);
  PackState s = pack_start(rules);
  if (!from.turn.empty()) s.turn = from.turn == "cat" ? Side::kCat : Side::kMouse;
  const auto started = std::chrono::steady_clock::now();
  const PackTable table = solve_pack_or_throw(game, engine);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto value_at = [&](const PackState& p, std::uint32_t played) {
    return apply_move_limit({table.value(p), table.remoteness(p)}, rules, played);
  };
  const StateValue v = value_at(s, 0);
  if (code) {
    print(fmt::format("{}\n", static_cast<int>(v.value)));
    return;
  }
  if (json && !explain) {
    nlohmann::ordered_json out;
    out["result"] = static_cast<int>(v.value);
    out["winner"] = value_name(v.value);
    out["remoteness"] = v.remoteness ? nlohmann::ordered_json(*v.remoteness) : nullptr;
    out["state"] = {{"mouse", s.mouse}, {"cats", s.cats}, {"turn", side_name(s.turn)}};
    out["nodes"] = loaded.graph.node_count();
    out["cats"] = rules.cats;
    out["states"] = table.state_count();
    out["seconds"] = seconds;
    out["table_bytes"] = table.memory_bytes();
    print(out.dump() + "\n");
    return;
  }
  if (!explain) {
    print(result_sentence(v.value, v.remoteness) + "\n");
    return;
  }
  PackLine line = pack_optimal_line(game, table, s);
  const std::uint32_t limit = rules.move_limit;
  const bool at_limit = limit > 0 && line.positions.size() > std::size_t{limit};
  if (at_limit) {
    line.positions.resize(std::size_t{limit} + 1);
    line.cycle_start.reset();
  }
  std::string out =
      fmt::format("{} from ({})\n", result_sentence(v.value, v.remoteness), position(s));
  const std::vector<PackMove> options = pack_moves(game, table, s);
  if (!options.empty()) {
    out += fmt::format("moves for the {}:\n", s.turn == Side::kMouse ? "mouse" : "cats");
    for (const PackMove& m : options) {
      const StateValue mv = apply_move_limit({m.value, m.remoteness}, rules, 1);
      out += fmt::format(
          "  to {:<10} {}\n",
          s.turn == Side::kMouse ? fmt::format("{}", m.child.mouse) : cats_text(m.child.cats),
          result_sentence(mv.value, mv.remoteness));
    }
  }
  out += "optimal line:\n";
  for (std::size_t k = 0; k < line.positions.size(); ++k) {
    const PackState& p = line.positions[k];
    const StateValue pv = value_at(p, static_cast<std::uint32_t>(k));
    out +=
        fmt::format("  {:>3}. {}: {}\n", k, position(p), result_sentence(pv.value, pv.remoteness));
  }
  const PackState& last = line.positions.back();
  std::string end;
  if (at_limit) {
    end = fmt::format("the move limit of {} moves is reached", limit);
  } else if (line.cycle_start) {
    end = fmt::format("the next optimal move returns to position {}: a draw", *line.cycle_start);
  } else if (auto outcome = pack_outcome(game, last.mouse, last.cats)) {
    end = *outcome == Value::kMouseWin ? fmt::format("the mouse is in the hole {}", last.mouse)
                                       : "a cat has caught the mouse";
  } else {
    end = fmt::format("the {} has no legal move", last.turn == Side::kMouse ? "mouse" : "cats");
  }
  print(out + "end: " + end + "\n");
}

}  // namespace catmouse::cli
