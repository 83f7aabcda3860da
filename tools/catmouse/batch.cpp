// catmouse solve --batch FILE: many small graphs, one LeetCode graph per line in, one result per
// line out. Every line is parsed before any is solved, so a bad line stops the run with its line
// number and nothing on stdout. Graphs are shared out among the threads; each is solved by one,
// with solve_state (only the start is asked for, so the solve stops once the start is decided).
#include "batch.hpp"

#include <fmt/format.h>

#include <atomic>
#include <optional>
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

std::string result_line(const StateValue& answer, bool code) {
  const Value value = answer.value;
  if (code) return std::string{static_cast<char>('0' + static_cast<int>(value)), '\n'};
  const auto r = answer.remoteness;
  return fmt::format(R"({{"result":{},"winner":"{}","remoteness":{}}})"
                     "\n",
                     static_cast<int>(value), value_name(value), r ? fmt::to_string(*r) : "null");
}

}  // namespace

void run_batch(const std::string& path, const EngineOptions& engine, bool code) {
  const std::string text = read_input(path);
  const std::string source = path == "-" ? "<stdin>" : path;
  const std::vector<Line> lines = split_lines(text);
  SolveOptions options = engine.resolve();
  options.progress = nullptr;
  options.threads = 1;
  const unsigned threads =
      std::max(1u, engine.threads == 0 ? std::thread::hardware_concurrency() : engine.threads);
  // Each line is parsed and solved by whichever thread takes it; the first bad line (by number)
  // is reported, and then nothing is printed.
  std::vector<std::string> results(lines.size());
  std::vector<std::optional<Error>> errors(lines.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  auto worker = [&] {
    for (std::size_t k; !failed && (k = next.fetch_add(1)) < lines.size();) {
      Result<Graph> graph = parse_leetcode(lines[k].text, source);
      if (graph.ok()) {
        if (Status rules = validate(Rules{}, *graph); !rules.ok()) graph = rules.error();
      }
      if (!graph.ok()) {
        Error error = graph.error();
        error.where.source = source;
        error.where.line = lines[k].number;  // the parser saw one line; name the file's
        if (error.where.column == 0) error.where.column = 1;
        errors[k] = std::move(error);
        failed = true;
        return;
      }
      const Game game(*graph, Rules{});
      Result<StateValue> answer = solve_state(game, game.start(), options);
      if (!answer.ok()) {
        Error error = answer.error();
        error.where = {source, lines[k].number, 0, {}, {}};
        errors[k] = std::move(error);
        failed = true;
        return;
      }
      results[k] = result_line(*answer, code);
    }
  };
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
  }
  for (const auto& error : errors) {
    if (error) throw InputError(*error);
  }
  std::string out;
  for (const std::string& r : results) out += r;
  print(out);
}

}  // namespace catmouse::cli
