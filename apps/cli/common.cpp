#include "common.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "catmouse/solve/query.hpp"
#include "catmouse/solve/solver.hpp"

namespace catmouse::cli {

namespace {}  // namespace

std::string read_input(const std::string& path) {
  if (path == "-") {
    std::ostringstream text;
    text << std::cin.rdbuf();
    return text.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(fmt::format("{}: read error", path));
  return std::move(text).str();
}

namespace {

NodeId checked_node(const Game& game, std::int64_t id, const char* option) {
  if (id < 0 || id >= static_cast<std::int64_t>(game.node_count())) {
    throw InputError(fmt::format("{}: node {} is out of range (nodes are 0..{})", option, id,
                                 game.node_count() - 1));
  }
  return static_cast<NodeId>(id);
}

}  // namespace

void GraphInput::add_to(CLI::App& app, bool required) {
  auto* option = app.add_option(
      "GRAPH", path, "graph file: LeetCode JSON adjacency lists or an edge list; '-' reads stdin");
  if (required) option->required();
  app.add_option("--format", format,
                 "input format: leetcode, edges, graph6, or grid (a LeetCode 1728 map); default: "
                 "from the file suffix or content")
      ->check(CLI::IsMember({"leetcode", "edges", "graph6", "grid"}));
  app.add_flag("--directed", directed,
               "read an edge list's lines \"u v\" as one-way arcs u -> v (edge lists only)");
}

Graph GraphInput::load() const {
  const std::string text = read_input(path);
  const std::string source = path == "-" ? "<stdin>" : path;
  const GraphFormat chosen =
      format.empty() ? detect_format(source, text) : take(parse_format_name(format));
  return take(parse_graph(text, source, chosen, directed));
}

namespace {

// A JSON object with a "grid" member: a LeetCode 1728 map.
bool looks_like_grid(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{' &&
         text.find("\"grid\"") != std::string_view::npos;
}

}  // namespace

LoadedGame parse_game(std::string_view text, const std::string& source, const std::string& format,
                      bool directed) {
  if (format == "grid" || (format.empty() && looks_like_grid(text))) {
    if (directed) throw InputError("--directed: a grid map is not an edge list");
    GridMap map = take(parse_grid(text, source));
    GridGame game = grid_game(map);
    return {std::move(game.mouse_graph),
            std::move(game.cat_graph),
            std::move(game.rules),
            std::move(map),
            source,
            true};
  }
  const GraphFormat chosen =
      format.empty() ? detect_format(source, text) : take(parse_format_name(format));
  LoadedGame loaded{take(parse_graph(text, source, chosen, directed)), {}, {}, {}, source};
  loaded.has_rules = text.find("\"rules\"") != std::string::npos;
  if (chosen == GraphFormat::kLeetCode) {
    if (Status ok = read_rules_json(text, source, loaded.rules); !ok) throw InputError(ok.error());
  }
  return loaded;
}

LoadedGame GraphInput::load_game() const {
  return parse_game(read_input(path), path == "-" ? "<stdin>" : path, format, directed);
}

void StateOptions::add_to(CLI::App& app) {
  app.add_option("--mouse", mouse, "the mouse's node (default: the mouse start, 1)");
  app.add_option("--cat", cat,
                 "the cat's node (default: the cat start, 2); with --cats K, one per cat, "
                 "comma-separated")
      ->type_name("NODE[,NODE...]");
  app.add_option("--turn", turn, "who is to move (default: mouse)")
      ->check(CLI::IsMember({"mouse", "cat"}));
}

State StateOptions::resolve(const Game& game) const {
  State s = game.start();
  if (mouse) s.mouse = checked_node(game, *mouse, "--mouse");
  const std::vector<std::int64_t> cats = cat_nodes();
  if (cats.size() > 1) throw InputError("--cat: one node for one cat (see --cats)");
  if (!cats.empty()) s.cat = checked_node(game, cats[0], "--cat");
  if (!turn.empty()) s.turn = turn == "cat" ? Side::kCat : Side::kMouse;
  if (!game.valid(s)) {
    throw InputError(fmt::format("--cat: the cat may not be on node {}", s.cat));
  }
  return s;
}

std::vector<std::int64_t> StateOptions::cat_nodes() const {
  return node_list(cat, "--cat");
}

std::vector<std::int64_t> node_list(const std::string& text, const char* option) {
  std::vector<std::int64_t> out;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string item = text.substr(begin, end - begin);
    std::int64_t id = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size()) {
      throw InputError(fmt::format("{}: '{}' is not a node id", option, item));
    }
    out.push_back(id);
    begin = end + 1;
  }
  return out;
}

void RulesOptions::add_to(CLI::App& app) {
  auto keep = [&](const char* name, CLI::Option* option) { given_.emplace_back(name, option); };
  keep("holes", app.add_option("--holes", holes,
                               "the holes, comma-separated (default: 0); none: --holes ''"));
  keep("cat-forbidden",
       app.add_option("--cat-forbidden", cat_forbidden,
                      "nodes the cat may not enter, comma-separated (default: the holes); none: "
                      "--cat-forbidden ''"));
  keep("first", app.add_option("--first", first, "who moves first (default: mouse)")
                    ->check(CLI::IsMember({"mouse", "cat"})));
  keep("stuck", app.add_option("--stuck", stuck,
                               "what happens to a player with no legal move: lose (default) or "
                               "draw")
                    ->check(CLI::IsMember({"lose", "draw"})));
  keep("mouse-stays",
       app.add_flag("--mouse-stays", mouse_stays, "the mouse may stay where it is as its move"));
  keep("cat-stays",
       app.add_flag("--cat-stays", cat_stays, "the cat may stay where it is as its move"));
  keep("cat-wins-in-hole",
       app.add_flag("--cat-wins-in-hole", cat_wins_in_hole,
                    "the cat wins on reaching a hole first (LeetCode 1728's food; use with "
                    "--cat-forbidden)"));
  keep("move-limit", app.add_option("--move-limit", move_limit,
                                    "the game ends after this many moves (plies); 0: no limit")
                         ->type_name("N"));
  keep("limit-outcome", app.add_option("--limit-outcome", limit_outcome,
                                       "the result at the move limit: draw (default) or cat")
                            ->check(CLI::IsMember({"draw", "cat"})));
  keep("cats", app.add_option("--cats", cats, "the number of cats, moving together (default: 1)")
                   ->type_name("K"));
}

bool RulesOptions::given(const std::string& name) const {
  for (const auto& [option_name, option] : given_) {
    if (option_name == name) return option->count() > 0;
  }
  return false;
}

bool RulesOptions::any_given() const {
  return std::any_of(given_.begin(), given_.end(),
                     [](const auto& option) { return option.second->count() > 0; });
}

Rules RulesOptions::resolve(const LoadedGame& loaded, const StateOptions& from) const {
  const Graph& graph = loaded.graph;
  const std::int64_t n = graph.node_count();
  auto nodes = [&](const std::vector<std::int64_t>& ids, const char* option) {
    std::vector<NodeId> out;
    for (std::int64_t id : ids) {
      if (id < 0 || id >= n) {
        throw InputError(
            fmt::format("{}: node {} is out of range (nodes are 0..{})", option, id, n - 1));
      }
      out.push_back(static_cast<NodeId>(id));
    }
    return out;
  };
  Rules rules = loaded.rules;
  if (given("holes")) rules.holes = nodes(node_list(holes, "--holes"), "--holes");
  if (given("cat-forbidden")) {
    rules.cat_forbidden = nodes(node_list(cat_forbidden, "--cat-forbidden"), "--cat-forbidden");
  }
  if (given("first")) rules.first = first == "cat" ? Side::kCat : Side::kMouse;
  if (given("stuck")) rules.stuck = stuck == "draw" ? StuckRule::kDraw : StuckRule::kLose;
  if (given("mouse-stays")) rules.mouse_stays = mouse_stays;
  if (given("cat-stays")) rules.cat_stays = cat_stays;
  if (given("cat-wins-in-hole")) rules.cat_wins_in_hole = cat_wins_in_hole;
  if (given("move-limit")) rules.move_limit = move_limit;
  if (given("limit-outcome")) {
    rules.limit_outcome = limit_outcome == "cat" ? LimitOutcome::kCatWin : LimitOutcome::kDraw;
  }
  if (given("cats")) {
    if (cats < 1 || cats > 64) {
      throw InputError(fmt::format("--cats: {} cats; give 1 to 64", cats));
    }
    rules.cats = static_cast<std::uint32_t>(cats);
  }
  if (from.mouse) rules.mouse_start = nodes({*from.mouse}, "--mouse")[0];
  if (!from.cat.empty()) {
    const std::vector<NodeId> cats_at = nodes(from.cat_nodes(), "--cat");
    rules.cat_start = cats_at[0];
    rules.cat_starts.clear();
    if (cats_at.size() > 1) rules.cat_starts = cats_at;
    if (!given("cats") && cats_at.size() > 1)
      rules.cats = static_cast<std::uint32_t>(cats_at.size());
  }
  if (loaded.grid) {
    for (const auto& [node, option] :
         {std::pair{rules.mouse_start, "--mouse"}, std::pair{rules.cat_start, "--cat"}}) {
      if (node < n && loaded.grid->wall(node)) {
        throw InputError(fmt::format("{}: node {} is the cell {}, a wall", option, node,
                                     cell_name(*loaded.grid, node)));
      }
    }
  }
  if (Status ok = validate(rules, graph); !ok) {
    static const std::pair<const char*, const char*> kOptions[] = {
        {"holes", "--holes"},       {"cat forbidden", "--cat-forbidden"},
        {"mouse start", "--mouse"}, {"cat start", "--cat"},
        {"cats", "--cats"},         {"move limit", "--move-limit"}};
    Error error = ok.error();
    const bool from_options =
        !loaded.has_rules ||
        (error.where.field == "mouse start" && (from.mouse || given("holes"))) ||
        (error.where.field == "cat start" && (!from.cat.empty() || given("cat-forbidden"))) ||
        given(std::string(error.where.field == "cat forbidden" ? "cat-forbidden"
                          : error.where.field == "move limit"  ? "move-limit"
                                                               : error.where.field));
    for (const auto& [field, option] : kOptions) {
      if (error.where.field == field && from_options) {
        error.where.field = option;
      }
    }
    // Otherwise the rule came from the file (its "rules" object, or a grid map).
    if (!from_options) error.where.source = loaded.source;
    throw InputError(error);
  }
  return rules;
}

Solved load_and_solve(const GraphInput& input, const StateOptions& from,
                      const EngineOptions& engine, const RulesOptions& rules_options) {
  LoadedGame loaded = input.load_game();
  const Rules rules = rules_options.resolve(loaded, from);
  if (rules.cats > 1) {
    throw InputError("--cats: this command solves one cat; 'solve' and 'explain' take more");
  }
  return solve_loaded(std::move(loaded), rules, from, engine);
}

Solved solve_loaded(LoadedGame loaded, const Rules& rules, const StateOptions& from,
                    const EngineOptions& engine) {
  Solved solved;
  if (rules.move_limit > 0 && engine.values_only) {
    throw InputError("--values-only: a move limit needs the remoteness of every state");
  }
  solved.graph = std::make_unique<Graph>(std::move(loaded.graph));
  if (loaded.cat_graph) solved.cat_graph = std::make_unique<Graph>(std::move(*loaded.cat_graph));
  solved.grid = std::move(loaded.grid);
  solved.game = std::make_unique<Game>(*solved.graph, rules, solved.cat_graph.get());
  const State start = from.resolve(*solved.game);
  const auto started = std::chrono::steady_clock::now();
  Result<Table> table = solve(*solved.game, engine.resolve());
  if (!table.ok()) {
    throw InputError(fmt::format("{}: {} (see --memory{})", loaded.source, table.error().message,
                                 engine.values_only ? "" : ", --values-only"));
  }
  solved.table = std::make_unique<Table>(std::move(table).value());
  solved.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (auto stuck = reachable_stuck_state(*solved.game, start)) {
    warn(fmt::format("the {} can get stuck with no legal move, e.g. in {}; by the stuck rule it {}",
                     side_name(stuck->turn), describe(*stuck),
                     rules.stuck == StuckRule::kLose ? "loses" : "draws"));
  }
  return solved;
}

StateValue value_of(const Solved& solved, const State& s, std::uint32_t played) {
  const StateValue unlimited{solved.table->value(s), solved.table->remoteness(s)};
  return apply_move_limit(unlimited, solved.game->rules(), played);
}

std::string result_sentence(Value value, std::optional<std::uint32_t> remoteness) {
  if (value == Value::kDraw) return "draw";
  if (!remoteness) return fmt::format("{} wins", value_name(value));
  const std::uint32_t r = remoteness.value_or(0);
  return fmt::format("{} wins in {} move{}", value_name(value), r, r == 1 ? "" : "s");
}

namespace {

// Closes the file on every path out of write_output.
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

void BufferedWriter::flush() {
  if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
    throw InputError(fmt::format("write error: {}", std::strerror(errno)));
  }
  buffer_.clear();
}

void write_output(const std::string& path, const std::function<void(std::FILE*)>& writer) {
  if (path == "-") {
    writer(stdout);
    std::fflush(stdout);
    return;
  }
  const std::string partial = path + ".partial";
  try {
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(partial.c_str(), "wb"));
    if (!file) throw InputError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
    writer(file.get());
    if (std::fflush(file.get()) != 0) {
      throw InputError(fmt::format("{}: write error: {}", path, std::strerror(errno)));
    }
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    throw;
  }
  std::error_code error;
  std::filesystem::rename(partial, path, error);
  if (error) throw InputError(fmt::format("{}: cannot write: {}", path, error.message()));
}

void print(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void warn(const std::string& text) {
  std::cerr << "catmouse: warning: " << text << "\n";
}

}  // namespace catmouse::cli
