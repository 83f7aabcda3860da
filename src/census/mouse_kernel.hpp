// The Cat and Mouse table of one small graph and hole, for the Cat and Mouse census
// (docs/census.md): every state of a board of at most 16 nodes, mouse to move and cat to move,
// solved with no allocation and no Game built, since a 10-node census solves 117 million tables
// and an 11-node one 11 billion. A win takes the fastest win and a loss the slowest loss, as every
// engine of the library does; the tests check every state against solve_reference().
//
// The table is a pair of bit matrices per side to move, one row per mouse node m and one bit per
// cat node c: the states that the mouse wins and those that the cat wins. Retrograde analysis
// decides them level by level (level r = remoteness r), each row as one word operation:
//  - cat to move, row m: the cat's move changes the bit within the row, so "some move reaches a
//    cat win" is the union of the neighbourhoods of the row's cat wins (mouse to move), and
//    "every move reaches a mouse win" the complement of the union of the neighbourhoods of the
//    rest; a union of neighbourhoods is two lookups in tables of the graph (one per half of the
//    nodes), built once per graph and kept for its other holes;
//  - mouse to move, row m: the mouse's move changes the row, so the rows of m's neighbours
//    (cat to move) are ORed (some move reaches a mouse win) and ANDed (every move reaches a cat
//    win) in one pass, the AND kept as the OR of the complements in the upper half of a word.
// A level visits only the rows that can change: cat-to-move rows whose mouse-to-move row changed
// in the last level, and mouse-to-move rows next to a cat-to-move row that changed.
// Each row keeps a log of (level, states decided) for remoteness() and the summary's records,
// at most one entry per level that decides something in the row.
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

  // Solves the game on `graph` with the hole at `hole`, under the default rules otherwise (mouse
  // first, the cat kept out of the hole, a repeated position a draw) and `stuck` for a player
  // with no move. `graph` must be simple and undirected (symmetric rows, no loops) with at most
  // kMaxNodes nodes, and hole < node_count; anything else is undefined. Solving the same graph
  // again (its other holes, the other stuck rule) reuses its lookup tables.
  void solve(const SmallGraph& graph, NodeId hole, StuckRule stuck);

  // The value (0 draw, 1 mouse, 2 cat: Value's codes) and remoteness of the state with the mouse
  // on m and the cat on c (m, c < node_count, c != hole), `turn` to move. remoteness() is
  // kNoRemoteness for a draw and costs a scan of the row's log (at most one entry per level).
  std::uint8_t value(NodeId m, NodeId c, Side turn = Side::kMouse) const {
    const auto t = static_cast<unsigned>(turn);
    return static_cast<std::uint8_t>(((mouse_wins_[t][m] >> c) & 1u) |
                                      (((cat_wins_[t][m] >> c) & 1u) << 1));
  }
  std::uint16_t remoteness(NodeId m, NodeId c, Side turn = Side::kMouse) const;

  // The counts and longest wins of the placements (mouse to move), without a loop over them.
  MouseTableSummary summary() const;

 private:
  static constexpr std::size_t kLogSize = kMaxNodes + 1;  // one spare for a branch-free append
  struct LogEntry {
    std::uint16_t level;
    std::uint16_t decided;
  };
  using Rows = std::array<std::uint32_t, kMaxNodes>;

  void prepare_graph(const SmallGraph& graph);
  void start(NodeId hole, StuckRule stuck);
  void run_levels();
  std::uint32_t neighbourhood(std::uint32_t nodes) const {
    return union_low_[nodes & low_mask_] | union_high_[nodes >> low_bits_];
  }
  void log(unsigned turn, NodeId m, std::uint16_t level, std::uint32_t decided) {
    log_[turn][m][log_count_[turn][m]] = {level, static_cast<std::uint16_t>(decided)};
    log_count_[turn][m] = static_cast<std::uint8_t>(log_count_[turn][m] + (decided != 0));
  }

  // The graph: its rows, and the union of the neighbourhoods of every set of nodes of the low
  // half (bits below low_bits_) and of the high half.
  NodeId n_ = 0;
  Rows adjacency_{};
  std::uint32_t isolated_ = 0, leaves_ = 0;
  unsigned low_bits_ = 0;
  std::uint32_t low_mask_ = 0;
  std::array<std::uint16_t, 256> union_low_{}, union_high_{};

  // The table of one hole: per side to move (Side's codes) and mouse node, the cat nodes won.
  NodeId hole_ = 0;
  std::uint32_t valid_ = 0;       // the cat's nodes: all but the hole
  std::uint32_t cat_mobile_ = 0;  // the cat's nodes with a move
  std::array<Rows, 2> mouse_wins_{}, cat_wins_{};
  // Cat to move, row m: its mouse wins in the low half, its states not won by the cat in the high
  // half, so that one OR over m's neighbours answers both of the mouse's questions.
  Rows gather_{};
  std::array<std::uint16_t, 3> last_level_{};  // the last level deciding a placement, by winner
  std::array<std::array<std::array<LogEntry, kLogSize>, kMaxNodes>, 2> log_{};
  std::array<std::array<std::uint8_t, kMaxNodes>, 2> log_count_{};
};

}  // namespace catmouse::census
