// Square bit matrices stored as padded rows of 64-bit words, and the 64x64 block transpose the
// retrograde kernel uses to turn "decided in the parent's layout" into "decided in the children's
// layout". Internal to src/.
#pragma once

#include <cstdint>
#include <vector>

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
  std::vector<T> cells_;
};

// Transposes a 64x64 bit block in place: bit j of a[i] <-> bit i of a[j] (the recursive quadrant
// swap of Hacker's Delight 7-3, written for bit 0 as column 0).
// With `size` (a power of two up to 64), only the top-left size x size corner may hold bits, and
// only it is transposed: the larger quadrant swaps would move zeros.
inline void transpose64(std::uint64_t a[64], int size = 64) {
  std::uint64_t m = 0x00000000FFFFFFFFULL;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
    if (j >= size) continue;
    for (int k = 0; k < size; k = ((k | j) + 1) & ~j) {
      const std::uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
  }
}

}  // namespace catmouse::detail
