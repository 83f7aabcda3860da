// The Cat and Mouse table of one small graph and hole, for the Cat and Mouse census
// (docs/census.md): every state of a board of at most 16 nodes, mouse to move and cat to move,
// solved with no allocation and no Game built, since a 10-node census solves 117 million tables
// and an 11-node one 11 billion. A win takes the fastest win and a loss the slowest loss, as every
// engine of the library does; the tests check every state against solve_reference().
//
// The table is four 16 x 16 bit matrices: for each side to move, the states the mouse wins and
// those the cat wins, one row of 16 bits per mouse node m (a bit per cat node c). Retrograde
// analysis decides them level by level, level r deciding exactly the states of remoteness r from
// the states decided before it; each level is two boolean matrix products, all rows at once in
// SIMD registers (one 16-bit lane per row) and no branch but the loop's:
//  - mouse to move: "some move reaches a mouse win" is the OR, over the neighbours m' of m, of
//    row m' of the cat-to-move mouse wins, and "every move reaches a cat win" the complement of
//    the same OR over the rows of the cat-to-move states not won by the cat; for each node j,
//    row j is broadcast to every lane and masked by the lanes of j's neighbours;
//  - cat to move: the cat's move changes the bit within the row, so "some move reaches a cat
//    win" is the union of the neighbourhoods of the row's cat wins (mouse to move), and "every
//    move reaches a mouse win" the complement of the union of the neighbourhoods of the rest:
//    for each node j, the lanes holding bit j take j's neighbourhood.
// Each level keeps the rows of the mouse-to-move states it decided, for remoteness() and the
// summary's longest wins; a cat-to-move state's remoteness follows from its children's.
// On x86-64 with AVX2 at run time, the 16 rows fill one 256-bit register (the build's own
// target, SSE up to x86-64-v2, takes two 128-bit ones); both give the same tables.
// Internal to the census library.
#pragma once

#include <array>
#include <cstdint>

#include "catmouse/core/rules.hpp"
#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

// What the census counts of one table: the placements of a mouse on m != hole and a cat on
// c != hole, m, mouse to move ((n - 1)(n - 2) of them).
struct MouseTableSummary {
  // The placements by value, indexed by Value's codes: draws, mouse wins, cat wins.
  std::array<std::uint32_t, 3> placements{};
  // The longest win of one side: the greatest remoteness of a placement it wins, and the first
  // placement in (mouse, cat) order with that remoteness. All zero when the side wins nothing
  // (placements[v] == 0 tells it from a win in 0 plies, possible only for the cat against a
  // stuck mouse under StuckRule::kLose).
  struct Longest {
    std::uint16_t plies = 0;
    NodeId mouse = 0, cat = 0;
    friend bool operator==(const Longest&, const Longest&) = default;
  };
  std::array<Longest, 3> longest{};  // [1] the mouse's, [2] the cat's; [0] unused
  friend bool operator==(const MouseTableSummary&, const MouseTableSummary&) = default;
};

class MouseKernel {
 public:
  static constexpr NodeId kMaxNodes = 16;
  static constexpr std::uint16_t kNoRemoteness = 0xFFFF;  // a draw's remoteness()

  // Which instructions solve(): kAuto the widest the processor has (AVX2 on x86-64), kBaseline
  // those of the build's target only (for the tests, which compare the two).
  enum class Simd : std::uint8_t { kAuto, kBaseline };
  explicit MouseKernel(Simd simd = Simd::kAuto);

  // Solves the game on `graph` with the hole at `hole`, under the default rules otherwise (mouse
  // first, the cat kept out of the hole, a repeated position a draw) and `stuck` for a player
  // with no move. `graph` must be simple and undirected (symmetric rows, no loops) with at most
  // kMaxNodes nodes, and hole < node_count; anything else is undefined. Solving the same graph
  // again (its other holes, the other stuck rule) reuses what solve() derived from it.
  void solve(const SmallGraph& graph, NodeId hole, StuckRule stuck);

  // The value (0 draw, 1 mouse, 2 cat: Value's codes) and remoteness of the state with the mouse
  // on m and the cat on c (m, c < node_count, c != hole), `turn` to move. remoteness() is
  // kNoRemoteness for a draw; it scans the levels (a few dozen at most on 10 nodes).
  std::uint8_t value(NodeId m, NodeId c, Side turn = Side::kMouse) const {
    const auto t = static_cast<unsigned>(turn);
    return static_cast<std::uint8_t>(((mouse_wins_[t][m] >> c) & 1u) |
                                     (((cat_wins_[t][m] >> c) & 1u) << 1));
  }
  std::uint16_t remoteness(NodeId m, NodeId c, Side turn = Side::kMouse) const;

  // The counts and longest wins of the placements (mouse to move), without a loop over them.
  MouseTableSummary summary() const;

 private:
  using Rows = std::array<std::uint16_t, kMaxNodes>;
  // Every level decides a state or is the last: at most one per state, and level 0.
  static constexpr std::size_t kMaxLevels = 2 * kMaxNodes * kMaxNodes + 2;

  void prepare_graph(const SmallGraph& graph);
  // The levels, with `registers` SIMD vectors of type Vector per matrix
  // (mouse_kernel_levels.hpp).
  template <class Vector, int registers>
  void solve_rows(NodeId hole, StuckRule stuck);
  // The levels in one 256-bit vector (mouse_kernel_wide.cpp), compiled for AVX2 when
  // wide_compiled().
  void solve_wide(NodeId hole, StuckRule stuck);
  static bool wide_compiled();
  std::uint16_t mouse_remoteness(NodeId m, NodeId c) const;

  bool wide_ = false;  // solve_wide() may run

  // The graph: its rows, and for each node j the lanes of its neighbours (0xFFFF in lane m when
  // m is one), as the mouse's product masks the rows it broadcasts.
  NodeId n_ = 0;
  Rows adjacency_{};
  std::array<Rows, kMaxNodes> neighbour_lanes_{};
  std::uint32_t isolated_ = 0, leaves_ = 0;

  // The table of one hole: per side to move (Side's codes) and mouse node, the cat nodes won.
  NodeId hole_ = 0;
  std::uint32_t valid_ = 0;       // the cat's nodes: all but the hole
  std::uint32_t cat_mobile_ = 0;  // the cat's nodes with a move
  std::array<Rows, 2> mouse_wins_{}, cat_wins_{};
  // The mouse-to-move states decided at each level, levels_ of them.
  std::array<Rows, kMaxLevels> decided_{};
  std::uint16_t levels_ = 0;
  std::array<std::uint16_t, 3> last_level_{};  // the last level deciding a placement, by winner
};

}  // namespace catmouse::census
