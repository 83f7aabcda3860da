// The frontier kernel's results (internal; included by frontier_kernel.hpp only): the Table, the
// values-only bitsets, and each level's states handed to a LevelSink or restored from a
// LevelReplay (level_hook.hpp).
#pragma once

#include <atomic>
#include <bit>
#include <span>
#include <vector>

#include "solve/kernel/frontier_kernel.hpp"

namespace catmouse::detail {

template <class W, bool kPartial>
Table FrontierKernel<W, kPartial>::take_table() {
  for (Attractor& a : attractor_) {
    a.own_new.release();
    a.other_new.release();
    a.other_next.release();
  }
  const StateIndex states = game_.state_count();
  ZeroedVector<std::uint64_t> mouse((states + 63) / 64);
  if (!keep_remoteness_) {
    ZeroedVector<std::uint64_t> decided(mouse.size());
    values_only_bits(mouse, decided);
    return Table(game_.space(), std::move(mouse), std::move(decided), {}, {});
  }
  for (Attractor& a : attractor_) {
    a.own_won.release();
    a.other_won.release();
  }
  unblock(mouse);
  ZeroedVector<W> words = remoteness_.take();
  ZeroedVector<std::uint16_t> r16;
  ZeroedVector<std::uint32_t> r32;
  if constexpr (sizeof(W) == 2) {
    r16 = std::move(words);
  } else {
    r32 = std::move(words);
  }
  return Table(game_.space(), std::move(mouse), {}, std::move(r16), std::move(r32));
}

// The remoteness into StateSpace order and the mouse-won bitset, the halves' bands shared out
// among the threads, then each half's rows moved to their input labels.
template <class W, bool kPartial>
void FrontierKernel<W, kPartial>::unblock(ZeroedVector<std::uint64_t>& mouse) {
  const std::vector<NodeId>& order = plan_.order.order;
  const std::uint64_t bands = remoteness_.bands();
  const std::vector<std::uint32_t> gather[2] = {remoteness_.gather(0, plan_.order.rank),
                                                remoteness_.gather(1, plan_.order.rank)};
  pool_.run(parallel_, 2 * bands, 8, [&](std::size_t first, std::size_t last, unsigned) {
    std::vector<W> scratch;
    std::vector<std::uint64_t> bits;
    for (std::size_t task = first; task < last; ++task) {
      const int half = task < bands ? 0 : 1;
      remoteness_.unblock_band(half, task % bands, gather[half], scratch, bits,
                               [&](NodeId x, const std::vector<std::uint64_t>& row) {
                                 const StateIndex at =
                                     StateIndex(half) * n_ * n_ + StateIndex{order[x]} * n_;
                                 for (std::uint64_t k = 0; k < row.size(); ++k)
                                   or_bits(mouse, at + 64 * k, row[k]);
                               });
    }
  });
  pool_.run(parallel_, 2, 1, [&](std::size_t first, std::size_t last, unsigned) {
    for (std::size_t half = first; half < last; ++half) {
      remoteness_.permute_rows(static_cast<int>(half), plan_.order.rank);
    }
  });
}

// ORs 64 bits into a bitset at any bit offset; other threads may write the neighbouring bits.
template <class W, bool kPartial>
void FrontierKernel<W, kPartial>::or_bits(ZeroedVector<std::uint64_t>& dense, StateIndex at,
                                          std::uint64_t bits) {
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
StateIndex FrontierKernel<W, kPartial>::state_of(int p, bool own, NodeId x, NodeId y) const {
  const std::vector<NodeId>& order = plan_.order.order;
  const NodeId m = order[p == 0 ? x : y], c = order[p == 0 ? y : x];
  const bool mouse_turn = (p == 0) == own;
  return mouse_turn ? StateIndex{m} * n_ + c : StateIndex{n_} * n_ + StateIndex{c} * n_ + m;
}

// Gives the sink the states of `level`: the new states of both attractors (relabelled, so one
// by one); false when it stops the solve.
template <class W, bool kPartial>
bool FrontierKernel<W, kPartial>::hand_out(std::uint64_t level) {
  if (sink_ == nullptr) return true;
  for (int p = 0; p < 2; ++p) {
    for (const bool own : {true, false}) {
      const Frontier& fresh = own ? attractor_[p].own_new : attractor_[p].other_new;
      for (NodeId x : fresh.rows()) {
        const std::uint64_t* row = fresh.row(x);
        fresh.for_each_word(x, [&](std::uint64_t w) {
          for (std::uint64_t b = row[w]; b != 0; b &= b - 1) {
            const auto y = static_cast<NodeId>(64 * w + std::countr_zero(b));
            sink_->add_state(state_of(p, own, x, y), p == 0);
          }
        });
      }
    }
  }
  if (sink_->end_level(static_cast<std::uint32_t>(level))) return true;
  stopped_ = true;
  return false;
}

// The state after the replay's last level: every replayed state in its winner's attractor, and
// those of the last level in its frontiers; `before` counts the others. False (and
// cancelled()) when the replay fails.
template <class W, bool kPartial>
bool FrontierKernel<W, kPartial>::restore(LevelReplay& replay, StateIndex& before) {
  const std::uint32_t final_level = replay.last_level();
  const std::vector<NodeId>& rank = plan_.order.rank;
  const StateIndex half_size = StateIndex{n_} * n_;
  const bool ok = replay.replay([&](std::uint32_t level, std::span<const LevelWord> words) {
    for (const LevelWord& word : words) {
      for (std::uint64_t b = word.states; b != 0; b &= b - 1) {
        const int j = std::countr_zero(b);
        const StateIndex i = word.first + j;
        const bool mouse_turn = i < half_size;
        const StateIndex in_half = mouse_turn ? i : i - half_size;
        const auto row = static_cast<NodeId>(in_half / n_);
        const auto column = static_cast<NodeId>(in_half % n_);
        const NodeId m = mouse_turn ? row : column, c = mouse_turn ? column : row;
        const int p = (word.mouse >> j) & 1 ? 0 : 1;
        Attractor& a = attractor_[p];
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
  stopped_ = !ok;
  return ok;
}

// Values only: both bitsets state by state from the four won sets.
template <class W, bool kPartial>
void FrontierKernel<W, kPartial>::values_only_bits(ZeroedVector<std::uint64_t>& mouse,
                                                   ZeroedVector<std::uint64_t>& decided) {
  const auto set = [](ZeroedVector<std::uint64_t>& bits, StateIndex i) {
    bits[i >> 6] |= std::uint64_t{1} << (i & 63);
  };
  for (int p = 0; p < 2; ++p) {
    const Attractor& a = attractor_[p];
    for (NodeId x = 0; x < n_; ++x) {
      for (const bool own : {false, true}) {
        const std::uint64_t* row = own ? a.own_won.row(x) : a.other_won.row(x);
        for (std::uint64_t w = 0; w < words_per_row_; ++w) {
          for (std::uint64_t b = row[w]; b != 0; b &= b - 1) {
            const StateIndex i =
                state_of(p, own, x, static_cast<NodeId>(64 * w + std::countr_zero(b)));
            set(decided, i);
            if (p == 0) set(mouse, i);
          }
        }
      }
    }
  }
}

}  // namespace catmouse::detail
