#include "api.hpp"

#include <fmt/format.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>

#include "api_error.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/limits.hpp"
#include "catmouse/solve/solve.hpp"
#include "game_json.hpp"
#include "game_request.hpp"

namespace catmouse::server {

std::string where_of(const Location& where) {
  std::string out;
  const auto add = [&out](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
  if (where.line > 0) {
    add(where.column > 0 ? fmt::format("line {}, column {}", where.line, where.column)
                         : fmt::format("line {}", where.line));
  }
  if (where.node) add(fmt::format("node {}", *where.node));
  if (const std::string field = where.field_text(); !field.empty()) add(field);
  return out;
}

FieldAnswer answer_of(const Error& error) {
  const Location& where = error.where;
  switch (error.kind) {
    case ErrorKind::kBadInput:
      break;
    case ErrorKind::kRefusedMemory:
    case ErrorKind::kOutOfMemory:
      return {413, where_of(where)};
    case ErrorKind::kResources:
    case ErrorKind::kOutputLost:
    case ErrorKind::kCancelled:
    case ErrorKind::kInternal:
      return {503, ""};
  }
  switch (where.field) {
    case ErrorField::kHoles:
      return {400, "rules.holes"};
    case ErrorField::kCatForbidden:
      return {400, "rules.cat_forbidden"};
    case ErrorField::kMouseStart:
      return {400, "rules.mouse"};
    case ErrorField::kCatStart:
      return {400, "rules.cat"};
    case ErrorField::kCats:
      return {400, "rules.cats"};
    case ErrorField::kMoveLimit:
      return {400, "rules.move_limit"};
    case ErrorField::kThreads:
      return {400, "threads"};
    case ErrorField::kDirected:
      return {400, "directed"};
    default:
      return {422, where_of(where)};
  }
}

std::string error_json(const std::string& message, const std::string& where) {
  return Json{{"error", message}, {"where", where}}.dump(-1, ' ', false,
                                                         Json::error_handler_t::replace);
}

void refuse_game(const Error& error, bool solving) {
  FieldAnswer answer = answer_of(error);
  if (answer.status == 400) answer.status = 422;
  // While solving, only the number of cats (the pack engine's joint moves) and the server's own
  // options can fail, and the body names none of those options.
  const ErrorField field = error.where.field;
  if (solving && field != ErrorField::kCats && field != ErrorField::kThreads) answer.where.clear();
  throw ApiError{answer.status,
                 error.message_text(),
                 std::move(answer.where),
                 {},
                 std::string(field_name(field))};
}

void fail(const Error& error) {
  FieldAnswer answer = answer_of(error);
  throw ApiError{answer.status,
                 error.message_text(),
                 std::move(answer.where),
                 {},
                 std::string(field_name(error.where.field))};
}

namespace {

Response json_response(int status, const std::string& body) {
  Response out{status, "application/json", body, {}};
  out.headers.emplace_back("Cache-Control", "no-store");
  return out;
}

// Messages may quote the request's bytes, cut anywhere: invalid UTF-8 is replaced, not thrown.
std::string dump(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Response error_response(const ApiError& error) {
  Json body{{"error", error.message}, {"where", error.where}};
  if (!error.field.empty()) body["field"] = error.field;
  Response out = json_response(error.status, dump(body));
  if (error.status == 503) out.headers.emplace_back("Retry-After", "1");
  if (!error.allow.empty()) out.headers.emplace_back("Allow", error.allow);
  return out;
}

[[noreturn]] void not_allowed(const Request& request, const std::string& method,
                              const char* allowed) {
  throw ApiError{405, fmt::format("{} is not allowed here (use {})", method, allowed), request.path,
                 allowed};
}

// The titles of the repository's examples; another file is titled by its name. A title names the
// board only: the start's value under the rules in force is the game object's `start.sentence`,
// the library's words.
std::string example_title(const std::string& name) {
  static const std::pair<const char*, const char*> kTitles[] = {
      {"leetcode1", "LeetCode 913, example 1"},
      {"leetcode2", "LeetCode 913, example 2"},
      {"grid1728", "LeetCode 1728 map"},
      {"petersen", "The Petersen graph"},
      {"long50", "A long forced win (50 nodes)"}};
  for (const auto& [file, title] : kTitles) {
    if (name == file) return title;
  }
  return name;
}

// Bytes a cached game takes besides its table: the graphs, the layout and the game's JSON.
std::uint64_t game_overhead(const GameSpec& spec) {
  const std::uint64_t arcs =
      2 * spec.graph.edge_count() + (spec.cat_graph ? 2 * spec.cat_graph->edge_count() : 0);
  return 1024 + 96 * std::uint64_t{spec.graph.node_count()} + 24 * arcs;
}

// Bytes a new game's request needs besides its table, from the moment its graph's size is known
// until the game is cached: the graph as it is made (a generated graph's edge lists and their
// sort) and kept, the Game's move lists, the layout's arrays, and the answer: its JSON document
// (about 140 bytes per edge and per node, ordered_json arrays of two numbers) and its text.
// Within a few percent of the peak measured for the largest graphs the server draws (a complete
// graph of 447 nodes, a random one of 3,000, a grid of 5,000), rounded up.
std::uint64_t request_bytes(std::uint64_t nodes, std::uint64_t edges) {
  return 4096 + 512 * nodes + 256 * edges;
}

// Answers at least this large hold their bytes of the budget until they are sent.
constexpr std::size_t kHeldAnswer = std::size_t{64} << 10;

// After a request that held this much, the allocator gives its free memory back to the system
// (glibc keeps freed blocks in each thread's arena otherwise, and a flood of large requests
// would leave the process at its peak for good).
constexpr std::uint64_t kTrimAfter = std::uint64_t{8} << 20;

// Trims the allocator when destroyed, if told to: declared before what a request allocates, so
// that it runs after all of that is freed, on every way out.
struct TrimAfter {
  bool large = false;
  ~TrimAfter() {
    if (large) ::malloc_trim(0);
  }
};

std::uint64_t number(const std::string& text, const char* name, std::uint64_t most) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end || value > most) {
    fail(400, fmt::format("\"{}\" must be a whole number from 0 to {}", name, most), name);
  }
  return value;
}

const std::string* param(const Request& request, const char* name) {
  const auto it = request.query.find(name);
  return it == request.query.end() ? nullptr : &it->second;
}

Side turn_param(const Request& request) {
  const std::string* turn = param(request, "turn");
  if (!turn || *turn == "mouse") return Side::kMouse;
  if (*turn == "cat") return Side::kCat;
  fail(400, "\"turn\" must be \"mouse\" or \"cat\"", "turn");
}

std::uint32_t played_param(const Request& request) {
  const std::string* played = param(request, "played");
  return played ? static_cast<std::uint32_t>(number(*played, "played", UINT32_MAX)) : 0;
}

NodeId mouse_param(const Request& request, const Game& game) {
  const std::string* mouse = param(request, "mouse");
  if (!mouse) fail(400, "\"mouse\" is missing", "mouse");
  return static_cast<NodeId>(number(*mouse, "mouse", game.node_count() - 1));
}

// mouse, cats, turn: a position of the game (Solution::check), cats sorted.
Position position_param(const Request& request, const Solution& solution) {
  const Game& game = solution.game();
  Position p(mouse_param(request, game), {}, turn_param(request));
  const std::string* cats = param(request, "cats");
  if (!cats || cats->empty())
    fail(400, "\"cats\" must list one node per cat, comma-separated", "cats");
  for (std::size_t begin = 0; begin <= cats->size();) {
    const std::size_t end = std::min(cats->find(',', begin), cats->size());
    p.cats.push_back(static_cast<NodeId>(
        number(cats->substr(begin, end - begin), "cats", game.node_count() - 1)));
    begin = end + 1;
  }
  std::sort(p.cats.begin(), p.cats.end());
  if (Status ok = solution.check(p); !ok) {
    const ErrorField field = ok.error().where.field;
    const bool cats = field == ErrorField::kCat || field == ErrorField::kCats;
    fail(400, ok.error().message, cats ? "cats" : std::string(field_name(field)));
  }
  return p;
}

// The process's resident memory now, from /proc/self/statm; 0 when it cannot be read.
std::uint64_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0;
  std::uint64_t resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

// Resident memory the process may gain beyond its budget (threads' stacks, connections'
// buffers, the allocator's slack) before the solves under way are cancelled: estimates are
// estimates. Counted from the process's size when the Api was made (the program itself).
constexpr std::uint64_t kResidentSlack = std::uint64_t{64} << 20;

// How a solve under way is stopped: the server stopping, or the process outgrowing its budget
// (checked every few milliseconds, from any of the solve's threads).
struct SolveWatch {
  const std::atomic<bool>& stopping;
  std::uint64_t most;
  std::atomic<std::int64_t> next_check{0};
  std::atomic<bool> outgrown{false};

  bool operator()() {
    if (stopping) return true;
    const std::int64_t now = std::chrono::steady_clock::now().time_since_epoch().count();
    std::int64_t next = next_check.load();
    if (now >= next && next_check.compare_exchange_strong(next, now + 5'000'000)) {
      if (resident_bytes() > most) outgrown = true;
    }
    return outgrown;
  }
};

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

}  // namespace

Result<Example> example_from_text(const std::string& path, std::string text) {
  const std::filesystem::path name(path);
  Result<GameSpec> spec = read_game(text, path);
  if (!spec.ok()) return spec.error();
  // The format read_game() chose: by the suffix, then by the content.
  const std::string format(
      input_format_name(spec->grid ? InputFormat::kGrid : detect_format(path, text)));
  return Example{name.stem().string(), example_title(name.stem().string()), format,
                 std::move(text)};
}

Result<Example> read_example_file(const std::string& path) {
  namespace fs = std::filesystem;
  // Only regular files: a folder would read as empty, a FIFO would wait for a writer.
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    return Error{fmt::format("{}: {}", path, ec ? ec.message() : "not a regular file"), {}};
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{fmt::format("{}: cannot open: {}", path, std::strerror(errno)), {}};
  std::ostringstream text;
  text << file.rdbuf();
  return example_from_text(path, text.str());
}

Result<std::vector<Example>> load_examples(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<Example> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    const std::string suffix = it->path().extension().string();
    if (suffix != ".json" && suffix != ".g6" && suffix != ".txt" && suffix != ".edges") continue;
    Result<Example> example = read_example_file(it->path().string());
    if (!example.ok()) return example.error();
    out.push_back(std::move(example).value());
  }
  if (ec)
    return Error{fmt::format("cannot read the examples folder {}: {}", dir, ec.message()), {}};
  std::sort(out.begin(), out.end(),
            [](const Example& a, const Example& b) { return a.name < b.name; });
  return out;
}

Api::Api(ApiOptions options, std::vector<Example> examples)
    : options_(options),
      examples_(std::move(examples)),
      cache_(options.memory),
      gate_(std::max(1u, options.solves), options.queue),
      // Waiting to read takes a thread of the server's pool and the body already read: the pool
      // bounds those; the queue here only stops an endless wait.
      readers_(std::max(1u, options.readers), 1024),
      resident_at_start_(resident_bytes()) {}

Response Api::handle(const Request& request) try {
  // Path segments after "/api".
  std::vector<std::string> parts;
  for (std::size_t begin = 5; begin < request.path.size();) {
    const std::size_t end = std::min(request.path.find('/', begin), request.path.size());
    parts.push_back(request.path.substr(begin, end - begin));
    begin = end + 1;
  }
  const std::string method = request.method == "HEAD" ? "GET" : request.method;
  if (parts.size() == 1 && parts[0] == "examples") {
    if (method != "GET") not_allowed(request, method, "GET");
    Json list = Json::array();
    for (const Example& e : examples_) {
      list.push_back(
          {{"name", e.name}, {"title", e.title}, {"format", e.format}, {"text", e.text}});
    }
    return json_response(200, dump(list));
  }
  if (parts.size() == 1 && parts[0] == "games") {
    if (method != "POST") not_allowed(request, method, "POST");
    return create_game(request.body);
  }
  if (parts.size() == 2 && parts[0] == "games") {
    if (method != "GET" && method != "DELETE") not_allowed(request, method, "GET, DELETE");
    const std::shared_ptr<const GameEntry> entry = lookup(parts[1]);
    if (method == "GET") {
      Room room = reserve(entry->json.size() >= kHeldAnswer ? entry->json.size() : 0, "the answer");
      return game_response(200, entry->json, room);
    }
    cache_.erase(entry->id);
    return json_response(204, "");
  }
  if (parts.size() == 3 && parts[0] == "games" &&
      (parts[2] == "position" || parts[2] == "line" || parts[2] == "valuemap")) {
    if (method != "GET") not_allowed(request, method, "GET");
    return game_query(parts[1], parts[2], request);
  }
  fail(404, fmt::format("no such path {}", request.path), request.path);
} catch (const ApiError& error) {
  return error_response(error);
} catch (const std::bad_alloc&) {
  return error_response({503, "not enough memory for this request now", ""});
} catch (const nlohmann::json::exception& e) {
  return error_response({400, fmt::format("the request cannot be read: {}", e.what()), ""});
} catch (const std::exception& e) {
  return error_response({500, fmt::format("internal error: {}", e.what()), ""});
}

void Api::shut_down() {
  stopping_ = true;
  gate_.close();
  readers_.close();
}

// 413 for what can never fit in the server's memory, 503 while it stops.
void Api::check_room(std::uint64_t bytes, const std::string& what) const {
  if (bytes > options_.memory) {
    fail(413,
         fmt::format("{} needs about {} of memory; this server may use {}", what,
                     format_bytes(bytes), format_bytes(options_.memory)),
         "");
  }
  if (stopping_) fail(503, "the server is stopping", "");
}

Api::Room Api::reserve(std::uint64_t bytes, const std::string& what) {
  check_room(bytes, what);
  auto room = cache_.reserve(bytes);
  if (!room) fail(503, "the server is busy with other games; try again in a moment", "");
  return std::move(*room);
}

void Api::grow(Room& room, std::uint64_t bytes, const std::string& what) {
  check_room(bytes, what);
  if (!room.grow_to(bytes)) {
    fail(503, "the server is busy with other games; try again in a moment", "");
  }
}

Response Api::game_response(int status, std::string body, Room& room) {
  const std::uint64_t size = body.size();
  Response out = json_response(status, std::move(body));
  if (size >= kHeldAnswer) {
    grow(room, std::max(room.bytes(), size), "the answer");
    out.hold = std::make_shared<const Room>(room.split(size));
  }
  return out;
}

std::shared_ptr<const GameEntry> Api::lookup(const std::string& id) {
  std::shared_ptr<const GameEntry> entry = valid_id(id) ? cache_.find(id) : nullptr;
  if (!entry)
    fail(404, fmt::format("no game \"{}\" (it may have expired; post it again)", id), "id");
  return entry;
}

Response Api::game_query(const std::string& id, const std::string& what, const Request& request) {
  const std::shared_ptr<const GameEntry> entry = lookup(id);
  const Solution& solution = entry->solution;
  if (what == "valuemap") {
    if (solution.game().cats() != 1) fail(400, "the value map needs a game with one cat", "cats");
    const NodeId mouse = mouse_param(request, solution.game());
    return json_response(
        200, dump(value_map_json(solution, mouse, turn_param(request), played_param(request))));
  }
  const Position p = position_param(request, solution);
  const std::uint32_t played = played_param(request);
  const Json out = what == "position" ? position_json(solution, p, played)
                                      : line_json(solution, p, played, options_.max_line);
  return json_response(200, dump(out));
}

Response Api::create_game(const std::string& body) {
  const auto started = std::chrono::steady_clock::now();
  TrimAfter trim;  // first: runs after everything below is freed
  if (body.size() > options_.max_body) {
    fail(413, fmt::format("the body is over {} bytes", options_.max_body), "body");
  }
  if (stopping_) fail(503, "the server is stopping", "");
  // A few requests read, generate and plan at once; the others wait their turn with nothing
  // but their body, so that a flood does not make every graph at the same time.
  std::optional<SolveGate::Ticket> reading = readers_.enter();
  if (!reading) fail(503, "the server is busy with other games; try again in a moment", "");
  // Reading the body, from the budget before a byte is parsed (kParseBytesPerInputByte per
  // byte). A generated graph takes its bytes (request_bytes) before it is made; a graph read
  // from text, once read. The room then grows with the game, and is the cached game's at last.
  Room room = reserve(body.size() * kParseBytesPerInputByte + 4096, "reading this request");
  GameRequest request =
      read_game_request(body, options_, examples_, [&](std::uint64_t nodes, std::uint64_t edges) {
        grow(room, std::max(room.bytes(), request_bytes(nodes, edges)), "this graph");
      });
  if (const auto id = cache_.find_key(request.key)) {
    if (const auto entry = cache_.find(*id)) return game_response(201, entry->json, room);
  }
  const Graph& graph = request.spec.graph;
  std::uint64_t edges = graph.edge_count();
  if (request.spec.cat_graph) edges += request.spec.cat_graph->edge_count();
  grow(room, std::max(room.bytes(), request_bytes(graph.node_count(), edges)), "this game");
  trim.large = room.bytes() >= kTrimAfter;
  Response out = solve_game(request, std::move(room), reading, started);
  return out;
}

Response Api::solve_game(GameRequest& request, Room room, std::optional<SolveGate::Ticket>& reading,
                         std::chrono::steady_clock::time_point started) {
  GameSpec& spec = request.spec;
  if (spec.rules.cats > options_.max_cats) {
    fail(422,
         fmt::format("{} cats; this server solves games of at most {} (their joint moves grow "
                     "as the degree to the power of the cats)",
                     spec.rules.cats, options_.max_cats),
         "rules.cats");
  }
  SolveWatch watch{stopping_, resident_at_start_ + options_.memory + kResidentSlack};
  SolveOptions solve_options;
  solve_options.threads = options_.threads;
  solve_options.memory_limit = options_.memory;
  solve_options.cancelled = [&watch] { return watch(); };
  // plan() refuses a game over the server's memory; the answer says so in the server's words,
  // with the bytes the refusal carries.
  const auto too_big = [&](std::uint64_t bytes) {
    fail(
        413,
        fmt::format("the game needs {} of memory to solve; this server may use {}",
                    bytes == UINT64_MAX ? "more than it can count" : "about " + format_bytes(bytes),
                    format_bytes(options_.memory)),
        "");
  };
  Result<SolvePlan> planned = plan(std::move(spec), solve_options, SinkKind::kTable);
  reading.reset();  // the game is built: the next request may read
  if (!planned.ok() && planned.error().memory) too_big(planned.error().memory->needed);
  if (!planned.ok()) refuse_game(planned.error(), false);
  const std::uint64_t bytes = planned->memory_bytes();
  // Too many to count: the engine would refuse the game when run; the server answers first.
  if (bytes == UINT64_MAX) too_big(bytes);
  const StateIndex states = planned->game().valid_state_count();
  if (states > options_.max_states) {
    fail(422,
         fmt::format("{} positions; this server solves at most {}", states, options_.max_states),
         "");
  }
  const char* busy = "the server is busy with other games; try again in a moment";
  std::optional<SolveGate::Ticket> ticket = gate_.enter();
  if (!ticket) fail(503, busy, "");
  grow(room, room.bytes() + bytes, "the game");

  const GameSpec& spec_of = planned->spec();
  std::vector<Point> layout;
  if (spec_of.grid) {
    layout = board_layout(spec_of.graph.node_count(), spec_of.grid->row_count(),
                          spec_of.grid->column_count());
  } else if (auto board = request.grid_family ? grid_family_layout(spec_of.graph) : std::nullopt) {
    layout = std::move(*board);
  } else {
    layout = force_layout(spec_of.graph);
  }
  Result<Solution> solved = run(std::move(planned).value());
  if (!solved.ok()) {
    const Error& error = solved.error();
    if (watch.outgrown) {
      fail(413,
           fmt::format("the game needs more memory than its estimate; this server may use {}",
                       format_bytes(options_.memory)),
           "");
    }
    if (error.kind == ErrorKind::kCancelled) fail(503, "the server is stopping", "");
    refuse_game(error, true);
  }
  const std::string id = fmt::format("g{}", next_id_++);
  GameFacts facts{
      id, request.title, std::move(layout),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()};
  std::string json = dump(game_json(*solved, facts));
  if (json.size() > options_.max_response) {
    fail(413,
         fmt::format("the answer would take {}; this server sends at most {}",
                     format_bytes(json.size()), format_bytes(options_.max_response)),
         "");
  }
  const std::uint64_t kept = solved->memory_bytes() + game_overhead(solved->spec()) + json.size();
  Response out = game_response(201, json, room);
  auto entry =
      std::make_shared<const GameEntry>(GameEntry{id, std::move(json), std::move(solved).value()});
  cache_.insert(id, request.key, std::move(entry), kept, std::move(room));
  return out;
}

}  // namespace catmouse::server
