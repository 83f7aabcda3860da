#include "game_request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string_view>

#include "api_error.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/io/json_keys.hpp"
#include "catmouse/io/limits.hpp"
#include "catmouse/io/rules_json.hpp"
#include "catmouse/testing/search.hpp"

namespace catmouse::server {

namespace {

// Sorted members, so that dump() is one canonical text per request.
using Doc = nlohmann::json;

std::string where_in_body(const std::string& body, std::size_t byte) {
  const auto [line, column] = position_of(body, std::min(byte, body.size()));
  return fmt::format("body, line {}, column {}", line, column);
}

// Walks the members of `body`, keeping the path of the one being read, as "rules.cats", until
// `found()` says, after a key, that it is the member wanted; the path then, or where parsing
// stopped, or "body".
template <class Found>
std::string walk_members(const std::string& body, Found found) {
  std::vector<std::string> path;
  std::string at;
  bool done = false;
  const auto track = [&](int, Doc::parse_event_t event, Doc& parsed) {
    if (done) return false;
    if (event == Doc::parse_event_t::object_start || event == Doc::parse_event_t::array_start) {
      path.emplace_back();
    } else if (event == Doc::parse_event_t::object_end || event == Doc::parse_event_t::array_end) {
      if (!path.empty()) path.pop_back();
    } else if (event == Doc::parse_event_t::key && !path.empty()) {
      path.back() = parsed.get<std::string>();
      done = found();
    }
    at.clear();
    for (const std::string& key : path) {
      if (key.empty()) continue;
      if (!at.empty()) at += '.';
      at += key;
    }
    return true;
  };
  try {
    const Doc parsed = Doc::parse(body, track);
    static_cast<void>(parsed);
  } catch (const Doc::exception&) {
  }
  return at.empty() ? "body" : at;
}

// The member being read when parsing stopped: for a number out of range (1e999), which nlohmann
// reports without a place.
std::string member_at_failure(const std::string& body) {
  return walk_members(body, [] { return false; });
}

// The member whose key is the `nth` key (0-based) of the document.
std::string member_of_key(const std::string& body, std::size_t nth) {
  std::size_t keys = 0;
  return walk_members(body, [&] { return keys++ == nth; });
}

// The number of keys in `body` before byte `offset` (a key's opening quote).
std::size_t keys_before(const std::string& body, std::size_t offset) {
  // A key is a string followed by ':' outside any string; the library's scan found the
  // duplicate at `offset`, so counting the strings followed by ':' before it gives its number.
  std::size_t keys = 0;
  for (std::size_t i = 0; i < offset && i < body.size(); ++i) {
    if (body[i] != '"') continue;
    std::size_t end = i + 1;
    while (end < body.size() && body[end] != '"') end += body[end] == '\\' ? 2 : 1;
    std::size_t next = end + 1;
    while (next < body.size() &&
           std::string_view(" \t\r\n").find(body[next]) != std::string_view::npos)
      ++next;
    if (next < body.size() && body[next] == ':') ++keys;
    i = end;
  }
  return keys;
}

Doc parse_body(const std::string& body) {
  Doc doc;
  try {
    doc = Doc::parse(body);
  } catch (const Doc::parse_error& e) {
    fail(400, "the body is not valid JSON", where_in_body(body, e.byte > 0 ? e.byte - 1 : 0));
  } catch (const Doc::exception&) {
    fail(400, "a number is out of range", member_at_failure(body));
  }
  // nlohmann keeps the last of two values of one key: refused as board files are, by the
  // library's own scan, naming the member.
  if (body.find('{') != std::string::npos) {
    if (const auto repeated = duplicate_key(body)) {
      fail(400, fmt::format("duplicate key \"{}\" (each member may appear once)", repeated->first),
           member_of_key(body, keys_before(body, repeated->second)));
    }
  }
  return doc;
}

void check_members(const Doc& object, std::initializer_list<std::string_view> known,
                   const std::string& prefix) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string expected;
    for (const std::string_view name : known) {
      expected += fmt::format("{}{}", expected.empty() ? "" : ", ", name);
    }
    fail(400, fmt::format("unknown member \"{}\" (expected {})", key, expected), prefix + key);
  }
}

// A pasted text that is one line of graph6's bytes '?'..'~' is graph6 even without its header.
bool graph6_line(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return false;
  text = text.substr(begin, text.find_last_not_of(" \t\r\n") + 1 - begin);
  if (text[0] == '[' || text[0] == '{') return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= '?' && c <= '~'; });
}

// A library error about the board: 400 with its location; a board too large for the server's
// memory, 413; memory running out while reading it, 503.
[[noreturn]] void refuse(const Error& error) {
  if (error.kind == ErrorKind::kOutOfMemory) fail(503, error.message_text(), "");
  const int status = error.kind == ErrorKind::kRefusedMemory ? 413 : 400;
  throw ApiError{status,
                 error.message_text(),
                 where_of(error.where),
                 {},
                 std::string(field_name(error.where.field))};
}

GameSpec read_text(const Doc& doc, const ApiOptions& options) {
  const Doc& text = doc["text"];
  if (!text.is_string()) fail(400, "\"text\" must be a string", "text");
  ReadOptions read;
  read.memory_limit = options.memory;
  if (doc.contains("directed")) {
    if (!doc["directed"].is_boolean()) fail(400, "expected true or false", "directed");
    read.directed = doc["directed"].get<bool>();
  }
  std::string format = "auto";
  if (doc.contains("format")) {
    if (!doc["format"].is_string()) fail(400, "\"format\" must be a string", "format");
    format = doc["format"].get<std::string>();
  }
  const std::string& board = text.get_ref<const std::string&>();
  if (format != "auto") {
    const Result<InputFormat> named = parse_input_format(format);
    if (!named.ok()) fail(400, named.error().message + " or 'auto'", "format");
    read.format = *named;
  } else if (graph6_line(board)) {
    read.format = InputFormat::kGraph6;
  }
  Result<GameSpec> spec = read_game(board, "text", read);
  if (!spec.ok()) {
    if (spec.error().where.field == ErrorField::kDirected) {
      fail(400, spec.error().message, "directed");
    }
    refuse(spec.error());
  }
  return std::move(spec).value();
}

GameSpec read_example(const Doc& doc, const std::vector<Example>& examples, std::string& title) {
  const Doc& name = doc["example"];
  if (!name.is_string()) fail(400, "\"example\" must be the name of an example", "example");
  const auto it = std::find_if(examples.begin(), examples.end(),
                               [&](const Example& e) { return e.name == name.get<std::string>(); });
  if (it == examples.end()) {
    fail(400, fmt::format("no example \"{}\"", name.get<std::string>()), "example");
  }
  ReadOptions read;
  read.format = *parse_input_format(it->format);
  Result<GameSpec> spec = read_game(it->text, it->name, read);
  if (!spec.ok()) refuse(spec.error());
  title = it->title;
  return std::move(spec).value();
}

GameSpec read_generate(const Doc& doc, const ApiOptions& options, std::string& title,
                       bool& grid_family, const BeforeGenerate& before_generate) {
  const Doc& g = doc["generate"];
  if (!g.is_object()) fail(400, "\"generate\" must be an object", "generate");
  check_members(g, {"family", "nodes", "seed", "degree"}, "generate.");
  std::string family = "random";
  if (g.contains("family")) {
    if (!g["family"].is_string()) fail(400, "\"family\" must be a string", "generate.family");
    family = g["family"].get<std::string>();
  }
  GenerateOptions generate_options;
  // catmouse gen's families: generate()'s, and nullopt for `long` (a long forced win).
  const Result<std::optional<GraphFamily>> parsed = parse_generator(family);
  if (!parsed.ok()) fail(400, parsed.error().message, "generate.family");
  if (*parsed) generate_options.family = **parsed;
  if (!g.contains("nodes") || !g["nodes"].is_number_integer() || g["nodes"].get<double>() < 3) {
    fail(400, "\"nodes\" must be a whole number, at least 3", "generate.nodes");
  }
  const double nodes = g["nodes"].get<double>();
  if (nodes > options.max_nodes) {
    fail(413, fmt::format("{} nodes; this server draws at most {}", nodes, options.max_nodes),
         "generate.nodes");
  }
  generate_options.nodes = static_cast<NodeId>(nodes);
  if (g.contains("seed")) {
    if (!g["seed"].is_number_unsigned()) {
      fail(400, "\"seed\" must be a whole number, at least 0", "generate.seed");
    }
    generate_options.seed = g["seed"].get<std::uint64_t>();
  }
  if (g.contains("degree")) {
    if (!g["degree"].is_number() || g["degree"].get<double>() < 0) {
      fail(400, "\"degree\" must be a number, at least 0", "generate.degree");
    }
    generate_options.degree = g["degree"].get<double>();
  }
  // The edges the family makes, bounded before any is made.
  const double n = generate_options.nodes;
  const double edges = *parsed == GraphFamily::kComplete ? n * (n - 1) / 2
                       : *parsed == GraphFamily::kRandom ? n + n * generate_options.degree / 2
                                                         : 2 * n;  // long: about 2n as well
  if (edges > static_cast<double>(options.max_edges)) {
    fail(413,
         fmt::format("about {:.0f} edges; this server draws at most {}", edges, options.max_edges),
         "generate");
  }
  before_generate(generate_options.nodes, static_cast<std::uint64_t>(edges));
  Result<Graph> graph = generate_graph(*parsed, generate_options);
  if (!graph.ok()) {
    const bool random = *parsed == GraphFamily::kRandom;
    fail(400, graph.error().message, random ? "generate.degree" : "generate.nodes");
  }
  title =
      fmt::format("{}, {} nodes, seed {}", family, generate_options.nodes, generate_options.seed);
  grid_family = family == "grid" || family == "maze";
  return make_spec(std::move(graph).value());
}

// The request's rules over the board's, as read_rules_json() reads a file's "rules" object.
void apply_rules(const Doc& rules, GameSpec& spec) {
  if (!rules.is_object()) fail(400, "\"rules\" must be an object", "rules");
  const std::string text = Doc{{"rules", rules}}.dump();
  if (Status ok = read_rules_json(text, "", spec.rules); !ok) {
    fail(400, ok.error().message, ok.error().where.field_text());
  }
}

}  // namespace

GameRequest read_game_request(const std::string& body, const ApiOptions& options,
                              const std::vector<Example>& examples,
                              const BeforeGenerate& before_generate) {
  const Doc doc = parse_body(body);
  if (!doc.is_object()) fail(400, "the body must be a JSON object", "body");
  check_members(doc, {"text", "format", "directed", "generate", "example", "rules"}, "");
  const int sources = static_cast<int>(doc.contains("text")) +
                      static_cast<int>(doc.contains("generate")) +
                      static_cast<int>(doc.contains("example"));
  if (sources != 1) fail(400, "give exactly one of \"text\", \"generate\" and \"example\"", "body");
  for (const char* member : {"format", "directed"}) {
    if (doc.contains(member) && !doc.contains("text")) {
      fail(400, fmt::format("\"{}\" goes with \"text\"", member), member);
    }
  }
  std::string title;
  bool grid_family = false;
  GameSpec spec = doc.contains("text") ? read_text(doc, options)
                  : doc.contains("example")
                      ? read_example(doc, examples, title)
                      : read_generate(doc, options, title, grid_family, before_generate);
  const NodeId n = spec.graph.node_count();
  if (n > options.max_nodes) {
    fail(413, fmt::format("{} nodes; this server draws at most {}", n, options.max_nodes), "");
  }
  if (spec.graph.edge_count() > options.max_edges) {
    fail(413,
         fmt::format("{} edges; this server draws at most {}", spec.graph.edge_count(),
                     options.max_edges),
         "");
  }
  if (doc.contains("rules")) apply_rules(doc["rules"], spec);
  if (spec.grid && spec.rules.cats > 1) fail(400, "a grid map has one cat", "rules.cats");
  if (Status ok = spec.validate(); !ok) {
    // Every validate() error is the request's fault, whatever its field's usual answer.
    FieldAnswer answer = answer_of(ok.error());
    throw ApiError{400,
                   ok.error().message,
                   std::move(answer.where),
                   {},
                   std::string(field_name(ok.error().where.field))};
  }
  return GameRequest{std::move(spec), std::move(title), grid_family, doc.dump()};
}

}  // namespace catmouse::server
