#include "catmouse/io/game_reader.hpp"

#include <fmt/format.h>

#include <new>

#include "catmouse/io/format.hpp"
#include "catmouse/io/limits.hpp"
#include "io/json_text.hpp"
#include "io/leetcode_input.hpp"
#include "io/read_errors.hpp"

namespace catmouse {

namespace {

Error located(std::string message, std::string_view source, ErrorField field) {
  Error error{std::move(message), {}};
  error.where.source = std::string(source);
  error.where.field = field;
  return error;
}

// The first character that is not JSON white space.
char first_char(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  return at == std::string_view::npos ? '\0' : text[at];
}

Result<GameSpec> read_json_game(std::string_view text, std::string_view source,
                                std::optional<InputFormat> format, bool directed,
                                std::uint64_t memory_limit) {
  if (format != InputFormat::kGrid &&
      (first_char(text) == '[' || leetcode_prefix_length(text) > 0)) {
    // Plain adjacency lists (as LeetCode writes them, `graph = [...]`, too): no rules, no map,
    // and parse_leetcode's fast path.
    if (directed) {
      return located("a directed graph must come as an edge list (one arc \"u v\" per line)",
                     source, ErrorField::kDirected);
    }
    Result<Graph> graph = parse_leetcode(text, source, memory_limit);
    if (!graph.ok()) return graph.error();
    GameSpec spec = make_spec(std::move(graph).value());
    spec.source = std::string(source);
    return spec;
  }
  Result<Json> doc = parse_json(text, source);
  if (!doc.ok()) return doc.error();
  const bool map =
      format == InputFormat::kGrid || (!format && doc->is_object() && doc->contains("grid"));
  if (directed) {
    return located(map ? "a grid map is not an edge list"
                       : "a directed graph must come as an edge list (one arc \"u v\" per line)",
                   source, ErrorField::kDirected);
  }
  if (map) {
    Result<GridMap> grid = grid_from_json(*doc, text, source, memory_limit);
    if (!grid.ok()) return grid.error();
    GameSpec spec = grid_spec(std::move(grid).value());
    spec.source = std::string(source);
    return spec;
  }
  Result<Graph> graph = leetcode_from_json(*doc, text, source, memory_limit);
  if (!graph.ok()) return graph.error();
  GameSpec spec = make_spec(std::move(graph).value());
  spec.source = std::string(source);
  if (doc->is_object()) {
    if (const auto rules = doc->find("rules"); rules != doc->end()) {
      if (Status ok = rules_from_json(*rules, text, source, spec.rules); !ok) return ok.error();
    }
  }
  return spec;
}

}  // namespace

Result<GameSpec> read_game(std::string_view text, std::string_view source,
                           const ReadOptions& options) try {
  if (Status fits = check_input_size(text.size(), options.memory_limit); !fits) {
    Error error = fits.error();
    error.where.source = std::string(source);
    return error;
  }
  std::optional<InputFormat> format = options.format;
  if (!format) {
    // JSON stays undecided: a graph or a map, as the document says.
    const InputFormat detected = detect_format(source, text);
    if (detected != InputFormat::kLeetCode) format = detected;
  }
  if (!format || format == InputFormat::kLeetCode || format == InputFormat::kGrid) {
    return read_json_game(text, source, format, options.directed, options.memory_limit);
  }
  Result<Graph> graph = parse_graph(text, source, *format, options.directed, options.memory_limit);
  if (!graph.ok()) return graph.error();
  GameSpec spec = make_spec(std::move(graph).value());
  spec.source = std::string(source);
  return spec;
} catch (const std::bad_alloc&) {
  return out_of_memory("the game", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

}  // namespace catmouse
