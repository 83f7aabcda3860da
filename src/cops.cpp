#include "catmouse/cops.hpp"

#include "catmouse/game.hpp"
#include "catmouse/pack.hpp"

namespace catmouse {

Rules cops_rules(std::uint32_t k) {
  Rules rules;
  rules.holes.clear();
  rules.cat_forbidden = std::vector<NodeId>{};  // the cops go anywhere
  rules.mouse_stays = true;
  rules.cat_stays = true;
  rules.cats = k;
  rules.mouse_start = 0;
  rules.cat_start = 0;
  rules.first = Side::kCat;
  return rules;
}

Result<CopsResult> solve_cops(const Graph& graph, std::uint32_t k, const SolveOptions& options) {
  const Rules rules = cops_rules(k);
  const Game game(graph, rules);
  Result<PackTable> solved = solve_pack(game, options);
  if (!solved.ok()) return solved.error();
  const PackTable& table = *solved;
  CopsResult result;
  result.cops = k;
  result.states = table.state_count();
  // A placement wins when every robber start (cops to move) is a cops' win; its capture time is
  // the robber's best, the longest. The answer is a winning placement of least capture time.
  for (std::uint64_t c = 0; c < table.config_count(); ++c) {
    bool win = true;
    std::uint32_t longest = 0;
    NodeId robber = 0;
    for (NodeId r = 0; r < graph.node_count() && win; ++r) {
      win = table.value(Side::kCat, c, r) == Value::kCatWin;
      const std::uint32_t t = table.remoteness(Side::kCat, c, r).value_or(0);
      if (win && t > longest) longest = t, robber = r;
    }
    if (win && (!result.win || longest < result.capture_moves)) {
      const auto cops = table.config(c);
      result.win = true;
      result.placement.assign(cops.begin(), cops.end());
      result.capture_moves = longest;
      result.robber = robber;
    }
  }
  return result;
}

}  // namespace catmouse
