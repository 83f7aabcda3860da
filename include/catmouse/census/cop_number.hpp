// The cop number of one graph. CopNumberSearch: of one small graph as the cop-number census
// finds it (docs/census.md): the theorems of cop_bounds.hpp and the tiny game first, the full
// game for what they leave; one search per thread, kept from one graph to the next (its buffers
// and the longest capture times found so far), for the census and for copnumber --summary-only,
// which answer every graph through it. play_cop_number(): the games of 1, 2, ... cops until they
// win, the loop every front end runs for a graph's placement (catmouse copnumber, Python's
// catmouse.copnumber through find_cop_number()).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/options.hpp"

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

// The games of one graph's cop number: those of 1, 2, ... cops until the cops win, at most max.
struct CopNumberTries {
  std::optional<std::uint32_t> cop_number;  // absent: max cops lose
  std::vector<CopsResult> tries;            // from 1 cop up: the last won, or is max cops losing
};

// Plays one graph's game of k cops (solve_cops(), or SmallCops on a thread's buffers).
using CopsPlay = std::function<Result<CopsResult>(std::uint32_t cops)>;

// The loop: play(1), play(2), ... up to play(max), stopping at the first win. Fails when max is
// not 1 to kMaxCops (field kCops), or as the first game that fails.
Result<CopNumberTries> play_cop_number(std::uint32_t max, const CopsPlay& play);

// The cop number of one graph (any the cops engine takes) and its games: play_cop_number() over
// solve_cops() with `options` (threads, memory limit, progress and cancel poll for each game).
// An undirected graph of at most kTinyCopsMaxNodes nodes in the classical game is answered by a
// CopNumberSearch as well, the way catmouse copnumber --summary-only and catmouse census cops
// answer it; its cop number and capture time must be the games' (else an error of field
// kEngine), so that every front end gives the same answer. Fails as solve_cops() does.
Result<CopNumberTries> find_cop_number(const Graph& graph, std::uint32_t max,
                                       const SolveOptions& options = {}, CopsVariant variant = {});

}  // namespace catmouse::census
