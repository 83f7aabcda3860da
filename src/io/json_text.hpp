// JSON inputs, parsed once: the document, then the readers of each kind of game that take it
// (a LeetCode graph, a LeetCode 1728 map, a "rules" object). Internal to src/io: nlohmann_json
// stays out of the public headers. `text` is the document's text, for error positions.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/grid.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// The document, or an error with its line and column; never throws (numbers beyond a double's
// range, nesting too deep and running out of memory are errors too).
Result<Json> parse_json(std::string_view text, std::string_view source);

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
