// What the frontier kernel's state (frontier_attractors.hpp) gives out, as free functions over
// it: the finished Table (or the values-only bitsets), each level's states handed to a LevelSink,
// the state rebuilt from a LevelReplay (level_hook.hpp), and a distributed solve's values state
// by state. Internal to src/solve.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/kernel/frontier_attractors.hpp"
#include "solve/kernel/level_hook.hpp"

namespace catmouse::detail::frontier {

// ORs 64 bits into a bitset at any bit offset; other threads may write the neighbouring bits.
inline void or_bits(ZeroedVector<std::uint64_t>& dense, StateIndex at, std::uint64_t bits) {
  if (bits == 0) return;
  std::atomic_ref<std::uint64_t>(dense[at >> 6])
      .fetch_or(bits << (at & 63), std::memory_order_relaxed);
  if ((at & 63) != 0 && (at >> 6) + 1 < dense.size()) {
    std::atomic_ref<std::uint64_t>(dense[(at >> 6) + 1])
        .fetch_or(bits >> (64 - (at & 63)), std::memory_order_relaxed);
  }
}

// A state of attractor p's row x, column y (kernel labels); `own`: the player of p is to move.
template <class W, bool kPartial>
StateIndex state_of(const FrontierAttractors<W, kPartial>& s, int p, bool own, NodeId x, NodeId y) {
  const std::vector<NodeId>& order = s.plan.order.order;
  const NodeId m = order[p == 0 ? x : y], c = order[p == 0 ? y : x];
  const bool mouse_turn = (p == 0) == own;
  const NodeId n = s.n;
  return mouse_turn ? StateIndex{m} * n + c : StateIndex{n} * n + StateIndex{c} * n + m;
}

// The remoteness into StateSpace order and the mouse-won bitset, the halves' bands shared out
// among the threads, then each half's rows moved to their input labels.
template <class W, bool kPartial>
void unblock(FrontierAttractors<W, kPartial>& s, ZeroedVector<std::uint64_t>& mouse) {
  const std::vector<NodeId>& order = s.plan.order.order;
  const std::uint64_t bands = s.remoteness.bands();
  const std::vector<std::uint32_t> gather[2] = {s.remoteness.gather(0, s.plan.order.rank),
                                                s.remoteness.gather(1, s.plan.order.rank)};
  const NodeId n = s.n;
  s.pool.run(s.parallel, 2 * bands, 8, [&](std::size_t first, std::size_t last, unsigned) {
    std::vector<W> scratch;
    std::vector<std::uint64_t> bits;
    for (std::size_t task = first; task < last; ++task) {
      const int half = task < bands ? 0 : 1;
      s.remoteness.unblock_band(half, task % bands, gather[half], scratch, bits,
                                [&](NodeId x, const std::vector<std::uint64_t>& row) {
                                  const StateIndex at =
                                      StateIndex(half) * n * n + StateIndex{order[x]} * n;
                                  for (std::uint64_t k = 0; k < row.size(); ++k)
                                    or_bits(mouse, at + 64 * k, row[k]);
                                });
    }
  });
  s.pool.run(s.parallel, 2, 1, [&](std::size_t first, std::size_t last, unsigned) {
    for (std::size_t half = first; half < last; ++half) {
      s.remoteness.permute_rows(static_cast<int>(half), s.plan.order.rank);
    }
  });
}

// Values only: both bitsets state by state from the four won sets.
template <class W, bool kPartial>
void values_only_bits(const FrontierAttractors<W, kPartial>& s, ZeroedVector<std::uint64_t>& mouse,
                      ZeroedVector<std::uint64_t>& decided) {
  const auto set = [](ZeroedVector<std::uint64_t>& bits, StateIndex i) {
    bits[i >> 6] |= std::uint64_t{1} << (i & 63);
  };
  for (int p = 0; p < 2; ++p) {
    const FrontierAttractor& a = s.attractor[p];
    for (NodeId x = 0; x < s.n; ++x) {
      for (const bool own : {false, true}) {
        const std::uint64_t* row = own ? a.own_won.row(x) : a.other_won.row(x);
        for (std::uint64_t w = 0; w < s.words_per_row; ++w) {
          for (std::uint64_t b = row[w]; b != 0; b &= b - 1) {
            const StateIndex i =
                state_of(s, p, own, x, static_cast<NodeId>(64 * w + std::countr_zero(b)));
            set(decided, i);
            if (p == 0) set(mouse, i);
          }
        }
      }
    }
  }
}

// The finished table of a whole solve (not kPartial); the state's arrays are released as they
// are taken.
template <class W, bool kPartial>
Table take_table(FrontierAttractors<W, kPartial>& s) {
  for (FrontierAttractor& a : s.attractor) a.release_frontiers();
  const StateIndex states = s.game.state_count();
  ZeroedVector<std::uint64_t> mouse((states + 63) / 64);
  if (!s.keep_remoteness) {
    ZeroedVector<std::uint64_t> decided(mouse.size());
    values_only_bits(s, mouse, decided);
    return Table(s.game.space(), std::move(mouse), std::move(decided), {}, {});
  }
  for (FrontierAttractor& a : s.attractor) {
    a.own_won.release();
    a.other_won.release();
  }
  unblock(s, mouse);
  ZeroedVector<W> words = s.remoteness.take();
  ZeroedVector<std::uint16_t> r16;
  ZeroedVector<std::uint32_t> r32;
  if constexpr (sizeof(W) == 2) {
    r16 = std::move(words);
  } else {
    r32 = std::move(words);
  }
  return Table(s.game.space(), std::move(mouse), {}, std::move(r16), std::move(r32));
}

// Gives `sink` the states of `level`: the new states of both attractors (relabelled, so one by
// one); false when the sink stops the solve.
template <class W, bool kPartial>
bool hand_out(const FrontierAttractors<W, kPartial>& s, LevelSink& sink, std::uint64_t level) {
  for (int p = 0; p < 2; ++p) {
    for (const bool own : {true, false}) {
      const Frontier& fresh = own ? s.attractor[p].own_new : s.attractor[p].other_new;
      for (NodeId x : fresh.rows()) {
        const std::uint64_t* row = fresh.row(x);
        fresh.for_each_word(x, [&](std::uint64_t w) {
          for (std::uint64_t b = row[w]; b != 0; b &= b - 1) {
            const auto y = static_cast<NodeId>(64 * w + std::countr_zero(b));
            sink.add_state(state_of(s, p, own, x, y), p == 0);
          }
        });
      }
    }
  }
  return sink.end_level(static_cast<std::uint32_t>(level));
}

// The state after the replay's last level: every replayed state in its winner's attractor, and
// those of the last level in its frontiers; `before` counts the others. False when the replay
// fails.
template <class W, bool kPartial>
bool restore(FrontierAttractors<W, kPartial>& s, LevelReplay& replay, StateIndex& before) {
  const std::uint32_t final_level = replay.last_level();
  const std::vector<NodeId>& rank = s.plan.order.rank;
  const NodeId n = s.n;
  const StateIndex half_size = StateIndex{n} * n;
  return replay.replay([&](std::uint32_t level, std::span<const LevelWord> words) {
    for (const LevelWord& word : words) {
      for (std::uint64_t b = word.states; b != 0; b &= b - 1) {
        const int j = std::countr_zero(b);
        const StateIndex i = word.first + j;
        const bool mouse_turn = i < half_size;
        const StateIndex in_half = mouse_turn ? i : i - half_size;
        const auto row = static_cast<NodeId>(in_half / n);
        const auto column = static_cast<NodeId>(in_half % n);
        const NodeId m = mouse_turn ? row : column, c = mouse_turn ? column : row;
        const int p = (word.mouse >> j) & 1 ? 0 : 1;
        FrontierAttractor& a = s.attractor[p];
        const bool own = (p == 0) == mouse_turn;
        const NodeId x = rank[p == 0 ? m : c], y = rank[p == 0 ? c : m];
        const std::uint64_t bit = std::uint64_t{1} << (y & 63);
        (own ? a.own_won : a.other_won).row(x)[y >> 6] |= bit;
        if (level != final_level) {
          ++before;
          continue;
        }
        (own ? a.own_new : a.other_new).add(x, y >> 6, bit);
        ++a.found;
      }
    }
  });
}

// After a distributed solve (kPartial): the value of the state (mouse m, cat c, half) in kernel
// labels, whose StateSpace row (m for half 0, c for half 1) is here.
template <class W, bool kPartial>
StateValue value_here(const FrontierAttractors<W, kPartial>& s, int half, NodeId m, NodeId c) {
  constexpr W kTop = FrontierAttractors<W, kPartial>::kTop;
  if (s.keep_remoteness) {
    const W v = s.remoteness.at(half, m, c);
    if (v == 0) return {};
    if (v & kTop) return {Value::kMouseWin, static_cast<std::uint32_t>(v & ~kTop)};
    return {Value::kCatWin, static_cast<std::uint32_t>(v - 1)};
  }
  const NodeId row = half == 0 ? m : c, column = half == 0 ? c : m;
  // Half 0: the mouse's own states, the cat's opponent states; half 1 the other way round.
  const FrontierAttractor& own = s.attractor[half];
  const FrontierAttractor& other = s.attractor[1 - half];
  if (s.test(own.own_won.row(row), column)) {
    return {half == 0 ? Value::kMouseWin : Value::kCatWin, std::nullopt};
  }
  if (s.test(other.transposed.row(row), column)) {
    return {half == 0 ? Value::kCatWin : Value::kMouseWin, std::nullopt};
  }
  return {};
}

}  // namespace catmouse::detail::frontier
