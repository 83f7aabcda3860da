// Checked members of a census's JSON lines (json_fields.hpp).
#include "json_fields.hpp"

#include <fmt/format.h>

#include <cmath>

#include "catmouse/io/json_keys.hpp"
#include "geng_driver.hpp"

namespace catmouse::census {

Error line_error(const LinePlace& place, const std::string& message) {
  Error error(place.what.empty() ? message : fmt::format("{}: {}", place.what, message));
  error.where.source = place.source;
  error.where.line = place.line;
  return error;
}

Result<Json> parse_line(std::string_view text, const LinePlace& place) try {
  // A census writes printable ASCII only (strings escaped). Anything else is refused before
  // nlohmann reads the line, which would take a NUL byte for its end.
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 32 || byte > 126) {
      return line_error(place,
                        fmt::format("byte {} is 0x{:02X}, not printable ASCII", i + 1, byte));
    }
  }
  Json value = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return line_error(place, "not a line of JSON");
  if (!value.is_object()) return line_error(place, "not a JSON object");
  if (const auto twice = duplicate_key(text)) {
    return line_error(place, fmt::format("field {} written twice", quoted_text(twice->first)));
  }
  return value;
} catch (const std::exception&) {
  return line_error(place, "not a line of JSON");
}

std::string shown(const Json& value) {
  std::string text = value.dump(-1, ' ', /*ensure_ascii=*/true, Json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 40) + "...";
  return text;
}

Error Fields::error(std::string_view key, const std::string& message) const {
  return line_error(place_, fmt::format("field {}{}: {}", prefix_, key, message));
}

Result<const Json*> Fields::member(std::string_view key) {
  const auto it = object_.find(key);
  if (it == object_.end()) return error(key, "missing");
  read_.emplace(key);
  return &*it;
}

Result<std::uint64_t> Fields::count(std::string_view key, std::uint64_t max, std::uint64_t min) {
  Result<const Json*> value = member(key);
  if (!value.ok()) return value.error();
  const Json& v = **value;
  // nlohmann reads -1 as a signed integer and 2.9 or 1e3 as floating point: neither is a count.
  const bool whole =
      v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
  if (!whole || v.get<std::uint64_t>() < min || v.get<std::uint64_t>() > max) {
    return error(key, fmt::format("{} is not a whole number from {} to {}", shown(v), min, max));
  }
  return v.get<std::uint64_t>();
}

Result<double> Fields::seconds(std::string_view key) {
  Result<const Json*> value = member(key);
  if (!value.ok()) return value.error();
  const Json& v = **value;
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0) {
    return error(key, fmt::format("{} is not a number of seconds", shown(v)));
  }
  return v.get<double>();
}

Result<std::string> Fields::text(std::string_view key) {
  Result<const Json*> value = member(key);
  if (!value.ok()) return value.error();
  const Json& v = **value;
  if (!v.is_string()) return error(key, fmt::format("{} is not a string", shown(v)));
  const auto& s = v.get_ref<const std::string&>();
  for (char c : s) {
    if (c < 32 || c > 126)
      return error(key, fmt::format("{} holds a byte that is not printable", shown(v)));
  }
  return s;
}

Result<const Json*> Fields::object(std::string_view key, bool nullable) {
  Result<const Json*> value = member(key);
  if (!value.ok()) return value.error();
  if (nullable && (*value)->is_null()) return static_cast<const Json*>(nullptr);
  if (!(*value)->is_object()) {
    return error(key,
                 fmt::format("{} is not an object{}", shown(**value), nullable ? " or null" : ""));
  }
  return value;
}

Result<const Json*> Fields::array(std::string_view key) {
  Result<const Json*> value = member(key);
  if (!value.ok()) return value.error();
  if (!(*value)->is_array()) return error(key, fmt::format("{} is not an array", shown(**value)));
  return value;
}

Status Fields::finish() const {
  for (const auto& [key, value] : object_.items()) {
    if (!read_.contains(key)) {
      return line_error(place_, fmt::format("field {}{}: not a field of a census state file",
                                            prefix_, quoted_text(key)));
    }
  }
  return {};
}

}  // namespace catmouse::census
