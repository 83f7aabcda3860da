// Writing a tablebase from any source of state codes (codec.hpp): write_tablebase()
// gives the codes of a Solution's Table; a solve that keeps its remoteness on disk gives them
// from there (docs/formats.md, "Writing"). Internal to src/tablebase.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/tablebase/save.hpp"

namespace catmouse::tablebase {

// What the header says about the table.
struct TableDescription {
  const GameSpec* spec = nullptr;  // validated
  Engine engine = Engine::kAuto;
  bool remoteness = true;
  Counts counts;          // over the valid states
  StateIndex states = 0;  // the game's state_count()
};

// Fills `codes` with the codes of the states [first, first + codes.size()). The writer asks in
// two passes, each in increasing order of `first`: every k-th block (the dictionary's samples,
// only when a dictionary is trained), then every block; an error stops the writing.
using CodeSource = std::function<Status(StateIndex first, std::span<std::uint32_t> codes)>;

// The greatest remoteness the codes can hold.
inline constexpr std::uint32_t kMaxStoredRemoteness = 0x7ffffffe;

// Writes the file through an AtomicFile: header, blocks, index, footer.
Status write_file(const std::string& path, const TableDescription& table, const CodeSource& codes,
                  const TablebaseWriteOptions& options);

}  // namespace catmouse::tablebase
