// Tables changed after their solve: the forgeries a file re-sealed after its values were rewritten
// holds (every checksum valid, values that contradict each other), written as tablebase files
// with write_tablebase. Shared by the certificate checks' tests and the command-line tests of
// probe and table.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "catmouse/core/owned_game.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "catmouse/tablebase/save.hpp"

namespace catmouse::testing {

// One state's new entry.
struct Forgery {
  StateIndex state = 0;
  Value value = Value::kDraw;
  std::uint32_t remoteness = kNoRemoteness;  // ignored in a values-only table
};

// A copy of `table` with the forgeries made, in the table's kind of storage: remoteness in 32
// bits, or values only (bitsets).
inline Table forged(const Table& table, const std::vector<Forgery>& forgeries) {
  const StateIndex states = table.state_count();
  const bool remoteness = table.has_remoteness();
  const std::size_t words = static_cast<std::size_t>((states + 63) / 64);
  ZeroedVector<std::uint64_t> mouse(words, 0), decided(remoteness ? 0 : words, 0);
  ZeroedVector<std::uint32_t> r32(remoteness ? static_cast<std::size_t>(states) : 0, 0);
  const auto put = [&](StateIndex s, Value v, std::uint32_t r) {
    const std::uint64_t bit = std::uint64_t{1} << (s & 63);
    mouse[s >> 6] = v == Value::kMouseWin ? mouse[s >> 6] | bit : mouse[s >> 6] & ~bit;
    if (!remoteness) {
      decided[s >> 6] = v != Value::kDraw ? decided[s >> 6] | bit : decided[s >> 6] & ~bit;
    } else {
      r32[s] = v == Value::kDraw ? 0 : Table::kDecided32 | r;
    }
  };
  for (StateIndex s = 0; s < states; ++s) put(s, table.value(s), table.remoteness_raw(s));
  for (const Forgery& f : forgeries) put(f.state, f.value, f.remoteness);
  return Table(table.space(), std::move(mouse), std::move(decided), {}, std::move(r32));
}

// A copy of a table with state i set to `value` in `remoteness`.
inline Table changed(const Table& table, StateIndex i, Value value, std::uint32_t remoteness) {
  return forged(table, {{i, value, remoteness}});
}

// Writes `solution`'s table, forged, as the tablebase file `path` (blocks of `block_states`).
inline Status write_forged(const std::string& path, const Solution& solution,
                           const std::vector<Forgery>& forgeries, std::uint32_t block_states = 0) {
  Result<OwnedGame> game = own_game(solution.spec());
  if (!game.ok()) return game.error();
  const Solution broken(std::move(game).value(), forged(solution.table(), forgeries),
                        solution.engine());
  TablebaseWriteOptions options;
  if (block_states != 0) options.block_states = block_states;
  return write_tablebase(path, broken, options);
}

}  // namespace catmouse::testing
