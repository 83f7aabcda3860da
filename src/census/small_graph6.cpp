// graph6 of small graphs (catmouse/census/small_graph6.hpp).
#include "catmouse/census/small_graph6.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <utility>

namespace catmouse::census {

namespace {

constexpr int kBias = 63;  // graph6 adds 63 to every six bits

// Bit p of the upper triangle, column by column, is the pair (i, j): p = j (j - 1) / 2 + i.
constexpr std::size_t kMaxPairs =
    std::size_t{kMaxSmallGraph6Nodes} * (kMaxSmallGraph6Nodes - 1) / 2;
constexpr auto kPairs = [] {
  std::array<std::pair<std::uint8_t, std::uint8_t>, kMaxPairs> out{};
  std::size_t p = 0;
  for (std::uint8_t j = 1; j < kMaxSmallGraph6Nodes; ++j)
    for (std::uint8_t i = 0; i < j; ++i) out[p++] = {i, j};
  return out;
}();

}  // namespace

bool read_small_graph6(std::string_view line, SmallGraph& graph) {
  std::fill(graph.rows.begin(), graph.rows.begin() + graph.node_count, std::uint64_t{0});
  graph.node_count = 0;
  if (line.empty()) return false;
  const int first = static_cast<unsigned char>(line[0]) - kBias;
  if (first < 1 || first > static_cast<int>(kMaxSmallGraph6Nodes))
    return false;  // 0 nodes, or a longer count
  const auto n = static_cast<NodeId>(first);
  const std::size_t bits = std::size_t{n} * (n - 1) / 2;
  if (line.size() != 1 + (bits + 5) / 6) return false;
  graph.node_count = n;
  for (std::size_t b = 1; b < line.size(); ++b) {
    const int six = static_cast<unsigned char>(line[b]) - kBias;
    if (six < 0 || six > 63) return false;
    for (auto m = static_cast<unsigned>(six); m != 0; m &= m - 1) {
      const std::size_t p = 6 * (b - 1) + 5 - static_cast<std::size_t>(std::countr_zero(m));
      if (p >= bits) return false;  // padding must be zero
      const auto [i, j] = kPairs[p];
      graph.rows[i] |= std::uint64_t{1} << j;
      graph.rows[j] |= std::uint64_t{1} << i;
    }
  }
  return true;
}

std::optional<SmallGraph> small_graph6(std::string_view line) {
  SmallGraph graph;
  if (!read_small_graph6(line, graph)) return std::nullopt;
  return graph;
}

std::string small_graph6_text(const SmallGraph& graph) {
  const NodeId n = graph.node_count;
  const std::size_t bits = std::size_t{n} * (n - 1) / 2;
  std::string out(1 + (bits + 5) / 6, static_cast<char>(kBias));
  out[0] = static_cast<char>(kBias + n);
  std::size_t p = 0;
  for (NodeId j = 1; j < n; ++j) {
    for (NodeId i = 0; i < j; ++i, ++p) {
      if ((graph.rows[i] >> j & 1) != 0) out[1 + p / 6] += static_cast<char>(32 >> (p % 6));
    }
  }
  return out;
}

}  // namespace catmouse::census
