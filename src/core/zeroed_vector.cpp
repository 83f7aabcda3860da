#include "catmouse/core/zeroed_vector.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catmouse::detail {

namespace {

#if defined(__linux__)
constexpr std::size_t kHuge = std::size_t{1} << 21;
constexpr std::size_t kPage = std::size_t{1} << 12;

// From here on an array gets a mapping of its own: calloc would map one too, but at an address
// 16 bytes past a page, so that no 2 MiB page of the array could be a huge page.
constexpr std::size_t kOwnMapping = std::size_t{1} << 20;

// The bytes of the array's mapping and, of those, the bytes advised as huge pages: whole 2 MiB
// pages, and the last, partial one too when that adds at most 1/64 to the array (a 2.08 MB bit
// matrix is one huge page, not 508 faults of 4 KiB; a 61 MiB array does not grow by 1 MiB).
struct Layout {
  std::size_t mapped, huge;
};
Layout layout(std::size_t bytes) {
  const std::size_t down = bytes & ~(kHuge - 1);
  const std::size_t up = down + kHuge;
  const std::size_t huge = bytes == down ? down : (up - bytes <= bytes / 64 ? up : down);
  const std::size_t pages = (bytes + kPage - 1) & ~(kPage - 1);
  return {std::max(pages, huge), huge};
}
#endif

}  // namespace

void* allocate_zeroed(std::size_t bytes) {
#if defined(__linux__)
  if (bytes >= kOwnMapping) {
    if (bytes > std::size_t{1} << 62) throw std::bad_alloc();
    const auto [length, huge] = layout(bytes);
    // Map 2 MiB more than needed and give back the ends, so that the array starts on a 2 MiB
    // boundary.
    void* mapped =
        mmap(nullptr, length + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::bad_alloc();
    auto* const raw = static_cast<char*>(mapped);
    const auto at = reinterpret_cast<std::uintptr_t>(raw);
    const std::size_t head = ((at + kHuge - 1) & ~(kHuge - 1)) - at;
    char* const start = raw + head;
    if (head > 0) munmap(raw, head);
    if (kHuge - head > 0) munmap(start + length, kHuge - head);
#if defined(MADV_HUGEPAGE)
    if (huge > 0) madvise(start, huge, MADV_HUGEPAGE);
#endif
    return start;
  }
#endif
  void* memory = std::calloc(bytes == 0 ? 1 : bytes, 1);
  if (memory == nullptr) throw std::bad_alloc();
  return memory;
}

void free_zeroed(void* memory, std::size_t bytes) noexcept {
  if (memory == nullptr) return;
#if defined(__linux__)
  if (bytes >= kOwnMapping) {
    munmap(memory, layout(bytes).mapped);
    return;
  }
#endif
  std::free(memory);
}

}  // namespace catmouse::detail
