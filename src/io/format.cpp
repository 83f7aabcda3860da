#include "catmouse/io/format.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "catmouse/io/limits.hpp"
#include "io/json_text.hpp"
#include "io/leetcode_input.hpp"
#include "io/read_errors.hpp"

namespace catmouse {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kLineSpace = " \t\r\v\f";  // separates tokens in edge lists
constexpr std::string_view kGraph6Header = ">>graph6<<";

// An error in `source`, at byte `offset` of `text` when known, about `node` when given.
Error error_at(std::string message, std::string_view source, std::string_view text = {},
               std::optional<std::size_t> offset = {}, std::optional<std::size_t> node = {},
               ErrorField field = ErrorField::kNone, std::optional<std::uint64_t> index = {}) {
  Error error{std::move(message), {}};
  error.where.source = std::string(source);
  if (offset) std::tie(error.where.line, error.where.column) = position_of(text, *offset);
  error.where.node = node;
  error.where.field = field;
  error.where.index = index;
  return error;
}

// `error` (from io/limits.hpp, keeping its field) placed at byte `offset` of `text` in `source`.
Error placed(Error error, std::string_view source, std::string_view text, std::size_t offset) {
  error.where.source = std::string(source);
  std::tie(error.where.line, error.where.column) = position_of(text, offset);
  return error;
}

// Cuts a user token short for a message, so one huge token cannot flood the terminal.
std::string shorten(std::string_view token) {
  constexpr std::size_t kMax = 32;
  return shown_utf8(token, kMax);
}

// ---- LeetCode JSON -------------------------------------------------------------------------

bool is_json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The next three walk JSON text that nlohmann has accepted: its DOM keeps no positions, so on a
// semantic error we scan the text again to find where the offending value starts. Error path only.
std::size_t skip_space(std::string_view t, std::size_t p) {
  while (p < t.size() && is_json_space(t[p])) ++p;
  return p;
}

// From the start of a value to the first non-space after it.
std::size_t skip_value(std::string_view t, std::size_t p) {
  std::size_t depth = 0;
  bool in_string = false;
  for (; p < t.size(); ++p) {
    const char c = t[p];
    if (in_string) {
      if (c == '\\') {
        ++p;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) return skip_space(t, p + 1);
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      if (depth == 0) break;  // a scalar ended at its container's end
      if (--depth == 0) return skip_space(t, p + 1);
    } else if (depth == 0 && (c == ',' || is_json_space(c))) {
      break;
    }
  }
  return skip_space(t, p);
}

// Offset of element indices[0] of the graph array, then of element indices[1] inside that, ...
// The graph array is the top-level value or, in object form, the value of the last "graph" key
// (the one nlohmann keeps when a key is repeated).
std::size_t locate(std::string_view t, bool in_object, std::initializer_list<std::size_t> indices) {
  std::size_t p = skip_space(t, t.starts_with(kUtf8Bom) ? kUtf8Bom.size() : 0);
  if (in_object) {
    std::size_t graph = p;
    for (p = skip_space(t, p + 1); p < t.size() && t[p] == '"';) {
      const bool is_graph = t.substr(p).starts_with("\"graph\"");
      p = skip_space(t, skip_value(t, p) + 1);  // past the key and ':'
      if (is_graph) graph = p;
      p = skip_value(t, p);
      if (p < t.size() && t[p] == ',') p = skip_space(t, p + 1);
    }
    p = graph;
  }
  for (std::size_t index : indices) {
    p = skip_space(t, p + 1);  // past '['
    for (std::size_t k = 0; k < index && p < t.size(); ++k) {
      p = skip_space(t, skip_value(t, p) + 1);  // past the element and ','
    }
  }
  return std::min(p, t.size());
}

// How a value was written, for messages. Numbers come from the text because nlohmann turns
// integers beyond 64 bits into doubles and would print 99999999999999999999999 as 1e+23.
std::string describe(const Json& value, std::string_view text, std::size_t offset) {
  if (value.is_array()) return "an array";
  if (value.is_object()) return "an object";
  if (!value.is_number()) return shorten(value.dump());
  std::size_t end = offset;
  while (end < text.size() && !is_json_space(text[end]) &&
         std::string_view(",]}").find(text[end]) == std::string_view::npos)
    ++end;
  return shorten(text.substr(offset, end - offset));
}

// The entry as a node id, if it is a non-negative integer that fits in 32 bits.
std::optional<NodeId> as_node_id(const Json& entry) {
  if (!entry.is_number_integer()) return std::nullopt;
  if (entry.is_number_unsigned() ? entry.get<std::uint64_t>() > UINT32_MAX
                                 : entry.get<std::int64_t>() != 0) {
    return std::nullopt;  // too big, or negative (a signed integer is only ever 0 here: "-0")
  }
  return static_cast<NodeId>(entry.get<std::uint64_t>());
}

// Why an entry that as_node_id() refused is not a node id; `shown` is how it was written.
std::string entry_problem(const Json& entry, const std::string& shown) {
  if (entry.is_number()) {
    const double v = entry.get<double>();
    if (v > static_cast<double>(UINT32_MAX)) {
      return fmt::format("neighbour {} is too big for a 32-bit node id", shown);
    }
    if (v < 0 && std::floor(v) == v) return fmt::format("neighbour {} is negative", shown);
  }
  return fmt::format("expected a node id (a non-negative integer), found {}", shown);
}

}  // namespace

Result<InputFormat> parse_input_format(std::string_view name) {
  for (InputFormat f :
       {InputFormat::kLeetCode, InputFormat::kEdges, InputFormat::kGraph6, InputFormat::kGrid}) {
    if (name == input_format_name(f)) return f;
  }
  return Error{fmt::format("unknown input format '{}' (expected 'leetcode', 'edges', 'graph6' or "
                           "'grid')",
                           name),
               {}};
}

std::string_view input_format_name(InputFormat format) {
  switch (format) {
    case InputFormat::kLeetCode:
      return "leetcode";
    case InputFormat::kEdges:
      return "edges";
    case InputFormat::kGraph6:
      return "graph6";
    case InputFormat::kGrid:
      break;
  }
  return "grid";
}

InputFormat detect_format(std::string_view source, std::string_view text) {
  // LeetCode's `graph = [...]` is no other format's text, whatever the suffix says.
  if (leetcode_prefix_length(text) > 0) return InputFormat::kLeetCode;
  const std::size_t dot = source.rfind('.');
  std::string suffix(dot == std::string_view::npos ? "" : source.substr(dot));
  for (char& c : suffix) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (suffix == ".json") return InputFormat::kLeetCode;
  if (suffix == ".edges" || suffix == ".el") return InputFormat::kEdges;
  // A .txt file may hold LeetCode's list or an edge list: its content decides, below.
  if (suffix == ".g6" || suffix == ".graph6") return InputFormat::kGraph6;
  // By content: the graph6 header, which nauty tools write with -h; else skip blanks and '#'
  // comment lines, then JSON must open with '[' or '{'.
  if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  if (text.starts_with(kGraph6Header)) return InputFormat::kGraph6;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '#') {
      i = text.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (c != '\n' && kLineSpace.find(c) == std::string_view::npos) {
      return c == '[' || c == '{' ? InputFormat::kLeetCode : InputFormat::kEdges;
    }
  }
  return InputFormat::kEdges;
}

// Reads the plain form "[[1,2],[0],...]" (whitespace allowed, ids below 10^9) without building a
// JSON document: the common case, and the one batch mode must parse fast. Anything else, and any
// graph the builder refuses, goes the full way, which has the words for every error.
struct PlainLists {
  std::vector<std::uint64_t> offsets{0};
  std::vector<NodeId> targets;
};

std::optional<PlainLists> plain_lists(std::string_view text) {
  std::size_t i = 0;
  auto skip = [&] {
    while (i < text.size() && is_json_space(text[i])) ++i;
  };
  auto expect = [&](char c) {
    skip();
    if (i < text.size() && text[i] == c) {
      ++i;
      return true;
    }
    return false;
  };
  PlainLists lists;
  if (!expect('[')) return std::nullopt;
  if (!expect(']')) {
    do {
      if (!expect('[')) return std::nullopt;
      if (!expect(']')) {
        do {
          skip();
          std::size_t digits = 0;
          NodeId id = 0;
          while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 9) {
            id = id * 10 + static_cast<NodeId>(text[i++] - '0');
            ++digits;
          }
          if (digits == 0 || (i < text.size() && text[i] >= '0' && text[i] <= '9')) {
            return std::nullopt;
          }
          lists.targets.push_back(id);
        } while (expect(','));
        if (!expect(']')) return std::nullopt;
      }
      lists.offsets.push_back(lists.targets.size());
    } while (expect(','));
    if (!expect(']')) return std::nullopt;
  }
  skip();
  if (i != text.size()) return std::nullopt;
  return lists;
}

Result<Graph> parse_leetcode(std::string_view text, std::string_view source,
                             std::uint64_t memory_limit) try {
  // "graph = [...]" is read as the list alone, its prefix blanked so that columns stay true.
  std::string blanked;
  if (const std::size_t prefix = leetcode_prefix_length(text); prefix > 0) {
    blanked = blank_leetcode_prefix(text, prefix);
    text = blanked;
  }
  // A graph beyond the memory limit goes the full way too, which says where it starts.
  if (auto lists = plain_lists(text);
      lists && lists->offsets.size() - 1 <= max_nodes(memory_limit)) {
    Result<Graph> graph = Graph::from_csr(std::move(lists->offsets), std::move(lists->targets));
    if (graph.ok()) return graph;
  }
  Result<Json> doc = parse_json(text, source);
  if (!doc.ok()) return doc.error();
  return leetcode_from_json(*doc, text, source, memory_limit);
} catch (const std::bad_alloc&) {
  return out_of_memory("the graph", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

// "[json.exception.parse_error.101] parse error at line 1, column 10: syntax error while parsing
// value - unexpected end of input; expected ..." -> "unexpected end of input; expected ...".
// We print our own line and column, so nlohmann's copy is dropped.
std::string short_json_message(std::string_view what) {
  if (const auto colon = what.find(": "); colon != std::string_view::npos) {
    what.remove_prefix(colon + 2);
  }
  if (const auto dash = what.find(" - "); what.starts_with("syntax error") && dash != what.npos) {
    what.remove_prefix(dash + 3);
  }
  // nlohmann quotes the bytes it last read, which may end inside a character.
  return "invalid JSON: " + shown_utf8(what);
}

Result<Json> parse_json(std::string_view text, std::string_view source) try {
  if (std::all_of(text.begin(), text.end(), is_json_space)) return error_at("empty input", source);
  Json doc = Json::parse(text.begin(), text.end());
  // Only objects can repeat a key; a LeetCode graph (arrays only) skips the second pass.
  if (text.find('{') != text.npos) {
    if (auto repeated = duplicate_key(text)) {
      return error_at(fmt::format("duplicate key \"{}\" (each member may appear once)",
                                  shown_utf8(repeated->first, 40)),
                      source, text, repeated->second);
    }
  }
  return doc;
} catch (const Json::parse_error& e) {
  // e.byte counts the bytes read, so the offending one is the last read (or the end of input).
  return error_at(short_json_message(e.what()), source, text, e.byte > 0 ? e.byte - 1 : 0);
} catch (const Json::out_of_range& e) {
  // A number beyond a double's range: "number overflow parsing '1e400'". Point at it.
  std::string_view what = e.what();
  const std::size_t open = what.find('\'');
  const std::size_t close = what.rfind('\'');
  std::optional<std::size_t> at;
  if (open != what.npos && close > open) {
    const std::size_t found = text.find(what.substr(open + 1, close - open - 1));
    if (found != std::string_view::npos) at = found;
  }
  return error_at(
      fmt::format("invalid JSON: a number is out of range ({})",
                  open != what.npos && close > open ? what.substr(open + 1, close - open - 1)
                                                    : std::string_view("too large")),
      source, text, at);
} catch (const Json::exception& e) {
  return error_at(short_json_message(e.what()), source);
} catch (const std::bad_alloc&) {
  return out_of_memory("the JSON document", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

Result<Graph> leetcode_from_json(const Json& doc, std::string_view text, std::string_view source,
                                 std::uint64_t memory_limit) try {
  const bool in_object = doc.is_object();
  const Json* graph = &doc;
  if (in_object) {
    const auto it = doc.find("graph");
    if (it == doc.end()) return error_at("missing \"graph\" member", source);
    graph = &*it;
  }
  if (!graph->is_array()) {
    const std::size_t offset = locate(text, in_object, {});
    return error_at(fmt::format("{}, found {}",
                                in_object ? "\"graph\" must be an array of adjacency lists"
                                          : "expected an array of adjacency lists or an object "
                                            "with a \"graph\" member",
                                describe(*graph, text, offset)),
                    source, text, offset);
  }
  if (Status fits =
          check_node_count(graph->size(), memory_limit,
                           fmt::format("{} adjacency lists imply", format_count(graph->size())));
      !fits) {
    return placed(fits.error(), source, text, locate(text, in_object, {}));
  }
  std::vector<std::vector<NodeId>> lists(graph->size());
  for (std::size_t i = 0; i < lists.size(); ++i) {
    const Json& list = (*graph)[i];
    if (!list.is_array()) {
      const std::size_t offset = locate(text, in_object, {i});
      return error_at(
          fmt::format("expected a list of neighbours, found {}", describe(list, text, offset)),
          source, text, offset, i);
    }
    lists[i].reserve(list.size());
    for (std::size_t j = 0; j < list.size(); ++j) {
      if (const auto id = as_node_id(list[j])) {
        lists[i].push_back(*id);
        continue;
      }
      const std::size_t offset = locate(text, in_object, {i, j});
      return error_at(entry_problem(list[j], describe(list[j], text, offset)), source, text, offset,
                      i, ErrorField::kNeighbour, j);
    }
  }
  Result<Graph> result = Graph::from_adjacency(lists);
  if (result.ok()) return result;
  Error error = result.error();
  error.where.source = std::string(source);
  if (error.where.node) {
    const std::size_t node = *error.where.node;
    const auto entry =
        error.where.field == ErrorField::kNeighbour ? error.where.index : std::nullopt;
    const std::size_t offset =
        entry ? locate(text, in_object, {node, *entry}) : locate(text, in_object, {node});
    std::tie(error.where.line, error.where.column) = position_of(text, offset);
  }
  return error;
} catch (const std::bad_alloc&) {
  return out_of_memory("the graph", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

// ---- Edge list ------------------------------------------------------------------------------

namespace {

struct Token {
  std::string_view text;
  std::size_t offset;  // in the whole input, for error positions
};

// Where an edge's two ids were written, so errors found later can point back at them.
struct EdgeSite {
  std::size_t from;
  std::size_t to;
};

// Reads a decimal token as a number <= limit; `what` names it in messages ("node id").
Result<std::uint64_t> parse_number(const Token& token, std::uint64_t limit, std::string_view what) {
  const bool negative = token.text.starts_with('-');
  const std::string_view digits = negative ? token.text.substr(1) : token.text;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return Error{fmt::format("expected a {}, found '{}'", what, shorten(token.text)), {}};
  }
  if (negative) return Error{fmt::format("{} {} is negative", what, shorten(token.text)), {}};
  std::uint64_t value = 0;
  for (char c : digits) {
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    // Stop before the 64-bit accumulator could overflow; any longer number is too big anyway.
    if (value > limit) {
      return Error{
          fmt::format("{} {} is too big (the limit is {})", what, shorten(token.text), limit), {}};
    }
  }
  return value;
}

}  // namespace

Result<Graph> parse_edges(std::string_view text, std::string_view source, bool directed,
                          std::uint64_t memory_limit) try {
  const auto fail = [&](std::string message, std::size_t offset) {
    return error_at(std::move(message), source, text, offset);
  };
  std::vector<Edge> edges;
  std::vector<EdgeSite> sites;
  std::optional<NodeId> declared;   // from the "nodes N" line
  std::size_t declared_offset = 0;  // where N was written
  NodeId max_id = 0;
  // Ids and counts are checked against the memory limit as they are read: "2 100000000" must
  // not build a graph of 10^8 nodes before anything says no.
  const std::uint64_t most_nodes = max_nodes(memory_limit);
  for (std::size_t line_start = 0; line_start < text.size();) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::string_view line = text.substr(line_start, line_end - line_start);
    line = line.substr(0, line.find('#'));
    // A byte-order mark is dropped without shifting offsets: tokens keep their true columns.
    if (line_start == 0 && line.starts_with(kUtf8Bom)) line.remove_prefix(kUtf8Bom.size());
    // Only the first three tokens matter: more than that is an error either way.
    Token tokens[3];
    std::size_t count = 0;
    const std::size_t base = static_cast<std::size_t>(line.data() - text.data());
    for (std::size_t i = 0; (i = line.find_first_not_of(kLineSpace, i)) != line.npos;) {
      const std::size_t end = std::min(line.find_first_of(kLineSpace, i), line.size());
      if (count < 3) tokens[count] = {line.substr(i, end - i), base + i};
      ++count;
      i = end;
    }
    line_start = line_end + 1;
    if (count == 0) continue;

    if (tokens[0].text == "nodes") {
      if (declared) {
        return fail(fmt::format("repeated 'nodes' line (the first is on line {})",
                                position_of(text, declared_offset).first),
                    tokens[0].offset);
      }
      if (count != 2) {
        return fail(fmt::format("a 'nodes' line holds one node count, found {}", count - 1),
                    count > 2 ? tokens[2].offset : tokens[0].offset);
      }
      auto n = parse_number(tokens[1], UINT32_MAX, "node count");
      if (!n.ok()) return fail(n.error().message, tokens[1].offset);
      if (*n > most_nodes) {
        return placed(
            check_node_count(*n, memory_limit, fmt::format("{} nodes imply", format_count(*n)))
                .error(),
            source, text, tokens[1].offset);
      }
      declared = static_cast<NodeId>(*n);
      declared_offset = tokens[1].offset;
      continue;
    }
    // Ids stop one short of UINT32_MAX so that "largest id + 1" still fits in a NodeId.
    NodeId ids[2] = {0, 0};
    for (std::size_t k = 0; k < std::min<std::size_t>(count, 2); ++k) {
      auto id = parse_number(tokens[k], UINT32_MAX - 1, "node id");
      if (!id.ok()) return fail(id.error().message, tokens[k].offset);
      if (*id >= most_nodes) {
        return placed(check_node_count(*id + 1, memory_limit,
                                       fmt::format("node id {} implies {} nodes and", *id,
                                                   format_count(*id + 1)))
                          .error(),
                      source, text, tokens[k].offset);
      }
      ids[k] = static_cast<NodeId>(*id);
    }
    if (count != 2) {
      return fail(fmt::format("an edge line holds two node ids, found {}", count),
                  count > 2 ? tokens[2].offset : tokens[0].offset);
    }
    edges.push_back({ids[0], ids[1]});
    sites.push_back({tokens[0].offset, tokens[1].offset});
    max_id = std::max({max_id, ids[0], ids[1]});
  }

  if (edges.empty() && !declared) return error_at("empty input", source);
  const NodeId node_count = declared ? *declared : max_id + 1;
  if (declared && node_count >= Graph::kMinNodes) {
    // Checked here rather than left to from_edges so the column points at the bad id itself.
    for (std::size_t k = 0; k < edges.size(); ++k) {
      const bool from_bad = edges[k].from >= node_count;
      if (from_bad || edges[k].to >= node_count) {
        return fail(fmt::format("node {} is out of range (nodes are 0..{}, from 'nodes {}' on "
                                "line {})",
                                from_bad ? edges[k].from : edges[k].to, node_count - 1, node_count,
                                position_of(text, declared_offset).first),
                    from_bad ? sites[k].from : sites[k].to);
      }
    }
  }
  Result<Graph> graph = Graph::from_edges(node_count, edges, directed);
  if (graph.ok()) return graph;
  Error error = graph.error();
  error.where.source = std::string(source);
  if (const auto k = error.where.field == ErrorField::kEdge ? error.where.index : std::nullopt;
      k && *k < sites.size()) {
    std::tie(error.where.line, error.where.column) = position_of(text, sites[*k].from);
  } else if (declared) {
    // Not about one edge: the node count is at fault (too few nodes).
    std::tie(error.where.line, error.where.column) = position_of(text, declared_offset);
  }
  return error;
} catch (const std::bad_alloc&) {
  return out_of_memory("the graph", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

Result<Graph> parse_graph(std::string_view text, std::string_view source, InputFormat format,
                          bool directed, std::uint64_t memory_limit) {
  if (format == InputFormat::kGrid) {
    return error_at(
        "a LeetCode 1728 map is a game, not a graph (graphs are leetcode, edges or graph6)",
        source);
  }
  if (format == InputFormat::kGraph6) {
    if (directed) {
      return error_at(
          "graph6 holds undirected graphs; a directed graph must come as an edge list (one arc "
          "\"u v\" per line)",
          source);
    }
    Result<std::vector<Graph>> graphs = parse_graph6_file(text, source, memory_limit);
    if (!graphs.ok()) return graphs.error();
    if (graphs->empty()) return error_at("empty input", source);
    if (graphs->size() > 1) {
      return error_at(
          fmt::format("{} graphs in graph6 input; this command reads one graph", graphs->size()),
          source);
    }
    return std::move(graphs->front());
  }
  if (format == InputFormat::kEdges) return parse_edges(text, source, directed, memory_limit);
  if (directed) {
    return error_at("a directed graph must come as an edge list (one arc \"u v\" per line)",
                    source);
  }
  return parse_leetcode(text, source, memory_limit);
}

std::string to_leetcode(const Graph& graph) {
  std::string out = "[";
  for (NodeId v = 0; v < graph.node_count(); ++v) {
    fmt::format_to(std::back_inserter(out), "{}[{}]", v > 0 ? "," : "",
                   fmt::join(graph.neighbours(v), ","));
  }
  return out + "]";
}

std::string to_edges(const Graph& graph) {
  std::string out = fmt::format("nodes {}\n", graph.node_count());
  // Neighbour lists are sorted, so this emits the edges in (u, v) order.
  for (NodeId u = 0; u < graph.node_count(); ++u) {
    for (NodeId v : graph.neighbours(u)) {
      if (u < v || graph.directed()) fmt::format_to(std::back_inserter(out), "{} {}\n", u, v);
    }
  }
  return out;
}

}  // namespace catmouse
