#include "catmouse/io/grid_format.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catmouse/io/limits.hpp"
#include "io/json_text.hpp"
#include "io/read_errors.hpp"

namespace catmouse {

namespace {

// An error about `field` of the map in `source`; placed on the line of `anchor` (a string written
// in the text) when it can be found.
Error grid_error(std::string message, std::string_view source, std::string_view text,
                 Location where, std::string_view anchor = {}) {
  Error error{std::move(message), std::move(where)};
  error.where.source = std::string(source);
  const std::size_t at = anchor.empty() ? std::string_view::npos : text.find(anchor);
  if (at != std::string_view::npos) {
    std::tie(error.where.line, error.where.column) = position_of(text, at);
  }
  return error;
}

// A jump's field, shown as its key in the file.
Location jump_field(ErrorField field, const char* key) {
  Location where = at_field(field);
  where.label = key;
  return where;
}

// Whether the game of `map` fits under `memory_limit`: its cells are the nodes (limits.hpp), and
// its two graphs (the mouse's jumps and the cat's) are built before any solve can refuse them.
// A cell has at most min(J, columns - 1) jumps to the right and min(J, rows - 1) down.
Status check_map_size(const GridMap& map, std::string_view text, std::string_view source,
                      std::uint64_t memory_limit) {
  if (memory_limit == 0) return {};
  const std::uint64_t rows = map.row_count(), columns = map.column_count();
  const std::uint64_t cells = rows * columns;
  const std::string what = fmt::format("a map of {} x {} cells", rows, columns);
  if (Status fits = check_node_count(cells, memory_limit, what + " implies"); !fits) {
    Error error =
        grid_error(fits.error().message, source, text, at_field(ErrorField::kGrid), "\"grid\"");
    error.where.field = ErrorField::kMemoryLimit;
    error.kind = fits.error().kind;
    return error;
  }
  const auto moves = [&](std::uint64_t jump) {
    return cells * (std::min(jump, columns - 1) + std::min(jump, rows - 1));
  };
  const std::uint64_t edges = moves(map.mouse_jump) + moves(map.cat_jump);
  const std::uint64_t needed = graph_bytes(2 * cells, edges) + min_solve_bytes(cells);
  if (needed <= memory_limit) return {};
  Error error = grid_error(
      fmt::format("{} with jumps {} (mouse) and {} (cat) has up to {} moves: building and "
                  "solving its game needs at least {}, more than the memory limit of {}",
                  what, map.mouse_jump, map.cat_jump, edges, format_bytes(needed),
                  format_bytes(memory_limit)),
      source, text, at_field(ErrorField::kGrid), "\"grid\"");
  error.where.field = ErrorField::kMemoryLimit;
  error.kind = ErrorKind::kRefusedMemory;
  error.memory = MemoryFigures{needed, memory_limit};
  return error;
}

}  // namespace

Result<GridMap> parse_grid(std::string_view text, std::string_view source,
                           std::uint64_t memory_limit) {
  Result<Json> doc = parse_json(text, source);
  if (!doc.ok()) return doc.error();
  return grid_from_json(*doc, text, source, memory_limit);
}

Result<GridMap> grid_from_json(const Json& doc, std::string_view text, std::string_view source,
                               std::uint64_t memory_limit) try {
  if (!doc.is_object()) {
    return grid_error(
        "expected an object {\"grid\": [...], \"catJump\": J, \"mouseJump\": J} (LeetCode 1728)",
        source, text, Location{});
  }
  for (const auto& [key, value] : doc.items()) {
    if (key != "grid" && key != "catJump" && key != "mouseJump") {
      return grid_error(
          fmt::format("unknown member \"{}\" (expected grid, catJump, mouseJump)", key), source,
          text, at_field(ErrorField::kNone, std::nullopt, key), "\"" + key + "\"");
    }
  }
  GridMap map;
  const auto grid = doc.find("grid");
  if (grid == doc.end() || !grid->is_array() || grid->empty()) {
    return grid_error("\"grid\" must be a non-empty array of strings", source, text,
                      at_field(ErrorField::kGrid), "\"grid\"");
  }
  for (std::size_t r = 0; r < grid->size(); ++r) {
    const Json& row = (*grid)[r];
    const Location field = at_field(ErrorField::kGridRow, r);
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
          fmt::format(
              "'{}' is not a cell (expected '#', '.', 'M', 'C' or 'F')",
              shown_utf8(cells.substr(bad, std::max<std::size_t>(1, utf8_length_at(cells, bad))))),
          source, text, at_field(ErrorField::kGridRow, r, fmt::format("column {}", bad)), anchor);
    }
    map.rows.push_back(cells);
  }
  if (static_cast<std::uint64_t>(map.row_count()) * map.column_count() > (1u << 24)) {
    return grid_error("the map has more than 2^24 cells", source, text, at_field(ErrorField::kGrid),
                      "\"grid\"");
  }
  for (const auto& [letter, name] :
       {std::pair{'M', "mouse"}, std::pair{'C', "cat"}, std::pair{'F', "food"}}) {
    std::size_t count = 0;
    for (const std::string& row : map.rows) count += std::count(row.begin(), row.end(), letter);
    if (count != 1) {
      return grid_error(
          fmt::format("the map needs exactly one '{}' ({}), found {}", letter, name, count), source,
          text, at_field(ErrorField::kGrid), "\"grid\"");
    }
  }
  for (const auto& [key, jump, field] :
       {std::tuple{"catJump", &map.cat_jump, ErrorField::kCatJump},
        std::tuple{"mouseJump", &map.mouse_jump, ErrorField::kMouseJump}}) {
    const auto it = doc.find(key);
    const std::string anchor = fmt::format("\"{}\"", key);
    if (it == doc.end()) return grid_error("missing", source, text, jump_field(field, key));
    if (!it->is_number_integer() || it->get<std::int64_t>() < 0 ||
        it->get<std::int64_t>() > kMaxJump) {
      return grid_error(
          fmt::format("{} is out of range (a jump is 0..{} cells)", it->dump(), kMaxJump), source,
          text, jump_field(field, key), anchor);
    }
    *jump = static_cast<std::uint32_t>(it->get<std::int64_t>());
  }
  if (Status fits = check_map_size(map, text, source, memory_limit); !fits) return fits.error();
  return map;
} catch (const std::bad_alloc&) {
  return out_of_memory("the map", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

std::string grid_json(const GridMap& map) {
  OrderedJson json;
  json["grid"] = map.rows;
  json["catJump"] = map.cat_jump;
  json["mouseJump"] = map.mouse_jump;
  return json.dump();
}

}  // namespace catmouse
