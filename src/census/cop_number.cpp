// The cop number of one graph (catmouse/census/cop_number.hpp).
#include "catmouse/census/cop_number.hpp"

#include <fmt/format.h>

#include "catmouse/solve/cop_bounds.hpp"

namespace catmouse::census {

void CopNumberSearch::begin_part() {
  parts_ = true;
  longest_.fill(0);
}

// The bounds first (tiny_cop_bounds(): a dominating node or pair, a dismantling, two cops within
// two rounds, ...); they settle the cop number of nearly every graph and, for most, the capture
// time exactly. A capture time they only bound is computed by the game unless the bound says
// that it cannot matter (may_skip()).
Result<CopNumberFound> CopNumberSearch::answer(const SmallGraph& g) {
  const CopBounds bounds = tiny_cop_bounds(g);
  if (bounds.lower > max_) return CopNumberFound{max_ + 1, std::nullopt};
  if (bounds.exact()) {
    note(bounds.lower, *bounds.capture_moves_upper);
    return CopNumberFound{bounds.lower, *bounds.capture_moves_upper};
  }
  const bool tiny = g.node_count >= 1 && g.node_count <= kTinyCopsMaxNodes;
  if (bounds.settled() && bounds.capture_moves_upper &&
      may_skip(bounds.lower, *bounds.capture_moves_upper, tiny)) {
    return CopNumberFound{bounds.lower, std::nullopt};
  }
  return game_answer(g, bounds.lower);
}

// In a part, a capture time at most the part's longest for its cop number can neither set a new
// longest nor be the first to reach it (a graph before it did). Without parts, only a larger
// graph's capture time below the longest is skipped, as before parts existed.
bool CopNumberSearch::may_skip(std::uint32_t k, std::uint32_t upper, bool tiny) const {
  if (k >= longest_.size() || longest_[k] == 0) return false;
  if (parts_) return upper < longest_[k];
  return !tiny && upper + 1 < longest_[k];
}

void CopNumberSearch::note(std::uint32_t k, std::uint32_t moves) {
  if (k < longest_.size() && moves >= longest_[k]) longest_[k] = moves + 1;
}

// The games from `from` cops up to max: the tiny game for one and two cops on at most 16 nodes,
// SmallCops for the rest, where k cops on a dominating set of k nodes (k <= 3) need no game:
// fewer cops lost, so the robber starts away from them and is caught on their first move.
Result<CopNumberFound> CopNumberSearch::game_answer(const SmallGraph& g, std::uint32_t from) {
  const bool tiny = g.node_count >= 1 && g.node_count <= kTinyCopsMaxNodes;
  for (std::uint32_t k = from; k <= max_; ++k) {
    if (tiny && k <= 2) {
      Result<std::optional<std::uint32_t>> r = tiny_cops_capture(g, k);
      if (!r.ok()) return r.error();
      if (r.value()) {
        note(k, *r.value());
        return CopNumberFound{k, *r.value()};
      }
      continue;
    }
    if (k <= 3 && k < g.node_count && dominated_by(g, k)) {
      note(k, 1);
      return CopNumberFound{k, 1};
    }
    Result<CopsResult> r = small_.solve(g, k, {}, memory_limit_);
    if (!r.ok()) return r.error();
    if (r.value().win) {
      note(k, r.value().capture_moves);
      return CopNumberFound{k, r.value().capture_moves};
    }
  }
  return CopNumberFound{max_ + 1, std::nullopt};
}

Result<CopNumberTries> play_cop_number(std::uint32_t max, const CopsPlay& play) {
  if (max < 1 || max > kMaxCops)
    return Error(fmt::format("{} cops; give 1 to {}", max, kMaxCops), at_field(ErrorField::kCops));
  CopNumberTries out;
  for (std::uint32_t k = 1; k <= max; ++k) {
    Result<CopsResult> r = play(k);
    if (!r.ok()) return r.error();
    out.tries.push_back(std::move(r).value());
    if (out.tries.back().win) {
      out.cop_number = k;
      break;
    }
  }
  return out;
}

Result<CopNumberTries> find_cop_number(const Graph& graph, std::uint32_t max,
                                       const SolveOptions& options, CopsVariant variant) {
  Result<CopNumberTries> played = play_cop_number(max, [&](std::uint32_t k) {
    return solve_cops(graph, k, options, CopsSweep::kAuto, variant);
  });
  if (!played.ok() || graph.directed() || graph.node_count() > kTinyCopsMaxNodes ||
      variant != CopsVariant{}) {
    return played;
  }
  // The census's answer, which copnumber --summary-only prints: the games must agree with it.
  Result<CopNumberFound> found =
      CopNumberSearch(max, options.memory_limit).answer(SmallGraph::of(graph).value());
  if (!found.ok()) return found.error();
  const CopsResult& last = played.value().tries.back();
  const std::uint32_t cops = played.value().cop_number.value_or(max + 1);
  const bool same_time = !last.win || !found.value().capture_moves ||
                         *found.value().capture_moves == last.capture_moves;
  if (found.value().cops != cops || !same_time) {
    const auto moves = [](std::optional<std::uint32_t> m) {
      return m ? fmt::format("{} moves", *m) : std::string("none");
    };
    return Error(fmt::format("the cop number search and the games disagree: cop number {} and "
                             "capture time {} against {} and {}",
                             found.value().cops, moves(found.value().capture_moves), cops,
                             moves(last.win ? std::optional(last.capture_moves) : std::nullopt)),
                 at_field(ErrorField::kEngine));
  }
  return played;
}

}  // namespace catmouse::census
