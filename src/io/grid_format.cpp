#include "catmouse/io/grid_format.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "io/json_text.hpp"

namespace catmouse {

namespace {

// An error about `field` of the map in `source`; placed on the line of `anchor` (a string written
// in the text) when it can be found.
Error grid_error(std::string message, std::string_view source, std::string_view text,
                 std::string field, std::string_view anchor = {}) {
  Error error{std::move(message), {}};
  error.where.source = std::string(source);
  error.where.field = std::move(field);
  const std::size_t at = anchor.empty() ? std::string_view::npos : text.find(anchor);
  if (at != std::string_view::npos) {
    std::tie(error.where.line, error.where.column) = position_of(text, at);
  }
  return error;
}

}  // namespace

Result<GridMap> parse_grid(std::string_view text, std::string_view source) {
  Result<Json> doc = parse_json(text, source);
  if (!doc.ok()) return doc.error();
  return grid_from_json(*doc, text, source);
}

Result<GridMap> grid_from_json(const Json& doc, std::string_view text, std::string_view source) {
  if (!doc.is_object()) {
    return grid_error(
        "expected an object {\"grid\": [...], \"catJump\": J, \"mouseJump\": J} (LeetCode 1728)",
        source, text, "");
  }
  for (const auto& [key, value] : doc.items()) {
    if (key != "grid" && key != "catJump" && key != "mouseJump") {
      return grid_error(
          fmt::format("unknown member \"{}\" (expected grid, catJump, mouseJump)", key), source,
          text, key, "\"" + key + "\"");
    }
  }
  GridMap map;
  const auto grid = doc.find("grid");
  if (grid == doc.end() || !grid->is_array() || grid->empty()) {
    return grid_error("\"grid\" must be a non-empty array of strings", source, text, "grid",
                      "\"grid\"");
  }
  for (std::size_t r = 0; r < grid->size(); ++r) {
    const Json& row = (*grid)[r];
    const std::string field = fmt::format("grid row {}", r);
    if (!row.is_string() || row.get_ref<const std::string&>().empty()) {
      return grid_error("each row must be a non-empty string", source, text, field, "\"grid\"");
    }
    const std::string& cells = row.get_ref<const std::string&>();
    const std::string anchor = "\"" + cells + "\"";
    if (cells.size() != (*grid)[0].get_ref<const std::string&>().size()) {
      return grid_error(fmt::format("{} cells where row 0 has {}; rows must be equally long",
                                    cells.size(), (*grid)[0].get_ref<const std::string&>().size()),
                        source, text, field, anchor);
    }
    const std::size_t bad = cells.find_first_not_of("#.MCF");
    if (bad != std::string::npos) {
      return grid_error(
          fmt::format("'{}' is not a cell (expected '#', '.', 'M', 'C' or 'F')", cells[bad]),
          source, text, fmt::format("{}, column {}", field, bad), anchor);
    }
    map.rows.push_back(cells);
  }
  if (static_cast<std::uint64_t>(map.row_count()) * map.column_count() > (1u << 24)) {
    return grid_error("the map has more than 2^24 cells", source, text, "grid", "\"grid\"");
  }
  for (const auto& [letter, name] :
       {std::pair{'M', "mouse"}, std::pair{'C', "cat"}, std::pair{'F', "food"}}) {
    std::size_t count = 0;
    for (const std::string& row : map.rows) count += std::count(row.begin(), row.end(), letter);
    if (count != 1) {
      return grid_error(
          fmt::format("the map needs exactly one '{}' ({}), found {}", letter, name, count), source,
          text, "grid", "\"grid\"");
    }
  }
  for (const auto& [key, jump] :
       {std::pair{"catJump", &map.cat_jump}, std::pair{"mouseJump", &map.mouse_jump}}) {
    const auto it = doc.find(key);
    const std::string anchor = fmt::format("\"{}\"", key);
    if (it == doc.end()) return grid_error("missing", source, text, key);
    if (!it->is_number_integer() || it->get<std::int64_t>() < 0 ||
        it->get<std::int64_t>() > kMaxJump) {
      return grid_error(
          fmt::format("{} is out of range (a jump is 0..{} cells)", it->dump(), kMaxJump), source,
          text, key, anchor);
    }
    *jump = static_cast<std::uint32_t>(it->get<std::int64_t>());
  }
  return map;
}

std::string grid_json(const GridMap& map) {
  OrderedJson json;
  json["grid"] = map.rows;
  json["catJump"] = map.cat_jump;
  json["mouseJump"] = map.mouse_jump;
  return json.dump();
}

}  // namespace catmouse
