// Zeroed arrays for the kernels (ZeroedVector: memory zeroed by the system, aligned to and advised
// as transparent huge pages from 2 MiB), faulted in on the kernel's threads: a kernel writes all
// over arrays of tens of megabytes, and each first touch of a page is a fault in which the system
// zeroes it. Internal to src/solve.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>

#include "catmouse/core/zeroed_vector.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catmouse::detail {

// Runs part(i) for every i in [0, parts), on several threads at once if it can: a kernel passes
// its worker pool this way, so that the pages of a large array are faulted in by every thread.
using ForEachPart = std::function<void(std::size_t parts, const std::function<void(std::size_t)>&)>;

// Runs every part on the calling thread: for an array that one thread of a kernel sets up.
inline void on_this_thread(std::size_t parts, const std::function<void(std::size_t)>& part) {
  for (std::size_t i = 0; i < parts; ++i) part(i);
}

// `count` zeros. With `for_each_part`, an array of 1 MiB or more is faulted in 2 MiB parts on its
// threads (MADV_POPULATE_WRITE, Linux 5.14; older kernels refuse it and the pages are faulted in
// where they are first written instead): the system zeroes each fresh page on the faulting core,
// so faulting an array in on one thread leaves the others waiting (the measured share of a deep
// game's solve is in docs/performance.md).
template <class T>
ZeroedVector<T> zeroed_array(std::uint64_t count, const ForEachPart& for_each_part = {}) {
  ZeroedVector<T> out(count);
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  constexpr std::uint64_t kPart = std::uint64_t{1} << 21;
  constexpr std::uint64_t kParallelBytes = std::uint64_t{1} << 20;
  const std::uint64_t bytes = count * sizeof(T);
  if (for_each_part && bytes >= kParallelBytes) {
    // The array starts on a 2 MiB boundary (zeroed_vector.hpp); the last part may be shorter.
    auto* const base = reinterpret_cast<char*>(out.data());
    const std::uint64_t parts = (bytes + kPart - 1) / kPart;
    for_each_part(parts, [&](std::size_t i) {
      const std::uint64_t first = i * kPart;
      const std::uint64_t length = std::min(kPart, bytes - first) & ~std::uint64_t{4095};
      if (length > 0) madvise(base + first, length, MADV_POPULATE_WRITE);
    });
  }
#endif
  return out;
}

}  // namespace catmouse::detail
