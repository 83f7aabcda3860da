// Batch mode of catmouse solve.
#pragma once

#include <string>

#include "commands.hpp"

namespace catmouse::cli {

// What --batch prints.
struct BatchOutput {
  bool code = false;          // LeetCode's answer only
  bool jsonl = false;         // {"graph","line","g6","result","winner","remoteness"} per game
  bool summary = false;       // the summary on stderr at the end
  bool summary_only = false;  // the summary on stdout, and nothing per game
};

// Solves every game of a file (or "-"), one per line, from its start (or the state options):
// JSON lines holding a LeetCode graph, an object with "graph" and "rules", or a grid map; or
// graph6 lines (--format graph6, a .g6 file, nauty's header, or a first line of graph6 bytes).
// An edge list takes several lines and is refused, and so is a line that is not JSON among JSON
// lines. The rule options apply to every line, over the line's own rules. Prints one line per
// game: the LeetCode code with `code` (true or false for a grid map), else
// {"result":R,"winner":W,"remoteness":N|null}. The lines are streamed (stream.hpp): a bad line
// stops the run with its line number; answers of earlier lines may have been printed. An input
// with no game is an error.
void run_batch(const std::string& path, const GraphInput& input, const RulesOptions& rules,
               const StateOptions& from, const EngineOptions& engine, const BatchOutput& output);

}  // namespace catmouse::cli
