#include "catmouse/rules.hpp"

#include <fmt/format.h>

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
  const struct {
    const char* field;
    NodeId node;
  } nodes[] = {
      {"hole", rules.hole}, {"mouse start", rules.mouse_start}, {"cat start", rules.cat_start}};
  for (const auto& entry : nodes) {
    if (entry.node >= n) {
      return field_error(
          entry.field, fmt::format("node {} is out of range (nodes are 0..{})", entry.node, n - 1));
    }
  }
  if (rules.cat_start == rules.hole) {
    return field_error("cat start",
                       fmt::format("the cat may not start on the hole {}", rules.hole));
  }
  return {};
}

}  // namespace catmouse
