// Zeroed arrays for the kernels, backed by transparent huge pages where the system offers them
// (Linux, madvise mode): a kernel writes all over arrays of tens of megabytes, and with 4 KiB
// pages the first touch of each page (a fault and its zeroing) and the TLB misses afterwards cost
// more than the writes. Internal to src/solve.
#pragma once

#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catmouse::detail {

// `count` zeros; the memory is advised as huge pages before it is first touched.
template <class T>
std::vector<T> zeroed_array(std::uint64_t count) {
  std::vector<T> out;
  out.reserve(count);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  // Offsets from the buffer's start, so the advised range is a pointer into the buffer itself.
  auto* const base = reinterpret_cast<char*>(out.data());
  const auto begin = reinterpret_cast<std::uintptr_t>(base);
  const std::uintptr_t first = ((begin + kHuge - 1) & ~(kHuge - 1)) - begin;
  const std::uintptr_t last = ((begin + count * sizeof(T)) & ~(kHuge - 1)) - begin;
  if (last > first) madvise(base + first, last - first, MADV_HUGEPAGE);
#endif
  out.resize(count, T{});
  return out;
}

}  // namespace catmouse::detail
