// The small kernel, for boards of at most 64 nodes, where a row of either half of the state
// space is a single 64-bit word: the same level-synchronous, bit-parallel induction as
// sweep_kernel.hpp, with every array on the stack and no bookkeeping of which rows changed
// (checking costs more than recomputing a word). It exists for throughput on many small graphs
// (solve --batch); the cross-checks run both kernels. Internal to src/.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/table.hpp"
#include "solve/kernel/bit_matrix.hpp"
#include "solve/kernel/level_hook.hpp"
#include "solve/kernel/level_zero.hpp"

namespace catmouse::detail {

class SmallKernel {
  static constexpr int half(Side side) { return static_cast<int>(side); }

 public:
  static constexpr NodeId kMaxNodes = 64;

  SmallKernel(const Game& game, const SolveOptions& options)
      : game_(game),
        n_(game.node_count()),
        keep_remoteness_(!options.values_only),
        progress_(options.progress),
        cancelled_(options.cancelled) {
    const std::uint64_t all = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
    while (size_ < static_cast<int>(n_)) size_ *= 2;
    all_mice_ = all;
    for (NodeId v = 0; v < n_; ++v) {
      if (!game.cat_forbidden(v)) cat_allowed_ |= std::uint64_t{1} << v;
      if (game.is_hole(v)) holes_ |= std::uint64_t{1} << v;
    }
    if (keep_remoteness_) words_.assign(game.state_count(), 0);
  }

  // Before run(): each level's new states go to `sink` before they are published, and with
  // `resume` the solve starts after the replay's last level instead of from the seed
  // (level_hook.hpp). A sink that stops the solve or a replay that fails leaves cancelled() true.
  void set_levels(LevelSink* sink, LevelReplay* resume) {
    sink_ = sink;
    resume_ = resume;
  }

  // Solves; with a target, stops as soon as the target is decided (see target_value()).
  void run(std::optional<State> target = std::nullopt) {
    std::uint16_t level = 1;
    if (resume_ != nullptr) {
      if (!restore(*resume_)) return;
      level = static_cast<std::uint16_t>(resume_->last_level() + 1);
    } else {
      seed();
      if (!hand_out(0)) return;
    }
    StateIndex decided = 0;
    for (; publish(decided); ++level) {
      if (target && is_decided(*target)) {
        target_level_ = level - 1;
        return;
      }
      if (progress_) progress_({decided, game_.state_count(), level - 1u, 0.0});
      if (cancelled_ && cancelled_()) {
        stopped_ = true;
        return;
      }
      const auto stamp = static_cast<std::uint16_t>(Table::kDecided16 | level);
      const std::uint64_t cat_holes = game_.rules().cat_wins_in_hole ? holes_ : 0;
      for (NodeId m = 0; m < n_; ++m) {  // mouse to move: the mouse moves m -> to
        if (!((holes_ >> m) & 1) && !game_.mouse_moves(m).empty()) {
          parent_row(Side::kMouse, m, game_.mouse_moves(m), cat_allowed_, stamp);
        }
      }
      for (NodeId c = 0; c < n_; ++c) {  // cat to move: the cat moves c -> to
        if ((cat_allowed_ >> c) & 1 && !((cat_holes >> c) & 1) && game_.cat_move_count(c) > 0) {
          parent_row(Side::kCat, c, game_.cat_moves(c), all_mice_, stamp);
        }
      }
      if (!hand_out(level)) return;
    }
  }

  // Whether run() stopped because SolveOptions::cancelled said so (the table is then partial).
  bool cancelled() const { return stopped_; }

  // The table, after run() without a target.
  Table take_table() {
    const StateIndex states = game_.state_count();
    ZeroedVector<std::uint64_t> mouse((states + 63) / 64), decided;
    if (!keep_remoteness_) decided.assign(mouse.size(), 0);
    for (int h = 0; h < 2; ++h) {
      for (NodeId row = 0; row < n_; ++row) {
        const StateIndex at = StateIndex(h) * n_ * n_ + StateIndex{row} * n_;
        put_bits(mouse, at, mouse_[h][row]);
        if (!keep_remoteness_) put_bits(decided, at, decided_[h][row]);
      }
    }
    return Table(game_.space(), std::move(mouse), std::move(decided), std::move(words_), {});
  }

  StateValue target_value(const State& s) const {
    if (!target_level_) return {};
    const bool mouse_turn = s.turn == Side::kMouse;
    const NodeId row = mouse_turn ? s.mouse : s.cat;
    const NodeId column = mouse_turn ? s.cat : s.mouse;
    const bool mouse = (mouse_[mouse_turn ? 0 : 1][row] >> column) & 1;
    return {mouse ? Value::kMouseWin : Value::kCatWin, *target_level_};
  }

 private:
  // One level for parent row `row` of the half where `side` is to move (see
  // SweepKernel::parent_row).
  void parent_row(Side side, NodeId row, std::span<const NodeId> moves, std::uint64_t columns,
                  std::uint16_t stamp) {
    const int h = half(side), other = half(opponent(side));
    const std::uint64_t flip = side == Side::kMouse ? 0 : ~std::uint64_t{0};
    std::uint64_t wins = 0, losses = ~std::uint64_t{0};
    for (NodeId to : moves) {
      const std::uint64_t mine = child_mouse_[other][to] ^ flip;
      wins |= child_fresh_[other][to] & mine;
      losses &= child_decided_[other][to] & ~mine;
    }
    const std::uint64_t open = ~decided_[h][row] & columns;
    wins &= open;
    losses &= open & ~wins;
    if (side == Side::kMouse) {
      decide(side, row, wins, losses, stamp);
    } else {
      decide(side, row, losses, wins, stamp);
    }
  }

  // Decides the states of parent row `row` of the half where `side` is to move in `mouse` (mouse
  // wins) and `cat`.
  void decide(Side side, NodeId row, std::uint64_t mouse, std::uint64_t cat, std::uint16_t stamp) {
    const int h = half(side);
    const std::uint64_t all = mouse | cat;
    if (all == 0) return;
    decided_[h][row] |= all;
    mouse_[h][row] |= mouse;
    fresh_[h][row] = all;
    if (keep_remoteness_) {
      std::uint16_t* words = words_.data() + StateIndex(h) * n_ * n_ + StateIndex{row} * n_;
      for (std::uint64_t b = all; b != 0; b &= b - 1) words[std::countr_zero(b)] = stamp;
    }
  }

  // Gives the sink the states of `level` (fresh_, in StateSpace order); false when it stops the
  // solve.
  bool hand_out(std::uint32_t level) {
    if (sink_ == nullptr) return true;
    for (int h = 0; h < 2; ++h) {
      for (NodeId row = 0; row < n_; ++row) {
        if (fresh_[h][row] == 0) continue;
        sink_->add({StateIndex(h) * n_ * n_ + StateIndex{row} * n_, fresh_[h][row],
                    fresh_[h][row] & mouse_[h][row]});
      }
    }
    if (sink_->end_level(level)) return true;
    stopped_ = true;
    return false;
  }

  // The state after computing the replay's last level, before publishing it (see
  // SweepKernel::restore); false (and cancelled()) when the replay fails.
  bool restore(LevelReplay& replay) {
    const std::uint32_t final_level = replay.last_level();
    bool published = false;
    StateIndex decided = 0;
    const bool ok = replay.replay([&](std::uint32_t level, std::span<const LevelWord> words) {
      if (level == final_level && !published) {
        publish(decided);
        published = true;
      }
      for (const LevelWord& word : words) {
        for_each_row_word(
            word, n_,
            [&](int h, NodeId row, std::uint64_t, std::uint64_t states, std::uint64_t mouse) {
              decided_[h][row] |= states;
              mouse_[h][row] |= mouse;
              fresh_[h][row] |= states;
            });
      }
    });
    if (!published) publish(decided);
    stopped_ = !ok;
    return ok;
  }

  // Level 0: finished positions and stuck players (level_zero.hpp).
  void seed() {
    const Rules& rules = game_.rules();
    for (NodeId m = 0; m < n_; ++m) {
      const LevelZeroWord word =
          level_zero_word(rules, Side::kMouse, game_.is_hole(m), cat_allowed_, holes_,
                          std::uint64_t{1} << m, game_.mouse_moves(m).empty());
      decide(Side::kMouse, m, word.mouse, word.cat, Table::kDecided16);
    }
    for (NodeId c = 0; c < n_; ++c) {
      if (game_.cat_forbidden(c)) continue;
      const LevelZeroWord word =
          level_zero_word(rules, Side::kCat, game_.is_hole(c), all_mice_, holes_,
                          std::uint64_t{1} << c, game_.cat_move_count(c) == 0);
      decide(Side::kCat, c, word.mouse, word.cat, Table::kDecided16);
    }
  }

  bool is_decided(const State& s) const {
    const bool mouse_turn = s.turn == Side::kMouse;
    return (decided_[mouse_turn ? 0 : 1][mouse_turn ? s.mouse : s.cat] >>
            (mouse_turn ? s.cat : s.mouse)) &
           1;
  }

  // Moves this level's decisions into the child layout; false when there were none. Adds
  // their number to `decided`.
  bool publish(StateIndex& decided) {
    bool any = false;
    for (int h = 0; h < 2; ++h) {
      std::uint64_t wins[64];
      std::fill(wins + n_, wins + size_, 0);
      std::uint64_t seen = 0, seen_wins = 0;
      for (NodeId r = 0; r < n_; ++r) {
        decided += static_cast<StateIndex>(std::popcount(fresh_[h][r]));
        seen |= fresh_[h][r];
        wins[r] = fresh_[h][r] & mouse_[h][r];
        seen_wins |= wins[r];
        child_fresh_[h][r] = fresh_[h][r];
        fresh_[h][r] = 0;
      }
      if (seen == 0) continue;
      any = true;
      transpose(child_fresh_[h], size_);
      if (seen_wins != 0) transpose(wins, size_);
      for (NodeId r = 0; r < n_; ++r) {
        child_decided_[h][r] |= child_fresh_[h][r];
        if (seen_wins != 0) child_mouse_[h][r] |= wins[r];
      }
    }
    return any;
  }

  static void put_bits(ZeroedVector<std::uint64_t>& dense, StateIndex at, std::uint64_t bits) {
    if (bits == 0) return;
    dense[at >> 6] |= bits << (at & 63);
    if ((at & 63) != 0 && (at >> 6) + 1 < dense.size())
      dense[(at >> 6) + 1] |= bits >> (64 - (at & 63));
  }

  const Game& game_;
  const NodeId n_;
  const bool keep_remoteness_;
  std::uint64_t all_mice_ = 0, cat_allowed_ = 0, holes_ = 0;
  int size_ = 1;  // n rounded up to a power of two: the corner the transposes work on
  // [half][row]: half 0 mouse to move (row = mouse), half 1 cat to move (row = cat); parent
  // layout, then the transposed child layout.
  std::uint64_t decided_[2][64] = {}, mouse_[2][64] = {}, fresh_[2][64] = {};
  std::uint64_t child_decided_[2][64] = {}, child_mouse_[2][64] = {}, child_fresh_[2][64] = {};
  ZeroedVector<std::uint16_t> words_;
  const std::function<void(const SolveProgress&)> progress_;  // a copy: options may be a temporary
  const std::function<bool()> cancelled_;
  bool stopped_ = false;
  LevelSink* sink_ = nullptr;
  LevelReplay* resume_ = nullptr;
  std::optional<std::uint32_t> target_level_;
};

}  // namespace catmouse::detail
