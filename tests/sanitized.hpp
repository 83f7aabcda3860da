// Whether the tests are built with AddressSanitizer or ThreadSanitizer. Such a build reserves
// terabytes of address space for its shadow memory (no `ulimit -v` then), adds that memory and the
// quarantine of freed blocks to every process's resident set, and runs several times slower: the
// tests that measure memory skip or widen their bounds, and the long random sweeps take a sample
// (the release run takes them whole; a memory error shows in any game, not only in the 30,000th).
#pragma once

namespace test_build {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// `count` in a release build, a quarter of it (at least one) under a sanitizer.
inline constexpr int sample_of(int count) {
  return kSanitized ? (count + 3) / 4 : count;
}

}  // namespace test_build
