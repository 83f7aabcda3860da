// Sixteen lanes of 16 bits, one per node of a graph of at most 16 nodes, for the kernels of
// tiny_kernel.hpp: one 256-bit vector where the translation unit is compiled for AVX2
// (tiny_kernel_avx2.cpp), two of 128 bits with SSE4.1 (the build's x86-64-v2), sixteen words
// elsewhere. A lane's 16 bits
// are a set of nodes (bit v: node v), so a whole graph's closed neighbourhoods fit in one Lanes.
//
// Each instruction set has a type of its own (LanesAvx2, LanesSse41, LanesWords; each unit defines
// those its instruction set has, and Lanes is the widest), and everything written over them is a
// template on it: a unit compiled for AVX2 that uses LanesAvx2 alone never shares an inline
// function with the others, which the linker could pick from either. For the same reason the
// kernels use compiler builtins, not <bit>. The narrower types stay testable on any machine.
#pragma once

#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE4_1__)
#include <smmintrin.h>
#endif

namespace catmouse::tiny {

using Mask = std::uint32_t;  // a set of nodes (bit v: node v), 16 bits used

struct LanesWords {
  std::uint16_t x[16];

  template <class F>
  static LanesWords each(F f) {
    LanesWords l;
    for (int i = 0; i < 16; ++i) l.x[i] = static_cast<std::uint16_t>(f(i));
    return l;
  }
  static LanesWords splat(Mask s) {
    return each([&](int) { return s; });
  }
  static LanesWords load(const std::uint16_t* p) {
    return each([&](int i) { return p[i]; });
  }
  void store(std::uint16_t* p) const {
    for (int i = 0; i < 16; ++i) p[i] = x[i];
  }
  static LanesWords narrow(const std::uint64_t* w) {
    return each([&](int i) { return w[i]; });
  }
  friend LanesWords operator&(LanesWords a, LanesWords b) {
    return each([&](int i) { return a.x[i] & b.x[i]; });
  }
  friend LanesWords operator|(LanesWords a, LanesWords b) {
    return each([&](int i) { return a.x[i] | b.x[i]; });
  }
  friend LanesWords operator+(LanesWords a, LanesWords b) {
    return each([&](int i) { return a.x[i] + b.x[i]; });
  }
  friend LanesWords operator-(LanesWords a, LanesWords b) {
    return each([&](int i) { return a.x[i] - b.x[i]; });
  }
  friend LanesWords operator~(LanesWords a) {
    return each([&](int i) { return ~a.x[i]; });
  }
  friend LanesWords operator>>(LanesWords a, int s) {
    return each([&](int i) { return a.x[i] >> s; });
  }
  friend LanesWords equal(LanesWords a, LanesWords b) {
    return each([&](int i) { return a.x[i] == b.x[i] ? 0xffff : 0; });
  }
  friend LanesWords less(LanesWords a, LanesWords b) {
    return each([&](int i) { return a.x[i] < b.x[i] ? 0xffff : 0; });
  }
  Mask bits() const {
    Mask m = 0;
    for (int i = 0; i < 16; ++i) m |= x[i] != 0 ? Mask{1} << i : 0;
    return m;
  }
  int least() const {
    int best = 0;
    for (int i = 1; i < 16; ++i) best = x[i] < x[best] ? i : best;
    return best;
  }
};

#if defined(__SSE4_1__)

// For LanesSse41 and LanesAvx2, each instantiated with its own (see above). The low 16 bits of
// eight words, read one by one (a wider load would wait for the stores that wrote them to drain).
template <class Isa>
__m128i narrow_eight(const std::uint64_t* w) {
  const auto pair = [&](int i) {  // words i and i + 1, their low 16 bits
    return _mm_and_si128(
        _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(w + i)),
                           _mm_loadl_epi64(reinterpret_cast<const __m128i*>(w + i + 1))),
        _mm_set1_epi64x(0xffff));
  };
  return _mm_packus_epi32(_mm_packus_epi32(pair(0), pair(2)), _mm_packus_epi32(pair(4), pair(6)));
}

// The lane of the least of sixteen values, the first of equals.
template <class Isa>
int least_of(__m128i lo, __m128i hi) {
  const int l = _mm_cvtsi128_si32(_mm_minpos_epu16(lo));
  const int h = _mm_cvtsi128_si32(_mm_minpos_epu16(hi));
  return (h & 0xffff) < (l & 0xffff) ? 8 + (h >> 16) : l >> 16;
}

struct LanesSse41 {
  using Half = std::uint16_t __attribute__((vector_size(16)));
  Half lo, hi;

  static LanesSse41 splat(Mask s) {
    const Half h = Half{} + static_cast<std::uint16_t>(s);
    return {h, h};
  }
  static LanesSse41 load(const std::uint16_t* p) {
    return {reinterpret_cast<Half>(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
            reinterpret_cast<Half>(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8)))};
  }
  void store(std::uint16_t* p) const {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), reinterpret_cast<__m128i>(lo));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 8), reinterpret_cast<__m128i>(hi));
  }
  static LanesSse41 narrow(const std::uint64_t* w) {
    return {reinterpret_cast<Half>(narrow_eight<LanesSse41>(w)),
            reinterpret_cast<Half>(narrow_eight<LanesSse41>(w + 8))};
  }
  friend LanesSse41 operator&(LanesSse41 a, LanesSse41 b) { return {a.lo & b.lo, a.hi & b.hi}; }
  friend LanesSse41 operator|(LanesSse41 a, LanesSse41 b) { return {a.lo | b.lo, a.hi | b.hi}; }
  friend LanesSse41 operator+(LanesSse41 a, LanesSse41 b) { return {a.lo + b.lo, a.hi + b.hi}; }
  friend LanesSse41 operator-(LanesSse41 a, LanesSse41 b) { return {a.lo - b.lo, a.hi - b.hi}; }
  friend LanesSse41 operator~(LanesSse41 a) { return {~a.lo, ~a.hi}; }
  friend LanesSse41 operator>>(LanesSse41 a, int s) { return {a.lo >> s, a.hi >> s}; }
  friend LanesSse41 equal(LanesSse41 a, LanesSse41 b) {
    return {reinterpret_cast<Half>(a.lo == b.lo), reinterpret_cast<Half>(a.hi == b.hi)};
  }
  friend LanesSse41 less(LanesSse41 a, LanesSse41 b) {
    return {reinterpret_cast<Half>(a.lo < b.lo), reinterpret_cast<Half>(a.hi < b.hi)};
  }
  Mask bits() const {
    const __m128i packed =
        _mm_packs_epi16(reinterpret_cast<__m128i>(lo), reinterpret_cast<__m128i>(hi));
    return static_cast<Mask>(_mm_movemask_epi8(packed));
  }
  int least() const {
    return least_of<LanesSse41>(reinterpret_cast<__m128i>(lo), reinterpret_cast<__m128i>(hi));
  }
};

#endif
#if defined(__AVX2__)

struct LanesAvx2 {
  using Word = std::uint16_t __attribute__((vector_size(32)));
  Word x;

  static LanesAvx2 splat(Mask s) { return {Word{} + static_cast<std::uint16_t>(s)}; }
  static LanesAvx2 load(const std::uint16_t* p) {
    return {reinterpret_cast<Word>(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)))};
  }
  void store(std::uint16_t* p) const {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), reinterpret_cast<__m256i>(x));
  }
  static LanesAvx2 narrow(const std::uint64_t* w) {
    return {reinterpret_cast<Word>(
        _mm256_set_m128i(narrow_eight<LanesAvx2>(w + 8), narrow_eight<LanesAvx2>(w)))};
  }
  friend LanesAvx2 operator&(LanesAvx2 a, LanesAvx2 b) { return {a.x & b.x}; }
  friend LanesAvx2 operator|(LanesAvx2 a, LanesAvx2 b) { return {a.x | b.x}; }
  friend LanesAvx2 operator+(LanesAvx2 a, LanesAvx2 b) { return {a.x + b.x}; }
  friend LanesAvx2 operator-(LanesAvx2 a, LanesAvx2 b) { return {a.x - b.x}; }
  friend LanesAvx2 operator~(LanesAvx2 a) { return {~a.x}; }
  friend LanesAvx2 operator>>(LanesAvx2 a, int s) { return {a.x >> s}; }
  // All ones in the lanes where a == b (a < b), zero elsewhere.
  friend LanesAvx2 equal(LanesAvx2 a, LanesAvx2 b) { return {reinterpret_cast<Word>(a.x == b.x)}; }
  friend LanesAvx2 less(LanesAvx2 a, LanesAvx2 b) { return {reinterpret_cast<Word>(a.x < b.x)}; }
  // The lanes of a comparison's result (all ones or zero each) as bits.
  Mask bits() const {
    const auto v = reinterpret_cast<__m256i>(x);
    const __m128i packed =
        _mm_packs_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return static_cast<Mask>(_mm_movemask_epi8(packed));
  }
  // The lane of the least value, the first of equals.
  int least() const {
    const auto v = reinterpret_cast<__m256i>(x);
    return least_of<LanesAvx2>(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  }
};

#endif

// The widest the translation unit is compiled for.
#if defined(__AVX2__)
using Lanes = LanesAvx2;
#elif defined(__SSE4_1__)
using Lanes = LanesSse41;
#else
using Lanes = LanesWords;
#endif

}  // namespace catmouse::tiny
