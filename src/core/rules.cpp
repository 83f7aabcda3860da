#include "catmouse/core/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace catmouse {

std::string_view side_name(Side side) {
  return side == Side::kMouse ? "mouse" : "cat";
}

std::string_view value_name(Value value) {
  switch (value) {
    case Value::kMouseWin:
      return "mouse";
    case Value::kCatWin:
      return "cat";
    case Value::kDraw:
      break;
  }
  return "draw";
}

Status validate(const Rules& rules, const Graph& graph) {
  const NodeId n = graph.node_count();
  auto field_error = [](std::string field, std::string message) {
    Error error{std::move(message), {}};
    error.where.field = std::move(field);
    return error;
  };
  auto out_of_range = [&](NodeId node) {
    return fmt::format("node {} is out of range (nodes are 0..{})", node, n - 1);
  };
  const struct {
    const char* field;
    const std::vector<NodeId>* nodes;
  } sets[] = {{"holes", &rules.holes}, {"cat forbidden", &rules.cat_forbidden_nodes()}};
  for (const auto& set : sets) {
    std::vector<bool> seen(n, false);
    for (NodeId node : *set.nodes) {
      if (node >= n) return field_error(set.field, out_of_range(node));
      if (seen[node]) return field_error(set.field, fmt::format("node {} is listed twice", node));
      seen[node] = true;
    }
  }
  if (rules.mouse_start >= n) return field_error("mouse start", out_of_range(rules.mouse_start));
  if (rules.cat_start >= n) return field_error("cat start", out_of_range(rules.cat_start));
  const auto& excluded = rules.cat_forbidden_nodes();
  if (std::find(excluded.begin(), excluded.end(), rules.cat_start) != excluded.end()) {
    return field_error("cat start", fmt::format("the cat may not start on node {}, which it may "
                                                "not enter",
                                                rules.cat_start));
  }
  if (std::find(rules.holes.begin(), rules.holes.end(), rules.mouse_start) != rules.holes.end()) {
    return field_error("mouse start",
                       fmt::format("the mouse may not start in the hole {}", rules.mouse_start));
  }
  if (rules.cats == 0) return field_error("cats", "there must be at least one cat");
  if (rules.cats > 64) return field_error("cats", fmt::format("{} cats; at most 64", rules.cats));
  if (!rules.cat_starts.empty()) {
    if (rules.cat_starts.size() != rules.cats) {
      return field_error("cat start",
                         fmt::format("{} starts for {} cats", rules.cat_starts.size(), rules.cats));
    }
    for (NodeId start : rules.cat_starts) {
      if (start >= n) return field_error("cat start", out_of_range(start));
      if (std::find(excluded.begin(), excluded.end(), start) != excluded.end()) {
        return field_error("cat start", fmt::format("a cat may not start on node {}, which it "
                                                    "may not enter",
                                                    start));
      }
    }
  }
  if (rules.move_limit > 0 && rules.limit_outcome == LimitOutcome::kCatWin &&
      rules.stuck == StuckRule::kDraw) {
    // A stuck player ends the game as a draw at once, which the limit cannot see in an unlimited
    // table; the two rules together are not supported.
    return field_error("move limit",
                       "a move limit the cat wins at needs the stuck rule 'lose', not 'draw'");
  }
  return {};
}

}  // namespace catmouse
