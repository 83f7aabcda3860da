// Square bit matrices stored as padded rows of 64-bit words, and the 64x64 block transpose the
// retrograde kernel uses to turn "decided in the parent's layout" into "decided in the children's
// layout". Internal to src/.
#pragma once

#include <cstdint>
#include <vector>

namespace catmouse::detail {

// An n x n bit matrix; row r holds columns 0..n-1 in words [r * row_words, (r + 1) * row_words).
// Padding bits past column n - 1 stay zero.
class BitMatrix {
 public:
  BitMatrix() = default;
  explicit BitMatrix(std::uint64_t n) : n_(n), row_words_((n + 63) / 64), words_(n * row_words_, 0) {}

  std::uint64_t size() const { return n_; }
  std::uint64_t row_words() const { return row_words_; }
  std::uint64_t* row(std::uint64_t r) { return words_.data() + r * row_words_; }
  const std::uint64_t* row(std::uint64_t r) const { return words_.data() + r * row_words_; }
  bool test(std::uint64_t r, std::uint64_t c) const { return (row(r)[c >> 6] >> (c & 63)) & 1; }
  void clear_row(std::uint64_t r) {
    for (std::uint64_t w = 0; w < row_words_; ++w) row(r)[w] = 0;
  }
  void release() { words_ = {}; }

 private:
  std::uint64_t n_ = 0;
  std::uint64_t row_words_ = 0;
  std::vector<std::uint64_t> words_;
};

// Transposes a 64x64 bit block in place: bit j of a[i] <-> bit i of a[j] (the recursive quadrant swap of
// Hacker's Delight 7-3, written for bit 0 as column 0).
inline void transpose64(std::uint64_t a[64]) {
  std::uint64_t m = 0x00000000FFFFFFFFULL;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const std::uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
  }
}

}  // namespace catmouse::detail
