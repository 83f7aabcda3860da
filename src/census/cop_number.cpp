// The cop number of one small graph (catmouse/census/cop_number.hpp).
#include "catmouse/census/cop_number.hpp"

#include <algorithm>

#include "catmouse/solve/cop_bounds.hpp"

namespace catmouse::census {

// Beyond 16 nodes a graph whose capture time a theorem bounds below the longest found cannot be a
// record, whichever part or thread it is in, and its game is skipped; up to 16 every capture time
// is computed.
Result<CopNumberFound> CopNumberSearch::answer(const SmallGraph& g) {
  if (g.node_count <= kTinyCopsMaxNodes) return tiny_answer(g);
  const CopBounds bounds = cop_bounds(g);
  if (bounds.lower > max_) return CopNumberFound{max_ + 1, std::nullopt};
  if (bounds.settled() && bounds.capture_moves_upper && bounds.lower < longest_.size() &&
      *bounds.capture_moves_upper < longest_[bounds.lower]) {
    return CopNumberFound{bounds.lower, std::nullopt};
  }
  return game_answer(g, bounds.lower);
}

// Up to 16 nodes: a dominating node settles the cop number and its capture time (one move: the
// robber stands on or next to the cop; none on one node), the tiny game the rest of one and two
// cops (a dismantling first, a dominating pair in its first round), and the game of 3 or more
// cops what is left (docs/census.md).
Result<CopNumberFound> CopNumberSearch::tiny_answer(const SmallGraph& g) {
  if (dominated_by(g, 1)) return CopNumberFound{1, g.node_count == 1 ? 0u : 1u};
  for (std::uint32_t k = 1; k <= 2; ++k) {
    if (k > max_) return CopNumberFound{max_ + 1, std::nullopt};
    Result<std::optional<std::uint32_t>> r = tiny_cops_capture(g, k);
    if (!r.ok()) return r.error();
    if (r.value()) return CopNumberFound{k, *r.value()};
  }
  return game_answer(g, 3);
}

// The game from `from` cops up to max.
Result<CopNumberFound> CopNumberSearch::game_answer(const SmallGraph& g, std::uint32_t from) {
  for (std::uint32_t k = from; k <= max_; ++k) {
    Result<CopsResult> r = small_.solve(g, k, {}, memory_limit_);
    if (!r.ok()) return r.error();
    if (!r.value().win) continue;
    if (longest_.size() <= k) longest_.resize(k + 1, 0);
    longest_[k] = std::max(longest_[k], r.value().capture_moves);
    return CopNumberFound{k, r.value().capture_moves};
  }
  return CopNumberFound{max_ + 1, std::nullopt};
}

}  // namespace catmouse::census
