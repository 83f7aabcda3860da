// A one-cat Solution's values and remoteness as flat arrays for NumPy, indexed [turn][mouse][cat]
// (C order, turn 0 = mouse to move). The Table keeps them as a bitset of mouse wins and
// remoteness words whose top bit says "decided", the cat-to-move half by cat rows (StateSpace),
// which NumPy cannot view as numbers; they are decoded once, on first use, and kept with the
// Solution, so that every NumPy array handed out after that is a view of the same memory.
#pragma once

#include <cstdint>
#include <mutex>
#include <variant>
#include <vector>

#include "catmouse/solve/solution.hpp"

namespace catmouse::python {

class DecodedArrays {
 public:
  using Remoteness = std::variant<std::vector<std::int16_t>, std::vector<std::int32_t>>;

  // The value of every state (0 draw, 1 mouse wins, 2 cat wins: LeetCode's codes), under the
  // rules' move limit, as Solution::value gives it. States the rules exclude (the cat on a node
  // it may not enter) are draws.
  const std::vector<std::uint8_t>& values(const Solution& solution);
  // The remoteness of every state, -1 for draws and excluded states: 16-bit when every
  // remoteness fits, else 32-bit. Needs a solution with remoteness.
  const Remoteness& remoteness(const Solution& solution);

 private:
  std::once_flag values_once_, remoteness_once_;
  std::vector<std::uint8_t> values_;
  Remoteness remoteness_;
};

}  // namespace catmouse::python
