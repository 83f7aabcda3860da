// What the censuses share, and the floor: geng alone (census_kinds.hpp).
#include "census_kinds.hpp"

#include <fmt/format.h>

#include <array>
#include <limits>
#include <tuple>

#include "catmouse/census/small_graph6.hpp"

namespace catmouse::census {

const char* kind_name(CensusKind kind) {
  switch (kind) {
    case CensusKind::kCops:
      return "cops";
    case CensusKind::kMouse:
      return "mouse";
    case CensusKind::kFloor:
      return "floor";
  }
  return "";
}

std::uint64_t connected_graphs(std::uint32_t nodes) {
  // OEIS A001349; 15 and 16 nodes have more than 2^64 - 1.
  static constexpr std::array<std::uint64_t, 15> kCounts{1,
                                                         1,
                                                         1,
                                                         2,
                                                         6,
                                                         21,
                                                         112,
                                                         853,
                                                         11117,
                                                         261080,
                                                         11716571,
                                                         1006700565,
                                                         164059830476,
                                                         50335907869219,
                                                         29003487462848061};
  return nodes < kCounts.size() ? kCounts[nodes] : std::numeric_limits<std::uint64_t>::max();
}

bool connected(const SmallGraph& graph) {
  const NodeId n = graph.node_count;
  if (n == 0) return false;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  std::uint64_t seen = 1, frontier = 1;
  while (frontier != 0) {
    std::uint64_t next = 0;
    for (std::uint64_t f = frontier; f != 0; f &= f - 1) next |= graph.rows[std::countr_zero(f)];
    frontier = next & ~seen;
    seen |= next;
  }
  return (seen & all) == all;
}

Result<std::uint64_t> Tally::add_kept(Fields& fields) {
  return fields.error("kept_graphs", "this census keeps no graphs");
}

Result<SmallGraph> record_graph(Fields& fields, std::string_view key, std::uint32_t nodes) {
  Result<std::string> text = fields.text(key);
  if (!text.ok()) return text.error();
  SmallGraph graph;
  if (!read_small_graph6(*text, graph) || graph.node_count != nodes) {
    return fields.error(
        key, fmt::format("{} is not a graph6 graph of {} nodes", quoted_text(*text), nodes));
  }
  if (!connected(graph))
    return fields.error(key, fmt::format("{} is not connected", quoted_text(*text)));
  return graph;
}

bool beats(const CensusRecord& later, const std::optional<CensusRecord>& record) {
  if (!record) return true;
  if (later.length != record->length) return later.length > record->length;
  return std::tie(later.part, later.line) < std::tie(record->part, record->line);
}

namespace {

// The floor: geng alone, each graph counted and nothing else, for the benchmark's ratio of a
// census's wall time to generation's.
class FloorWork : public PartWork {
 public:
  void begin(std::uint32_t /*part*/) override { graphs_ = 0; }
  bool graph(const SmallGraph& /*graph*/) override {
    ++graphs_;
    return true;
  }
  std::uint64_t graphs() const override { return graphs_; }
  Result<Json> end() override { return Json::object(); }

 private:
  std::uint64_t graphs_ = 0;
};

class FloorTally : public Tally {
 public:
  Status add_part(Fields& /*fields*/, std::uint32_t /*part*/, std::uint64_t /*graphs*/,
                  std::uint64_t /*kept*/) override {
    return {};
  }
  void fill(CensusTotals& /*totals*/) const override {}
};

}  // namespace

std::unique_ptr<PartWork> make_work(const Question& question, ChunkOut out,
                                    std::uint64_t memory_limit) {
  switch (question.kind) {
    case CensusKind::kCops:
      return make_cops_work(question, std::move(out), memory_limit);
    case CensusKind::kMouse:
      return make_mouse_work(question);
    case CensusKind::kFloor:
      break;
  }
  return std::make_unique<FloorWork>();
}

std::unique_ptr<Tally> make_tally(const Question& question) {
  switch (question.kind) {
    case CensusKind::kCops:
      return make_cops_tally(question);
    case CensusKind::kMouse:
      return make_mouse_tally(question);
    case CensusKind::kFloor:
      break;
  }
  return std::make_unique<FloorTally>();
}

}  // namespace catmouse::census
