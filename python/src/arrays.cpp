#include "arrays.hpp"

#include <algorithm>

namespace catmouse::python {

namespace {

// Writes decode(i) for every state i of a one-cat table into out[turn][mouse][cat]. The
// mouse-to-move half is already in that order; the cat-to-move half (state n^2 + cat * n + mouse)
// is transposed in square blocks so that both sides stay in cache.
template <class T, class Decode>
void fill(NodeId n, T* out, Decode decode) {
  const StateIndex half = StateIndex{n} * n;
  for (StateIndex i = 0; i < half; ++i) out[i] = decode(i);
  constexpr NodeId kBlock = 64;
  for (NodeId c0 = 0; c0 < n; c0 += kBlock) {
    for (NodeId m0 = 0; m0 < n; m0 += kBlock) {
      const NodeId c1 = std::min<NodeId>(n, c0 + kBlock), m1 = std::min<NodeId>(n, m0 + kBlock);
      for (NodeId c = c0; c < c1; ++c) {
        const StateIndex row = half + StateIndex{c} * n;
        for (NodeId m = m0; m < m1; ++m) out[half + StateIndex{m} * n + c] = decode(row + m);
      }
    }
  }
}

// The state's value and remoteness under the rules' move limit, as Solution::value gives them.
StateValue limited(const Table& table, const Rules& rules, StateIndex i) {
  const std::uint32_t raw = table.remoteness_raw(i);
  const StateValue unlimited{
      table.value(i), raw == kNoRemoteness ? std::nullopt : std::optional<std::uint32_t>(raw)};
  return apply_move_limit(unlimited, rules);
}

template <class T>
std::vector<T> decode_remoteness(const Solution& solution) {
  const Table& table = solution.table();
  const Rules& rules = solution.game().rules();
  std::vector<T> out(table.state_count());
  fill(table.node_count(), out.data(), [&](StateIndex i) -> T {
    if (rules.move_limit == 0) {
      const std::uint32_t raw = table.remoteness_raw(i);
      return raw == kNoRemoteness ? T{-1} : static_cast<T>(raw);
    }
    const StateValue value = limited(table, rules, i);
    return value.remoteness ? static_cast<T>(*value.remoteness) : T{-1};
  });
  return out;
}

}  // namespace

const std::vector<std::uint8_t>& DecodedArrays::values(const Solution& solution) {
  std::call_once(values_once_, [&] {
    const Table& table = solution.table();
    const Rules& rules = solution.game().rules();
    values_.resize(table.state_count());
    fill(table.node_count(), values_.data(), [&](StateIndex i) {
      const Value value = rules.move_limit == 0 ? table.value(i) : limited(table, rules, i).value;
      return static_cast<std::uint8_t>(value);
    });
  });
  return values_;
}

const DecodedArrays::Remoteness& DecodedArrays::remoteness(const Solution& solution) {
  std::call_once(remoteness_once_, [&] {
    const Table& table = solution.table();
    // A bound on every remoteness: the table's largest, or the moves left at a move limit.
    std::uint32_t bound = solution.game().rules().move_limit;
    for (StateIndex i = 0; i < table.state_count(); ++i) {
      const std::uint32_t raw = table.remoteness_raw(i);
      if (raw != kNoRemoteness) bound = std::max(bound, raw);
    }
    if (bound <= INT16_MAX) {
      remoteness_ = decode_remoteness<std::int16_t>(solution);
    } else {
      remoteness_ = decode_remoteness<std::int32_t>(solution);
    }
  });
  return remoteness_;
}

}  // namespace catmouse::python
