// ZeroedVector (core/zeroed_vector.hpp): zeros without a pass over them, for arrays of every size
// (calloc below 1 MiB, a 2 MiB-aligned mapping of its own above), and std::vector's behaviour
// wherever a value is given.
#include "catmouse/core/zeroed_vector.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

namespace catmouse {
namespace {

bool all_zero(const ZeroedVector<std::uint64_t>& v) {
  return std::all_of(v.begin(), v.end(), [](std::uint64_t x) { return x == 0; });
}

TEST(ZeroedVector, StartsAsZerosAtEverySize) {
  // Sizes around the 1 MiB and 2 MiB thresholds, and a reuse of freed memory of each size.
  for (const std::size_t bytes :
       {std::size_t{8}, std::size_t{4096}, (std::size_t{1} << 20) - 8, std::size_t{1} << 20,
        (std::size_t{2} << 20) - 8, std::size_t{2} << 20, (std::size_t{9} << 20) + 24}) {
    for (int round = 0; round < 2; ++round) {
      ZeroedVector<std::uint64_t> v(bytes / 8);
      ASSERT_EQ(v.size(), bytes / 8);
      EXPECT_TRUE(all_zero(v)) << bytes << " bytes, round " << round;
      std::fill(v.begin(), v.end(), ~std::uint64_t{0});  // the next round gets this memory back
    }
  }
}

TEST(ZeroedVector, LargeArraysStartOnTwoMebibyteBoundaries) {
  ZeroedVector<std::uint16_t> v(std::size_t{3} << 20);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % (std::uintptr_t{1} << 21), 0u);
  v.back() = 7;  // the last element is inside the mapping
  EXPECT_EQ(v.back(), 7);
}

TEST(ZeroedVector, GivenValuesAreWritten) {
  ZeroedVector<std::uint32_t> v(1000, 5);
  EXPECT_TRUE(std::all_of(v.begin(), v.end(), [](std::uint32_t x) { return x == 5; }));
  v.assign(300000, 9);  // past 1 MiB: a mapping of its own
  EXPECT_EQ(v.size(), 300000u);
  EXPECT_TRUE(std::all_of(v.begin(), v.end(), [](std::uint32_t x) { return x == 9; }));
  v.push_back(4);
  EXPECT_EQ(v.back(), 4u);
  const ZeroedVector<std::uint32_t> copy = v;
  EXPECT_EQ(copy, v);
}

TEST(ZeroedVector, GrowingKeepsTheElementsAndZeroesTheNewOnes) {
  ZeroedVector<std::uint64_t> v(10);
  v[9] = 3;
  v.resize(std::size_t{1} << 18);  // reallocates into a mapping of its own
  EXPECT_EQ(v[9], 3u);
  EXPECT_TRUE(std::all_of(v.begin() + 10, v.end(), [](std::uint64_t x) { return x == 0; }));
}

}  // namespace
}  // namespace catmouse
