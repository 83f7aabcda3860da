#include "catmouse/core/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

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
  } sets[] = {{"holes", &rules.holes}, {"cat forbidden", &rules.cat_excluded()}};
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
  const auto& excluded = rules.cat_excluded();
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

namespace {

using json = nlohmann::json;

// An error about member `key` of the "rules" object, on the line where the key is written.
Error rules_error(std::string_view text, std::string_view source, const std::string& key,
                  std::string message) {
  Error error{std::move(message), {}};
  error.where.source = std::string(source);
  error.where.field = "rules." + key;
  const std::size_t rules_at = text.find("\"rules\"");
  const std::size_t at = text.find("\"" + key + "\"", rules_at == text.npos ? 0 : rules_at);
  if (at != std::string_view::npos) {
    std::tie(error.where.line, error.where.column) = position_of(text, at);
  }
  return error;
}

std::optional<NodeId> as_node(const json& value) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > std::int64_t{UINT32_MAX}) {
    return std::nullopt;
  }
  return static_cast<NodeId>(value.get<std::int64_t>());
}

}  // namespace

Status read_rules_json(std::string_view text, std::string_view source, Rules& rules) {
  if (text.find("\"rules\"") == std::string_view::npos) return {};
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error&) {
    return {};  // the graph parser reports it
  }
  if (!doc.is_object() || !doc.contains("rules")) return {};
  const json& object = doc["rules"];
  if (!object.is_object()) return rules_error(text, source, "", "\"rules\" must be an object");
  for (const auto& [key, value] : object.items()) {
    auto fail = [&](std::string_view expected) {
      return rules_error(
          text, source, key,
          fmt::format("expected {}, found {}", expected, value.dump().substr(0, 40)));
    };
    auto nodes = [&](std::vector<NodeId>& out) {
      if (!value.is_array()) return false;
      out.clear();
      for (const json& entry : value) {
        const auto node = as_node(entry);
        if (!node) return false;
        out.push_back(*node);
      }
      return true;
    };
    auto flag = [&](bool& out) {
      if (!value.is_boolean()) return false;
      out = value.get<bool>();
      return true;
    };
    auto word = [&](std::string_view a, std::string_view b, auto& out, auto when_a, auto when_b) {
      if (!value.is_string() || (value != a && value != b)) return false;
      out = value == a ? when_a : when_b;
      return true;
    };
    bool ok = true;
    std::string_view expected;
    if (key == "holes") {
      ok = nodes(rules.holes), expected = "a list of node ids";
    } else if (key == "cat_forbidden") {
      std::vector<NodeId> forbidden;
      ok = nodes(forbidden), expected = "a list of node ids";
      rules.cat_forbidden = std::move(forbidden);
    } else if (key == "mouse") {
      const auto node = as_node(value);
      ok = node.has_value(), expected = "a node id";
      if (node) rules.mouse_start = *node;
    } else if (key == "cat") {
      expected = "a node id, or a list of one per cat";
      if (const auto node = as_node(value)) {
        rules.cat_start = *node;
        rules.cat_starts.clear();
      } else {
        ok = nodes(rules.cat_starts) && !rules.cat_starts.empty();
        if (ok) rules.cat_start = rules.cat_starts[0];
        if (ok && rules.cat_starts.size() == 1) rules.cat_starts.clear();
      }
    } else if (key == "cats") {
      ok = value.is_number_integer() && value.get<std::int64_t>() >= 0 &&
           value.get<std::int64_t>() <= 64;
      expected = "a number of cats (1..64)";
      if (ok) rules.cats = value.get<std::uint32_t>();
    } else if (key == "first") {
      ok = word("mouse", "cat", rules.first, Side::kMouse, Side::kCat),
      expected = "\"mouse\" or \"cat\"";
    } else if (key == "stuck") {
      ok = word("lose", "draw", rules.stuck, StuckRule::kLose, StuckRule::kDraw),
      expected = "\"lose\" or \"draw\"";
    } else if (key == "limit_outcome") {
      ok = word("draw", "cat", rules.limit_outcome, LimitOutcome::kDraw, LimitOutcome::kCatWin),
      expected = "\"draw\" or \"cat\"";
    } else if (key == "move_limit") {
      ok = value.is_number_integer() && value.get<std::int64_t>() >= 0 &&
           value.get<std::int64_t>() <= std::int64_t{UINT32_MAX};
      expected = "a number of moves (0: none)";
      if (ok) rules.move_limit = value.get<std::uint32_t>();
    } else if (key == "mouse_stays") {
      ok = flag(rules.mouse_stays), expected = "true or false";
    } else if (key == "cat_stays") {
      ok = flag(rules.cat_stays), expected = "true or false";
    } else if (key == "cat_wins_in_hole") {
      ok = flag(rules.cat_wins_in_hole), expected = "true or false";
    } else {
      return rules_error(text, source, key,
                         "unknown rule (expected holes, cat_forbidden, mouse, cat, cats, first, "
                         "stuck, mouse_stays, cat_stays, cat_wins_in_hole, move_limit, "
                         "limit_outcome)");
    }
    if (!ok) return fail(expected);
  }
  if (!rules.cat_starts.empty() && object.contains("cat") && !object.contains("cats")) {
    rules.cats = static_cast<std::uint32_t>(rules.cat_starts.size());
  }
  return {};
}

}  // namespace catmouse
