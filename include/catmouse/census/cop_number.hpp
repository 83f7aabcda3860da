// The cop number of one small graph as the cop-number census finds it (docs/census.md): the
// theorems of cop_bounds.hpp and the tiny game first, the full game for what they leave. One
// search per thread, kept from one graph to the next (its buffers and the longest capture times
// found so far), for the census and for copnumber --summary-only, which answer every graph
// through it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

struct CopNumberFound {
  std::uint32_t cops = 0;  // the cop number; max + 1 when it is above max
  // The capture time in plies of that many cops; absent above max, and on a graph of more than
  // kTinyCopsMaxNodes nodes whose capture time a theorem bounds below the longest this search has
  // found for its cop number (it can then be neither a record nor tied with one).
  std::optional<std::uint32_t> capture_moves;
};

class CopNumberSearch {
 public:
  // Tries at most `max` cops (1 to kMaxCops); the games within memory_limit bytes (0: no limit).
  explicit CopNumberSearch(std::uint32_t max, std::uint64_t memory_limit = 0)
      : max_(max), memory_limit_(memory_limit) {}

  // The cop number of a connected graph of classical cops and robbers (cops_rules()), exact, and
  // its capture time (see CopNumberFound). Fails as SmallCops::solve does.
  Result<CopNumberFound> answer(const SmallGraph& graph);

 private:
  Result<CopNumberFound> tiny_answer(const SmallGraph& graph);
  Result<CopNumberFound> game_answer(const SmallGraph& graph, std::uint32_t from);

  std::uint32_t max_;
  std::uint64_t memory_limit_;
  SmallCops small_;
  std::vector<std::uint32_t> longest_;  // per cop number, from the games played
};

}  // namespace catmouse::census
