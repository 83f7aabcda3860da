#include "catmouse/io/rules_json.hpp"

#include <fmt/format.h>

#include "catmouse/io/limits.hpp"
#include "io/json_text.hpp"
#include "io/read_errors.hpp"

namespace catmouse {

namespace {

// An error about member `key` of the "rules" object, on the line where the key is written.
Error rules_error(std::string_view text, std::string_view source, const std::string& key,
                  std::string message) {
  Error error{std::move(message), {}};
  error.where.source = std::string(source);
  error.where.field = ErrorField::kRules;
  error.where.detail = key;
  const std::size_t rules_at = text.find("\"rules\"");
  const std::size_t at =
      key.empty() ? rules_at : text.find("\"" + key + "\"", rules_at == text.npos ? 0 : rules_at);
  if (at != std::string_view::npos) {
    std::tie(error.where.line, error.where.column) = position_of(text, at);
  }
  return error;
}

std::optional<NodeId> as_node(const Json& value) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > std::int64_t{UINT32_MAX}) {
    return std::nullopt;
  }
  return static_cast<NodeId>(value.get<std::int64_t>());
}

}  // namespace

Status read_rules_json(std::string_view text, std::string_view source, Rules& rules) {
  Result<Json> doc = parse_json(text, source);
  if (!doc.ok()) return doc.error();
  if (!doc->is_object() || !doc->contains("rules")) return {};
  return rules_from_json((*doc)["rules"], text, source, rules);
}

Status rules_from_json(const Json& object, std::string_view text, std::string_view source,
                       Rules& rules) try {
  if (!object.is_object()) return rules_error(text, source, "", "\"rules\" must be an object");
  for (const auto& item : object.items()) {
    // Named, not bound: lambdas below capture them (clang 14 cannot capture structured bindings).
    const std::string& key = item.key();
    const Json& value = item.value();
    auto fail = [&](std::string_view expected) {
      return rules_error(
          text, source, key,
          fmt::format("expected {}, found {}", expected, shown_utf8(value.dump(), 40)));
    };
    auto nodes = [&](std::vector<NodeId>& out) {
      if (!value.is_array()) return false;
      out.clear();
      for (const Json& entry : value) {
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
    // One of the enumeration's words (core's kRuleWords), and the words as the message lists them.
    auto word = [&](auto& out) {
      using Enum = std::remove_reference_t<decltype(out)>;
      const auto parsed = value.is_string()
                              ? parse_rule_word<Enum>(value.get_ref<const std::string&>())
                              : std::nullopt;
      if (parsed) out = *parsed;
      return parsed.has_value();
    };
    auto words = [](auto enum_value) {
      const auto& w = kRuleWords<decltype(enum_value)>;
      return fmt::format("\"{}\" or \"{}\"", w[0].word, w[1].word);
    };
    bool ok = true;
    std::string expected;
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
      ok = word(rules.first), expected = words(rules.first);
    } else if (key == "stuck") {
      ok = word(rules.stuck), expected = words(rules.stuck);
    } else if (key == "limit_outcome") {
      ok = word(rules.limit_outcome), expected = words(rules.limit_outcome);
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
} catch (const std::bad_alloc&) {
  return out_of_memory("the rules", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

}  // namespace catmouse
