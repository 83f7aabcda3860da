// k cats (a pack), and with them cops and robbers. A state is (mouse node, the cats' nodes, side
// to move). The cats are interchangeable, so the cats' nodes are kept as a sorted multiset: with
// a nodes the cats may enter there are C(a + k - 1, k) of them instead of a^k ordered tuples
// (about k! times fewer states).
//
// The engine is retrograde analysis level by level, as for one cat, with the per-state work of a
// counter engine: a cats' position is decided for the mouse when a counter of its distinct joint
// moves runs out, a mouse position for the cat when every mouse move leads to a cat win.
//
// Cost: time O(states * (d + 1)^k) for maximum degree d (each decided mouse position is pushed to
// the distinct cats' positions that reach it); memory per state 2 bytes of remoteness, 3 bits
// (decided, mouse win, pending) and, for the cats' half, a 2-byte counter, plus the cats' multisets
// (4k bytes each); pack_memory_estimate() gives that total. The lists of one level's decided
// states come on top (8 bytes per state decided in the level).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/solve/solver.hpp"

namespace catmouse {

// A position with k cats; `cats` sorted increasingly.
struct PackState {
  NodeId mouse;
  std::vector<NodeId> cats;
  Side turn;
  friend bool operator==(const PackState&, const PackState&) = default;
};

// The solved game: value and remoteness of every state.
class PackTable {
 public:
  std::uint32_t cats() const { return k_; }
  NodeId node_count() const { return n_; }
  std::uint64_t config_count() const { return config_count_; }
  std::uint64_t state_count() const { return 2 * config_count_ * n_; }
  // The index of a sorted multiset of nodes the cats may enter; nullopt otherwise.
  std::optional<std::uint64_t> config_index(std::span<const NodeId> cats) const;
  std::span<const NodeId> config(std::uint64_t index) const {
    return {configs_.data() + index * k_, k_};
  }
  Value value(const PackState& s) const;
  std::optional<std::uint32_t> remoteness(const PackState& s) const;  // none for a draw
  Value value(Side turn, std::uint64_t config, NodeId mouse) const;
  std::optional<std::uint32_t> remoteness(Side turn, std::uint64_t config, NodeId mouse) const;
  std::uint64_t memory_bytes() const;

 private:
  friend class PackSolver;
  std::uint64_t at(Side turn, std::uint64_t config, NodeId mouse) const {
    return (static_cast<std::uint64_t>(turn) * config_count_ + config) * n_ + mouse;
  }
  std::uint32_t k_ = 0;
  NodeId n_ = 0;
  std::uint64_t config_count_ = 0;
  std::vector<NodeId> rank_;                        // node -> rank among cat nodes, or n
  std::vector<std::vector<std::uint64_t>> binom_;   // binom_[i][s] = C(s, i + 1)
  std::vector<NodeId> configs_;                     // config_count_ * k nodes
  std::vector<std::uint64_t> decided_, mouse_win_;  // bit per state
  std::vector<std::uint16_t> remoteness_;           // per state
};

// Bytes solve_pack() allocates for k = rules.cats cats.
std::uint64_t pack_memory_estimate(const Game& game);

// Solves every state of a game with rules.cats >= 1 cats (Rules says how they move). Fails when
// the estimate exceeds options.memory_limit (before allocating) or a remoteness passes 65535.
Result<PackTable> solve_pack(const Game& game, const SolveOptions& options = {});

// The value of a finished position with k cats (Game::outcome's rules, any cat counting), else
// nullopt.
std::optional<Value> pack_outcome(const Game& game, NodeId mouse, std::span<const NodeId> cats);

// The start: the mouse start, the cats on rules.cat_starts (or all on cat_start), sorted.
PackState pack_start(const Rules& rules);

}  // namespace catmouse
