// libFuzzer target for the decoders behind the tablebase checksums: the input is a .cmtb file
// whose checksums are recomputed before it is read (tablebase_reseal.hpp), so a mutation of the
// header fields, the rules or board section, the index or a block's frame reaches the code that
// decodes it instead of stopping at "checksum mismatch". A reader never crashes, never reads out
// of bounds and never hangs; a file either fails to open with an error value or answers.
// tests/tablebase_reseal_test.cpp runs the same function over deterministic mutations.
//
// Seed corpus: fuzz/corpus/tablebase_resealed/, small valid files (one cat, k cats, a grid,
// values only), made as fuzz_tablebase.cpp's.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tablebase_reseal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)catmouse::testing::read_resealed(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
