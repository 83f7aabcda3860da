// JSON inputs, parsed once: the document, then the readers of each kind of game that take it
// (a LeetCode graph, a LeetCode 1728 map, a "rules" object). Internal to src/io: nlohmann_json
// stays out of the public headers. `text` is the document's text, for error positions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/grid.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/io/json_keys.hpp"

namespace catmouse {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// The document, or an error with its line and column; never throws (numbers beyond a double's
// range, nesting too deep and running out of memory are errors too).
Result<Json> parse_json(std::string_view text, std::string_view source);

// The length of the valid UTF-8 character starting at byte `at` of `text`, 0 when the bytes there
// are not one (a stray continuation byte, a cut or overlong sequence, a surrogate).
inline std::size_t utf8_length_at(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[i]); };
  const std::uint8_t lead = byte(at);
  std::size_t length = 0;
  std::uint8_t low = 0x80;
  std::uint8_t high = 0xBF;  // the range of the byte after the lead
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    low = lead == 0xE0 ? 0xA0 : 0x80;
    high = lead == 0xED ? 0x9F : 0xBF;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    low = lead == 0xF0 ? 0x90 : 0x80;
    high = lead == 0xF4 ? 0x8F : 0xBF;
  } else {
    return 0;
  }
  if (text.size() - at < length) return 0;
  if (byte(at + 1) < low || byte(at + 1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(at + i) < 0x80 || byte(at + i) > 0xBF) return 0;
  }
  return length;
}

// A piece of the input for an error message: valid UTF-8 whatever the input holds (front ends
// send messages as JSON or Python str, which must not fail on them). Bytes that are not UTF-8
// are shown as \xNN; a piece longer than `max_bytes` is cut on a character boundary, with "...".
inline std::string shown_utf8(std::string_view text, std::size_t max_bytes = SIZE_MAX) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_length_at(text, at);
    if (at + (length == 0 ? 1 : length) > max_bytes) return out + "...";
    if (length == 0) {
      const auto bad = static_cast<std::uint8_t>(text[at]);
      out += "\\x";
      out += kHex[bad >> 4];
      out += kHex[bad & 15];
      ++at;
    } else {
      out.append(text.substr(at, length));
      at += length;
    }
  }
  return out;
}

// "invalid JSON: <what>" without nlohmann's own prefix and position.
std::string short_json_message(std::string_view what);

// The graph of a LeetCode document: an array of adjacency lists, or an object with "graph".
// `memory_limit` as in format.hpp (0: none).
Result<Graph> leetcode_from_json(const Json& doc, std::string_view text, std::string_view source,
                                 std::uint64_t memory_limit = 0);
// A LeetCode 1728 map: {"grid": [...], "catJump": J, "mouseJump": J}; a map whose game could not
// be solved within `memory_limit` (0: none) is refused before its graphs are built.
Result<GridMap> grid_from_json(const Json& doc, std::string_view text, std::string_view source,
                               std::uint64_t memory_limit = 0);
// Applies the members of `rules` (the value of a document's "rules" member) over `out`.
Status rules_from_json(const Json& rules, std::string_view text, std::string_view source,
                       Rules& out);

}  // namespace catmouse
