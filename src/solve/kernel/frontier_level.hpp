// The frontier kernel's level (internal; included by frontier_kernel.hpp only): the two steps
// of a level of one attractor, each row of a step visited by one thread (step_level shares the
// rows out), so that a row is written by that thread only.
#pragma once

#include <bit>
#include <utility>
#include <vector>

#include "solve/kernel/frontier_kernel.hpp"

namespace catmouse::detail {

// A level of attractor a, in two steps, each row of a step on one thread. First the
// opponent-to-move states of row x whose every move now wins (x has own states of the last
// level)...
template <class W, bool kPartial>
void FrontierKernel<W, kPartial>::join_every_move(Attractor& a, NodeId x, unsigned thread,
                                                  W stamp) {
  if (!a.row_open[x]) return;
  const WordProgram& program = plan_.every_move[1 - a.player];
  std::vector<std::uint64_t>& marks = a.marks[thread];
  a.own_new.for_each_word(x, [&](std::uint64_t w) {
    for (NodeId k : program.readers.of(static_cast<NodeId>(w))) {
      marks[k >> 6] |= std::uint64_t{1} << (k & 63);
    }
  });
  const std::uint64_t* won = a.own_won.row(x);
  const std::uint64_t* other = a.other_won.row(x);
  for (std::uint64_t m = 0; m < marks.size(); ++m) {
    for (std::uint64_t bits = std::exchange(marks[m], 0); bits != 0; bits &= bits - 1) {
      const std::uint64_t k = 64 * m + std::countr_zero(bits);
      std::uint64_t every = a.opponent_moves[k] & ~other[k];
      for (const WordProgram::Entry& e : program.of(k)) {
        if (every == 0) break;
        every &= ~e.mask | window(won, e.start);
      }
      every &= open(a, x, k);
      if (every != 0) join_other(a, a.other_next, x, k, every, stamp, thread);
    }
  }
}

// ... then the own states of the rows with a move to a new opponent-to-move state of the last
// level: those rows, each once, into a.candidates (their count returned) ...
template <class W, bool kPartial>
std::size_t FrontierKernel<W, kPartial>::list_candidates(Attractor& a, std::uint64_t& words) {
  for (NodeId x : a.candidates) a.candidate[x] = 0;
  a.candidates.clear();
  const MoveTable& into = plan_.reverse[a.player];
  for (NodeId child : a.other_new.rows()) {
    if (parallel_) words += a.other_new.words(child) * into.of(child).size();
    for (NodeId x : into.of(child)) {
      if (a.candidate[x] || !owns(x) || !a.row_open[x]) continue;
      a.candidate[x] = 1;
      a.candidates.push_back(x);
    }
  }
  return a.candidates.size();
}

// ... each of which gathers what its moves reach (so that only its own thread writes row x) ...
template <class W, bool kPartial>
void FrontierKernel<W, kPartial>::join_some_move(Attractor& a, NodeId x, unsigned thread, W stamp) {
  std::uint64_t* won = a.own_won.row(x);
  for (NodeId child : plan_.moves[a.player].of(x)) {
    if (!owns(child) || !a.other_new.listed(child)) continue;  // others': join_remote
    const std::uint64_t* fresh = a.other_new.row(child);
    a.other_new.for_each_word(child, [&](std::uint64_t w) {
      const std::uint64_t bits = fresh[w] & ~won[w] & open(a, x, w);
      if (bits != 0) join_own(a, x, w, bits, stamp, thread);
    });
  }
}

// ... and (kPartial) from the new opponent-to-move states other processes found, on this thread.
template <class W, bool kPartial>
template <class Remote>
void FrontierKernel<W, kPartial>::join_remote(Attractor& a, W stamp, const Remote& remote) {
  const MoveTable& into = plan_.reverse[a.player];
  remote(a.player, [&](NodeId child, const auto& words) {
    if (!a.reaches_here[child]) return;
    for (NodeId x : into.of(child)) {
      if (!owns(x) || !a.row_open[x]) continue;
      std::uint64_t* won = a.own_won.row(x);
      words([&](std::uint64_t w, std::uint64_t fresh) {
        const std::uint64_t bits = fresh & ~won[w] & open(a, x, w);
        if (bits != 0) join_own(a, x, w, bits, stamp);
      });
    }
  });
}

}  // namespace catmouse::detail
