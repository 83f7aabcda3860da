#include "catmouse/solve/pack.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <unordered_map>

namespace catmouse {

namespace {

constexpr std::uint16_t kUnset = 0xFFFF;  // remoteness of an undecided state

bool test(const std::vector<std::uint64_t>& bits, std::uint64_t i) {
  return (bits[i >> 6] >> (i & 63)) & 1;
}
void set(std::vector<std::uint64_t>& bits, std::uint64_t i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}

// C(a + k - 1, k): the number of k-multisets of a things, saturating at 2^63.
std::uint64_t multisets(std::uint64_t a, std::uint32_t k) {
  if (a == 0) return 0;
  unsigned __int128 c = 1;
  for (std::uint32_t i = 1; i <= k; ++i) {
    c = c * (a + i - 1) / i;
    if (c > (std::uint64_t{1} << 63)) return std::uint64_t{1} << 63;
  }
  return static_cast<std::uint64_t>(c);
}

}  // namespace

std::optional<std::uint64_t> PackTable::config_index(std::span<const NodeId> cats) const {
  if (cats.size() != k_) return std::nullopt;
  std::uint64_t index = 0;
  NodeId previous = 0;
  for (std::uint32_t i = 0; i < k_; ++i) {
    if (cats[i] >= n_ || rank_[cats[i]] == n_ || (i > 0 && cats[i] < previous)) {
      return std::nullopt;
    }
    previous = cats[i];
    index += binom_[i][rank_[cats[i]] + i];  // strictly increasing s_i = rank + i
  }
  return index;
}

Value PackTable::value(Side turn, std::uint64_t config, NodeId mouse) const {
  const std::uint64_t i = at(turn, config, mouse);
  if (!test(decided_, i)) return Value::kDraw;
  return test(mouse_win_, i) ? Value::kMouseWin : Value::kCatWin;
}

std::optional<std::uint32_t> PackTable::remoteness(Side turn, std::uint64_t config,
                                                   NodeId mouse) const {
  const std::uint64_t i = at(turn, config, mouse);
  if (!test(decided_, i)) return std::nullopt;
  return remoteness_[i];
}

Value PackTable::value(const PackState& s) const {
  return value(s.turn, config_index(s.cats).value(), s.mouse);
}

std::optional<std::uint32_t> PackTable::remoteness(const PackState& s) const {
  return remoteness(s.turn, config_index(s.cats).value(), s.mouse);
}

std::uint64_t PackTable::memory_bytes() const {
  return configs_.size() * sizeof(NodeId) + (decided_.size() + mouse_win_.size()) * 8 +
         remoteness_.size() * 2;
}

std::uint64_t pack_memory_estimate(const Game& game) {
  std::uint64_t a = 0;
  for (NodeId v = 0; v < game.node_count(); ++v) a += game.cat_may_enter(v) ? 1 : 0;
  const std::uint32_t k = game.rules().cats;
  const std::uint64_t configs = multisets(a, k);
  const std::uint64_t n = game.node_count();
  if (configs > (std::uint64_t{1} << 40) / std::max<std::uint64_t>(n, 1)) return UINT64_MAX;
  const std::uint64_t states = 2 * configs * n;
  // Bits: decided, mouse win, and two fresh planes; remoteness per state, counter per cats'
  // state; the multisets.
  return states / 2 + states * 2 + states + configs * k * sizeof(NodeId);
}

std::optional<Value> pack_outcome(const Game& game, NodeId m, std::span<const NodeId> cats) {
  const bool on_mouse = std::find(cats.begin(), cats.end(), m) != cats.end();
  const bool in_hole =
      std::any_of(cats.begin(), cats.end(), [&](NodeId c) { return game.is_hole(c); });
  if (game.rules().cat_wins_in_hole && (on_mouse || in_hole)) return Value::kCatWin;
  if (game.is_hole(m)) return Value::kMouseWin;
  if (on_mouse) return Value::kCatWin;
  return std::nullopt;
}

PackState pack_start(const Rules& rules) {
  PackState s{rules.mouse_start, rules.cat_starts, rules.first};
  if (s.cats.empty()) s.cats.assign(rules.cats, rules.cat_start);
  std::sort(s.cats.begin(), s.cats.end());
  return s;
}

// The engine, as a class so that its buffers live together (see pack.hpp).
class PackSolver {
 public:
  PackSolver(const Game& game, PackTable& table) : game_(game), t_(table) {}

  Status run(const SolveOptions& options) {
    const NodeId n = game_.node_count();
    const std::uint32_t k = game_.rules().cats;
    t_.k_ = k;
    t_.n_ = n;
    t_.rank_.assign(n, n);
    NodeId a = 0;
    for (NodeId v = 0; v < n; ++v) {
      if (game_.cat_may_enter(v)) t_.rank_[v] = a++;
    }
    // binom_[i][s] = C(s, i + 1), which is multisets(s - i, i + 1) for s > i and 0 otherwise.
    t_.binom_.assign(k, std::vector<std::uint64_t>(a + k + 1, 0));
    for (std::uint32_t i = 0; i < k; ++i) {
      for (std::uint64_t s = i + 1; s <= a + k; ++s) t_.binom_[i][s] = multisets(s - i, i + 1);
    }
    t_.config_count_ = multisets(a, k);
    const std::uint64_t estimate = pack_memory_estimate(game_);
    if (estimate == UINT64_MAX || (options.memory_limit != 0 && estimate > options.memory_limit)) {
      return Error{fmt::format("{} cats on {} nodes need about {:.1f} GB, over the limit of "
                               "{:.1f} GB",
                               k, n, estimate / 1e9, options.memory_limit / 1e9),
                   {}};
    }
    if (t_.config_count_ == 0) return {};
    // The multisets in index order: increasing ranks, k nested counters.
    std::vector<NodeId> nodes;
    for (NodeId v = 0; v < n; ++v) {
      if (game_.cat_may_enter(v)) nodes.push_back(v);
    }
    t_.configs_.resize(t_.config_count_ * k);
    {
      std::vector<NodeId> r(k, 0);
      for (std::uint64_t c = 0; c < t_.config_count_; ++c) {
        for (std::uint32_t i = 0; i < k; ++i) t_.configs_[c * k + i] = nodes[r[i]];
        assert(t_.config_index(t_.config(c)) == c);
        // Next multiset in colex order: raise the lowest cat that can rise, reset those below.
        std::uint32_t i = 0;
        while (i + 1 < k && r[i] == r[i + 1]) ++i;
        ++r[i];
        for (std::uint32_t j = 0; j < i; ++j) r[j] = 0;
      }
    }
    const std::uint64_t states = t_.state_count();
    const std::uint64_t words = (states + 63) / 64;
    t_.decided_.assign(words, 0);
    t_.mouse_win_.assign(words, 0);
    pending_.assign(words, 0);
    t_.remoteness_.assign(states, kUnset);
    counter_.assign(states / 2, 0);
    build_reverse_moves();
    seed();
    if (too_many_moves_) return Error{"a cats' position has 65535 or more joint moves", {}};
    for (std::uint32_t level = 0; !fresh_.empty(); ++level) {
      if (level + 1 >= kUnset) return Error{"a remoteness passes 65535 moves", {}};
      if (options.progress) {
        options.progress({decided_, states, level, 0.0});
      }
      step(level + 1);
    }
    return {};
  }

 private:
  std::uint64_t at(Side turn, std::uint64_t config, NodeId m) const {
    return t_.at(turn, config, m);
  }

  void build_reverse_moves() {
    const NodeId n = game_.node_count();
    mouse_from_.assign(n, {});
    cat_from_.assign(n, {});
    for (NodeId v = 0; v < n; ++v) {
      for (NodeId to : game_.mouse_moves(v)) mouse_from_[to].push_back(v);
      if (game_.cat_may_enter(v)) {
        for (NodeId to : game_.cat_moves(v)) cat_from_[to].push_back(v);
      }
    }
  }

  // The distinct multisets (as config indices, sorted) in the product of the cats' lists: one
  // node from each list. `out` is reused between calls to spare allocations.
  void product_configs(const std::vector<std::span<const NodeId>>& lists,
                       std::vector<std::uint64_t>& out) const {
    out.clear();
    const std::size_t k = lists.size();
    for (const auto& list : lists) {
      if (list.empty()) return;
    }
    std::size_t at[64] = {};
    NodeId tuple[64];
    while (true) {
      for (std::size_t i = 0; i < k; ++i) tuple[i] = lists[i][at[i]];
      std::sort(tuple, tuple + k);
      out.push_back(*t_.config_index({tuple, k}));
      std::size_t i = 0;
      while (i < k && ++at[i] == lists[i].size()) at[i++] = 0;
      if (i == k) break;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  std::optional<Value> outcome(NodeId m, std::span<const NodeId> cats) const {
    return pack_outcome(game_, m, cats);
  }

  void decide(Side turn, std::uint64_t config, NodeId m, Value value, std::uint32_t level) {
    const std::uint64_t i = at(turn, config, m);
    if (test(t_.decided_, i)) return;
    set(t_.decided_, i);
    if (value == Value::kMouseWin) set(t_.mouse_win_, i);
    t_.remoteness_[i] = static_cast<std::uint16_t>(level);
    ++decided_;
    next_.push_back(i);
  }

  void seed() {
    const bool lose = game_.rules().stuck == StuckRule::kLose;
    for (std::uint64_t c = 0; c < t_.config_count_; ++c) {
      const auto cats = t_.config(c);
      std::vector<std::span<const NodeId>> lists;
      for (NodeId cat : cats) lists.push_back(game_.cat_moves(cat));
      product_configs(lists, scratch_);
      if (scratch_.size() >= kUnset) too_many_moves_ = true;
      const auto joint = static_cast<std::uint16_t>(scratch_.size());
      for (NodeId m = 0; m < game_.node_count(); ++m) {
        counter_[c * game_.node_count() + m] = joint;
        if (auto v = outcome(m, cats)) {
          decide(Side::kMouse, c, m, *v, 0);
          decide(Side::kCat, c, m, *v, 0);
          continue;
        }
        if (lose && game_.mouse_moves(m).empty()) decide(Side::kMouse, c, m, Value::kCatWin, 0);
        if (lose && joint == 0) decide(Side::kCat, c, m, Value::kMouseWin, 0);
      }
    }
    fresh_.swap(next_);
  }

  // One level: every parent of a state decided at level - 1.
  void step(std::uint32_t level) {
    const NodeId n = game_.node_count();
    const std::uint64_t half = t_.config_count_ * n;
    std::vector<std::pair<std::uint64_t, Value>> pending;
    // Group the fresh cats'-turn... by config for the cats' parents.
    std::unordered_map<std::uint64_t, std::vector<NodeId>> mouse_children;
    for (std::uint64_t i : fresh_) {
      const bool cat_turn = i >= half;
      const std::uint64_t c = (cat_turn ? i - half : i) / n;
      const NodeId to = static_cast<NodeId>(i % n);
      const bool mouse_won = test(t_.mouse_win_, i);
      if (!cat_turn) {
        mouse_children[c].push_back(to);
        continue;
      }
      // A cats'-turn state (to, c): its parents are the mouse's moves into `to`.
      for (NodeId m : mouse_from_[to]) {
        const std::uint64_t p = at(Side::kMouse, c, m);
        if (test(t_.decided_, p) || test(pending_, p)) continue;
        if (mouse_won) {
          set(pending_, p);
          pending.push_back({p, Value::kMouseWin});
          continue;
        }
        bool all_lost = true;
        for (NodeId next : game_.mouse_moves(m)) {
          const std::uint64_t q = at(Side::kCat, c, next);
          all_lost = all_lost && test(t_.decided_, q) && !test(t_.mouse_win_, q);
        }
        if (all_lost) {
          set(pending_, p);
          pending.push_back({p, Value::kCatWin});
        }
      }
    }
    // Mouse-turn states (m, c'): parents are the cats' positions with a joint move to c'.
    for (const auto& [child, mice] : mouse_children) {
      std::vector<std::span<const NodeId>> lists;
      for (NodeId cat : t_.config(child)) lists.push_back(cat_from_[cat]);
      product_configs(lists, scratch_);
      for (const std::uint64_t c : scratch_) {
        for (NodeId m : mice) {
          const std::uint64_t p = at(Side::kCat, c, m);
          if (test(t_.decided_, p) || test(pending_, p)) continue;
          if (!test(t_.mouse_win_, at(Side::kMouse, child, m))) {
            set(pending_, p);
            pending.push_back({p, Value::kCatWin});
          } else if (--counter_[c * n + m] == 0) {
            set(pending_, p);
            pending.push_back({p, Value::kMouseWin});
          }
        }
      }
    }
    next_.clear();
    for (const auto& [i, value] : pending) {
      pending_[i >> 6] = 0;  // the word is clear again once all its states are applied
      const bool cat_turn = i >= half;
      const std::uint64_t c = (cat_turn ? i - half : i) / n;
      decide(cat_turn ? Side::kCat : Side::kMouse, c, static_cast<NodeId>(i % n), value, level);
    }
    fresh_.swap(next_);
  }

  const Game& game_;
  PackTable& t_;
  std::vector<std::uint16_t> counter_;  // cats' turn: joint moves not yet known to lose
  std::vector<std::vector<NodeId>> mouse_from_, cat_from_;
  std::vector<std::uint64_t> fresh_, next_;  // states decided at the last level, the next
  std::uint64_t decided_ = 0;
  std::vector<std::uint64_t> scratch_;
  std::vector<std::uint64_t> pending_;  // bit per state: decided at the level being built
  bool too_many_moves_ = false;
};

Result<PackTable> solve_pack(const Game& game, const SolveOptions& options) {
  PackTable table;
  PackSolver solver(game, table);
  if (Status ok = solver.run(options); !ok) return ok.error();
  return table;
}

}  // namespace catmouse
