#include "catmouse/solve/cops.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <thread>

namespace catmouse {

namespace {

using Word = std::uint64_t;
constexpr std::uint64_t kMaxWords = kMaxCopsNodes / 64;

// C(n + k - 1, k), the number of k-multisets of n nodes, saturating at 2^63.
std::uint64_t multisets(std::uint64_t n, std::uint32_t k) {
  unsigned __int128 c = 1;
  for (std::uint32_t i = 1; i <= k; ++i) {
    c = c * (n + i - 1) / i;
    if (c > (std::uint64_t{1} << 63)) return std::uint64_t{1} << 63;
  }
  return static_cast<std::uint64_t>(c);
}

// The engine's buffers and its two phases. A cops' placement (a sorted multiset of nodes, the
// same numbering as PackTable's: index = sum of C(v_i + i, i + 1)) owns four rows of bits over
// the robber's node: won with the cops to move, won with the robber to move, the robber-to-move
// wins found in the last level (the frontier), and an accumulator for the cops' wins to come.
// Rows are kW words (kW = 0: as many as the graph needs).
template <std::uint64_t kW>
class CopsSolver {
 public:
  CopsSolver(const Graph& graph, std::uint32_t k, unsigned threads)
      : g_(graph), n_(graph.node_count()), k_(k), W_((n_ + 63) / 64), threads_(threads) {}

  // The four planes and the placements, plus the sweep's two largest stages (see sweep()).
  static std::uint64_t memory_bytes(NodeId n, std::uint32_t k) {
    const std::uint64_t configs = multisets(n, k);
    const std::uint64_t w = (n + 63) / 64;
    if (configs > (std::uint64_t{1} << 40) / (w * 32 + k * 4)) return UINT64_MAX;
    return configs * (4 * w * sizeof(Word) + k * sizeof(NodeId)) + 2 * stage_rows(n, k) * w * 8;
  }

  Result<CopsResult> run(const SolveOptions& options, CopsSweep sweep);

 private:
  Word* row(std::vector<Word>& plane, std::uint64_t c) { return plane.data() + c * w(); }
  void build();
  template <bool kAtomic>
  void push(std::uint64_t c);
  std::vector<NodeId> enumerate(std::uint32_t m) const;
  void sweep();
  std::uint64_t settle(std::uint64_t c, NodeId& slowest);
  template <typename Body>
  void parallel(std::uint64_t count, Body body);
  const NodeId* set(std::uint32_t m, std::uint64_t index) const {
    return (m == k_ ? configs_ : sets_[m]).data() + index * m;
  }
  // What pushing from placement c costs: its joint moves.
  std::uint64_t push_cost(std::uint64_t c) const {
    std::uint64_t moves = 1;
    for (std::uint32_t i = 0; i < k_; ++i) moves *= from_[configs_[c * k_ + i]].size();
    return moves;
  }
  std::uint64_t rank(const NodeId* sorted, std::uint32_t m) const {
    std::uint64_t index = 0;
    for (std::uint32_t i = 0; i < m; ++i) index += binom_[i * stride_ + sorted[i] + i];
    return index;
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
  std::uint64_t W_;  // words per row; w() is kW when that is not 0
  constexpr std::uint64_t w() const { return kW != 0 ? kW : W_; }
  unsigned threads_;
  std::uint64_t count_ = 0;
  std::vector<std::uint64_t> binom_;  // binom_[i * stride_ + s] = C(s, i + 1)
  std::uint64_t stride_ = 0;
  std::vector<NodeId> configs_;            // the placements: count_ * k nodes
  std::vector<std::vector<NodeId>> sets_;  // sets_[m]: every m-multiset in rank order
  std::vector<std::vector<NodeId>> from_;  // closed in-neighbourhood: where a cop comes from
  std::vector<std::vector<NodeId>> to_;    // closed out-neighbourhood: where a cop goes
  std::vector<Word> stage_a_, stage_b_;    // the sweep's intermediate stages
  std::vector<Word> out_nb_, in_nb_;       // closed neighbourhoods as rows of bits
  std::vector<Word> full_;                 // the row of every node
  std::vector<Word> cop_, rob_, frontier_, acc_;
};

// Every m-multiset of the nodes, sorted, at its rank.
template <std::uint64_t kW>
std::vector<NodeId> CopsSolver<kW>::enumerate(std::uint32_t m) const {
  const std::uint64_t count = multisets(n_, m);
  std::vector<NodeId> sets(count * m);
  std::vector<NodeId> c(m, 0);
  for (std::uint64_t done = 0; done < count; ++done) {
    const std::uint64_t index = rank(c.data(), m);
    assert(index < count);
    std::copy(c.begin(), c.end(), sets.begin() + index * m);
    // The next non-decreasing tuple: raise the last position that can rise, level the rest.
    std::uint32_t i = m;
    while (i > 0 && c[i - 1] == n_ - 1) --i;
    if (i == 0) break;
    const NodeId v = c[i - 1] + 1;
    std::fill(c.begin() + (i - 1), c.end(), v);
  }
  return sets;
}

template <std::uint64_t kW>
void CopsSolver<kW>::build() {
  stride_ = n_ + k_;
  binom_.assign(k_ * stride_, 0);
  for (std::uint32_t i = 0; i < k_; ++i) {
    for (std::uint64_t s = i + 1; s < n_ + k_; ++s)
      binom_[i * stride_ + s] = multisets(s - i, i + 1);
  }
  count_ = multisets(n_, k_);
  sets_.resize(k_ + 1);
  for (std::uint32_t m = 0; m <= k_; ++m) sets_[m] = enumerate(m);
  configs_ = std::move(sets_[k_]);
  from_.assign(n_, {});
  to_.assign(n_, {});
  out_nb_.assign(n_ * w(), 0);
  in_nb_.assign(n_ * w(), 0);
  full_.assign(w(), 0);
  const auto set = [&](std::vector<Word>& bits, NodeId row, NodeId v) {
    bits[row * w() + v / 64] |= Word{1} << (v % 64);
  };
  for (NodeId v = 0; v < n_; ++v) {
    full_[v / 64] |= Word{1} << (v % 64);
    from_[v].push_back(v);
    for (NodeId u : g_.in_neighbours(v)) from_[v].push_back(u);
    to_[v].push_back(v);
    for (NodeId u : g_.neighbours(v)) to_[v].push_back(u);
    set(out_nb_, v, v);
    set(in_nb_, v, v);
    for (NodeId u : g_.neighbours(v)) set(out_nb_, v, u);
    for (NodeId u : g_.in_neighbours(v)) set(in_nb_, v, u);
  }
}

// The cops' placements that reach placement c in one move all win, with the cops to move, where
// c's frontier says the robber (to move) loses: OR the frontier into their accumulators.
template <std::uint64_t kW>
template <bool kAtomic>
void CopsSolver<kW>::push(std::uint64_t c) {
  const Word* delta = row(frontier_, c);
  const NodeId* cops = configs_.data() + c * k_;
  NodeId pos[8];
  std::uint32_t at[8] = {};
  for (;;) {
    for (std::uint32_t i = 0; i < k_; ++i) {  // insertion sort: k is small
      NodeId v = from_[cops[i]][at[i]];
      std::uint32_t j = i;
      for (; j > 0 && pos[j - 1] > v; --j) pos[j] = pos[j - 1];
      pos[j] = v;
    }
    Word* acc = row(acc_, rank(pos, k_));
    for (std::uint64_t j = 0; j < w(); ++j) {
      if constexpr (kAtomic) {
        std::atomic_ref<Word> a(acc[j]);
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
  const Word* source = frontier_.data();
  for (std::uint32_t m = 1; m <= k_; ++m) {
    const std::uint32_t rest = k_ - m;
    const std::uint64_t rest_count = multisets(n_, rest);
    const std::uint64_t source_rest = multisets(n_, rest + 1);
    Word* target = m == k_ ? acc_.data() : (m % 2 == 1 ? stage_a_ : stage_b_).data();
    const auto body = [&](unsigned, std::uint64_t begin, std::uint64_t end) {
      std::vector<Word> gathered(n_ * w());
      NodeId with[kMaxCops];
      for (std::uint64_t pair = begin; pair < end; ++pair) {
        const std::uint64_t prefix = pair / rest_count, b = pair % rest_count;
        const NodeId* moved = set(m - 1, prefix);
        const NodeId* others = set(rest, b);
        const Word* from = source + prefix * source_rest * w();
        for (NodeId x = 0; x < n_; ++x) {
          std::uint32_t i = 0;
          for (; i < rest && others[i] < x; ++i) with[i] = others[i];
          with[i] = x;
          for (; i < rest; ++i) with[i + 1] = others[i];
          const Word* in = from + rank(with, rest + 1) * w();
          std::copy(in, in + w(), gathered.data() + x * w());
        }
        const std::uint64_t prefix_rank = rank(moved, m - 1);
        for (NodeId a = m > 1 ? moved[m - 2] : 0; a < n_; ++a) {
          const std::uint64_t placement = prefix_rank + binom_[(m - 1) * stride_ + a + m - 1];
          Word* to = target + (placement * rest_count + b) * w();
          std::fill(to, to + w(), Word{0});
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
std::uint64_t CopsSolver<kW>::settle(std::uint64_t c, NodeId& slowest) {
  Word* acc = row(acc_, c);
  Word* cop = row(cop_, c);
  Word* rob = row(rob_, c);
  Word* next = row(frontier_, c);
  Word fresh[kMaxWords];
  Word candidates[kMaxWords];
  std::fill(candidates, candidates + w(), Word{0});
  std::uint64_t decided = 0;
  for (std::uint64_t j = 0; j < w(); ++j) {
    fresh[j] = acc[j] & ~cop[j];
    acc[j] = 0;
    next[j] = 0;
    cop[j] |= fresh[j];
    decided += std::popcount(fresh[j]);
    for (Word bits = fresh[j]; bits != 0; bits &= bits - 1) {
      const NodeId v = static_cast<NodeId>(j * 64 + std::countr_zero(bits));
      for (std::uint64_t i = 0; i < w(); ++i) candidates[i] |= in_nb_[v * w() + i];
    }
  }
  if (decided == 0) return 0;
  bool full = true;
  for (std::uint64_t j = 0; j < w(); ++j) {
    for (Word bits = candidates[j] & ~rob[j]; bits != 0; bits &= bits - 1) {
      const NodeId r = static_cast<NodeId>(j * 64 + std::countr_zero(bits));
      bool lost = true;
      for (std::uint64_t i = 0; i < w() && lost; ++i) lost = (out_nb_[r * w() + i] & ~cop[i]) == 0;
      if (lost) next[j] |= Word{1} << (r % 64);
    }
    rob[j] |= next[j];
    decided += std::popcount(next[j]);
    full = full && cop[j] == full_[j];
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
  constexpr std::uint64_t kChunk = 256;
  std::atomic<std::uint64_t> next{0};
  const auto work = [&](unsigned worker) {
    for (;;) {
      const std::uint64_t begin = next.fetch_add(kChunk, std::memory_order_relaxed);
      if (begin >= count) return;
      body(worker, begin, std::min(count, begin + kChunk));
    }
  };
  if (threads_ <= 1) return work(0);
  std::vector<std::jthread> pool;
  for (unsigned t = 1; t < threads_; ++t) pool.emplace_back(work, t);
  work(0);
}

template <std::uint64_t kW>
Result<CopsResult> CopsSolver<kW>::run(const SolveOptions& options, CopsSweep mode) {
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t estimate = memory_bytes(n_, k_);
  if (estimate == UINT64_MAX || (options.memory_limit != 0 && estimate > options.memory_limit)) {
    return Error{
        fmt::format("{} cops on {} nodes need about {:.1f} GB, over the limit of {:.1f} GB", k_, n_,
                    estimate / 1e9, options.memory_limit / 1e9),
        {}};
  }
  build();
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
      const NodeId v = configs_[c * k_ + i];
      row(cop_, c)[v / 64] |= Word{1} << (v % 64);
    }
    for (std::uint64_t j = 0; j < w(); ++j) {
      row(rob_, c)[j] = row(frontier_, c)[j] = row(cop_, c)[j];
      decided += 2 * std::popcount(row(cop_, c)[j]);
      full = full && row(cop_, c)[j] == full_[j];
    }
    pushes += push_cost(c);
    if (full && !result.win) {
      result.win = true;
      result.placement.assign(configs_.begin() + c * k_, configs_.begin() + (c + 1) * k_);
    }
  }
  if (result.win) return result;
  const unsigned workers = std::max(1u, threads_);
  for (std::uint32_t level = 1;; level += 2) {
    // The cops' wins in `level` plies: one cops' move to a placement whose frontier has the
    // robber's node.
    const bool dense =
        mode == CopsSweep::kDense || (mode == CopsSweep::kAuto && pushes > sweep_cost);
    if (dense) {
      sweep();
    } else {
      parallel(count_, [&](unsigned, std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t c = begin; c < end; ++c) {
          const Word* delta = row(frontier_, c);
          if (std::all_of(delta, delta + w(), [](Word x) { return x == 0; })) continue;
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
        const std::uint64_t decided_here = settle(c, last);
        if (decided_here == 0) continue;
        fresh[worker] += decided_here;
        const Word* next = row(frontier_, c);
        if (std::any_of(next, next + w(), [](Word x) { return x != 0; }))
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
    const auto first = std::min_element(found.begin(), found.end());
    if (*first != count_) {
      const std::uint64_t c = *first;
      result.win = true;
      result.placement.assign(configs_.begin() + c * k_, configs_.begin() + (c + 1) * k_);
      result.capture_moves = level;
      result.robber = slowest[first - found.begin()];
      return result;
    }
    if (added == 0) return result;
  }
}

}  // namespace

Rules cops_rules(std::uint32_t k) {
  Rules rules;
  rules.holes.clear();
  rules.cat_forbidden = std::vector<NodeId>{};  // the cops go anywhere
  rules.mouse_stays = true;
  rules.cat_stays = true;
  rules.cats = k;
  rules.mouse_start = 0;
  rules.cat_start = 0;
  rules.first = Side::kCat;
  return rules;
}

std::uint64_t cops_memory_estimate(NodeId node_count, std::uint32_t k) {
  return CopsSolver<0>::memory_bytes(node_count, k);
}

Result<CopsResult> solve_cops(const Graph& graph, std::uint32_t k, const SolveOptions& options,
                              CopsSweep sweep) {
  if (k < 1 || k > kMaxCops) {
    return Error{fmt::format("the number of cops must be 1 to {}, not {}", kMaxCops, k), {}};
  }
  if (graph.node_count() > kMaxCopsNodes) {
    return Error{fmt::format("cops and robbers takes graphs of up to {} nodes, not {}",
                             kMaxCopsNodes, graph.node_count()),
                 {}};
  }
  unsigned threads = options.threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  // Rows of one to four words get loops the compiler unrolls; larger graphs take the general one.
  switch ((graph.node_count() + 63) / 64) {
    case 1:
      return CopsSolver<1>(graph, k, threads).run(options, sweep);
    case 2:
      return CopsSolver<2>(graph, k, threads).run(options, sweep);
    case 3:
      return CopsSolver<3>(graph, k, threads).run(options, sweep);
    case 4:
      return CopsSolver<4>(graph, k, threads).run(options, sweep);
    default:
      return CopsSolver<0>(graph, k, threads).run(options, sweep);
  }
}

}  // namespace catmouse
