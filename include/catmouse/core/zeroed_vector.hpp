// ZeroedVector<T>: a std::vector of a trivial type whose memory comes zeroed from the system, for
// the arrays of tens or thousands of megabytes a solve fills (its tables, bit matrices and
// remoteness words).
//
// A std::vector<T>(count) writes count zeros over memory that the system has just zeroed, on one
// thread; ZeroedAllocator gets its memory zeroed (calloc, or, from 2 MiB, a mapping of its own
// aligned to 2 MiB and advised as transparent huge pages) and value-initialises an element by
// writing nothing. So ZeroedVector<T>(count) costs no pass over the memory: pages are faulted in
// by whoever first writes them (a solver's threads, in parallel), 2 MiB at a time where the system
// offers huge pages.
//
// The one difference from std::vector: an element re-created in place without a value (resize()
// after a shrink, within the capacity) keeps the bits it had. The arrays this is for are sized
// once; give a value (resize(n, 0), assign) to reuse one.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace catmouse {

namespace detail {
// `bytes` of zeroed memory (never null; std::bad_alloc when the system has none), and its release.
void* allocate_zeroed(std::size_t bytes);
void free_zeroed(void* memory, std::size_t bytes) noexcept;
}  // namespace detail

template <class T>
class ZeroedAllocator {
  static_assert(std::is_trivial_v<T>, "zeroed memory is a value of trivial types only");

 public:
  using value_type = T;

  ZeroedAllocator() noexcept = default;
  // Implicit, as std::allocator's: containers and user code convert rebound allocators freely.
  template <class U>
  // NOLINTNEXTLINE(google-explicit-constructor)
  ZeroedAllocator(const ZeroedAllocator<U>& /*other*/) noexcept {}

  T* allocate(std::size_t count) {
    if (count > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(detail::allocate_zeroed(count * sizeof(T)));
  }
  void deallocate(T* memory, std::size_t count) noexcept {
    detail::free_zeroed(memory, count * sizeof(T));
  }

  // Value-initialisation: the memory already holds zeros.
  template <class U>
  void construct(U* /*at*/) noexcept {}
  template <class U, class... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }

  template <class U>
  friend bool operator==(const ZeroedAllocator& /*a*/, const ZeroedAllocator<U>& /*b*/) noexcept {
    return true;
  }
};

template <class T>
using ZeroedVector = std::vector<T, ZeroedAllocator<T>>;

}  // namespace catmouse
