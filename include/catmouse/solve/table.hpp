// A solved game's values: the value and remoteness of every state, indexed by StateSpace (one cat
// or k cats: every engine's table is one of these). Remoteness is the number of plies to the end
// under optimal play (the winner takes the fastest win, the loser the slowest loss); 0 at
// finished positions; none for draws and for states the rules exclude.
//
// Storage: a bitset of mouse wins, plus either one word per state whose top bit says "decided" and
// whose other bits hold the remoteness (16-bit words, or 32-bit when a game needs more than 32767
// plies), or, for a values-only table, a bitset of decided states. Best moves are never stored
// (Solution::best_move finds them from the children's values, solution.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/core/zeroed_vector.hpp"

namespace catmouse {

inline constexpr std::uint32_t kNoRemoteness = UINT32_MAX;

class Table {
 public:
  // Remoteness storage: none (values only), 16 or 32 bits per state.
  enum class Remoteness : std::uint8_t { kNone, k16, k32 };

  // All states draws with no remoteness; remoteness stored in 32 bits (for set()).
  explicit Table(NodeId node_count);

  // Assembles a table from an engine's arrays: `mouse_wins` is a bitset of state_count bits, and
  // exactly one of the others is non-empty: `decided` (a bitset; values only), or r16 / r32 (top
  // bit decided, the rest remoteness; the rest is ignored for undecided states).
  // The arrays are ZeroedVectors, so that an engine can hand over what it solved in without a copy.
  Table(StateSpace space, ZeroedVector<std::uint64_t> mouse_wins,
        ZeroedVector<std::uint64_t> decided, ZeroedVector<std::uint16_t> r16,
        ZeroedVector<std::uint32_t> r32);

  static constexpr std::uint16_t kDecided16 = 0x8000;
  static constexpr std::uint32_t kDecided32 = 0x80000000;

  const StateSpace& space() const { return space_; }
  NodeId node_count() const { return space_.node_count(); }
  StateIndex state_count() const { return space_.size(); }
  bool has_remoteness() const { return !r16_.empty() || !r32_.empty(); }

  bool decided(StateIndex i) const {
    if (!r16_.empty()) return r16_[i] & kDecided16;
    if (!r32_.empty()) return r32_[i] & kDecided32;
    return bit(decided_, i);
  }
  Value value(StateIndex i) const {
    if (!decided(i)) return Value::kDraw;
    return bit(mouse_, i) ? Value::kMouseWin : Value::kCatWin;
  }
  Value value(const State& s) const { return value(space_.index(s)); }
  // Any number of cats; a position outside the space is a draw.
  Value value(const Position& p) const {
    const auto i = space_.index(p);
    return i ? value(*i) : Value::kDraw;
  }
  // kNoRemoteness for draws, and for every state of a values-only table.
  std::uint32_t remoteness_raw(StateIndex i) const {
    if (!r16_.empty()) return r16_[i] & kDecided16 ? r16_[i] & ~kDecided16 : kNoRemoteness;
    if (!r32_.empty()) return r32_[i] & kDecided32 ? r32_[i] & ~kDecided32 : kNoRemoteness;
    return kNoRemoteness;
  }
  std::optional<std::uint32_t> remoteness(const State& s) const {
    const std::uint32_t r = remoteness_raw(space_.index(s));
    return r == kNoRemoteness ? std::nullopt : std::optional<std::uint32_t>(r);
  }

  std::optional<std::uint32_t> remoteness(const Position& p) const {
    const auto i = space_.index(p);
    const std::uint32_t r = i ? remoteness_raw(*i) : kNoRemoteness;
    return r == kNoRemoteness ? std::nullopt : std::optional<std::uint32_t>(r);
  }

  // Sets one state (a draw clears its remoteness). Only for a table built by Table(node_count).
  void set(StateIndex i, Value value, std::uint32_t remoteness);

  // Bytes held by the table's arrays.
  std::uint64_t memory_bytes() const;

  // Same states with the same values and remoteness, whatever the storage.
  friend bool operator==(const Table& a, const Table& b);

 private:
  static bool bit(const ZeroedVector<std::uint64_t>& bits, StateIndex i) {
    return (bits[i >> 6] >> (i & 63)) & 1;
  }

  StateSpace space_;
  ZeroedVector<std::uint64_t> mouse_;
  ZeroedVector<std::uint64_t> decided_;
  ZeroedVector<std::uint16_t> r16_;
  ZeroedVector<std::uint32_t> r32_;
};

}  // namespace catmouse
