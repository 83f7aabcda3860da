#include "common.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "catmouse/query.hpp"
#include "catmouse/solver.hpp"

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
  app.add_option("--format", format, "input format (default: from the file suffix or content)")
      ->check(CLI::IsMember({"leetcode", "edges"}));
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

void StateOptions::add_to(CLI::App& app) {
  app.add_option("--mouse", mouse, "the mouse's node (default: the mouse start, 1)");
  app.add_option("--cat", cat, "the cat's node (default: the cat start, 2)");
  app.add_option("--turn", turn, "who is to move (default: mouse)")
      ->check(CLI::IsMember({"mouse", "cat"}));
}

State StateOptions::resolve(const Game& game) const {
  State s = game.start();
  if (mouse) s.mouse = checked_node(game, *mouse, "--mouse");
  if (cat) s.cat = checked_node(game, *cat, "--cat");
  if (!turn.empty()) s.turn = turn == "cat" ? Side::kCat : Side::kMouse;
  if (!game.valid(s)) {
    throw InputError(fmt::format("--cat: the cat may not be on node {}", s.cat));
  }
  return s;
}

void RulesOptions::add_to(CLI::App& app) {
  app.add_option("--holes", holes, "the holes, comma-separated (default: 0); none: --holes ''")
      ->delimiter(',')
      ->expected(0, -1);
  app.add_option("--cat-forbidden", cat_forbidden,
                 "nodes the cat may not enter, comma-separated (default: the holes)")
      ->delimiter(',');
  app.add_option("--first", first, "who moves first (default: mouse)")
      ->check(CLI::IsMember({"mouse", "cat"}));
  app.add_option("--stuck", stuck,
                 "what happens to a player with no legal move: lose (default) or draw")
      ->check(CLI::IsMember({"lose", "draw"}));
  app.add_flag("--mouse-stays", mouse_stays, "the mouse may stay where it is as its move");
  app.add_flag("--cat-stays", cat_stays, "the cat may stay where it is as its move");
}

Rules RulesOptions::resolve(const Graph& graph, const StateOptions& from) const {
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
  Rules rules;
  rules.holes = nodes(holes, "--holes");
  rules.cat_forbidden = nodes(cat_forbidden, "--cat-forbidden");
  rules.first = first == "cat" ? Side::kCat : Side::kMouse;
  rules.stuck = stuck == "draw" ? StuckRule::kDraw : StuckRule::kLose;
  rules.mouse_stays = mouse_stays;
  rules.cat_stays = cat_stays;
  if (from.mouse) rules.mouse_start = nodes({*from.mouse}, "--mouse")[0];
  if (from.cat) rules.cat_start = nodes({*from.cat}, "--cat")[0];
  if (Status ok = validate(rules, graph); !ok) {
    static const std::pair<const char*, const char*> kOptions[] = {
        {"holes", "--holes"},
        {"cat forbidden", "--cat-forbidden"},
        {"mouse start", "--mouse"},
        {"cat start", "--cat"}};
    Error error = ok.error();
    for (const auto& [field, option] : kOptions) {
      if (error.where.field == field) error.where.field = option;
    }
    throw InputError(error);
  }
  return rules;
}

Solved load_and_solve(const GraphInput& input, const StateOptions& from,
                      const EngineOptions& engine, const RulesOptions& rules_options) {
  Solved solved;
  solved.graph = std::make_unique<Graph>(input.load());
  const Rules rules = rules_options.resolve(*solved.graph, from);
  solved.game = std::make_unique<Game>(*solved.graph, rules);
  const State start = from.resolve(*solved.game);
  const auto started = std::chrono::steady_clock::now();
  Result<Table> table = solve(*solved.game, engine.resolve());
  if (!table.ok()) {
    throw InputError(fmt::format("{}: {} (see --memory{})", input.path, table.error().message,
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
