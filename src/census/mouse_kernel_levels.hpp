// The level loop of MouseKernel (mouse_kernel.hpp) as a template over the SIMD vector that holds
// the rows, with its helpers: included by mouse_kernel.cpp, which instantiates it for the build's
// own target (128-bit vectors), and by mouse_kernel_wide.cpp, compiled for AVX2 (256-bit), so that
// each instantiation is compiled for one target only. Internal to the census library.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "mouse_kernel.hpp"

namespace catmouse::census {

namespace rows_simd {

constexpr unsigned kMouseToMove = static_cast<unsigned>(Side::kMouse);
constexpr unsigned kCatToMove = static_cast<unsigned>(Side::kCat);

// Rows as 16-bit lanes: 8 in 128 bits, 16 in 256; signed for the arithmetic shift.
using Lanes8 = std::uint16_t __attribute__((vector_size(16)));
using Lanes16 = std::uint16_t __attribute__((vector_size(32)));
template <class Vector>
struct SignedLanes;
template <>
struct SignedLanes<Lanes8> {
  using Type = std::int16_t __attribute__((vector_size(16)));
};
template <>
struct SignedLanes<Lanes16> {
  using Type = std::int16_t __attribute__((vector_size(32)));
};
template <class Vector>
constexpr int kLanes = sizeof(Vector) / sizeof(std::uint16_t);

constexpr std::array<std::uint16_t, 16> kLaneBits = {
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768};

// Every lane of `v` all ones where its top bit is set, else zero.
template <class Vector>
[[gnu::always_inline]] inline Vector spread_sign(Vector v) {
  using Signed = typename SignedLanes<Vector>::Type;
  return reinterpret_cast<Vector>(reinterpret_cast<Signed>(v) >> 15);
}
template <class Vector>
[[gnu::always_inline]] inline Vector load(const std::uint16_t* from) {
  Vector v;
  std::memcpy(&v, from, sizeof v);
  return v;
}
template <class Vector>
[[gnu::always_inline]] inline void store(std::uint16_t* to, Vector v) {
  std::memcpy(to, &v, sizeof v);
}
template <class Vector>
[[gnu::always_inline]] inline Vector broadcast(std::uint32_t bits) {
  return Vector{} + static_cast<std::uint16_t>(bits);
}
// Register k of rows: lane l all ones when bit k * lanes + l of `rows` is set.
template <class Vector>
[[gnu::always_inline]] inline Vector lanes_of(std::uint32_t rows, int k) {
  const Vector bits = load<Vector>(kLaneBits.data());
  return reinterpret_cast<Vector>((broadcast<Vector>(rows >> (kLanes<Vector> * k)) & bits) != 0);
}
template <class Vector>
[[gnu::always_inline]] inline bool any(Vector v) {
  std::array<std::uint64_t, sizeof(Vector) / 8> words;
  std::memcpy(words.data(), &v, sizeof v);
  std::uint64_t all = 0;
  for (std::uint64_t w : words) all |= w;
  return all != 0;
}

}  // namespace rows_simd

// Level 0: the mouse in the hole wins, the cat on the mouse wins, and under StuckRule::kLose a
// stuck player loses (the mouse on an isolated node; the cat whose only neighbour is the hole).
// Then each level from the states decided before it, until one decides nothing.
template <class Vector, int registers>
void MouseKernel::solve_rows(NodeId hole, StuckRule stuck) {
  using V = Vector;
  using namespace rows_simd;
  constexpr int kRows = kLanes<V>;
  const NodeId n = n_;
  const std::uint32_t hole_bit = 1u << hole;
  const std::uint32_t valid = ((1u << n) - 1) & ~hole_bit;
  valid_ = valid;
  cat_mobile_ = valid & ~isolated_ & ~(leaves_ & adjacency_[hole]);
  const bool lose = stuck == StuckRule::kLose;
  const V all_cats = broadcast<V>(valid);
  const V cats_with_moves = broadcast<V>(cat_mobile_);
  const V stuck_cats = lose ? broadcast<V>(valid & ~cat_mobile_) : V{};
  // Per register: the rows played (not the hole's, which level 0 decides whole), the rows whose
  // mouse has a move, and the four matrices.
  V rows[registers], mice_with_moves[registers];
  V mouse0[registers], cat0[registers], mouse1[registers], cat1[registers];
  for (int k = 0; k < registers; ++k) {
    rows[k] = lanes_of<V>(valid, k);
    mice_with_moves[k] = lanes_of<V>(~isolated_, k);
    const V in_hole = lanes_of<V>(hole_bit, k) & all_cats;
    const V caught = load<V>(kLaneBits.data() + kRows * k) & rows[k];  // bit m of row m
    mouse0[k] = in_hole;
    cat0[k] = caught | (lose ? rows[k] & ~mice_with_moves[k] & all_cats : V{});
    mouse1[k] = in_hole | (stuck_cats & rows[k] & ~caught);
    cat1[k] = caught;
    store(decided_[0].data() + kRows * k, mouse0[k] | cat0[k]);
  }
  last_level_ = {};
  const int shift = 16 - static_cast<int>(n);  // bit n - 1 to the sign bit
  alignas(32) Rows cat_turn_mouse_wins, cat_turn_open;
  std::uint16_t level = 1;
  for (;; ++level) {
    // The cat-to-move rows to broadcast: its mouse wins, and its states not won by the cat.
    for (int k = 0; k < registers; ++k) {
      store(cat_turn_mouse_wins.data() + kRows * k, mouse1[k]);
      store(cat_turn_open.data() + kRows * k, all_cats & ~cat1[k]);
    }
    V some_mouse_win[registers] = {}, some_open[registers] = {};
    V some_cat_win[registers] = {}, some_not_mouse_win[registers] = {};
    V cat_wins_left[registers], not_mouse_wins_left[registers];
    for (int k = 0; k < registers; ++k) {
      cat_wins_left[k] = cat0[k] << shift;
      not_mouse_wins_left[k] = (all_cats & ~mouse0[k]) << shift;
    }
    for (int j = static_cast<int>(n) - 1; j >= 0; --j) {
      const V mouse_win = broadcast<V>(cat_turn_mouse_wins[j]);
      const V open = broadcast<V>(cat_turn_open[j]);
      const V neighbourhood = broadcast<V>(adjacency_[j]);
      for (int k = 0; k < registers; ++k) {
        const V neighbours = load<V>(neighbour_lanes_[j].data() + kRows * k);
        some_mouse_win[k] |= mouse_win & neighbours;
        some_open[k] |= open & neighbours;
        // The lanes whose bit j is set (now the sign bit) take j's neighbourhood.
        some_cat_win[k] |= spread_sign(cat_wins_left[k]) & neighbourhood;
        some_not_mouse_win[k] |= spread_sign(not_mouse_wins_left[k]) & neighbourhood;
        cat_wins_left[k] += cat_wins_left[k];
        not_mouse_wins_left[k] += not_mouse_wins_left[k];
      }
    }
    V changed{}, mouse_placements{}, cat_placements{};
    for (int k = 0; k < registers; ++k) {
      const V open0 = rows[k] & all_cats & ~(mouse0[k] | cat0[k]);
      const V new_mouse0 = some_mouse_win[k] & open0;
      const V new_cat0 = ~some_open[k] & mice_with_moves[k] & open0;
      const V open1 = rows[k] & all_cats & ~(mouse1[k] | cat1[k]);
      const V new_cat1 = some_cat_win[k] & open1;
      const V new_mouse1 = ~some_not_mouse_win[k] & cats_with_moves & open1;
      mouse0[k] |= new_mouse0;
      cat0[k] |= new_cat0;
      mouse1[k] |= new_mouse1;
      cat1[k] |= new_cat1;
      store(decided_[level].data() + kRows * k, new_mouse0 | new_cat0);
      mouse_placements |= new_mouse0;
      cat_placements |= new_cat0;
      changed |= new_mouse0 | new_cat0 | new_mouse1 | new_cat1;
    }
    if (any(mouse_placements)) last_level_[1] = level;
    if (any(cat_placements)) last_level_[2] = level;
    if (!any(changed)) break;
  }
  levels_ = level;
  for (int k = 0; k < registers; ++k) {
    store(mouse_wins_[kMouseToMove].data() + kRows * k, mouse0[k]);
    store(cat_wins_[kMouseToMove].data() + kRows * k, cat0[k]);
    store(mouse_wins_[kCatToMove].data() + kRows * k, mouse1[k]);
    store(cat_wins_[kCatToMove].data() + kRows * k, cat1[k]);
  }
}

}  // namespace catmouse::census
