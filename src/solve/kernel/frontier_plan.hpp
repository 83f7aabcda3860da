// The frontier kernel's plan of a game (internal): the breadth-first relabelling, each player's
// moves and reverse moves in the new labels, the word programs, and the rows one process of a
// distributed solve holds.
#pragma once

#include <algorithm>
#include <vector>

#include "catmouse/core/game.hpp"
#include "solve/kernel/node_order.hpp"

namespace catmouse::detail {

// What the frontier kernel needs from the graph, built once per game: the relabelling, each
// player's moves and reverse moves in the new labels, and the word programs of "every move of
// this player lands on a won state".
struct FrontierPlan {
  NodeOrder order;
  MoveTable moves[2];  // [0] the mouse's, [1] the cat's
  MoveTable reverse[2];
  WordProgram every_move[2];

  // Program entries per 64 nodes, the larger of the two players': the cost of evaluating one
  // word of "every move wins", in windows.
  double entries_per_word() const {
    const double words = static_cast<double>(every_move[0].offsets.size() - 1);
    return static_cast<double>(
               std::max(every_move[0].entries.size(), every_move[1].entries.size())) /
           std::max(1.0, words);
  }
};

inline FrontierPlan make_frontier_plan(const Game& game) {
  FrontierPlan plan;
  const NodeId n = game.node_count();
  plan.order = locality_order(game);
  plan.moves[0] = relabelled_moves(n, plan.order, [&](NodeId v) { return game.mouse_moves(v); });
  plan.moves[1] = relabelled_moves(n, plan.order, [&](NodeId v) { return game.cat_moves(v); });
  for (int p = 0; p < 2; ++p) {
    plan.reverse[p] = reversed(plan.moves[p], n);
    plan.every_move[p] = word_program(plan.moves[p], n);
  }
  return plan;
}

// The rows of the kernel's labels that one process of a distributed solve holds (src/mpi):
// first .. last - 1 of both attractors and of the remoteness in both halves, first a multiple of
// 64 so that each word of columns belongs to one process. A process reads only its own rows; the
// rows another process needs from it (docs/distributed.md) go there between levels.
struct RowRange {
  NodeId first = 0;
  NodeId last = 0;
};

}  // namespace catmouse::detail
