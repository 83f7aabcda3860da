// The Cat and Mouse census (docs/census.md): each graph solved once per hole by the kernel of
// mouse_kernel.hpp (one table gives every start), the placements (hole h, mouse m != h, cat
// c != h, m; mouse to move) counted by outcome, and the longest forced win of each side kept with
// the first graph and placement reaching it.
#include <fmt/format.h>

#include <array>

#include "catmouse/census/small_graph6.hpp"
#include "census_kinds.hpp"
#include "mouse_kernel.hpp"

namespace catmouse::census {

namespace {

// Every call of the Cat and Mouse kernel (mouse_kernel.hpp), in one place.
class MouseTables {
 public:
  explicit MouseTables(StuckRule stuck) : stuck_(stuck) {}
  void solve(const SmallGraph& graph, NodeId hole) { kernel_.solve(graph, hole, stuck_); }
  // Value's code (0 draw, 1 mouse, 2 cat) and remoteness, mouse to move.
  std::uint8_t value(NodeId m, NodeId c) const { return kernel_.value(m, c); }
  std::uint32_t remoteness(NodeId m, NodeId c) const { return kernel_.remoteness(m, c); }
  MouseTableSummary summary() const { return kernel_.summary(); }

 private:
  StuckRule stuck_;
  MouseKernel kernel_;
};

constexpr std::array<const char*, 3> kOutcomes{"draws", "mouse_wins", "cat_wins"};
constexpr std::array<const char*, 3> kLongest{"", "longest_mouse_win", "longest_cat_win"};

struct Win {
  std::uint32_t plies = 0;
  std::string graph6;
  std::array<NodeId, 3> placement{};  // hole, mouse, cat
  std::uint64_t line = 0;
};

class MouseWork : public PartWork {
 public:
  explicit MouseWork(StuckRule stuck) : tables_(stuck) {}

  void begin(std::uint32_t /*part*/) override {
    graphs_ = 0;
    placements_ = {};
    longest_ = {};
  }

  bool graph(const SmallGraph& graph) override {
    ++graphs_;
    const NodeId n = graph.node_count;
    // The longest win of each side on this graph, compared with the part's once per graph.
    std::array<std::uint32_t, 3> best{};
    std::array<std::array<NodeId, 3>, 3> at{};
    for (NodeId h = 0; h < n; ++h) {
      tables_.solve(graph, h);
      // The table's counts and longest wins without a loop over its placements; the first hole
      // with a strictly longer win names the placement, as a loop over hole, mouse, cat would.
      const MouseTableSummary summary = tables_.summary();
      for (int v = 0; v < 3; ++v) placements_[v] += summary.placements[v];
      for (int v = 1; v < 3; ++v) {
        const MouseTableSummary::Longest& longest = summary.longest[v];
        if (summary.placements[v] != 0 && longest.plies > best[v]) {
          best[v] = longest.plies;
          at[v] = {h, longest.mouse, longest.cat};
        }
      }
    }
    for (int v = 1; v < 3; ++v) {
      if (best[v] == 0 || (longest_[v] && best[v] <= longest_[v]->plies)) continue;
      longest_[v] = Win{best[v], small_graph6_text(graph), at[v], graphs_};
    }
    return true;
  }

  std::uint64_t graphs() const override { return graphs_; }

  Result<Json> end() override {
    Json out;
    for (int v : {1, 2, 0}) out[kOutcomes[v]] = placements_[v];
    for (int v = 1; v < 3; ++v) {
      const auto& w = longest_[v];
      out[kLongest[v]] =
          w ? Json{{"plies", w->plies},        {"graph6", w->graph6},    {"hole", w->placement[0]},
                   {"mouse", w->placement[1]}, {"cat", w->placement[2]}, {"line", w->line}}
            : Json(nullptr);
    }
    return out;
  }

 private:
  MouseTables tables_;
  std::uint64_t graphs_ = 0;
  std::array<std::uint64_t, 3> placements_{};
  std::array<std::optional<Win>, 3> longest_;
};

class MouseTally : public Tally {
 public:
  explicit MouseTally(const Question& question) : question_(question), check_(question.stuck) {}

  Status add_part(Fields& fields, std::uint32_t part, std::uint64_t graphs,
                  std::uint64_t /*kept*/) override {
    const std::uint64_t n = question_.nodes;
    std::uint64_t placements = 0;
    if (__builtin_mul_overflow(graphs, n * (n - 1) * (n - 2), &placements)) {
      return fields.error("graphs", "more placements than a count holds");
    }
    std::array<std::uint64_t, 3> counts{};
    for (int v : {1, 2, 0}) {
      Result<std::uint64_t> count = fields.count(kOutcomes[v], placements);
      if (!count.ok()) return count.error();
      counts[v] = *count;
    }
    if (counts[0] + counts[1] + counts[2] != placements) {  // each at most `placements`
      return fields.error(kOutcomes[0], fmt::format("mouse wins, cat wins and draws add up to {}, "
                                                    "not to the part's {} placements ({} graphs "
                                                    "of {} placements each)",
                                                    counts[0] + counts[1] + counts[2], placements,
                                                    graphs, n * (n - 1) * (n - 2)));
    }
    std::array<std::optional<CensusRecord>, 3> records;
    for (int v = 1; v < 3; ++v) {
      Result<std::optional<CensusRecord>> record = win(fields, v, part, graphs, counts[v] > 0);
      if (!record.ok()) return record.error();
      records[v] = std::move(record).value();
    }
    for (int v = 0; v < 3; ++v) {
      if (__builtin_add_overflow(totals_.placements[v], counts[v], &totals_.placements[v])) {
        return fields.error(kOutcomes[v], "more placements in all than a count holds");
      }
      if (records[v] && beats(*records[v], totals_.longest[v])) totals_.longest[v] = records[v];
    }
    return {};
  }

  void fill(CensusTotals& totals) const override {
    totals.placements = totals_.placements;
    totals.longest = totals_.longest;
  }

 private:
  // longest_mouse_win or longest_cat_win: present exactly when that side wins somewhere, its
  // placement on three distinct nodes, its plies below the 2 n^2 states of a table, and what
  // the kernel gives when its graph and hole are solved again.
  Result<std::optional<CensusRecord>> win(Fields& fields, int side, std::uint32_t part,
                                          std::uint64_t graphs, bool wins) {
    Result<const Json*> record = fields.object(kLongest[side], true);
    if (!record.ok()) return record.error();
    if ((*record != nullptr) != wins) {
      return fields.error(kLongest[side], wins ? "missing (null) although that side wins"
                                               : "present although that side never wins");
    }
    if (*record == nullptr) return std::optional<CensusRecord>();
    const std::uint32_t n = question_.nodes;
    Fields r(**record, fields.place(), std::string(kLongest[side]) + ".");
    Result<std::uint64_t> plies = r.count("plies", 2 * n * n - 1, 1);
    if (!plies.ok()) return plies.error();
    Result<SmallGraph> graph = record_graph(r, "graph6", n);
    if (!graph.ok()) return graph.error();
    std::array<NodeId, 3> placement{};
    const std::array<const char*, 3> keys{"hole", "mouse", "cat"};
    for (int i = 0; i < 3; ++i) {
      Result<std::uint64_t> node = r.count(keys[i], n - 1);
      if (!node.ok()) return node.error();
      placement[i] = static_cast<NodeId>(*node);
    }
    if (placement[0] == placement[1] || placement[0] == placement[2] ||
        placement[1] == placement[2]) {
      return r.error("cat", fmt::format("hole {}, mouse {} and cat {} are not three nodes",
                                        placement[0], placement[1], placement[2]));
    }
    Result<std::uint64_t> line = r.count("line", graphs, 1);
    if (!line.ok()) return line.error();
    if (Status done = r.finish(); !done.ok()) return done.error();
    check_.solve(*graph, placement[0]);
    const std::uint8_t value = check_.value(placement[1], placement[2]);
    if (value != side || check_.remoteness(placement[1], placement[2]) != *plies) {
      return r.error("plies", fmt::format("the game gives {} in {} plies there, not {} in {}",
                                          value == 1   ? "a mouse win"
                                          : value == 2 ? "a cat win"
                                                       : "a draw",
                                          check_.remoteness(placement[1], placement[2]),
                                          side == 1 ? "a mouse win" : "a cat win", *plies));
    }
    return std::optional<CensusRecord>(CensusRecord{
        static_cast<std::uint32_t>(*plies), small_graph6_text(*graph), placement, part, *line});
  }

  Question question_;
  MouseTables check_;
  CensusTotals totals_;
};

}  // namespace

std::unique_ptr<PartWork> make_mouse_work(const Question& question) {
  return std::make_unique<MouseWork>(question.stuck);
}

std::unique_ptr<Tally> make_mouse_tally(const Question& question) {
  return std::make_unique<MouseTally>(question);
}

}  // namespace catmouse::census
