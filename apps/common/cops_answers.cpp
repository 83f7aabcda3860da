// The answers of catmouse cops and catmouse copnumber, and of catmouse-mpi copnumber's lines
// (copnumber_lines.hpp): the classical game of cops and robbers, solved by the cops engine
// (cops.hpp, docs/rules.md). A graph6 input may hold a collection (nauty's geng writes one): it
// is streamed, its graphs shared out among the threads (stream.hpp), answered in input order,
// and optionally summarised. A cop number is the census library's: its loop over k
// (play_cop_number()), or with --summary-only its search (CopNumberSearch), census/cop_number.hpp.
#include "cops_answers.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>

#include "answer_text.hpp"
#include "catmouse/census/cop_number.hpp"
#include "catmouse/census/small_graph6.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/cops.hpp"
#include "copnumber_lines.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "stream.hpp"

namespace catmouse::cli {

namespace {

// The library's answer with the time it took.
struct CopsAnswer : CopsResult {
  double seconds = 0;
};

// A graph as a command gets it: rows of bits when it has at most 62 nodes and came as graph6
// (the fast path), else a Graph.
struct CopsGraph {
  std::optional<SmallGraph> small;
  std::optional<Graph> graph;
  std::string g6;  // its graph6 text, for --jsonl and the summary ("" for a directed graph)
};

// What each thread keeps from one graph to the next: the game's buffers, and for
// --summary-only the census's search (made on the thread's first graph, with --max).
struct Solver {
  SmallCops small;
  std::optional<census::CopNumberSearch> search;
};

// A failed solve as the commands report it: memory (exit 1) or usage (exit 2).
[[noreturn]] void throw_cops_error(const Error& error) {
  // Running out during the solve is a lack of resources (exit 1); a refusal before, usage.
  if (exit_code(error.kind) == 1) throw ResourceError(error.message_text());
  if (error.kind == ErrorKind::kRefusedMemory) {
    throw InputError(fmt::format("{} (see --memory)", error.message_text()));
  }
  if (error.where.field == ErrorField::kEngine) throw solve_error(error, "");
  throw InputError(error.message);
}

// Plays one graph's game of k cops: on the fast path, unless the graph is alone in its input and
// too large for it (then with every thread).
Result<CopsResult> play_cops(const CopsGraph& g, std::uint32_t k, const CopsCommand& cmd,
                             const SolveOptions& options, Solver& solver, bool alone) {
  if (g.small && !(alone && g.graph))
    return solver.small.solve(*g.small, k, cmd.variant(), options.memory_limit);
  SolveOptions mine = options;
  mine.threads = alone ? options.threads : 1;
  if (!alone) mine.progress = nullptr;
  return solve_cops(*g.graph, k, mine, CopsSweep::kAuto, cmd.variant());
}

double seconds_since(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

// One game of k cops, timed; a failure thrown as the commands report it.
CopsAnswer run_cops(const CopsGraph& g, std::uint32_t k, const CopsCommand& cmd,
                    const SolveOptions& options, Solver& solver, bool alone) {
  const auto started = std::chrono::steady_clock::now();
  Result<CopsResult> result = play_cops(g, k, cmd, options, solver, alone);
  if (!result.ok()) throw_cops_error(result.error());
  CopsAnswer answer{std::move(result).value()};
  answer.seconds = seconds_since(started);
  return answer;
}

std::string answer_text(const CopsAnswer& a) {
  if (!a.win)
    return fmt::format("{} cop{} lose: the robber escapes forever\n", a.cops,
                       a.cops == 1 ? "" : "s");
  return fmt::format(
      "{} cop{} win: place on {}; capture within {} move{} ({} cop move{}), the robber lasting "
      "longest from node {}\n",
      a.cops, a.cops == 1 ? "" : "s", fmt::join(a.placement, ","), a.capture_moves,
      a.capture_moves == 1 ? "" : "s", cop_rounds(a.capture_moves),
      cop_rounds(a.capture_moves) == 1 ? "" : "s", a.robber);
}

nlohmann::ordered_json answer_json(const CopsAnswer& a) {
  nlohmann::ordered_json out;
  out["cops"] = a.cops;
  out["win"] = a.win;
  out["placement"] = a.win ? nlohmann::ordered_json(a.placement) : nullptr;
  out["capture_moves"] = a.win ? nlohmann::ordered_json(a.capture_moves) : nullptr;
  out["capture_rounds"] = a.win ? nlohmann::ordered_json(cop_rounds(a.capture_moves)) : nullptr;
  out["robber_start"] = a.win ? nlohmann::ordered_json(a.robber) : nullptr;
  out["states"] = a.states;
  out["seconds"] = a.seconds;
  return out;
}

// --jsonl's fields of a winning answer, written directly (a collection prints millions).
std::string capture_fields(const CopsAnswer& a) {
  if (!a.win)
    return R"("capture_moves":null,"capture_rounds":null,"placement":null,"robber_start":null)";
  return fmt::format(R"("capture_moves":{},"capture_rounds":{},"placement":[{}],"robber_start":{})",
                     a.capture_moves, cop_rounds(a.capture_moves), fmt::join(a.placement, ","),
                     a.robber);
}

std::string jsonl_head(const StreamLine& line, const CopsGraph& g) {
  return g.g6.empty() ? fmt::format(R"({{"graph":{},)", line.index)
                      : fmt::format(R"({{"graph":{},"g6":{},)", line.index, json_string(g.g6));
}

void check_count(std::int64_t k, const char* option) {
  if (k < 1 || k > kMaxCops) {
    throw InputError(fmt::format("{}: {} cops; give 1 to {}", option, k, kMaxCops));
  }
}

// One graph's answers and the text each output mode wants of them.
class CopsOutput {
 public:
  virtual ~CopsOutput() = default;
  // Solves the graph and appends its output; adds it to the tally last (nothing can fail then).
  virtual void answer(const StreamLine& line, const CopsGraph& g, const SolveOptions& options,
                      Solver& solver, LineOutput& out) const = 0;
  virtual std::string answer_name(std::uint32_t answer) const = 0;
};

std::string capture_text(std::uint32_t moves) {
  return fmt::format("capture {} round{} ({} move{})", cop_rounds(moves),
                     cop_rounds(moves) == 1 ? "" : "s", moves, moves == 1 ? "" : "s");
}

std::string example(const StreamLine& line, const CopsGraph& g) {
  return g.g6.empty() ? fmt::format("graph {}", line.index)
                      : fmt::format("{} (graph {})", g.g6, line.index);
}

// Text for one graph: as is when alone, else prefixed by its number.
std::string numbered(const StreamLine& line, const std::string& text) {
  return line.alone ? text : fmt::format("graph {}: {}", line.index, text);
}

// --json's object: with "graph" first unless alone.
std::string json_line(const StreamLine& line, const nlohmann::ordered_json& object) {
  if (line.alone) return object.dump() + "\n";
  nlohmann::ordered_json numbered;
  numbered["graph"] = line.index;
  for (const auto& [key, value] : object.items()) numbered[key] = value;
  return numbered.dump() + "\n";
}

class CopsAnswers : public CopsOutput {
 public:
  explicit CopsAnswers(const CopsCommand& cmd) : cmd_(cmd) {}
  void answer(const StreamLine& line, const CopsGraph& g, const SolveOptions& options,
              Solver& solver, LineOutput& out) const override {
    const auto k = static_cast<std::uint32_t>(cmd_.cops);
    const CopsAnswer a = run_cops(g, k, cmd_, options, solver, line.alone);
    if (cmd_.jsonl) {
      out.text += jsonl_head(line, g) +
                  fmt::format(R"("cops":{},"win":{},{}}})", k, a.win, capture_fields(a)) + "\n";
    } else if (cmd_.json) {
      out.text += json_line(line, answer_json(a));
    } else if (!cmd_.summary_only) {
      out.text += numbered(line, answer_text(a));
    }
    out.tally.add(a.win ? 1 : 0, a.win ? std::optional(a.capture_moves) : std::nullopt,
                  [&] { return example(line, g); });
  }
  std::string answer_name(std::uint32_t answer) const override {
    return fmt::format("{} cop{} {}", cmd_.cops, cmd_.cops == 1 ? "" : "s",
                       answer == 1 ? "win" : "lose");
  }

 private:
  const CopsCommand& cmd_;
};

class CopNumbers : public CopsOutput {
 public:
  explicit CopNumbers(const CopsCommand& cmd) : cmd_(cmd) {}
  void answer(const StreamLine& line, const CopsGraph& g, const SolveOptions& options,
              Solver& solver, LineOutput& out) const override {
    if (shortcut(line, g, options, solver, out)) return;
    // The library's loop over k (census/cop_number.hpp), each game timed.
    std::vector<double> seconds;
    Result<census::CopNumberTries> played =
        census::play_cop_number(static_cast<std::uint32_t>(cmd_.max), [&](std::uint32_t k) {
          const auto started = std::chrono::steady_clock::now();
          Result<CopsResult> result = play_cops(g, k, cmd_, options, solver, line.alone);
          seconds.push_back(seconds_since(started));
          return result;
        });
    if (!played.ok()) throw_cops_error(played.error());
    std::vector<CopsAnswer> tries;
    for (std::size_t i = 0; i < played.value().tries.size(); ++i)
      tries.push_back(CopsAnswer{std::move(played.value().tries[i]), seconds[i]});
    const CopsAnswer& last = tries.back();
    const auto above = static_cast<std::uint32_t>(cmd_.max + 1);
    if (cmd_.jsonl) {
      out.text += jsonl_head(line, g) +
                  (last.win ? fmt::format(R"("cop_number":{},)", last.cops)
                            : fmt::format(R"("cop_number":null,"at_least":{},)", above)) +
                  capture_fields(last) + "}\n";
    } else if (cmd_.json) {
      out.text += json_line(line, json(tries));
    } else if (!cmd_.summary_only) {
      out.text += numbered(
          line, last.win ? fmt::format("cop number {}\n", last.cops) + answer_text(last)
                         : fmt::format("cop number > {} ({} {})\n", cmd_.max,
                                       plural(cmd_.max, "cop"), cmd_.max == 1 ? "loses" : "lose"));
    }
    out.tally.add(last.win ? last.cops : above,
                  last.win ? std::optional(last.capture_moves) : std::nullopt,
                  [&] { return example(line, g); });
  }
  std::string answer_name(std::uint32_t answer) const override {
    return answer > cmd_.max ? fmt::format("cop number > {}", cmd_.max)
                             : fmt::format("cop number {}", answer);
  }

 private:
  // --summary-only on a small graph of the classical game: the census's search
  // (catmouse/census/cop_number.hpp), the same code catmouse census cops answers each graph with,
  // where run_cops would play the games on this thread's buffers too (a large graph alone in its
  // input is played on every thread instead). Returns whether the graph is done.
  bool shortcut(const StreamLine& line, const CopsGraph& g, const SolveOptions& options,
                Solver& solver, LineOutput& out) const {
    if (!cmd_.summary_only || !g.small || (line.alone && g.graph) ||
        cmd_.variant() != CopsVariant{}) {
      return false;
    }
    if (!solver.search)
      solver.search.emplace(static_cast<std::uint32_t>(cmd_.max), options.memory_limit);
    Result<census::CopNumberFound> found = solver.search->answer(*g.small);
    if (!found.ok()) throw_cops_error(found.error());
    out.tally.add(found.value().cops, found.value().capture_moves,
                  [&] { return example(line, g); });
    return true;
  }

  nlohmann::ordered_json json(const std::vector<CopsAnswer>& tries) const {
    const CopsAnswer& last = tries.back();
    nlohmann::ordered_json out;
    out["cop_number"] = last.win ? nlohmann::ordered_json(last.cops) : nullptr;
    const nlohmann::ordered_json best = answer_json(last);
    for (const auto& [key, value] : best.items()) {
      if (key != "cops" && key != "win") out[key] = value;
    }
    if (!last.win) out["at_least"] = cmd_.max + 1;
    out["tries"] = nlohmann::ordered_json::array();
    for (const CopsAnswer& a : tries) out["tries"].push_back(answer_json(a));
    return out;
  }

  const CopsCommand& cmd_;
};

// The graph on one graph6 line: rows of bits when small, else the library's parser (whose
// errors name the line and column).
CopsGraph graph6_graph(std::string_view text, const std::string& source, std::uint64_t number,
                       bool alone, std::uint64_t memory_limit) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  CopsGraph g;
  g.g6.assign(text);
  g.small = census::small_graph6(text);
  // Alone, a graph past the fast path's tuples is solved on every thread: that needs a Graph.
  if (!g.small || (alone && g.small->node_count >= Graph::kMinNodes)) {
    g.graph = take_read(parse_graph6(text, source, number, memory_limit));
  }
  return g;
}

// Whether the input is graph6: --format, the file's suffix, nauty's header, or (for stdin and
// unknown suffixes) a first line of graph6 bytes only, as geng writes.
bool graph6_input(const GraphInput& input, const std::string& source, std::string_view head) {
  if (!input.format.empty()) return input.format == "graph6";
  const InputFormat format = detect_format(source, head);
  if (format != InputFormat::kEdges) return format == InputFormat::kGraph6;
  // detect_format() says edges for ".txt" and the like whatever the text: a suffix decided.
  if (detect_format(source, "[") == InputFormat::kEdges) return false;
  const std::string_view first = head.substr(0, head.find('\n'));
  return looks_like_graph6(first);
}

void run(const CopsCommand& cmd, const CopsOutput& output) {
  if (cmd.summary_only && (cmd.json || cmd.jsonl)) {
    throw InputError("--summary-only: prints no answer per graph; not with --json or --jsonl");
  }
  if (cmd.json && cmd.jsonl) throw InputError("--jsonl: not with --json");
  // The engine's progress for a graph alone in its input; many graphs get the collection's.
  SolveOptions options = cmd.engine.resolve();
  const unsigned threads = resolve_threads(cmd.engine.threads);
  options.threads = threads;
  LineReader reader(cmd.input.path);
  const std::string& source = reader.source();
  const auto started = std::chrono::steady_clock::now();
  std::vector<Solver> solvers(threads);
  Tally tally;
  if (graph6_input(cmd.input, source, reader.head()) && !cmd.input.directed) {
    reader.drop_graph6_header();
    const std::uint64_t memory_limit = cmd.input.read_options().memory_limit;
    StreamOptions stream;
    stream.threads = threads;
    stream.progress = cmd.engine.progress;
    tally = run_stream(reader, stream, [&](const StreamLine& line, LineOutput& out) {
      const CopsGraph g = graph6_graph(line.text, source, line.number, line.alone, memory_limit);
      output.answer(line, g, options, solvers[line.worker], out);
    });
    if (tally.total() == 0)
      throw InputError(fmt::format("{}: no graph in the graph6 input", source));
  } else {
    const std::string text = reader.read_all(cmd.input.read_options().memory_limit);
    const InputFormat format = cmd.input.format.empty()
                                   ? detect_format(source, text)
                                   : take(parse_input_format(cmd.input.format));
    CopsGraph g;
    g.graph = take_read(parse_graph(text, source, format, cmd.input.directed,
                                    cmd.input.read_options().memory_limit));
    if (!g.graph->directed()) g.g6 = to_graph6(*g.graph);
    LineOutput out;
    output.answer({1, 1, {}, true, 0}, g, options, solvers[0], out);
    print(out.text);
    tally = std::move(out.tally);
  }
  if (cmd.summary || cmd.summary_only) {
    const double seconds = seconds_since(started);
    const std::string text = summary_text(
        tally, seconds, "graphs", [&](std::uint32_t a) { return output.answer_name(a); },
        capture_text);
    if (cmd.summary_only) {
      print(text);
    } else {
      std::fputs(text.c_str(), stderr);
    }
  }
}

}  // namespace

struct CopNumberLines::Impl {
  CopsCommand cmd;
  CopNumbers numbers{cmd};
  SolveOptions options;
  Solver solver;
};

CopNumberLines::CopNumberLines(const CopNumberSettings& settings)
    : impl_(std::make_unique<Impl>()) {
  check_count(settings.max, "--max");
  CopsCommand& cmd = impl_->cmd;
  cmd.max = settings.max;
  cmd.json = settings.json;
  cmd.jsonl = settings.jsonl;
  cmd.summary_only = settings.summary_only;
  cmd.no_cop_stays = settings.no_cop_stays;
  cmd.no_robber_stays = settings.no_robber_stays;
  impl_->options = settings.solve;
}

CopNumberLines::~CopNumberLines() = default;

void CopNumberLines::answer(const StreamLine& line, const std::string& source, LineOutput& out) {
  const CopsGraph g =
      graph6_graph(line.text, source, line.number, line.alone, impl_->options.memory_limit);
  impl_->numbers.answer(line, g, impl_->options, impl_->solver, out);
}

std::string CopNumberLines::summary(const Tally& tally, double seconds) const {
  return summary_text(
      tally, seconds, "graphs", [&](std::uint32_t a) { return impl_->numbers.answer_name(a); },
      capture_text);
}

void check_cop_count(std::int64_t k, const char* option) {
  check_count(k, option);
}

void run_cops_command(const CopsCommand& cmd, CopsMode mode) {
  if (mode == CopsMode::kCops) {
    run(cmd, CopsAnswers(cmd));
  } else {
    run(cmd, CopNumbers(cmd));
  }
}

}  // namespace catmouse::cli
