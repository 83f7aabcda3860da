// The frontier kernel's levels, as free functions over its state (frontier_attractors.hpp):
// level 0 from the end states and stuck players, then each level in two steps, each row of a step
// visited by one thread (step_level shares the rows out), so that a row is written by that thread
// only. Internal to src/solve.
//
// The mouse-won states are the mouse's attractor of its winning end states: a mouse-to-move state
// joins at level r + 1 when some mouse move reaches a state that joined at level r; a cat-to-move
// state joins when every cat move reaches a state that has joined, the last at level r. The
// cat's attractor is the same with the roles swapped. In an attractor's rows:
//  - its player's moves change the row: "some move reaches a new state" is the OR of whole rows
//    of new states, pushed to the rows of the nodes that move there (the reverse move lists);
//  - the opponent's moves change the bit: "every move reaches a won state" is evaluated inside a
//    row, 64 states at a time, by a word program (node_order.hpp): a few shifted windows of the
//    won row per word once the nodes are numbered breadth-first.
// A level visits only the rows and words of the previous level's new states (frontier.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "solve/kernel/frontier_attractors.hpp"
#include "solve/kernel/level_zero.hpp"

namespace catmouse::detail::frontier {

// Level 0: the end states and the stuck players (level_zero.hpp), each into the attractor of its
// winner. Rows here are in StateSpace orientation; the attractor whose rows are the other
// player's nodes takes the bits one by one (few: a diagonal, a hole's column). With kPartial,
// a process seeds its own rows, and the columns of other rows that are its attractor rows.
template <class W, bool kPartial>
void seed_level(FrontierAttractors<W, kPartial>& s) {
  using Attractors = FrontierAttractors<W, kPartial>;
  for (FrontierAttractor& a : s.attractor) a.reset_found();
  const Rules& rules = s.game.rules();
  std::vector<std::uint64_t> holes(s.words_per_row, 0), cat_allowed(s.words_per_row, 0),
      all(s.words_per_row, 0);
  for (NodeId y = 0; y < s.n; ++y) {
    const std::uint64_t bit = std::uint64_t{1} << (y & 63);
    const NodeId v = s.plan.order.order[y];
    all[y >> 6] |= bit;
    if (s.game.is_hole(v)) holes[y >> 6] |= bit;
    if (!s.game.cat_forbidden(v)) cat_allowed[y >> 6] |= bit;
  }
  for (int half = 0; half < 2; ++half) {
    const Side side = half == 0 ? Side::kMouse : Side::kCat;
    for (NodeId x = 0; x < s.n; ++x) {
      const NodeId v = s.plan.order.order[x];
      if (half == 1 && s.game.cat_forbidden(v)) continue;
      const bool mine = s.owns(x);
      const bool stuck = s.plan.moves[half].of(x).empty();
      const std::uint64_t w_end = mine ? s.words_per_row : s.last_word;
      for (std::uint64_t w = mine ? 0 : s.first_word; w < w_end; ++w) {
        const std::uint64_t self = (x >> 6) == w ? std::uint64_t{1} << (x & 63) : 0;
        const LevelZeroWord word =
            level_zero_word(rules, side, s.game.is_hole(v), half == 0 ? cat_allowed[w] : all[w],
                            holes[w], self, stuck);
        // The winner whose attractor has rows of this half's row player takes the word whole.
        const std::uint64_t whole = half == 0 ? word.mouse : word.cat;
        const std::uint64_t scattered = half == 0 ? word.cat : word.mouse;
        if (whole != 0 && mine) {
          s.join_own(s.attractor[half], x, w, whole, Attractors::level_word(half, 0));
        }
        for (std::uint64_t b = scattered; b != 0; b &= b - 1) {
          const auto y = static_cast<NodeId>(64 * w + std::countr_zero(b));
          FrontierAttractor& other = s.attractor[1 - half];
          const std::uint64_t bit = std::uint64_t{1} << (x & 63);
          if (s.owns_word(w)) {
            s.join_other(other, other.other_new, y, x >> 6, bit,
                         Attractors::level_word(1 - half, 0));
          } else {  // row y is another process's; the remoteness of row x is this one's
            s.write_remoteness(1 - half, half, y, x >> 6, bit, Attractors::level_word(1 - half, 0));
          }
        }
      }
    }
  }
  for (FrontierAttractor& a : s.attractor) a.sum_found();
}

// A level of attractor a, in two steps, each row of a step on one thread. First the
// opponent-to-move states of row x whose every move now wins (x has own states of the last
// level)...
template <class W, bool kPartial>
void join_every_move(FrontierAttractors<W, kPartial>& s, FrontierAttractor& a, NodeId x,
                     unsigned thread, W stamp) {
  if (!a.row_open[x]) return;
  const WordProgram& program = s.plan.every_move[1 - a.player];
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
      every &= s.open(a, x, k);
      if (every != 0) s.join_other(a, a.other_next, x, k, every, stamp, thread);
    }
  }
}

// ... then the own states of the rows with a move to a new opponent-to-move state of the last
// level: those rows, each once, into a.candidates (their count returned; `words` grows by the
// words they will visit) ...
template <class W, bool kPartial>
std::size_t list_candidates(const FrontierAttractors<W, kPartial>& s, FrontierAttractor& a,
                            std::uint64_t& words) {
  for (NodeId x : a.candidates) a.candidate[x] = 0;
  a.candidates.clear();
  const MoveTable& into = s.plan.reverse[a.player];
  for (NodeId child : a.other_new.rows()) {
    if (s.parallel) words += a.other_new.words(child) * into.of(child).size();
    for (NodeId x : into.of(child)) {
      if (a.candidate[x] || !s.owns(x) || !a.row_open[x]) continue;
      a.candidate[x] = 1;
      a.candidates.push_back(x);
    }
  }
  return a.candidates.size();
}

// ... each of which gathers what its moves reach (so that only its own thread writes row x) ...
template <class W, bool kPartial>
void join_some_move(FrontierAttractors<W, kPartial>& s, FrontierAttractor& a, NodeId x,
                    unsigned thread, W stamp) {
  std::uint64_t* won = a.own_won.row(x);
  for (NodeId child : s.plan.moves[a.player].of(x)) {
    if (!s.owns(child) || !a.other_new.listed(child)) continue;  // others': join_remote
    const std::uint64_t* fresh = a.other_new.row(child);
    a.other_new.for_each_word(child, [&](std::uint64_t w) {
      const std::uint64_t bits = fresh[w] & ~won[w] & s.open(a, x, w);
      if (bits != 0) s.join_own(a, x, w, bits, stamp, thread);
    });
  }
}

// ... and (kPartial) from the new opponent-to-move states other processes found, on this thread.
template <class W, bool kPartial, class Remote>
void join_remote(FrontierAttractors<W, kPartial>& s, FrontierAttractor& a, W stamp,
                 const Remote& remote) {
  const MoveTable& into = s.plan.reverse[a.player];
  remote(a.player, [&](NodeId child, const auto& words) {
    if (!a.reaches_here[child]) return;
    for (NodeId x : into.of(child)) {
      if (!s.owns(x) || !a.row_open[x]) continue;
      std::uint64_t* won = a.own_won.row(x);
      words([&](std::uint64_t w, std::uint64_t fresh) {
        const std::uint64_t bits = fresh & ~won[w] & s.open(a, x, w);
        if (bits != 0) s.join_own(a, x, w, bits, stamp);
      });
    }
  });
}

// A step of a level with fewer words to visit than this runs on one thread: a microsecond of
// work would not pay for the other's wake-up (a ring's levels have a row or two).
inline constexpr std::uint64_t kShareWords = 256;

// Level + 1 of the attractors marked busy (on two threads when both are and threads allow).
// kPartial: remote(p, visit) calls visit(x, words) for each row x (p's player's node) of new
// opponent-to-move states that other processes found at `level` in attractor p, where
// words(f) calls f(w, bits) for each of its words; called from both threads at once, it only
// reads.
template <class W, bool kPartial, class Remote>
void step_level(FrontierAttractors<W, kPartial>& s, const bool busy[2], std::uint64_t level,
                const Remote& remote) {
  using Attractors = FrontierAttractors<W, kPartial>;
  const W stamp[2] = {Attractors::level_word(0, level + 1), Attractors::level_word(1, level + 1)};
  // visit(a, i, thread) for i in [0, count[a]) of both busy attractors, the rows dealt out to the
  // threads one at a time (a level of a deep game has few rows, and some far heavier than
  // others). `words`: the frontier words the step visits, its work.
  const auto each_row = [&](const std::size_t count[2], std::uint64_t words, auto&& visit) {
    const std::size_t total = count[0] + count[1];
    s.pool.run(s.parallel && total > 1 && words >= kShareWords, total, 1,
               [&](std::size_t first, std::size_t last, unsigned thread) {
                 for (std::size_t i = first; i < last; ++i) {
                   const int p = i < count[0] ? 0 : 1;
                   visit(s.attractor[p], p == 0 ? i : i - count[0], thread);
                 }
               });
  };
  std::size_t count[2] = {0, 0};
  std::uint64_t words = 0;
  for (int p = 0; p < 2; ++p) {
    if (!busy[p]) continue;
    FrontierAttractor& a = s.attractor[p];
    a.reset_found();
    count[p] = a.own_new.rows().size();
    if (s.parallel) {
      for (NodeId x : a.own_new.rows()) words += a.own_new.words(x);
    }
  }
  // The opponent-to-move states first: they must see the own states up to this level only.
  each_row(count, words, [&](FrontierAttractor& a, std::size_t i, unsigned thread) {
    const NodeId x = a.own_new.rows()[i];
    join_every_move(s, a, x, thread, stamp[a.player]);
    a.own_new.clear_row(x);  // read by this row's step only
  });
  words = 0;
  for (int p = 0; p < 2; ++p) {
    if (!busy[p]) continue;
    s.attractor[p].other_next.gather_shards();
    s.attractor[p].own_new.forget_rows();
    count[p] = list_candidates(s, s.attractor[p], words);
  }
  each_row(count, words, [&](FrontierAttractor& a, std::size_t i, unsigned thread) {
    join_some_move(s, a, a.candidates[i], thread, stamp[a.player]);
  });
  for (int p = 0; p < 2; ++p) {
    if (!busy[p]) continue;
    FrontierAttractor& a = s.attractor[p];
    if constexpr (kPartial) join_remote(s, a, stamp[p], remote);
    a.own_new.gather_shards();
    a.other_new.clear();
    std::swap(a.other_new, a.other_next);
    a.sum_found();
  }
}

}  // namespace catmouse::detail::frontier
