// Reading a whole game from text: the one entry point every front end uses (CLI files and batch
// lines, the web server's requests, the Python module). The text is a LeetCode graph (with an
// optional "rules" object), an edge list, one graph6 graph, or a LeetCode 1728 map; the result is
// a GameSpec, not yet validated against its rules (GameSpec::validate, or solve(), does that).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/format.hpp"

namespace catmouse {

struct ReadOptions {
  // The format (format.hpp); none: by the source's suffix, then by the content (format.hpp
  // detect_format), a JSON object with a "grid" member being a map.
  std::optional<InputFormat> format;
  bool directed = false;  // an edge list's lines are arcs (edge lists only)
  // Bytes a solve of the game may take (SolveOptions::memory_limit); 0: no bound. Text longer
  // than io/limits.hpp's max_input_bytes() and games it shows could not be solved within the
  // limit (a node id, a "nodes N" line, a graph6 header, a map's size) are refused before
  // anything of that size is allocated, with ErrorField::kMemoryLimit.
  std::uint64_t memory_limit = 0;
};

// The game in `text`; `source` names it in error locations ("graph.json", "<stdin>", "line 7").
// JSON is parsed once, and what it holds decides between a graph and a map. Errors name the
// place (line, column, node, member) and never throw: running out of memory is an error too
// (ErrorKind::kOutOfMemory tells it from a refusal by the memory limit, kRefusedMemory).
Result<GameSpec> read_game(std::string_view text, std::string_view source,
                           const ReadOptions& options = {});

}  // namespace catmouse
