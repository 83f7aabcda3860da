// Batch mode of catmouse solve.
#pragma once

#include <string>

#include "common.hpp"

namespace catmouse::cli {

// Solves every graph of a JSON Lines file (or "-") from the default start; prints one line per
// graph: the LeetCode code with `code`, else {"result":R,"winner":W,"remoteness":N|null}.
void run_batch(const std::string& path, const EngineOptions& engine, bool code);

}  // namespace catmouse::cli
