// Batch mode of catmouse solve.
#pragma once

#include <string>

#include "common.hpp"

namespace catmouse::cli {

// Solves every game of a file (or "-"), one per line, from its start (or the state options):
// JSON lines holding a LeetCode graph, an object with "graph" and "rules", or a grid map; or
// graph6 lines (--format graph6, or a .g6 file). The rule options apply to every line, over the
// line's own rules. Prints one line per game: the LeetCode code with `code` (true or false for a
// grid map), else {"result":R,"winner":W,"remoteness":N|null}. A bad line stops the run with its
// line number, and nothing is printed.
void run_batch(const std::string& path, const GraphInput& input, const RulesOptions& rules,
               const StateOptions& from, const EngineOptions& engine, bool code);

}  // namespace catmouse::cli
