// splitmix64 (Steele, Lea and Flood 2014): a tiny generator whose sequence is fixed by its state
// on every machine. The generators, the long-win searches and the random maps draw from it, so a
// seed gives the same graphs and maps everywhere.
#pragma once

#include <cstdint>

namespace catmouse::detail {

inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace catmouse::detail
