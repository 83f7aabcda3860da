// The cop-number census (census_cops.hpp).
#include "census_cops.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include "catmouse/census/cop_number.hpp"
#include "catmouse/io/atomic_file.hpp"
#include "catmouse/solve/cops.hpp"
#include "errors.hpp"
#include "stream.hpp"

namespace catmouse::cli {

namespace {

// One finished part: its counts, and the graphs of cop number keep_from or more (graph6).
struct Part {
  Tally tally;
  std::vector<std::pair<std::uint32_t, std::string>> kept;
};

std::string capture_text(std::uint32_t moves) {
  return fmt::format("capture {} round{} ({} move{})", cop_rounds(moves),
                     cop_rounds(moves) == 1 ? "" : "s", moves, moves == 1 ? "" : "s");
}

// A part as the state file holds it.
CensusJson part_json(const Part& part) {
  CensusJson p;
  p["graphs"] = part.tally.total();
  p["answers"] = CensusJson::array();
  for (const Tally::Entry& e : part.tally.entries()) {
    p["answers"].push_back({{"cop_number", e.answer},
                            {"count", e.count},
                            {"longest", e.longest ? CensusJson(*e.longest) : nullptr},
                            {"example", e.example}});
  }
  p["kept"] = CensusJson::array();
  for (const auto& [cops, g6] : part.kept) p["kept"].push_back({cops, g6});
  return p;
}

// The part back from the state file; throws nlohmann's exceptions on anything else.
Part part_of(const CensusJson& p) {
  std::vector<Tally::Entry> entries;
  for (const auto& a : p.at("answers")) {
    Tally::Entry e;
    e.answer = a.at("cop_number").get<std::uint32_t>();
    e.count = a.at("count").get<std::uint64_t>();
    if (!a.at("longest").is_null()) e.longest = a.at("longest").get<std::uint32_t>();
    e.example = a.at("example").get<std::string>();
    entries.push_back(std::move(e));
  }
  Part part{Tally(std::move(entries), p.at("graphs").get<std::uint64_t>()), {}};
  for (const auto& k : p.at("kept"))
    part.kept.emplace_back(k.at(0).get<std::uint32_t>(), k.at(1).get<std::string>());
  return part;
}

// What a thread keeps from one graph to the next: the search of catmouse/census/cop_number.hpp (its
// buffers and the longest capture times its games found) and the part being counted.
class CopsWork : public PartWork {
 public:
  CopsWork(std::uint32_t max, std::uint32_t keep_from)
      : search_(max), max_(max), keep_from_(keep_from) {}

  void begin(std::int64_t part) override {
    res_ = part;
    part_ = Part{};
  }
  void graph(std::string_view text, const SmallGraph& g, std::uint64_t line) override {
    Result<census::CopNumberFound> found = search_.answer(g);
    if (!found.ok()) throw ResourceError(found.error().message);
    const auto [cops, moves] = found.value();
    part_.tally.add(cops, moves,
                    [&] { return fmt::format("{} (part {}, graph {})", text, res_, line); });
    if (cops <= max_ && cops >= keep_from_) part_.kept.emplace_back(cops, std::string(text));
  }
  CensusJson end() override { return part_json(part_); }

 private:
  census::CopNumberSearch search_;
  std::uint32_t max_, keep_from_;
  std::int64_t res_ = 0;
  Part part_;
};

void check(const CopsCensusOptions& cmd) {
  if (cmd.max < 1 || cmd.max > kMaxCops)
    throw InputError(fmt::format("--max: {} cops; give 1 to {}", cmd.max, kMaxCops));
  if (cmd.keep_from < 1)
    throw InputError(fmt::format("--keep-from: {}; give 1 or more", cmd.keep_from));
}

// The totals over every part, in part order (the first graph reaching a longest capture is the
// first in geng's order of parts), and the graphs of the highest cop number kept.
std::string report(const CopsCensusOptions& cmd, const std::map<std::int64_t, Part>& done,
                   double seconds, std::uint64_t graphs_run) {
  Tally total;
  std::uint32_t highest = 0;
  for (const auto& [res, part] : done) {
    total.merge(part.tally);
    for (const auto& [cops, g6] : part.kept) highest = std::max(highest, cops);
  }
  std::string text = summary_text(
      total, seconds, "graphs",
      [&](std::uint32_t a) {
        return a > cmd.max ? fmt::format("cop number > {}", cmd.max)
                           : fmt::format("cop number {}", a);
      },
      capture_text, graphs_run);
  if (highest == 0) {
    text += fmt::format("no graph of cop number {} to {}: {} not written\n", cmd.keep_from, cmd.max,
                        cmd.graphs);
  } else {
    std::string g6;
    std::uint64_t count = 0;
    for (const auto& [res, part] : done) {
      for (const auto& [cops, line] : part.kept) {
        if (cops == highest) g6 += line + "\n", ++count;
      }
    }
    const Status written = write_file_atomically(cmd.graphs, g6);
    if (!written.ok()) throw ResourceError(written.error().message);
    // Graphs above --max have no cop number here: "highest" is the highest found up to --max.
    text += fmt::format("cop number {} (the highest up to --max {}): {} graph{} written to {}\n",
                        highest, cmd.max, count, count == 1 ? "" : "s", cmd.graphs);
  }
  return text;
}

}  // namespace

void add_cops_census_options(CLI::App& sub, CopsCensusOptions& cops) {
  sub.add_option("--max", cops.max, "try at most this many cops (default: 3)")->type_name("K");
  sub.add_option("--keep-from", cops.keep_from,
                 "keep the graphs of cop number K or more, and write those of the highest "
                 "(default: 3)")
      ->type_name("K");
  sub.add_option("--graphs", cops.graphs,
                 "where the graphs of the highest cop number go, graph6 (default: "
                 "cops-N-top.g6)")
      ->type_name("FILE");
}

CensusKind cops_census_kind(PartsOptions& parts, CopsCensusOptions& cops) {
  if (parts.parts == 0) parts.parts = default_parts(parts.nodes);
  check(cops);
  const std::int64_t n = parts.nodes;
  if (parts.state.empty()) parts.state = fmt::format("cops-{}.census.json", n);
  if (cops.graphs.empty()) cops.graphs = fmt::format("cops-{}-top.g6", n);
  CensusKind kind;
  kind.name = "cops";
  kind.question["max"] = cops.max;
  kind.question["keep_from"] = cops.keep_from;
  const auto max = static_cast<std::uint32_t>(cops.max);
  const auto keep_from =
      static_cast<std::uint32_t>(std::min<std::int64_t>(cops.keep_from, UINT32_MAX));
  kind.make_work = [=] { return std::make_unique<CopsWork>(max, keep_from); };
  kind.check_part = [](const CensusJson& p) { (void)part_of(p); };
  return kind;
}

std::string cops_census_report(const CopsCensusOptions& cops, const FinishedParts& done,
                               double seconds, std::uint64_t graphs_run) {
  std::map<std::int64_t, Part> parts;
  try {
    for (const auto& [res, p] : done) parts.emplace(res, part_of(p));
  } catch (const std::exception& e) {
    throw InputError(fmt::format("a finished part that is not a cops census part ({})", e.what()));
  }
  return report(cops, parts, seconds, graphs_run);
}

}  // namespace catmouse::cli
