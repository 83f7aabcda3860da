// The census commands' command line (census_options.hpp).
#include "census_options.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>

#include "answer_text.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/options.hpp"
#include "engine_options.hpp"
#include "errors.hpp"
#include "stream.hpp"

namespace catmouse::cli {

namespace {

using census::CensusKind;

// An argument as typed, for a message: printable ASCII as it is, anything else as \xNN.
std::string typed(const std::string& text) {
  std::string out;
  for (char c : text.substr(0, 60)) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte >= 32 && byte < 127 ? std::string(1, c) : fmt::format("\\x{:02X}", byte);
  }
  return text.size() > 60 ? out + "..." : out;
}

// A whole number from `low` to `high`, or InputError naming `option` and quoting `text` as typed.
std::uint64_t count_option(const char* option, const std::string& text, std::uint64_t low,
                           std::uint64_t high) {
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                                   [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) {
    throw InputError(fmt::format("{}: '{}' is not a whole number; give {} to {}", option,
                                 typed(text), low, high));
  }
  std::uint64_t value = 0;
  bool over = false;
  for (char c : text) {
    over = over || __builtin_mul_overflow(value, 10u, &value) ||
           __builtin_add_overflow(value, static_cast<unsigned>(c - '0'), &value);
  }
  if (over || value < low || value > high) {
    throw InputError(fmt::format("{}: {}; give {} to {}", option, typed(text), low, high));
  }
  return value;
}

const char* kind_word(CensusKind kind) {
  return kind == CensusKind::kCops ? "cops" : kind == CensusKind::kMouse ? "mouse" : "floor";
}

}  // namespace

void add_census_options(CLI::App& sub, CensusOptions& options, bool threads) {
  const CensusKind kind = options.kind;
  sub.add_option("--nodes", options.nodes,
                 fmt::format("the node count N ({} to {})", kind == CensusKind::kMouse ? 3 : 1,
                             census::kMaxCensusNodes))
      ->required()
      ->type_name("N");
  sub.add_option("--parts", options.parts,
                 fmt::format("split geng's output into this many res/mod parts, 1 to {} (default: "
                             "8 up to 8 nodes, 32 for 9, 100 for 10, 1000 beyond)",
                             census::kMaxCensusParts))
      ->type_name("M");
  sub.add_option("--only-parts", options.only_parts,
                 "run only these parts (comma-separated, e.g. 3,17,31): a sample, whose totals "
                 "are those of the parts done")
      ->type_name("LIST");
  sub.add_option("--state", options.state,
                 fmt::format("the state file: the finished parts, appended as they finish "
                             "(default: {}-N{}.census.json)",
                             kind_word(kind), kind == CensusKind::kMouse ? "[-stuck-draw]" : ""))
      ->type_name("FILE");
  sub.add_flag("--resume-any", options.resume_any,
               "resume a state file written by another catmouse version or generator");
  sub.add_option("--geng", options.geng,
                 "run this geng program (a path, or a name on PATH) instead of the geng built "
                 "into catmouse")
      ->type_name("PATH");
  if (kind == CensusKind::kCops) {
    sub.add_option("--max", options.max, "try at most this many cops (default: 3)")->type_name("K");
    sub.add_option("--keep-from", options.keep_from,
                   "keep the graphs of cop number K or more, and write those of the highest "
                   "(default: 3)")
        ->type_name("K");
    sub.add_option("--graphs", options.graphs,
                   "where the graphs of the highest cop number go, graph6 (default: "
                   "cops-N-top.g6)")
        ->type_name("FILE");
  }
  if (kind == CensusKind::kMouse) {
    sub.add_option("--stuck", options.stuck,
                   "a player with no move: lose (default) or draw (docs/rules.md)")
        ->type_name("RULE");
  }
  if (threads) {
    sub.add_option("--threads", options.threads,
                   fmt::format("worker threads, each running one part at a time, at most {} "
                               "(default: one per hardware thread)",
                               kMaxThreads))
        ->check(CLI::Range(0u, kMaxThreads))
        ->type_name("T");
  }
  sub.add_option("--memory", options.memory,
                 "the memory the census may take, e.g. 300M (default: the available memory)")
      ->type_name("LIMIT");
  sub.add_flag("--json", options.json,
               "print one JSON record: the totals, the records and their provenance");
  sub.add_flag("--quiet", options.quiet, "no progress line on a terminal");
}

census::CensusSpec census_spec(const CensusOptions& options, std::uint64_t memory) {
  census::CensusSpec spec;
  spec.kind = options.kind;
  spec.nodes = static_cast<std::uint32_t>(
      count_option("--nodes", options.nodes, 1, census::kMaxCensusNodes));
  if (!options.parts.empty()) {
    spec.parts = static_cast<std::uint32_t>(
        count_option("--parts", options.parts, 1, census::kMaxCensusParts));
  }
  for (std::size_t begin = 0; begin < options.only_parts.size();) {
    const std::size_t comma =
        std::min(options.only_parts.find(',', begin), options.only_parts.size());
    spec.only_parts.push_back(static_cast<std::uint32_t>(
        count_option("--only-parts", options.only_parts.substr(begin, comma - begin), 0,
                     census::kMaxCensusParts - 1)));
    begin = comma + 1;
  }
  if (options.kind == CensusKind::kCops) {
    if (!options.max.empty()) {
      spec.max = static_cast<std::uint32_t>(count_option("--max", options.max, 1, kMaxCops));
    }
    if (!options.keep_from.empty()) {
      spec.keep_from =
          static_cast<std::uint32_t>(count_option("--keep-from", options.keep_from, 1, UINT32_MAX));
    }
    spec.graphs_path =
        options.graphs.empty() ? fmt::format("cops-{}-top.g6", spec.nodes) : options.graphs;
  }
  if (options.kind == CensusKind::kMouse) {
    const std::optional<StuckRule> stuck = parse_rule_word<StuckRule>(options.stuck);
    if (!stuck) {
      throw InputError(fmt::format("--stuck: '{}'; give {} or {}", typed(options.stuck),
                                   kRuleWords<StuckRule>[0].word, kRuleWords<StuckRule>[1].word));
    }
    spec.stuck = *stuck;
  }
  spec.threads = options.threads;
  spec.memory_limit = options.memory.empty() ? memory : parse_memory(options.memory);
  spec.geng = options.geng;
  spec.resume_any = options.resume_any;
  // The tests' way to check the fallback on a catmouse that has nauty's geng built in.
  if (const char* value = std::getenv("CATMOUSE_CENSUS_NO_BUILT_IN_GENG"); value && *value)
    spec.built_in_geng = false;
  return spec;
}

std::string state_path(const CensusOptions& options, const census::CensusSpec& spec) {
  if (!options.state.empty()) return options.state;
  return fmt::format(
      "{}-{}{}.census.json", kind_word(spec.kind), spec.nodes,
      spec.kind == CensusKind::kMouse && spec.stuck == StuckRule::kDraw ? "-stuck-draw" : "");
}

void throw_census_error(const Error& error) {
  static const std::pair<ErrorField, const char*> kOptions[] = {
      {ErrorField::kNodes, "--nodes"},     {ErrorField::kParts, "--parts"},
      {ErrorField::kCops, "--max"},        {ErrorField::kKeepFrom, "--keep-from"},
      {ErrorField::kStuck, "--stuck"},     {ErrorField::kGenerator, "--geng"},
      {ErrorField::kThreads, "--threads"}, {ErrorField::kMemoryLimit, "--memory"}};
  Error shown = error;
  if (exit_code(error.kind) == 1) {
    shown.where.field = ErrorField::kNone;
    throw ResourceError(shown.to_string());
  }
  for (const auto& [field, option] : kOptions) {
    if (error.where.field == field) shown.where.label = option;
  }
  throw InputError(shown.to_string());
}

CensusReporter::CensusReporter(std::string program, bool quiet, std::function<bool()> cancelled)
    : program_(std::move(program)),
      show_(!quiet && ::isatty(STDERR_FILENO)),
      cancelled_(std::move(cancelled)) {}

CensusReporter::~CensusReporter() {
  done();
}

void CensusReporter::started(const census::CensusProgress& p) {
  std::fprintf(stderr, "%s: state file %s (%u of %u parts done)\n", program_.c_str(),
               p.state_path.c_str(), p.parts_done, p.parts_total);
}

void CensusReporter::progress(const census::CensusProgress& p) {
  if (!show_) return;
  const std::uint32_t finished = p.parts_done - p.parts_at_start;
  const std::string eta =
      finished == 0 ? "?"
                    : fmt::format("{:.0f} s", p.seconds / finished * (p.parts_to_run - finished));
  std::fprintf(stderr, "\rparts %u/%u, %llu graphs this run, %.1f s, ETA %s   ", p.parts_done,
               p.parts_total, static_cast<unsigned long long>(p.graphs_this_run), p.seconds,
               eta.c_str());
  shown_ = true;
}

void CensusReporter::note(const std::string& text) {
  std::fprintf(stderr, "%s: %s\n", program_.c_str(), text.c_str());
}

void CensusReporter::done() {
  if (shown_) std::fputs("\n", stderr);
  shown_ = false;
}

namespace {

std::string where(const census::CensusRecord& record) {
  return fmt::format("(part {}, graph {})", record.part, record.line);
}

std::string cops_text(const census::CensusResult& result, std::optional<std::uint64_t> timed) {
  const census::CensusSpec& spec = result.spec;
  std::vector<Tally::Entry> entries;
  for (const census::CopNumberCount& count : result.totals.cop_numbers) {
    Tally::Entry entry{count.cop_number, count.graphs, std::nullopt, {}};
    if (count.longest) {
      entry.longest = count.longest->length;
      entry.example = fmt::format("{} {}", count.longest->graph6, where(*count.longest));
    }
    entries.push_back(std::move(entry));
  }
  std::string text = summary_text(
      Tally(std::move(entries), result.totals.graphs), result.wall_seconds, "graphs",
      [&](std::uint32_t a) {
        return a > spec.max ? fmt::format("cop number > {}", spec.max)
                            : fmt::format("cop number {}", a);
      },
      [](std::uint32_t moves) {
        return fmt::format("capture {} ({})", plural(cop_rounds(moves), "round"),
                           plural(moves, "move"));
      },
      timed);
  if (spec.graphs_path.empty()) return text;
  if (result.highest == 0) {
    const std::string range = spec.keep_from == spec.max
                                  ? fmt::format("{}", spec.max)
                                  : fmt::format("{} to {}", spec.keep_from, spec.max);
    return text +
           fmt::format("no graph of cop number {}: {} not written\n", range, spec.graphs_path);
  }
  // Graphs above --max have no cop number here: "highest" is the highest found up to --max.
  return text + fmt::format("cop number {} (the highest up to --max {}): {} written to {}\n",
                            result.highest, spec.max, plural(result.highest_graphs, "graph"),
                            spec.graphs_path);
}

std::string mouse_text(const census::CensusResult& result, std::optional<std::uint64_t> timed) {
  const census::CensusTotals& t = result.totals;
  std::string text =
      fmt::format("graphs: {}, {} (hole, mouse, cat; mouse first)\n",
                  count_and_rate(t.graphs, result.wall_seconds, "graphs", timed),
                  plural(t.placements[0] + t.placements[1] + t.placements[2], "placement"));
  for (int v : {1, 2, 0}) {
    text += fmt::format("{}: {}",
                        v == 1   ? "mouse wins"
                        : v == 2 ? "cat wins"
                                 : "draws",
                        plural(t.placements[v], "placement"));
    if (const auto& r = t.longest[v]) {
      // "moves" as solve counts them: both players' moves (plies).
      text += fmt::format(", longest win in {}: {} hole {} mouse {} cat {} {}",
                          plural(r->length, "move"), r->graph6, (*r->placement)[0],
                          (*r->placement)[1], (*r->placement)[2], where(*r));
    }
    text += "\n";
  }
  return text;
}

}  // namespace

std::string census_text(const census::CensusResult& result, bool json) {
  if (json) return census::census_json(result) + "\n";
  const std::optional<std::uint64_t> timed =
      result.graphs_this_run < result.totals.graphs
          ? std::optional<std::uint64_t>(result.graphs_this_run)
          : std::nullopt;
  std::string text;
  switch (result.spec.kind) {
    case CensusKind::kCops:
      text = cops_text(result, timed);
      break;
    case CensusKind::kMouse:
      text = mouse_text(result, timed);
      break;
    case CensusKind::kFloor:
      text = fmt::format("graphs: {}\n", count_and_rate(result.totals.graphs, result.wall_seconds,
                                                        "graphs", timed));
      break;
  }
  if (result.parts_done < result.spec.parts) {
    text += fmt::format("parts: {} of {} done; the totals are theirs alone\n", result.parts_done,
                        result.spec.parts);
  }
  return text;
}

}  // namespace catmouse::cli
