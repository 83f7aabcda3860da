#include "game_json.hpp"

#include <algorithm>

#include "catmouse/solve/play.hpp"

namespace catmouse::server {

namespace {

Json remoteness_json(const StateValue& v) {
  return v.remoteness ? Json(*v.remoteness) : Json(nullptr);
}

std::vector<NodeId> sorted(std::vector<NodeId> nodes) {
  std::sort(nodes.begin(), nodes.end());
  return nodes;
}

Json edges_json(const GameSpec& spec) {
  Json out = Json::array();
  if (spec.grid) return out;  // the board is the map; moves come from `position`
  const Graph& graph = spec.graph;
  for (NodeId u = 0; u < graph.node_count(); ++u) {
    for (const NodeId v : graph.neighbours(u)) {
      if (graph.directed() || u < v) out.push_back({u, v});
    }
  }
  return out;
}

Json rules_json(const Rules& rules) {
  const Position start = start_position(rules);
  Json out;
  out["holes"] = sorted(rules.holes);
  out["cat_forbidden"] = sorted(rules.cat_forbidden_nodes());
  out["mouse"] = rules.mouse_start;
  out["cat"] = start.cats;
  out["cats"] = rules.cats;
  out["first"] = side_name(rules.first);
  out["stuck"] = rule_word(rules.stuck);
  out["mouse_stays"] = rules.mouse_stays;
  out["cat_stays"] = rules.cat_stays;
  out["cat_wins_in_hole"] = rules.cat_wins_in_hole;
  out["move_limit"] = rules.move_limit;
  out["limit_outcome"] = rule_word(rules.limit_outcome);
  return out;
}

// Where the pieces are and whose turn it is.
Json pieces_json(const Position& p) {
  return {{"mouse", p.mouse}, {"cats", p.cats}, {"turn", side_name(p.turn)}};
}

// The position's own members: mouse, cats, turn, (played,) value, remoteness, sentence,
// finished.
Json described(const Solution& solution, const Position& p, std::uint32_t played,
               bool with_played = false) {
  const StateValue value = solution.value(p, played);
  const std::optional<LineEnd> end = finished(solution, p, played);
  Json out = pieces_json(p);
  if (with_played) out["played"] = played;
  out["value"] = value_name(value.value);
  out["remoteness"] = remoteness_json(value);
  out["sentence"] = end ? finished_sentence(solution, p, *end, played) : value_sentence(value);
  out["finished"] = end ? Json(line_end_name(*end)) : Json(nullptr);
  return out;
}

}  // namespace

Json game_json(const Solution& solution, const GameFacts& facts) {
  const GameSpec& spec = solution.spec();
  const Rules& rules = spec.rules;
  Json out;
  out["id"] = facts.id;
  out["title"] = facts.title;
  out["nodes"] = spec.graph.node_count();
  out["edges"] = edges_json(spec);
  out["directed"] = spec.graph.directed();
  out["holes"] = sorted(rules.holes);
  out["cat_forbidden"] = sorted(rules.cat_forbidden_nodes());
  out["cats"] = rules.cats;
  out["start"] = described(solution, start_position(rules), 0);
  out["rules"] = rules_json(rules);
  out["layout"] = facts.layout;
  if (spec.grid) {
    out["grid"] = {{"rows", spec.grid->rows},
                   {"mouse_jump", spec.grid->mouse_jump},
                   {"cat_jump", spec.grid->cat_jump}};
  } else {
    out["grid"] = nullptr;
  }
  out["states"] = solution.game().valid_state_count();
  out["seconds"] = facts.seconds;
  return out;
}

Json position_json(const Solution& solution, const Position& p, std::uint32_t played) {
  Json ordered = described(solution, p, played, true);
  Json moves = Json::array();
  Json best = nullptr;
  if (ordered["finished"].is_null()) {
    const Value mine = win_for(p.turn);
    const std::optional<Move> optimal = solution.best_move(p, played);
    for (const Move& m : solution.moves(p, played)) {
      if (optimal && m.child == optimal->child) best = moves.size();
      Json move = pieces_json(m.child);
      move["value"] = value_name(m.value.value);
      move["remoteness"] = remoteness_json(m.value);
      move["sentence"] = value_sentence(m.value);
      move["for_mover"] = m.value.value == Value::kDraw ? "draw"
                          : m.value.value == mine       ? "win"
                                                        : "loss";
      moves.push_back(std::move(move));
    }
  }
  ordered["moves"] = std::move(moves);
  ordered["best"] = best;
  return ordered;
}

Json line_json(const Solution& solution, const Position& p, std::uint32_t played,
               std::size_t max_moves) {
  Json out;
  Json positions = Json::array();
  const Result<PlayedLine> line = line_from(solution, p, played, max_moves);
  if (!line.ok()) {  // only in a values-only solution, which the server never makes
    out["positions"] = Json::array({described(solution, p, played)});
    out["cycle_start"] = nullptr;
    out["end"] = "cut";
    out["reason"] = nullptr;
    return out;
  }
  for (std::size_t i = 0; i < line->line.positions.size(); ++i) {
    positions.push_back(
        described(solution, line->line.positions[i], played + static_cast<std::uint32_t>(i)));
  }
  out["positions"] = std::move(positions);
  out["cycle_start"] = line->line.cycle_start ? Json(*line->line.cycle_start) : Json(nullptr);
  out["end"] = line->cut ? "cut" : line_end_name(line->line.end);
  // Why the line ends, in explain's words (solve/play.hpp), which the page shows under the value;
  // null for a line cut short.
  out["reason"] = line->cut
                      ? Json(nullptr)
                      : Json(line_end_sentence(solution, line->line, node_namer(solution), played));
  return out;
}

Json value_map_json(const Solution& solution, NodeId mouse, Side turn, std::uint32_t played) {
  const Game& game = solution.game();
  Json cats = Json::array();
  for (NodeId c = 0; c < game.node_count(); ++c) {
    if (game.cat_forbidden(c)) {
      cats.push_back(nullptr);
      continue;
    }
    const StateValue v = solution.value(Position(mouse, {c}, turn), played);
    cats.push_back({{"node", c},
                    {"value", value_name(v.value)},
                    {"remoteness", remoteness_json(v)},
                    {"sentence", value_sentence(v)}});
  }
  return {{"mouse", mouse}, {"turn", side_name(turn)}, {"cats", std::move(cats)}};
}

}  // namespace catmouse::server
