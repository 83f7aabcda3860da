// Zeroed arrays for the kernels, backed by transparent huge pages where the system offers them
// (Linux, madvise mode): a kernel writes all over arrays of tens of megabytes, and with 4 KiB
// pages the first touch of each page (a fault and its zeroing) and the TLB misses afterwards cost
// more than the writes. Internal to src/solve.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catmouse::detail {

// Runs part(i) for every i in [0, parts), on several threads at once if it can: a kernel passes
// its worker pool this way, so that the pages of a large array are faulted in by every thread.
using ForEachPart = std::function<void(std::size_t parts, const std::function<void(std::size_t)>&)>;

// `count` zeros; the memory is advised as huge pages before it is first touched. With
// `for_each_part`, an array of 16 MiB or more is first faulted in 2 MiB parts on its threads
// (MADV_POPULATE_WRITE, Linux 5.14; older kernels refuse it and nothing is lost): the kernel
// zeroes each fresh page on the faulting core, at 1 to 6 GB/s here, which made it a third of a
// deep game's solve on one core while the other waited.
template <class T>
std::vector<T> zeroed_array(std::uint64_t count, const ForEachPart& for_each_part = {}) {
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
#if defined(MADV_POPULATE_WRITE)
  constexpr std::uint64_t kParallelBytes = std::uint64_t{16} << 20;
  if (for_each_part && count * sizeof(T) >= kParallelBytes && last > first) {
    // Whole huge pages inside the buffer only: the bytes around them may share a page with
    // other allocations.
    const std::uint64_t parts = (last - first) / kHuge;
    for_each_part(parts, [&](std::size_t i) {
      madvise(base + first + i * kHuge, kHuge, MADV_POPULATE_WRITE);
    });
  }
#endif
#endif
  out.resize(count, T{});
  return out;
}

}  // namespace catmouse::detail
