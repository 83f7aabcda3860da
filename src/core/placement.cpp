#include "catmouse/core/placement.hpp"

#include <algorithm>

namespace catmouse {

std::uint64_t multiset_count(std::uint64_t a, std::uint32_t k) {
  if (a == 0) return k == 0 ? 1 : 0;
  unsigned __int128 c = 1;
  for (std::uint32_t i = 1; i <= k; ++i) {
    c = c * (a + i - 1) / i;
    if (c > (std::uint64_t{1} << 63)) return std::uint64_t{1} << 63;
  }
  return static_cast<std::uint64_t>(c);
}

Placements::Placements(std::uint32_t k, NodeId node_count)
    : Placements(k, std::vector<bool>(node_count, true)) {}

Placements::Placements(std::uint32_t k, const std::vector<bool>& allowed)
    : k_(k), rank_(allowed.size(), kNone) {
  for (NodeId v = 0; v < allowed.size(); ++v) {
    if (!allowed[v]) continue;
    rank_[v] = static_cast<NodeId>(nodes_.size());
    nodes_.push_back(v);
  }
  const std::uint64_t a = nodes_.size();
  count_ = multiset_count(a, k);
  // s_i = rank_i + i runs up to a + k - 2; C(s, i + 1) = multiset_count(s - i, i + 1) for s > i.
  stride_ = a + k;
  binomials_.assign(k * stride_, 0);
  for (std::uint32_t i = 0; i < k; ++i) {
    for (std::uint64_t s = i + 1; s < stride_; ++s) {
      binomials_[i * stride_ + s] = multiset_count(s - i, i + 1);
    }
  }
}

std::optional<std::uint64_t> Placements::index(std::span<const NodeId> sorted) const {
  if (sorted.size() != k_) return std::nullopt;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (sorted[i] >= rank_.size() || rank_[sorted[i]] == kNone) return std::nullopt;
    if (i > 0 && sorted[i] < sorted[i - 1]) return std::nullopt;
  }
  return index_of(sorted.data());
}

void Placements::nodes(std::uint64_t index, NodeId* out) const {
  // The colex combinatorial number system: from the last piece down, the largest s_i with
  // C(s_i, i + 1) <= what is left of the index.
  for (std::uint32_t i = k_; i-- > 0;) {
    const std::uint64_t* row = binomials_.data() + i * stride_;
    const std::uint64_t* s = std::upper_bound(row + i, row + stride_, index) - 1;
    index -= *s;
    out[i] = nodes_[static_cast<std::size_t>(s - row) - i];
  }
}

std::vector<NodeId> Placements::nodes(std::uint64_t index) const {
  std::vector<NodeId> out(k_);
  nodes(index, out.data());
  return out;
}

std::vector<NodeId> Placements::all() const {
  std::vector<NodeId> out(count_ * k_);
  if (count_ == 0 || k_ == 0) return out;
  // Successive placements in index order: raise the lowest piece that can rise, reset those
  // below it (cheaper than unranking each).
  std::vector<NodeId> r(k_, 0);
  for (std::uint64_t c = 0; c < count_; ++c) {
    for (std::uint32_t i = 0; i < k_; ++i) out[c * k_ + i] = nodes_[r[i]];
    std::uint32_t i = 0;
    while (i + 1 < k_ && r[i] == r[i + 1]) ++i;
    ++r[i];
    for (std::uint32_t j = 0; j < i; ++j) r[j] = 0;
  }
  return out;
}

}  // namespace catmouse
