// The cop number of one small graph as the cop-number census finds it (docs/census.md): the
// theorems of cop_bounds.hpp and the tiny game first, the full game for what they leave. One
// search per thread, kept from one graph to the next (its buffers and the longest capture times
// found so far), for the census and for copnumber --summary-only, which answer every graph
// through it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "catmouse/core/error.hpp"
#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

struct CopNumberFound {
  std::uint32_t cops = 0;  // the cop number; max + 1 when it is above max
  // The capture time in plies of that many cops (the game's CopsResult::capture_moves). Absent
  // above max, and where the search may skip it (see CopNumberSearch): a graph whose capture
  // time can neither exceed nor tie the longest found before it for its cop number.
  std::optional<std::uint32_t> capture_moves;
};

// A census is made of parts, each a sequence of graphs in a fixed order whose summary keeps,
// per cop number, the count, the longest capture time and the first graph reaching it. Where a
// theorem bounds a graph's capture time by the longest already found in its part for its cop
// number, the graph can neither set a new longest nor be the first to reach it, and its game is
// skipped; so the search must know where a part begins:
//
//   CopNumberSearch search(max);          // one per thread
//   for each part the thread runs:
//     search.begin_part();
//     for each graph of the part, in the part's order: search.answer(graph)
//
// with every graph of the part answered by the same search, in order, none of another part in
// between, and the part's summary tallied in that order (a capture time larger than the longest,
// the first reaching it). A search on which begin_part() was never called computes every capture
// time of a graph of at most kTinyCopsMaxNodes nodes, and skips a larger graph's only when its
// bound is below (not equal to) the longest the search has found: right for one summary over
// any order.
class CopNumberSearch {
 public:
  // Tries at most `max` cops (1 to kMaxCops); the games within memory_limit bytes (0: no limit).
  explicit CopNumberSearch(std::uint32_t max, std::uint64_t memory_limit = 0)
      : max_(max), memory_limit_(memory_limit) {}

  // A new part begins: the longest capture times found so far are forgotten.
  void begin_part();

  // The cop number of a connected graph of classical cops and robbers (cops_rules()), exact, and
  // its capture time (see CopNumberFound). Fails as SmallCops::solve does.
  Result<CopNumberFound> answer(const SmallGraph& graph);

 private:
  Result<CopNumberFound> game_answer(const SmallGraph& graph, std::uint32_t from);
  // A capture time of k cops found: kept as the longest when it is.
  void note(std::uint32_t k, std::uint32_t moves);
  // Whether a capture time of k cops bounded by `upper` may go uncomputed.
  bool may_skip(std::uint32_t k, std::uint32_t upper, bool tiny) const;

  std::uint32_t max_;
  std::uint64_t memory_limit_;
  SmallCops small_;
  bool parts_ = false;  // begin_part() was called
  // Per cop number, the longest capture time found in this part (or, without parts, by the
  // search), plus one (0: none yet): from the games and from the bounds that give it exactly.
  std::array<std::uint32_t, kMaxCops + 1> longest_{};
};

}  // namespace catmouse::census
