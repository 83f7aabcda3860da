// The pack engine's bounds on the joint moves of k cats, which size its buffers and its memory
// estimate (pack_memory() in engines.hpp); the engine itself is pack.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "catmouse/core/game.hpp"

namespace catmouse::detail {

// The most distinct joint moves of one placement the pack engine plays (a 16-bit counter each).
inline constexpr std::uint16_t kMaxJoint = 0xFFFF;

// What product_placements() holds at most: `tuples` multisets (of at most k nodes) in each of its
// three buffers and its order, and `joint` placements in its result.
struct JointBound {
  std::uint64_t tuples = 0;
  std::uint64_t joint = 0;
};

// The bound over both directions: the cats' moves and their reverse moves `back`
// (cat_reverse_moves()).
JointBound joint_bound(const Game& game, const std::vector<std::vector<NodeId>>& back);

// The cats' reverse moves: per node, the nodes a cat moves into it from.
std::vector<std::vector<NodeId>> cat_reverse_moves(const Game& game);

// The most distinct joint moves of the game's cats from one placement, bounded over every
// placement without going through them; with `best`, the placement (sorted nodes) the bound is
// reached for.
std::uint64_t most_cat_joint_moves(const Game& game, std::vector<NodeId>* best = nullptr);

}  // namespace catmouse::detail
