// A solved game: the value and remoteness of every state, indexed by StateSpace. Remoteness is
// the number of plies to the end under optimal play (the winner takes the fastest win, the loser
// the slowest loss); 0 at finished positions; none for draws and for states the rules exclude.
//
// Storage: two bitsets (decided, mouse wins) give the value in 2 bits per state; remoteness, when
// kept, is a 16-bit word per state, or 32-bit when a game needs it. A values-only table keeps no
// remoteness at all. Best moves are never stored (see query.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "catmouse/game.hpp"
#include "catmouse/rules.hpp"

namespace catmouse {

inline constexpr std::uint32_t kNoRemoteness = UINT32_MAX;

class Table {
 public:
  // Remoteness storage: none (values only), 16 or 32 bits per state.
  enum class Remoteness : std::uint8_t { kNone, k16, k32 };

  // All states draws with no remoteness; remoteness stored in 32 bits (for set()).
  explicit Table(NodeId node_count);

  // Assembles a table from an engine's arrays. `decided` and `mouse_wins` are bitsets of
  // state_count bits; exactly one of r16 and r32 is non-empty unless values-only. Entries of
  // undecided states in r16/r32 are ignored.
  Table(StateSpace space, std::vector<std::uint64_t> decided, std::vector<std::uint64_t> mouse_wins,
        std::vector<std::uint16_t> r16, std::vector<std::uint32_t> r32);

  const StateSpace& space() const { return space_; }
  NodeId node_count() const { return space_.node_count(); }
  StateIndex state_count() const { return space_.size(); }
  bool has_remoteness() const { return !r16_.empty() || !r32_.empty(); }

  Value value(StateIndex i) const {
    if (!bit(decided_, i)) return Value::kDraw;
    return bit(mouse_, i) ? Value::kMouseWin : Value::kCatWin;
  }
  Value value(const State& s) const { return value(space_.index(s)); }
  // kNoRemoteness for draws, and for every state of a values-only table.
  std::uint32_t remoteness_raw(StateIndex i) const {
    if (!bit(decided_, i)) return kNoRemoteness;
    if (!r16_.empty()) return r16_[i];
    return r32_.empty() ? kNoRemoteness : r32_[i];
  }
  std::optional<std::uint32_t> remoteness(const State& s) const {
    const std::uint32_t r = remoteness_raw(space_.index(s));
    return r == kNoRemoteness ? std::nullopt : std::optional<std::uint32_t>(r);
  }

  // Sets one state (a draw clears its remoteness). Only for a table built by Table(node_count).
  void set(StateIndex i, Value value, std::uint32_t remoteness);

  // Bytes held by the table's arrays.
  std::uint64_t memory_bytes() const;

  // Same states with the same values and remoteness, whatever the storage.
  friend bool operator==(const Table& a, const Table& b);

 private:
  static bool bit(const std::vector<std::uint64_t>& bits, StateIndex i) {
    return (bits[i >> 6] >> (i & 63)) & 1;
  }

  StateSpace space_;
  std::vector<std::uint64_t> decided_;
  std::vector<std::uint64_t> mouse_;
  std::vector<std::uint16_t> r16_;
  std::vector<std::uint32_t> r32_;
};

}  // namespace catmouse
