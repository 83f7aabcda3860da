// The cop-number census (docs/census.md): each graph answered by CopNumberSearch (theorems,
// then the tiny game), each part kept as its counts per cop number, with the longest capture
// time and the first graph reaching it, and the graphs of cop number keep_from to max given out
// as kept-graphs lines as they come.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "catmouse/census/cop_number.hpp"
#include "catmouse/census/small_graph6.hpp"
#include "census_kinds.hpp"

namespace catmouse::census {

namespace {

// Every call of the cop-number search (catmouse/census/cop_number.hpp), in one place.
Result<CopNumberFound> cop_number_of(CopNumberSearch& search, const SmallGraph& graph) {
  return search.answer(graph);
}

// Capture moves of k cops on n nodes are fewer than the game's states: n^k placements, n robber
// nodes and two sides (saturating).
std::uint64_t capture_bound(std::uint32_t nodes, std::uint32_t k) {
  std::uint64_t states = 2;
  for (std::uint32_t i = 0; i <= k; ++i) {
    if (states > UINT64_MAX / std::max<std::uint32_t>(nodes, 1)) return UINT64_MAX;
    states *= nodes;
  }
  return states - 1;
}

struct Longest {
  std::uint32_t moves = 0;
  std::string graph6;
  std::uint64_t line = 0;
};

struct CopCount {
  std::uint64_t graphs = 0;
  std::optional<Longest> longest;
};

class CopsWork : public PartWork {
 public:
  CopsWork(const Question& question, ChunkOut out, std::uint64_t memory_limit)
      : search_(question.max, memory_limit),
        max_(question.max),
        keep_from_(question.keep_from),
        out_(std::move(out)) {}

  void begin(std::uint32_t part) override {
    part_ = part;
    // Each part keeps its own longest capture, so the search may skip a capture time only where
    // this part's record cannot change (cop_number.hpp).
    search_.begin_part();
    graphs_ = 0;
    kept_ = 0;
    counts_.assign(max_ + 2, CopCount{});
    chunk_ = Json::array();
    held_ = 0;
  }

  bool graph(const SmallGraph& graph) override {
    ++graphs_;
    Result<CopNumberFound> found = cop_number_of(search_, graph);
    if (!found.ok()) {
      failure_ = found.error();
      return false;
    }
    const auto [cops, moves] = found.value();
    CopCount& count = counts_[std::min(cops, max_ + 1)];
    ++count.graphs;
    if (moves && (!count.longest || *moves > count.longest->moves)) {
      count.longest = Longest{*moves, small_graph6_text(graph), graphs_};
    }
    if (cops >= keep_from_ && cops <= max_) return keep(cops, graph);
    return true;
  }

  std::uint64_t graphs() const override { return graphs_; }

  Result<Json> end() override {
    if (Status given = give_kept(); !given.ok()) return given.error();
    Json out;
    out["answers"] = Json::array();
    for (std::uint32_t c = 1; c < counts_.size(); ++c) {
      const CopCount& count = counts_[c];
      if (count.graphs == 0) continue;
      Json longest = nullptr;
      if (count.longest) {
        longest = Json{{"moves", count.longest->moves},
                       {"graph6", count.longest->graph6},
                       {"line", count.longest->line}};
      }
      out["answers"].push_back(
          Json{{"cop_number", c}, {"graphs", count.graphs}, {"longest", std::move(longest)}});
    }
    out["kept"] = kept_;
    return out;
  }

 private:
  bool keep(std::uint32_t cops, const SmallGraph& graph) {
    std::string text = small_graph6_text(graph);
    held_ += text.size() + 8;
    chunk_.push_back(Json::array({cops, std::move(text)}));
    ++kept_;
    if (held_ < kChunkBytes) return true;
    Status given = give_kept();
    if (!given.ok()) failure_ = given.error();
    return given.ok();
  }
  // The graphs held so far, as one line.
  Status give_kept() {
    if (chunk_.empty()) return {};
    Json line{{"part", part_}, {"kept_graphs", std::move(chunk_)}};
    chunk_ = Json::array();
    held_ = 0;
    return out_(line.dump());
  }

  CopNumberSearch search_;
  std::uint32_t max_, keep_from_;
  ChunkOut out_;
  std::uint32_t part_ = 0;
  std::uint64_t graphs_ = 0, kept_ = 0;
  std::vector<CopCount> counts_;  // by cop number; max + 1: above max
  Json chunk_ = Json::array();
  std::size_t held_ = 0;
};

class CopsTally : public Tally {
 public:
  explicit CopsTally(const Question& question) : question_(question), check_(question.max) {}

  Result<std::uint64_t> add_kept(Fields& fields) override {
    Result<const Json*> graphs = fields.array("kept_graphs");
    if (!graphs.ok()) return graphs.error();
    if ((*graphs)->empty()) return fields.error("kept_graphs", "empty");
    std::uint64_t i = 0;
    for (const Json& entry : **graphs) {
      const std::string key = fmt::format("kept_graphs[{}]", i++);
      const bool pair = entry.is_array() && entry.size() == 2 && entry[0].is_number_unsigned() &&
                        entry[1].is_string();
      if (!pair)
        return fields.error(key, fmt::format("{} is not [cop number, graph6]", shown(entry)));
      const auto cops = entry[0].get<std::uint64_t>();
      if (cops < question_.keep_from || cops > question_.max) {
        return fields.error(key, fmt::format("cop number {} is not kept ({} to {})", cops,
                                             question_.keep_from, question_.max));
      }
      SmallGraph graph;
      const auto& text = entry[1].get_ref<const std::string&>();
      if (!read_small_graph6(text, graph) || graph.node_count != question_.nodes ||
          !connected(graph)) {
        return fields.error(key, fmt::format("{} is not a connected graph6 graph of {} nodes",
                                             quoted_text(text), question_.nodes));
      }
    }
    return i;
  }

  Status add_part(Fields& fields, std::uint32_t part, std::uint64_t graphs,
                  std::uint64_t kept) override {
    Result<const Json*> answers = fields.array("answers");
    if (!answers.ok()) return answers.error();
    std::vector<CopNumberCount> counts;
    std::uint64_t sum = 0, keepable = 0;
    std::uint64_t i = 0;
    for (const Json& entry : **answers) {
      Result<CopNumberCount> count = answer(fields, entry, i++, part, graphs, counts);
      if (!count.ok()) return count.error();
      sum += count->graphs;  // each at most `graphs`, and at most 9 of them: no overflow
      if (count->cop_number >= question_.keep_from && count->cop_number <= question_.max)
        keepable += count->graphs;
      counts.push_back(std::move(count).value());
    }
    if (sum != graphs) {
      return fields.error(
          "answers",
          fmt::format("the counts add up to {}, not to the part's {} graphs", sum, graphs));
    }
    Result<std::uint64_t> kept_field = fields.count("kept", graphs);
    if (!kept_field.ok()) return kept_field.error();
    if (*kept_field != keepable || kept != keepable) {
      return fields.error(
          "kept", fmt::format("{} graphs kept, {} in kept-graphs lines, but {} of "
                              "cop number {} to {}",
                              *kept_field, kept, keepable, question_.keep_from, question_.max));
    }
    for (CopNumberCount& count : counts) {
      if (Status added = add(std::move(count)); !added.ok())
        return fields.error("answers", added.error().message);
    }
    return {};
  }

  void fill(CensusTotals& totals) const override { totals.cop_numbers = totals_; }

  std::uint32_t highest_kept() const override {
    std::uint32_t highest = 0;
    for (const CopNumberCount& count : totals_) {
      if (count.cop_number >= question_.keep_from && count.cop_number <= question_.max)
        highest = count.cop_number;
    }
    return highest;
  }

 private:
  // answers[i]: its cop number above the one before, its graphs, and its longest capture (null
  // above max), which is played again here: a record the game does not give is refused.
  Result<CopNumberCount> answer(Fields& fields, const Json& entry, std::uint64_t i,
                                std::uint32_t part, std::uint64_t graphs,
                                const std::vector<CopNumberCount>& before) {
    const std::string name = fmt::format("answers[{}]", i);
    if (!entry.is_object())
      return fields.error(name, fmt::format("{} is not an object", shown(entry)));
    Fields e(entry, fields.place(), name + ".");
    CopNumberCount count;
    Result<std::uint64_t> cops = e.count("cop_number", question_.max + 1, 1);
    if (!cops.ok()) return cops.error();
    count.cop_number = static_cast<std::uint32_t>(*cops);
    if (!before.empty() && count.cop_number <= before.back().cop_number) {
      return e.error("cop_number", fmt::format("{} after {}: not in increasing order",
                                               count.cop_number, before.back().cop_number));
    }
    Result<std::uint64_t> n = e.count("graphs", graphs, 1);
    if (!n.ok()) return n.error();
    count.graphs = *n;
    Result<const Json*> longest = e.object("longest", true);
    if (!longest.ok()) return longest.error();
    const bool above = count.cop_number > question_.max;
    if ((*longest == nullptr) != above) {
      return e.error("longest", above ? "a capture time above --max" : "missing (null)");
    }
    if (*longest != nullptr) {
      Fields l(**longest, fields.place(), name + ".longest.");
      Result<std::uint64_t> moves =
          l.count("moves", capture_bound(question_.nodes, count.cop_number));
      if (!moves.ok()) return moves.error();
      Result<SmallGraph> graph = record_graph(l, "graph6", question_.nodes);
      if (!graph.ok()) return graph.error();
      Result<std::uint64_t> line = l.count("line", graphs, 1);
      if (!line.ok()) return line.error();
      if (Status done = l.finish(); !done.ok()) return done.error();
      Result<CopNumberFound> found = cop_number_of(check_, *graph);
      if (!found.ok()) return found.error();
      if (found->cops != count.cop_number || found->capture_moves != *moves) {
        return l.error("moves", fmt::format("the game gives cop number {} and {} moves, not {} "
                                            "and {}",
                                            found->cops, found->capture_moves.value_or(0),
                                            count.cop_number, *moves));
      }
      count.longest = CensusRecord{static_cast<std::uint32_t>(*moves), small_graph6_text(*graph),
                                   std::nullopt, part, *line};
    }
    if (Status done = e.finish(); !done.ok()) return done.error();
    return count;
  }

  Status add(CopNumberCount count) {
    auto at =
        std::lower_bound(totals_.begin(), totals_.end(), count.cop_number,
                         [](const CopNumberCount& c, std::uint32_t k) { return c.cop_number < k; });
    if (at == totals_.end() || at->cop_number != count.cop_number) {
      at = totals_.insert(at, CopNumberCount{count.cop_number, 0, std::nullopt});
    }
    if (__builtin_add_overflow(at->graphs, count.graphs, &at->graphs)) {
      return Error("more graphs than a count holds");
    }
    if (count.longest && beats(*count.longest, at->longest)) at->longest = std::move(count.longest);
    return {};
  }

  Question question_;
  CopNumberSearch check_;
  std::vector<CopNumberCount> totals_;
};

}  // namespace

std::unique_ptr<PartWork> make_cops_work(const Question& question, ChunkOut out,
                                         std::uint64_t memory_limit) {
  return std::make_unique<CopsWork>(question, std::move(out), memory_limit);
}

std::unique_ptr<Tally> make_cops_tally(const Question& question) {
  return std::make_unique<CopsTally>(question);
}

}  // namespace catmouse::census
