#include "catmouse/solve/table.hpp"

#include <cassert>

namespace catmouse {

namespace {

std::size_t words_for(StateIndex bits) {
  return static_cast<std::size_t>((bits + 63) / 64);
}

}  // namespace

Table::Table(NodeId node_count)
    : space_(node_count), mouse_(words_for(space_.size())), r32_(space_.size()) {}

Table::Table(StateSpace space, ZeroedVector<std::uint64_t> mouse_wins,
             ZeroedVector<std::uint64_t> decided, ZeroedVector<std::uint16_t> r16,
             ZeroedVector<std::uint32_t> r32)
    : space_(std::move(space)),
      mouse_(std::move(mouse_wins)),
      decided_(std::move(decided)),
      r16_(std::move(r16)),
      r32_(std::move(r32)) {
  assert(mouse_.size() == words_for(space_.size()));
  assert(!decided_.empty() + !r16_.empty() + !r32_.empty() == 1);
}

void Table::set(StateIndex i, Value value, std::uint32_t remoteness) {
  assert(!r32_.empty() && (value == Value::kDraw || remoteness < kDecided32));
  const std::uint64_t mask = std::uint64_t{1} << (i & 63);
  mouse_[i >> 6] &= ~mask;
  if (value == Value::kMouseWin) mouse_[i >> 6] |= mask;
  r32_[i] = value == Value::kDraw ? 0 : kDecided32 | remoteness;
}

std::uint64_t Table::memory_bytes() const {
  return (decided_.size() + mouse_.size()) * sizeof(std::uint64_t) +
         r16_.size() * sizeof(std::uint16_t) + r32_.size() * sizeof(std::uint32_t);
}

bool operator==(const Table& a, const Table& b) {
  if (!(a.space_ == b.space_)) return false;
  for (StateIndex i = 0; i < a.state_count(); ++i) {
    if (a.value(i) != b.value(i) || a.remoteness_raw(i) != b.remoteness_raw(i)) return false;
  }
  return true;
}

}  // namespace catmouse
