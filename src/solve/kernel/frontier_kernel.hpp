// The frontier kernel: the one-cat game solved as two independent attractors, each level costing
// time in proportion to the states it decides and their neighbours, never to n. Internal to
// src/solve; docs/algorithm.md has the design and the cost of a level.
//
// The mouse-won states are the mouse's attractor of its winning end states, and only mouse-won
// states are read: a state with a mouse-won child is never cat-won and vice versa. So the cat-won
// states are computed apart, in the same way with the roles swapped, and the level at which a
// state joins is its remoteness (the fastest win, the slowest loss).
//
// Split by responsibility, each header including only those below it:
//   frontier_attractors.hpp  the state: both attractors, the remoteness, how a state joins
//   frontier_level.hpp       level 0 and the two steps of each level (free functions over it)
//   frontier_results.hpp     the Table, the levels handed to a sink, a replay restored
//   frontier_kernel.hpp      this driver: the loop of levels, progress, cancellation, the target,
//                            and the pieces a distributed solve drives level by level (src/mpi)
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/kernel/frontier_attractors.hpp"
#include "solve/kernel/frontier_level.hpp"
#include "solve/kernel/frontier_plan.hpp"
#include "solve/kernel/frontier_results.hpp"
#include "solve/kernel/level_hook.hpp"

namespace catmouse::detail {

// kPartial: this process holds the rows of a RowRange, and a driver exchanges what its levels
// find with the other processes (seed, for_each_new_other, receive_other, step_level). Without
// it, every row is here and run() solves alone; the range checks compile away.
template <class W, bool kPartial = false>
class FrontierKernel {
  using Attractors = FrontierAttractors<W, kPartial>;

 public:
  static constexpr std::uint64_t kMaxRemoteness = Attractors::kMaxRemoteness;

  // `rows` only with kPartial (otherwise every row).
  FrontierKernel(const Game& game, const SolveOptions& options, const FrontierPlan& plan,
                 RowRange rows = {})
      : s_(game, options, plan, rows), progress_(options.progress), cancelled_(options.cancelled) {}

  // Bytes a process holding `rows` rows allocates for its attractors and remoteness (the plan,
  // and the Table of a whole solve, apart).
  static std::uint64_t memory(NodeId n, NodeId rows, bool values_only) {
    return Attractors::memory(n, rows, values_only);
  }

  // Solves; false when a remoteness does not fit in W. With a target, stops at the level that
  // decides it.
  bool run(std::optional<State> target = std::nullopt) {
    static_assert(!kPartial, "a distributed solve is driven level by level (src/mpi)");
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t first_level = 0;
    StateIndex decided = 0;  // before the last level
    if (resume_ != nullptr) {
      stopped_ = !frontier::restore(s_, *resume_, decided);
      if (stopped_) return true;
      first_level = resume_->last_level();
    } else {
      seed();
      if (!hand_out(0)) return true;
    }
    decided += s_.attractor[0].found + s_.attractor[1].found;
    for (std::uint64_t level = first_level;; ++level) {
      if (target && reached(*target, level)) return true;
      const bool busy[2] = {s_.attractor[0].has_work(), s_.attractor[1].has_work()};
      if (!busy[0] && !busy[1]) return true;
      if (level + 1 > max_level()) return false;
      frontier::step_level(s_, busy, level, NoRemote{});
      decided += s_.attractor[0].found + s_.attractor[1].found;
      if (!hand_out(level + 1)) return true;
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        progress_({decided, s_.game.state_count(), static_cast<std::uint32_t>(level + 1),
                   elapsed.count()});
      }
      if (cancelled_ && cancelled_()) {
        stopped_ = true;
        return true;
      }
    }
  }

  // The pieces of run() for a driver (kPartial). seed() is level 0 of the rows here; then, per
  // level, the driver hands the new opponent-to-move states of every attractor
  // (for_each_new_other) to the processes that need them (receive_other, and step_level's
  // `remote`), agrees with them whether any attractor has work (busy) and steps the level.

  // Level 0: the end states and stuck players, each into the attractor of its winner.
  void seed() { frontier::seed_level(s_); }
  // Whether attractor p has states to work from here.
  bool busy(int p) const { return s_.attractor[p].has_work(); }
  // States attractor p found here at the last level (the seed or step_level).
  StateIndex found(int p) const { return s_.attractor[p].found; }
  // The greatest level W can stamp.
  std::uint64_t max_level() const { return s_.max_level(); }
  // Level + 1 of the attractors marked busy (frontier_level.hpp: `remote` gives the states other
  // processes found at `level`).
  template <class Remote>
  void step_level(const bool busy[2], std::uint64_t level, const Remote& remote) {
    frontier::step_level(s_, busy, level, remote);
  }
  // Calls f(x, w, bits) for each word of new opponent-to-move states attractor p found here at
  // the last level: row x (p's player's node), word w of the opponent's nodes.
  template <class F>
  void for_each_new_other(int p, F&& f) const {
    const Frontier& fresh = s_.attractor[p].other_new;
    for (NodeId x : fresh.rows()) {
      const std::uint64_t* row = fresh.row(x);
      fresh.for_each_word(x, [&](std::uint64_t w) { f(x, w, row[w]); });
    }
  }
  // A word that another process passed on from its for_each_new_other(p, ...) at `level`, whose
  // StateSpace rows (the opponent's nodes of word w) are here: their remoteness (values only,
  // their bits).
  void receive_other(int p, NodeId x, std::uint64_t w, std::uint64_t bits, std::uint64_t level) {
    static_assert(kPartial);
    s_.write_remoteness(p, 1 - p, x, w, bits, Attractors::level_word(p, level));
  }
  // After the solve (kPartial): the value of the state (mouse m, cat c, half) in kernel labels,
  // whose StateSpace row (m for half 0, c for half 1) is here.
  StateValue value_here(int half, NodeId m, NodeId c) const {
    static_assert(kPartial);
    return frontier::value_here(s_, half, m, c);
  }
  // After the solve (kPartial, with remoteness): the word of that state (blocked_remoteness.hpp):
  // 0 a draw, kTop | r a mouse win in r, r + 1 a cat win in r.
  W word_here(int half, NodeId m, NodeId c) const {
    static_assert(kPartial);
    return s_.remoteness.at(half, m, c);
  }
  // Frees the frontiers (kPartial: once solved, before the values are read).
  void release_frontiers() {
    for (FrontierAttractor& a : s_.attractor) a.release_frontiers();
  }

  // Whether run() stopped because SolveOptions::cancelled said so (the table is then partial).
  bool cancelled() const { return stopped_; }

  StateValue target_value(const State& /*target*/) const {
    if (!target_) return {};
    return {target_->first, target_->second};
  }

  // Before run(): each level's new states go to `sink` as the level ends, and with `resume` the
  // solve starts after the replay's last level instead of from the seed (level_hook.hpp). A
  // sink that stops the solve or a replay that fails leaves cancelled() true.
  void set_levels(LevelSink* sink, LevelReplay* resume) {
    sink_ = sink;
    resume_ = resume;
  }

  Table take_table() { return frontier::take_table(s_); }

 private:
  // step_level()'s remote without kPartial: every row is here.
  struct NoRemote {
    template <class Visit>
    void operator()(int /*player*/, Visit&& /*visit*/) const {}
  };

  // Gives the sink, if any, the states of `level`; false (and cancelled()) when it stops the
  // solve.
  bool hand_out(std::uint64_t level) {
    if (sink_ == nullptr || frontier::hand_out(s_, *sink_, level)) return true;
    stopped_ = true;
    return false;
  }

  // Whether the target is decided once the states of remoteness `level` are known.
  bool reached(const State& target, std::uint64_t level) {
    const NodeId m = s_.label(target.mouse), c = s_.label(target.cat);
    const bool mouse_turn = target.turn == Side::kMouse;
    const FrontierAttractor& mouse_won = s_.attractor[0];
    const FrontierAttractor& cat_won = s_.attractor[1];
    const bool mouse = mouse_turn ? Attractors::test(mouse_won.own_won.row(m), c)
                                  : Attractors::test(mouse_won.other_won.row(m), c);
    const bool cat = mouse_turn ? Attractors::test(cat_won.other_won.row(c), m)
                                : Attractors::test(cat_won.own_won.row(c), m);
    if (!mouse && !cat) return false;
    target_.emplace(mouse ? Value::kMouseWin : Value::kCatWin, static_cast<std::uint32_t>(level));
    return true;
  }

  Attractors s_;
  const std::function<void(const SolveProgress&)> progress_;  // a copy: options may be a temporary
  const std::function<bool()> cancelled_;
  bool stopped_ = false;
  LevelSink* sink_ = nullptr;
  LevelReplay* resume_ = nullptr;
  std::optional<std::pair<Value, std::uint32_t>> target_;
};

}  // namespace catmouse::detail
