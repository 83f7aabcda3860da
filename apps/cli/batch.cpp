// catmouse solve --batch FILE: many small games, one per line in, one result per line out. A bad
// line stops the run with its line number and nothing on stdout. Lines are shared out among the
// threads; each game is solved by one, with solve_value (only the start is asked for, so a one-cat
// solve stops once the start is decided).
#include "batch.hpp"

#include <fmt/format.h>

#include <atomic>
#include <optional>
#include <string_view>
#include <thread>
#include <vector>


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

std::string result_line(const StateValue& answer, bool code, bool grid) {
  const Value value = answer.value;
  if (code && grid) return value == Value::kMouseWin ? "true\n" : "false\n";
  if (code) return std::string{static_cast<char>('0' + static_cast<int>(value)), '\n'};
  const auto r = answer.remoteness;
  return fmt::format(R"({{"result":{},"winner":"{}","remoteness":{}}})"
                     "\n",
                     static_cast<int>(value), value_name(value), r ? fmt::to_string(*r) : "null");
}

}  // namespace

void run_batch(const std::string& path, const GraphInput& input, const RulesOptions& rules_options,
               const StateOptions& from, const EngineOptions& engine, bool code) {
  if (input.format == "edges") {
    throw InputError(
        "--batch: an edge list takes several lines; give one graph per line "
        "(LeetCode JSON, a grid map, or graph6)");
  }
  if (engine.values_only) throw InputError("--values-only: not with --batch");
  const std::string text = read_input(path);
  const std::string source = path == "-" ? "<stdin>" : path;
  std::vector<Line> lines = split_lines(text);
  const bool graph6 =
      input.format == "graph6" || (input.format.empty() && source.size() > 3 &&
                                   source.compare(source.size() - 3, 3, ".g6") == 0);
  if (graph6 && !lines.empty() && lines[0].text.starts_with(">>graph6<<")) {
    lines[0].text.remove_prefix(10);  // nauty's optional header
    if (lines[0].text.find_first_not_of(" \t\r") == std::string_view::npos) {
      lines.erase(lines.begin());
    }
  }
  ReadOptions read_options = input.read_options();
  if (graph6) read_options.format = InputFormat::kGraph6;
  SolveOptions options = engine.resolve();
  options.progress = nullptr;
  options.threads = 1;
  const unsigned threads =
      resolve_threads(engine.threads);
  // Each line is parsed and solved by whichever thread takes it; the first bad line (by number)
  // is reported, and then nothing is printed.
  std::vector<std::string> results(lines.size());
  std::vector<std::optional<Error>> errors(lines.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  auto worker = [&] {
    for (std::size_t k; !failed && (k = next.fetch_add(1)) < lines.size();) {
      try {
        Result<GameSpec> read = read_game(lines[k].text, source, read_options);
        if (!read.ok()) throw InputError(read.error());
        GameSpec spec = std::move(read).value();
        rules_options.apply(spec, from);
        const bool grid = spec.grid.has_value();
        const Position start = from.resolve(spec.rules);
        const Result<StateValue> value = solve_value(spec, start, options);
        if (!value.ok()) throw solve_error(value.error(), source);
        results[k] = result_line(*value, code, grid);
      } catch (const InputError& e) {
        // The parser saw one line: name the file's line. Errors about options get the line too.
        Error error = e.error().value_or(Error{e.what(), {}});
        if (!e.error() || error.where.source != source) error.where = {source, 0, 0, {}, {}};
        error.where.line = lines[k].number;
        if (e.error() && error.where.column == 0) error.where.column = 1;
        errors[k] = std::move(error);
        failed = true;
        return;
      }
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
