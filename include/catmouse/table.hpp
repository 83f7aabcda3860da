// A solved game: the value and remoteness of every state, indexed by StateSpace. Remoteness is
// the number of plies to the end under optimal play (the winner takes the fastest win, the loser
// the slowest loss); 0 at finished positions; none for draws and for states the rules exclude.
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
  // All states start as draws with no remoteness.
  explicit Table(NodeId node_count)
      : space_(node_count), values_(space_.size(), 0), remoteness_(space_.size(), kNoRemoteness) {}

  const StateSpace& space() const { return space_; }
  NodeId node_count() const { return space_.node_count(); }
  StateIndex state_count() const { return space_.size(); }

  Value value(StateIndex i) const { return static_cast<Value>(values_[i]); }
  Value value(const State& s) const { return value(space_.index(s)); }
  // kNoRemoteness for draws.
  std::uint32_t remoteness_raw(StateIndex i) const { return remoteness_[i]; }
  std::optional<std::uint32_t> remoteness(const State& s) const {
    const std::uint32_t r = remoteness_[space_.index(s)];
    return r == kNoRemoteness ? std::nullopt : std::optional<std::uint32_t>(r);
  }

  void set(StateIndex i, Value value, std::uint32_t remoteness) {
    values_[i] = static_cast<std::uint8_t>(value);
    remoteness_[i] = remoteness;
  }

  // Bytes held by the table's arrays.
  std::uint64_t memory_bytes() const {
    return values_.size() * sizeof(std::uint8_t) + remoteness_.size() * sizeof(std::uint32_t);
  }

  friend bool operator==(const Table&, const Table&) = default;

 private:
  StateSpace space_;
  std::vector<std::uint8_t> values_;
  std::vector<std::uint32_t> remoteness_;
};

}  // namespace catmouse
