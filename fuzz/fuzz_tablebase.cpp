// libFuzzer target for the tablebase reader (tablebase/tablebase.hpp): any bytes as a .cmtb file.
// The header, footer and index parsers run on every input; the blocks a few probes need, and (for a
// small table) the whole-file check, run on inputs that get that far. A reader never crashes,
// never reads out of bounds and never hangs, whatever the bytes; an input either fails to open
// or answers (correct answers for intact files are tested in tests/tablebase_test.cpp, which
// also runs this function over the seed corpus and every corruption of a small file).
//
// Build: clang++ -fsanitize=fuzzer,address with the catmouse libraries. Seed corpus:
// fuzz/corpus/tablebase/, made by
//   catmouse solve examples/leetcode1.json --save leetcode1.cmtb
//   catmouse solve examples/leetcode2.json --values-only --save values_only.cmtb
//   catmouse solve examples/grid1728.json --save grid1728.cmtb
//   catmouse solve examples/leetcode1.json --cats 2 --cat 2,4 --save two_cats.cmtb
//   catmouse gen random --nodes 100 --seed 1 --out r100.json && catmouse solve r100.json --save
//   random100.cmtb
// (files from a newer format version must be made again: the test names a stale one).
#include <cstddef>
#include <cstdint>
#include <string>

#include "catmouse/tablebase/tablebase.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace catmouse;
  Result<Tablebase> tablebase =
      Tablebase::from_bytes(std::string(reinterpret_cast<const char*>(data), size), "fuzz.cmtb");
  if (!tablebase.ok()) return 0;
  const Position start = tablebase->start();
  (void)tablebase->value(start);
  (void)tablebase->moves(start);
  (void)tablebase->line(start);
  const Game& game = tablebase->game();
  for (StateIndex k = 0; k < 8; ++k) {
    const Position p = game.space().position(game.state_count() / 8 * k);
    (void)tablebase->best_move(p);
  }
  // The whole-table check holds the table in memory: only for tables a fuzzer can afford.
  if (tablebase->info().states <= (1u << 16)) (void)tablebase->verify();
  return 0;
}
