// catmouse solve --batch FILE: many small graphs, one LeetCode graph per line in, one result per
// line out. Every line is parsed before any is solved, so a bad line stops the run with its line
// number and nothing on stdout. Graphs are shared out among the threads; each is solved by one.
#include "batch.hpp"

#include <fmt/format.h>

#include <atomic>
#include <string_view>
#include <thread>
#include <vector>

#include "catmouse/solver.hpp"

namespace catmouse::cli {

namespace {

struct Line {
  std::uint64_t number;  // 1-based
  std::string_view text;
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  std::uint64_t number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    ++number;
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) lines.push_back({number, line});
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::string result_line(const Game& game, const Table& table, bool code) {
  const Value value = table.value(game.start());
  if (code) return fmt::format("{}\n", static_cast<int>(value));
  const auto r = table.remoteness(game.start());
  return fmt::format(R"({{"result":{},"winner":"{}","remoteness":{}}})"
                     "\n",
                     static_cast<int>(value), value_name(value), r ? fmt::to_string(*r) : "null");
}

}  // namespace

void run_batch(const std::string& path, const EngineOptions& engine, bool code) {
  const std::string text = read_input(path);
  const std::string source = path == "-" ? "<stdin>" : path;
  const std::vector<Line> lines = split_lines(text);
  std::vector<Graph> graphs;
  graphs.reserve(lines.size());
  for (const Line& line : lines) {
    Result<Graph> graph = parse_leetcode(line.text, source);
    if (!graph.ok()) {
      Error error = graph.error();
      error.where.line = line.number;  // the parser saw one line; name the file's
      if (error.where.column == 0) error.where.column = 1;
      throw InputError(error);
    }
    if (Status rules = validate(Rules{}, *graph); !rules.ok()) {
      Error error = rules.error();
      error.where.source = source;
      error.where.line = line.number;
      throw InputError(error);
    }
    graphs.push_back(std::move(graph).value());
  }
  SolveOptions options = engine.resolve();
  options.progress = nullptr;
  const unsigned threads =
      std::max(1u, engine.threads == 0 ? std::thread::hardware_concurrency() : engine.threads);
  options.threads = 1;
  std::vector<std::string> results(graphs.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::string failure;
  auto worker = [&] {
    for (std::size_t k; (k = next.fetch_add(1)) < graphs.size() && !failed;) {
      const Game game(graphs[k], Rules{});
      Result<Table> table = solve(game, options);
      if (!table.ok()) {
        if (!failed.exchange(true)) {
          failure = fmt::format("{}:{}: {}", source, lines[k].number, table.error().message);
        }
        return;
      }
      results[k] = result_line(game, *table, code);
    }
  };
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
  }
  if (failed) throw InputError(failure);
  std::string out;
  for (const std::string& r : results) out += r;
  print(out);
}

}  // namespace catmouse::cli
