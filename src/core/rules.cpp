#include "catmouse/core/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catmouse/core/words.hpp"

namespace catmouse {

std::string_view side_name(Side side) {
  return rule_word(side);
}

constexpr Word<Value> kValueWords[] = {
    {Value::kMouseWin, "mouse"},
    {Value::kCatWin, "cat"},
    {Value::kDraw, "draw"},
};

std::string_view value_name(Value value) {
  return word_of(kValueWords, value);
}

Status validate(const Rules& rules, const Graph& graph) {
  const NodeId n = graph.node_count();
  auto field_error = [](ErrorField field, std::string marked) {
    Error error = with_nodes(std::move(marked));
    error.where.field = field;
    return error;
  };
  auto out_of_range = [&](NodeId node) {
    return fmt::format("node {} is out of range (nodes are 0..{})", node, n - 1);
  };
  const struct {
    ErrorField field;
    const std::vector<NodeId>* nodes;
  } sets[] = {{ErrorField::kHoles, &rules.holes},
              {ErrorField::kCatForbidden, &rules.cat_forbidden_nodes()}};
  for (const auto& set : sets) {
    std::vector<bool> seen(n, false);
    for (NodeId node : *set.nodes) {
      if (node >= n) return field_error(set.field, out_of_range(node));
      if (seen[node])
        return field_error(set.field, fmt::format("node {} is listed twice", node_ref(node)));
      seen[node] = true;
    }
  }
  if (rules.mouse_start >= n)
    return field_error(ErrorField::kMouseStart, out_of_range(rules.mouse_start));
  if (rules.cat_start >= n)
    return field_error(ErrorField::kCatStart, out_of_range(rules.cat_start));
  const auto& excluded = rules.cat_forbidden_nodes();
  if (std::find(excluded.begin(), excluded.end(), rules.cat_start) != excluded.end()) {
    return field_error(ErrorField::kCatStart,
                       fmt::format("the cat may not start on node {}, which it may "
                                   "not enter",
                                   node_ref(rules.cat_start)));
  }
  if (std::find(rules.holes.begin(), rules.holes.end(), rules.mouse_start) != rules.holes.end()) {
    return field_error(
        ErrorField::kMouseStart,
        fmt::format("the mouse may not start in the hole {}", node_ref(rules.mouse_start)));
  }
  if (rules.cats == 0) return field_error(ErrorField::kCats, "there must be at least one cat");
  if (rules.cats > 64)
    return field_error(ErrorField::kCats, fmt::format("{} cats; at most 64", rules.cats));
  if (!rules.cat_starts.empty()) {
    if (rules.cat_starts.size() != rules.cats) {
      return field_error(ErrorField::kCatStart,
                         fmt::format("{} starts for {} cats", rules.cat_starts.size(), rules.cats));
    }
    for (NodeId start : rules.cat_starts) {
      if (start >= n) return field_error(ErrorField::kCatStart, out_of_range(start));
      if (std::find(excluded.begin(), excluded.end(), start) != excluded.end()) {
        return field_error(ErrorField::kCatStart,
                           fmt::format("a cat may not start on node {}, which it "
                                       "may not enter",
                                       node_ref(start)));
      }
    }
  }
  if (rules.move_limit > 0 && rules.limit_outcome == LimitOutcome::kCatWin &&
      rules.stuck == StuckRule::kDraw) {
    // A stuck player ends the game as a draw at once, which the limit cannot see in an unlimited
    // table; the two rules together are not supported.
    return field_error(ErrorField::kMoveLimit,
                       "a move limit the cat wins at needs the stuck rule 'lose', not 'draw'");
  }
  return {};
}

}  // namespace catmouse
