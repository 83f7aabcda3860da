// The cops engine's kernel (internal): CopsSolver, the placements' rows of bits and the two
// phases that fill them. cops_engine.cpp runs it.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <new>

#include "catmouse/solve/cops.hpp"
#include "solve/engines.hpp"
#include "solve/worker_pool.hpp"

namespace catmouse::cops_kernel {

using Bits = std::uint64_t;
constexpr std::uint64_t kMaxWords = kMaxCopsNodes / 64;

inline std::uint64_t multisets(std::uint64_t n, std::uint32_t k) {
  return multiset_count(n, k);
}

// What a run computes: the cops' question (stop at the first level where a placement wins
// against every robber start), or every state's value (and remoteness) for a Table.
struct CopsMode {
  bool table = false;
  bool remoteness = false;
};

// The engine's buffers and its two phases. A cops' placement (a sorted multiset of nodes, in
// placement.hpp's numbering, the Table's) owns four rows of bits over the robber's node: won with
// the cops to move, won with the robber to move, the robber-to-move losses found in the last
// level (the frontier), and an accumulator for the cops' wins to come. Rows are kW words (kW = 0:
// as many as the graph needs).
template <std::uint64_t kW>
class CopsSolver {
 public:
  CopsSolver(const Graph& graph, std::uint32_t k, unsigned threads, CopsVariant variant)
      : g_(graph),
        n_(graph.node_count()),
        k_(k),
        variant_(variant),
        W_((n_ + 63) / 64),
        threads_(threads),
        placements_(k, n_),
        pool_(threads) {}

  // The four planes and the placements, plus the sweep's two largest stages (see sweep()), and
  // for a table its words (2 bytes a state, or 2 bits values only).
  // Without a staying robber, a second frontier: his losses come at both parities of levels.
  static std::uint64_t memory_bytes(NodeId n, std::uint32_t k, CopsMode mode, bool robber_stays) {
    const std::uint64_t configs = multisets(n, k);
    const std::uint64_t w = (n + 63) / 64;
    if (configs > (std::uint64_t{1} << 40) / (w * 40 + k * 4 + n * 4)) return UINT64_MAX;
    const std::uint64_t states = 2 * configs * n;
    const std::uint64_t table = !mode.table       ? 0
                                : mode.remoteness ? states * 2 + states / 8
                                                  : states / 4;
    const std::uint64_t planes = robber_stays ? 4 : 5;
    return configs * (planes * w * sizeof(Bits) + k * sizeof(NodeId)) +
           2 * stage_rows(n, k) * w * 8 + table;
  }

  Result<CopsResult> run(const SolveOptions& options, CopsSweep sweep, CopsMode mode = {});
  // After run() in table mode: every state's value, in the space's numbering.
  Table take_table(const StateSpace& space);

 private:
  Bits* row(std::vector<Bits>& plane, std::uint64_t c) { return plane.data() + c * w(); }
  void build();
  std::uint64_t seed_forced_losses();
  template <bool kAtomic>
  void push(std::uint64_t c);
  std::vector<NodeId> enumerate(std::uint32_t m) const;
  void sweep();
  std::uint64_t settle(std::uint64_t c, NodeId& slowest, std::uint32_t level);
  template <typename Body>
  void parallel(std::uint64_t count, Body body);
  // Stamps the states `bits` of placement c with `level` (table mode).
  void stamp(Side turn, std::uint64_t c, const Bits* bits, std::uint32_t level);
  const NodeId* set(std::uint32_t m, std::uint64_t index) const {
    return (m == k_ ? placement_nodes_ : sets_[m]).data() + index * m;
  }
  // What pushing from placement c costs: its joint moves.
  std::uint64_t push_cost(std::uint64_t c) const {
    std::uint64_t moves = 1;
    for (std::uint32_t i = 0; i < k_; ++i) moves *= from_[placement_nodes_[c * k_ + i]].size();
    return moves;
  }
  std::uint64_t rank(const NodeId* sorted, std::uint32_t m) const {
    return placements_.index_of(sorted, m);
  }
  // The largest intermediate stage of the sweep, in rows.
  static std::uint64_t stage_rows(NodeId n, std::uint32_t k) {
    std::uint64_t most = 0;
    for (std::uint32_t j = 1; j < k; ++j)
      most = std::max(most, multisets(n, j) * multisets(n, k - j));
    return most;
  }

  const Graph& g_;
  NodeId n_;
  std::uint32_t k_;
  CopsVariant variant_;
  std::uint64_t W_;  // words per row; w() is kW when that is not 0
  constexpr std::uint64_t w() const { return kW != 0 ? kW : W_; }
  unsigned threads_;
  Placements placements_;  // k cops anywhere
  detail::WorkerPool pool_;
  CopsMode mode_;
  std::uint64_t count_ = 0;
  ZeroedVector<std::uint16_t> words_;      // table mode with remoteness: Table's words
  std::vector<NodeId> placement_nodes_;    // the placements: count_ * k nodes
  std::vector<std::vector<NodeId>> sets_;  // sets_[m]: every m-multiset in rank order
  // Where a cop comes from and goes: the in- and out-neighbourhoods, closed when the cops stay.
  std::vector<std::vector<NodeId>> from_;
  std::vector<std::vector<NodeId>> to_;
  std::vector<Bits> stage_a_, stage_b_;  // the sweep's intermediate stages
  // The robber's out- and in-neighbourhoods as rows of bits, closed when he stays.
  std::vector<Bits> out_nb_, in_nb_;
  std::vector<Bits> stuck_;  // the robber's nodes with no move (he loses there, Rules::stuck)
  std::vector<Bits> full_;   // the row of every node
  std::vector<Bits> cop_, rob_, frontier_, acc_;
  // Without a staying robber: his losses of the other parity of levels (see run()).
  std::vector<Bits> other_frontier_;
};

// Every m-multiset of the nodes, sorted, at its rank.
template <std::uint64_t kW>
std::vector<NodeId> CopsSolver<kW>::enumerate(std::uint32_t m) const {
  return Placements(m, n_).all();
}

template <std::uint64_t kW>
void CopsSolver<kW>::build() {
  count_ = placements_.count();
  sets_.resize(k_ + 1);
  for (std::uint32_t m = 0; m <= k_; ++m) sets_[m] = enumerate(m);
  placement_nodes_ = std::move(sets_[k_]);
  from_.assign(n_, {});
  to_.assign(n_, {});
  out_nb_.assign(n_ * w(), 0);
  in_nb_.assign(n_ * w(), 0);
  full_.assign(w(), 0);
  stuck_.assign(w(), 0);
  const auto set = [&](std::vector<Bits>& bits, NodeId row, NodeId v) {
    bits[row * w() + v / 64] |= Bits{1} << (v % 64);
  };
  for (NodeId v = 0; v < n_; ++v) {
    full_[v / 64] |= Bits{1} << (v % 64);
    if (variant_.cop_stays) from_[v].push_back(v), to_[v].push_back(v);
    for (NodeId u : g_.in_neighbours(v)) from_[v].push_back(u);
    for (NodeId u : g_.neighbours(v)) to_[v].push_back(u);
    if (variant_.robber_stays) set(out_nb_, v, v), set(in_nb_, v, v);
    for (NodeId u : g_.neighbours(v)) set(out_nb_, v, u);
    for (NodeId u : g_.in_neighbours(v)) set(in_nb_, v, u);
    if (!variant_.robber_stays && g_.neighbours(v).empty()) stuck_[v / 64] |= Bits{1} << (v % 64);
  }
}

// The cops' placements that reach placement c in one move all win, with the cops to move, where
// c's frontier says the robber (to move) loses: OR the frontier into their accumulators.
template <std::uint64_t kW>
template <bool kAtomic>
void CopsSolver<kW>::push(std::uint64_t c) {
  const Bits* delta = row(frontier_, c);
  const NodeId* cops = placement_nodes_.data() + c * k_;
  if (push_cost(c) == 0) return;  // a cop that no move reaches (the cops never stay)
  NodeId pos[8];
  std::uint32_t at[8] = {};
  for (;;) {
    for (std::uint32_t i = 0; i < k_; ++i) {  // insertion sort: k is small
      NodeId v = from_[cops[i]][at[i]];
      std::uint32_t j = i;
      for (; j > 0 && pos[j - 1] > v; --j) pos[j] = pos[j - 1];
      pos[j] = v;
    }
    Bits* acc = row(acc_, rank(pos, k_));
    for (std::uint64_t j = 0; j < w(); ++j) {
      if constexpr (kAtomic) {
        std::atomic_ref<Bits> a(acc[j]);
        if ((a.load(std::memory_order_relaxed) & delta[j]) != delta[j]) {
          a.fetch_or(delta[j], std::memory_order_relaxed);
        }
      } else {
        acc[j] |= delta[j];
      }
    }
    // The next joint move: an odometer over the cops' closed in-neighbourhoods.
    std::uint32_t i = 0;
    while (i < k_ && ++at[i] == from_[cops[i]].size()) at[i++] = 0;
    if (i == k_) break;
  }
}

// The dense alternative to push() for every placement at once: acc = D_1 D_2 ... D_k frontier,
// where D_i ORs over the i-th cop's moves. After m - 1 of them the rows are symmetric in the m - 1
// cops moved and in the others, so a stage is indexed by a pair of multisets (A, B): row rank(A) *
// C(n + |B| - 1, |B|) + rank(B). The next stage's row (A with a, B), for a at least A's largest
// node, is the OR over a's moves x of the row (A, B with x). So for each (A, B) the rows (A, B
// with x) are gathered once for every node x, then combined in cache for every a: each source
// row is read once per stage, and each target row written once, by one thread.
template <std::uint64_t kW>
void CopsSolver<kW>::sweep() {
  const Bits* source = frontier_.data();
  for (std::uint32_t m = 1; m <= k_; ++m) {
    const std::uint32_t rest = k_ - m;
    const std::uint64_t rest_count = multisets(n_, rest);
    const std::uint64_t source_rest = multisets(n_, rest + 1);
    Bits* target = m == k_ ? acc_.data() : (m % 2 == 1 ? stage_a_ : stage_b_).data();
    const auto body = [&](unsigned, std::uint64_t begin, std::uint64_t end) {
      std::vector<Bits> gathered(n_ * w());
      NodeId with[kMaxCops];
      for (std::uint64_t pair = begin; pair < end; ++pair) {
        const std::uint64_t prefix = pair / rest_count, b = pair % rest_count;
        const NodeId* moved = set(m - 1, prefix);
        const NodeId* others = set(rest, b);
        const Bits* from = source + prefix * source_rest * w();
        for (NodeId x = 0; x < n_; ++x) {
          std::uint32_t i = 0;
          for (; i < rest && others[i] < x; ++i) with[i] = others[i];
          with[i] = x;
          for (; i < rest; ++i) with[i + 1] = others[i];
          const Bits* in = from + rank(with, rest + 1) * w();
          std::copy(in, in + w(), gathered.data() + x * w());
        }
        const std::uint64_t prefix_rank = rank(moved, m - 1);
        for (NodeId a = m > 1 ? moved[m - 2] : 0; a < n_; ++a) {
          const std::uint64_t placement = prefix_rank + placements_.term(m - 1, a);
          Bits* to = target + (placement * rest_count + b) * w();
          std::fill(to, to + w(), Bits{0});
          for (NodeId x : to_[a]) {
            for (std::uint64_t j = 0; j < w(); ++j) to[j] |= gathered[x * w() + j];
          }
        }
      }
    };
    parallel(multisets(n_, m - 1) * rest_count, body);
    source = target;
  }
}

// Moves the accumulated cops' wins of placement c into its rows, then finds the robber-to-move
// positions they decide (a robber loses when every node he can reach or stay on loses) as the
// next frontier. Returns the number of positions decided, and sets `slowest` to the lowest of the
// robber's nodes decided last when the placement has just become a win from every robber start.
template <std::uint64_t kW>
std::uint64_t CopsSolver<kW>::settle(std::uint64_t c, NodeId& slowest, std::uint32_t level) {
  Bits* acc = row(acc_, c);
  Bits* cop = row(cop_, c);
  Bits* rob = row(rob_, c);
  Bits* next = row(frontier_, c);
  Bits fresh[kMaxWords];
  Bits candidates[kMaxWords];
  std::fill(candidates, candidates + w(), Bits{0});
  std::uint64_t decided = 0;
  for (std::uint64_t j = 0; j < w(); ++j) {
    fresh[j] = acc[j] & ~cop[j];
    acc[j] = 0;
    next[j] = 0;
    cop[j] |= fresh[j];
    decided += std::popcount(fresh[j]);
    for (Bits bits = fresh[j]; bits != 0; bits &= bits - 1) {
      const NodeId v = static_cast<NodeId>(j * 64 + std::countr_zero(bits));
      for (std::uint64_t i = 0; i < w(); ++i) candidates[i] |= in_nb_[v * w() + i];
    }
  }
  if (decided == 0) return 0;
  bool full = true;
  for (std::uint64_t j = 0; j < w(); ++j) {
    for (Bits bits = candidates[j] & ~rob[j]; bits != 0; bits &= bits - 1) {
      const NodeId r = static_cast<NodeId>(j * 64 + std::countr_zero(bits));
      bool lost = true;
      for (std::uint64_t i = 0; i < w() && lost; ++i) lost = (out_nb_[r * w() + i] & ~cop[i]) == 0;
      if (lost) next[j] |= Bits{1} << (r % 64);
    }
    rob[j] |= next[j];
    decided += std::popcount(next[j]);
    full = full && cop[j] == full_[j];
  }
  if (mode_.remoteness) {
    stamp(Side::kCat, c, fresh, level);
    stamp(Side::kMouse, c, next, level + 1);
  }
  if (full) {
    for (std::uint64_t j = 0; j < w(); ++j) {
      if (fresh[j] != 0) {
        slowest = static_cast<NodeId>(j * 64 + std::countr_zero(fresh[j]));
        break;
      }
    }
  }
  return decided;
}

template <std::uint64_t kW>
template <typename Body>
void CopsSolver<kW>::parallel(std::uint64_t count, Body body) {
  pool_.run(true, count, 256,
            [&](std::size_t begin, std::size_t end, unsigned worker) { body(worker, begin, end); });
}

template <std::uint64_t kW>
void CopsSolver<kW>::stamp(Side turn, std::uint64_t c, const Bits* bits, std::uint32_t level) {
  std::uint16_t* words =
      words_.data() + (static_cast<std::uint64_t>(turn) * count_ + c) * std::uint64_t{n_};
  for (std::uint64_t j = 0; j < w(); ++j) {
    for (Bits b = bits[j]; b != 0; b &= b - 1) {
      words[j * 64 + std::countr_zero(b)] = static_cast<std::uint16_t>(Table::kDecided16 | level);
    }
  }
}

// Without a staying robber, he loses in one move where every move of his lands on a cop: level 1,
// into the other frontier. Returns their push cost.
template <std::uint64_t kW>
std::uint64_t CopsSolver<kW>::seed_forced_losses() {
  std::uint64_t cost = 0;
  for (std::uint64_t c = 0; c < count_; ++c) {
    const Bits* cop = row(cop_, c);
    Bits* rob = row(rob_, c);
    Bits* lost = row(other_frontier_, c);
    Bits candidates[kMaxWords] = {};
    for (std::uint32_t i = 0; i < k_; ++i) {
      const NodeId v = placement_nodes_[c * k_ + i];
      for (std::uint64_t j = 0; j < w(); ++j) candidates[j] |= in_nb_[v * w() + j];
    }
    bool any = false;
    for (std::uint64_t j = 0; j < w(); ++j) {
      for (Bits bits = candidates[j] & ~rob[j]; bits != 0; bits &= bits - 1) {
        const NodeId r = static_cast<NodeId>(j * 64 + std::countr_zero(bits));
        bool all = true;
        for (std::uint64_t i = 0; i < w() && all; ++i) all = (out_nb_[r * w() + i] & ~cop[i]) == 0;
        if (all) lost[j] |= Bits{1} << (r % 64);
      }
      rob[j] |= lost[j];
      any = any || lost[j] != 0;
    }
    if (mode_.remoteness) stamp(Side::kMouse, c, lost, 1);
    if (any) cost += push_cost(c);
  }
  return cost;
}

template <std::uint64_t kW>
Table CopsSolver<kW>::take_table(const StateSpace& space) {
  const std::uint64_t states = space.size();
  ZeroedVector<std::uint64_t> mouse((states + 63) / 64), decided;  // the robber never wins
  if (mode_.remoteness) {
    return Table(space, std::move(mouse), {}, std::move(words_), {});
  }
  decided.assign(mouse.size(), 0);
  for (const Side turn : {Side::kMouse, Side::kCat}) {
    std::vector<Bits>& plane = turn == Side::kCat ? cop_ : rob_;
    for (std::uint64_t c = 0; c < count_; ++c) {
      const Bits* bits = row(plane, c);
      const std::uint64_t at = (static_cast<std::uint64_t>(turn) * count_ + c) * n_;
      for (std::uint64_t j = 0; j < w(); ++j) {
        for (Bits b = bits[j]; b != 0; b &= b - 1) {
          const std::uint64_t i = at + j * 64 + std::countr_zero(b);
          decided[i >> 6] |= std::uint64_t{1} << (i & 63);
        }
      }
    }
  }
  return Table(space, std::move(mouse), std::move(decided), {}, {});
}

template <std::uint64_t kW>
Result<CopsResult> CopsSolver<kW>::run(const SolveOptions& options, CopsSweep mode, CopsMode what) {
  const auto started = std::chrono::steady_clock::now();
  mode_ = what;
  const std::uint64_t estimate = memory_bytes(n_, k_, what, variant_.robber_stays);
  if (estimate == UINT64_MAX) {
    return detail::option_error(
        ErrorField::kCops, fmt::format("{} cops on {} nodes have too many states to hold", k_, n_));
  }
  build();
  if (what.remoteness) words_.assign(2 * count_ * n_, 0);
  cop_.assign(count_ * w(), 0);
  rob_.assign(count_ * w(), 0);
  frontier_.assign(count_ * w(), 0);
  acc_.assign(count_ * w(), 0);
  if (mode != CopsSweep::kPush) {
    stage_a_.assign(stage_rows(n_, k_) * w(), 0);
    if (k_ > 2) stage_b_.assign(stage_rows(n_, k_) * w(), 0);
  }
  // The sweep's cost in joint moves, to compare with the pushes' (push_cost() summed).
  std::uint64_t sweep_cost = 0;
  for (std::uint32_t m = 1; m <= k_; ++m) {
    sweep_cost += multisets(n_, m) * multisets(n_, k_ - m) * (2 * g_.edge_count() / n_ + 1);
  }
  std::uint64_t pushes = 0;  // the next level's push cost
  CopsResult result;
  result.cops = k_;
  result.states = 2 * count_ * n_;
  // Level 0: the robber on a cop, with either side to move.
  std::uint64_t decided = 0;
  for (std::uint64_t c = 0; c < count_; ++c) {
    bool full = true;
    for (std::uint32_t i = 0; i < k_; ++i) {
      const NodeId v = placement_nodes_[c * k_ + i];
      row(cop_, c)[v / 64] |= Bits{1} << (v % 64);
    }
    for (std::uint64_t j = 0; j < w(); ++j) {
      row(rob_, c)[j] = row(frontier_, c)[j] = row(cop_, c)[j] | stuck_[j];
      decided += std::popcount(row(cop_, c)[j]) + std::popcount(row(rob_, c)[j]);
      full = full && row(cop_, c)[j] == full_[j];
    }
    pushes += push_cost(c);
    if (what.remoteness) {
      stamp(Side::kCat, c, row(cop_, c), 0);
      stamp(Side::kMouse, c, row(rob_, c), 0);
    }
    if (full && !result.win) {
      result.win = true;
      result.placement.assign(placement_nodes_.begin() + c * k_,
                              placement_nodes_.begin() + (c + 1) * k_);
    }
  }
  if (result.win && !what.table) return result;
  // Level `level` finds the cops' wins from the robber's losses at level - 1, and his losses at
  // level + 1 from them. With the robber staying, his losses come at even levels only (staying,
  // he is not caught), so every other level has nothing to do. Without, they come at odd levels
  // too (forced onto a cop): two frontiers, one per parity, taking turns.
  const std::uint32_t step = variant_.robber_stays ? 2 : 1;
  std::uint64_t other_pushes = 0, last_added = 1;
  if (step == 1) {
    other_frontier_.assign(count_ * w(), 0);
    other_pushes = seed_forced_losses();
  }
  const unsigned workers = pool_.threads();
  for (std::uint32_t level = 1;; level += step) {
    if (what.remoteness && level + 1 >= Table::kDecided16) {
      return detail::option_error(
          ErrorField::kValuesOnly,
          fmt::format("a capture time passes {} moves; solve values only", Table::kDecided16 - 1));
    }
    // The cops' wins in `level` plies: one cops' move to a placement whose frontier has the
    // robber's node.
    const bool dense =
        mode == CopsSweep::kDense || (mode == CopsSweep::kAuto && pushes > sweep_cost);
    if (dense) {
      sweep();
    } else {
      parallel(count_, [&](unsigned, std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t c = begin; c < end; ++c) {
          const Bits* delta = row(frontier_, c);
          if (std::all_of(delta, delta + w(), [](Bits x) { return x == 0; })) continue;
          if (threads_ > 1) {
            push<true>(c);
          } else {
            push<false>(c);
          }
        }
      });
    }
    // Settle them, find the robber's losses in level + 1 plies, and the first winning placement.
    std::vector<std::uint64_t> found(workers, count_), fresh(workers, 0), cost(workers, 0);
    std::vector<NodeId> slowest(workers, 0);
    parallel(count_, [&](unsigned worker, std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t c = begin; c < end; ++c) {
        NodeId last = n_;
        const std::uint64_t decided_here = settle(c, last, level);
        if (decided_here == 0) continue;
        fresh[worker] += decided_here;
        const Bits* next = row(frontier_, c);
        if (std::any_of(next, next + w(), [](Bits x) { return x != 0; }))
          cost[worker] += push_cost(c);
        if (last != n_ && c < found[worker]) found[worker] = c, slowest[worker] = last;
      }
    });
    std::uint64_t added = 0;
    pushes = 0;
    for (unsigned t = 0; t < workers; ++t) added += fresh[t], pushes += cost[t];
    decided += added;
    if (options.progress) {
      options.progress(SolveProgress{
          decided, result.states, level,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()});
    }
    if (options.cancelled && options.cancelled()) return detail::cancelled_error();
    const auto first = std::min_element(found.begin(), found.end());
    if (*first != count_ && !result.win) {
      const std::uint64_t c = *first;
      result.win = true;
      result.placement.assign(placement_nodes_.begin() + c * k_,
                              placement_nodes_.begin() + (c + 1) * k_);
      result.capture_moves = level;
      result.robber = slowest[first - found.begin()];
      if (!what.table) return result;
    }
    if (added == 0 && (step == 2 || last_added == 0)) return result;
    last_added = added;
    if (step == 1) {
      std::swap(frontier_, other_frontier_);
      std::swap(pushes, other_pushes);
    }
  }
}

}  // namespace catmouse::cops_kernel
