// Square bit matrices stored as padded rows of 64-bit words, and the 64x64 block transpose the
// sweep kernel uses to turn "decided in the parent's layout" into "decided in the children's
// layout". Internal to src/.
#pragma once

#include <cstdint>

#include "catmouse/core/zeroed_vector.hpp"

namespace catmouse::detail {

// An n x n matrix of bits, 64 columns per element: row r holds columns 0..n-1 in elements
// [r * row_words, (r + 1) * row_words). T is a 64-bit word, or a struct of several 64-bit words
// that belong together (so that they share a cache line). Padding bits past column n - 1 stay
// zero.
template <class T>
class PaddedRows {
 public:
  PaddedRows() = default;
  explicit PaddedRows(std::uint64_t n) : row_words_((n + 63) / 64), cells_(n * row_words_) {}

  std::uint64_t row_words() const { return row_words_; }
  T* row(std::uint64_t r) { return cells_.data() + r * row_words_; }
  const T* row(std::uint64_t r) const { return cells_.data() + r * row_words_; }

 private:
  std::uint64_t row_words_ = 0;
  ZeroedVector<T> cells_;  // zeros without a pass over them: the threads fault them in
};

// Transposes a 64x64 bit block in place: bit j of a[i] <-> bit i of a[j] (the recursive quadrant
// swap of Hacker's Delight 7-3, written for bit 0 as column 0). With kSize (a power of two up to
// 64) only the top-left kSize x kSize corner may hold bits, and only it is transposed: the larger
// quadrant swaps would move zeros. A compile-time size lets the compiler unroll the loops.
template <int kSize = 64>
inline void transpose(std::uint64_t a[64]) {
  std::uint64_t m = 0x00000000FFFFFFFFULL;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
    if (j >= kSize) continue;
    for (int k = 0; k < kSize; k = ((k | j) + 1) & ~j) {
      const std::uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
  }
}

inline void transpose64(std::uint64_t a[64]) {
  transpose<64>(a);
}

// transpose<size>(a) for a size known only at run time.
inline void transpose(std::uint64_t a[64], int size) {
  switch (size) {
    case 1:
      return;
    case 2:
      return transpose<2>(a);
    case 4:
      return transpose<4>(a);
    case 8:
      return transpose<8>(a);
    case 16:
      return transpose<16>(a);
    case 32:
      return transpose<32>(a);
    default:
      return transpose<64>(a);
  }
}

}  // namespace catmouse::detail
