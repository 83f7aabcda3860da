// catmouse solve --batch FILE: many small games, one per line in, one result per line out, in
// constant memory. Lines are shared out among the threads in blocks (stream.hpp); each game is
// solved by one, with solve_value (only the start is asked for, so a one-cat solve stops once the
// start is decided), unless it is alone in its input.
#include "batch.hpp"

#include <fmt/format.h>

#include <chrono>
#include <new>
#include <string_view>

#include "stream.hpp"

namespace catmouse::cli {

namespace {

std::string result_line(const StateValue& answer, bool code, bool grid) {
  const Value value = answer.value;
  if (code) return code_answer(value, grid);
  const auto r = answer.remoteness;
  return fmt::format(R"({{"result":{},"winner":"{}","remoteness":{}}})"
                     "\n",
                     static_cast<int>(value), value_name(value), r ? fmt::to_string(*r) : "null");
}

std::string jsonl_line(const StreamLine& line, bool graph6, const StateValue& answer) {
  const auto r = answer.remoteness;
  return fmt::format(R"({{"graph":{},"line":{},{}"result":{},"winner":"{}","remoteness":{}}})"
                     "\n",
                     line.index, line.number,
                     graph6 ? fmt::format(R"("g6":{},)", json_string(line.text)) : std::string(),
                     static_cast<int>(answer.value), value_name(answer.value),
                     r ? fmt::to_string(*r) : "null");
}

// Whether the lines are graph6: --format, the suffix, or the first line (see batch.hpp).
bool graph6_lines(const GraphInput& input, const std::string& source, std::string_view head) {
  if (!input.format.empty()) return input.format == "graph6";
  const std::size_t dot = source.rfind('.');
  if (dot != std::string::npos &&
      (source.substr(dot) == ".g6" || source.substr(dot) == ".graph6")) {
    return true;
  }
  const std::size_t start = head.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  head.remove_prefix(start);
  return looks_like_graph6(head.substr(0, head.find('\n')));
}

// The refusal of a line that is not a game of one line.
void check_json_line(std::string_view text) {
  // JSON by its content: opening with '[' or '{', or LeetCode's `graph = [...]` line.
  if (detect_format("", text) == InputFormat::kLeetCode) return;
  throw InputError(
      "not a JSON game: --batch reads one game per line, as JSON (a LeetCode graph, "
      "{\"graph\":...,\"rules\":...}, or a grid map) or as graph6; an edge list takes several "
      "lines, so give each such graph in a file of its own");
}

// A solve's refusal as the command line says it; running out of memory during it is a lack of
// resources (exit 1, stream.hpp), not bad input.
[[noreturn]] void throw_solve_error(const Error& error, const std::string& source) {
  if (error.kind == ErrorKind::kOutOfMemory) throw std::bad_alloc();
  if (error.kind == ErrorKind::kRefusedMemory) {
    throw InputError(fmt::format("{} (see --memory)", error.message_text()));
  }
  throw solve_error(error, source);
}

std::string outcome_name(std::uint32_t answer) {
  switch (static_cast<Value>(answer)) {
    case Value::kMouseWin:
      return "mouse wins";
    case Value::kCatWin:
      return "cat wins";
    default:
      return "draws";
  }
}

}  // namespace

void run_batch(const std::string& path, const GraphInput& input, const RulesOptions& rules_options,
               const StateOptions& from, const EngineOptions& engine, const BatchOutput& output) {
  if (input.format == "edges") {
    throw InputError(
        "--batch: an edge list takes several lines; give one graph per line "
        "(LeetCode JSON, a grid map, or graph6)");
  }
  if (engine.values_only) throw InputError("--values-only: not with --batch");
  if (output.summary_only && (output.code || output.jsonl)) {
    throw InputError("--summary-only: prints no answer per game; not with --code or --jsonl");
  }
  if (output.code && output.jsonl) throw InputError("--jsonl: not with --code");
  const auto started = std::chrono::steady_clock::now();
  LineReader reader(path);
  const std::string& source = reader.source();
  const bool graph6 = graph6_lines(input, source, reader.head());
  if (graph6) reader.drop_graph6_header();
  ReadOptions read_options = input.read_options();
  if (graph6) read_options.format = InputFormat::kGraph6;
  SolveOptions options = engine.resolve();  // with the engine's progress, for a game alone
  const unsigned threads = resolve_threads(engine.threads);
  StreamOptions stream;
  stream.threads = threads;
  stream.progress = engine.progress;
  stream.unit = "games";
  const Tally tally = run_stream(reader, stream, [&](const StreamLine& line, LineOutput& out) {
    ReadOptions line_options = read_options;
    if (!graph6) {
      check_json_line(line.text);
      // By content, never by the file's suffix: each line is JSON whatever the file is called.
      if (!line_options.format) {
        line_options.format = line.text.find("\"grid\"") != std::string_view::npos
                                  ? InputFormat::kGrid
                                  : InputFormat::kLeetCode;
      }
    }
    Result<GameSpec> read = read_game(line.text, source, line_options);
    if (!read.ok()) throw InputError(read.error());
    GameSpec spec = std::move(read).value();
    rules_options.apply(spec, from);
    const bool grid = spec.grid.has_value();
    const Position start = from.resolve(spec.rules);
    SolveOptions mine = options;
    mine.threads = line.alone ? threads : 1;   // many games: one thread each
    if (!line.alone) mine.progress = nullptr;  // and the collection's progress line
    const Result<StateValue> value = solve_value(spec, start, mine);
    if (!value.ok()) throw_solve_error(value.error(), source);
    if (output.jsonl) {
      out.text += jsonl_line(line, graph6, *value);
    } else if (!output.summary_only) {
      out.text += result_line(*value, output.code, grid);
    }
    out.tally.add(static_cast<std::uint32_t>(value->value),
                  value->value == Value::kDraw ? std::nullopt : value->remoteness, [&] {
                    return graph6 ? fmt::format("{} (line {})", line.text, line.number)
                                  : fmt::format("line {}", line.number);
                  });
  });
  // An empty file (or /dev/null) is more likely a mistake than a batch of nothing.
  if (tally.total() == 0) throw InputError(fmt::format("{}: no game in the input", source));
  if (output.summary || output.summary_only) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::string text = summary_text(
        tally, seconds, "games", outcome_name,
        [](std::uint32_t m) { return fmt::format("win in {} move{}", m, m == 1 ? "" : "s"); });
    if (output.summary_only) {
      print(text);
    } else {
      std::fputs(text.c_str(), stderr);
    }
  }
}

}  // namespace catmouse::cli
