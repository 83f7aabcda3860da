// Re-sealing a .cmtb file (docs/formats.md, "Tablebase files"): recomputes every checksum of a
// file whose bytes were changed, so that a reader gets past them and its decoders behind them
// (header fields, rules and board sections, index, payloads) see the changed bytes. Shared by the
// re-sealing fuzz target (fuzz_tablebase_resealed.cpp) and its ctest harness; test support only,
// not part of the library's API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "catmouse/tablebase/tablebase.hpp"
#include "tablebase/format.hpp"

namespace catmouse::testing {

inline std::uint64_t reseal_get(const std::string& bytes, std::size_t at, int n) {
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) {
    v |= std::uint64_t{static_cast<std::uint8_t>(bytes[at + i])} << (8 * i);
  }
  return v;
}

inline void reseal_put(std::string& bytes, std::size_t at, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

// Recomputes, where the layout read from `bytes` leaves room for them: the board hash, the header
// checksum, each block's checksum (seeded with its number), the index checksum, the footer's copy
// of the header checksum and the footer checksum. Fields that point outside the file are left as
// they are (the reader must refuse those by itself).
inline void reseal_tablebase(std::string& bytes) {
  constexpr std::size_t kFixedHeader = 120;
  constexpr std::size_t kFooter = 48;
  const std::size_t size = bytes.size();
  std::uint64_t header_sum = 0;
  bool header_sealed = false;
  if (size >= 16) {
    const std::uint64_t h = reseal_get(bytes, 12, 4);
    if (h >= kFixedHeader + 8 && h <= size) {
      const std::uint64_t r = reseal_get(bytes, 104, 4);
      const std::uint64_t g = reseal_get(bytes, 108, 4);
      if (kFixedHeader + r + g <= h - 8) {
        const std::string_view board(bytes.data() + kFixedHeader + r, g);
        reseal_put(bytes, 96, tablebase::checksum(board));
      }
      header_sum = tablebase::checksum(std::string_view(bytes.data(), h - 8));
      reseal_put(bytes, h - 8, header_sum);
      header_sealed = true;
    }
  }
  if (size < kFooter) return;
  const std::size_t footer = size - kFooter;
  const std::uint64_t x = reseal_get(bytes, footer, 8);
  const std::uint64_t n = reseal_get(bytes, footer + 8, 8);
  // The index of n blocks must fit before the footer.
  if (x <= footer && n <= (footer - x) / 16 && x + 16 * n + 8 <= footer) {
    for (std::uint64_t b = 0; b < n; ++b) {
      const std::uint64_t begin = reseal_get(bytes, x + 16 * b, 8);
      const std::uint64_t end = reseal_get(bytes, x + 16 * (b + 1), 8);
      if (begin <= end && end <= x) {
        const std::string_view frame(bytes.data() + begin, end - begin);
        reseal_put(bytes, x + 16 * b + 8, tablebase::checksum(frame, b));
      }
    }
    reseal_put(bytes, footer + 16,
               tablebase::checksum(std::string_view(bytes.data() + x, 16 * n + 8)));
  }
  if (header_sealed) reseal_put(bytes, footer + 24, header_sum);
  reseal_put(bytes, footer + 40, tablebase::checksum(std::string_view(bytes.data() + footer, 40)));
}

// What the re-sealing target does with one input: re-seal it, then open it and use it as the
// tools do (probes, best moves, a line, the whole-file check when small). Returns whether the
// file opened; every outcome must be a value or an error value, never a crash or a hang.
inline bool read_resealed(std::string bytes) {
  reseal_tablebase(bytes);
  Result<Tablebase> tablebase = Tablebase::from_bytes(std::move(bytes), "resealed.cmtb");
  if (!tablebase.ok()) return false;
  const Position start = tablebase->start();
  (void)tablebase->value(start);
  (void)tablebase->moves(start);
  (void)tablebase->line(start);
  const Game& game = tablebase->game();
  for (StateIndex k = 0; k < 8; ++k) {
    const Position p = game.space().position(game.state_count() / 8 * k);
    (void)tablebase->value(p);
    (void)tablebase->best_move(p);
  }
  if (tablebase->info().states <= (1u << 16)) (void)tablebase->verify();
  return true;
}

}  // namespace catmouse::testing
