// The pack engine: k cats, as sorted multisets of nodes (placement.hpp). Retrograde analysis
// level by level, as for one cat, with the per-state work of a counter engine: a cats' position is
// decided for the mouse when a counter of its distinct joint moves runs out, a mouse position for
// the cat when every mouse move leads to a cat win.
//
// Cost: time O(states * (d + 1)^k) for maximum degree d (each decided mouse position is pushed to
// the distinct cats' positions that reach it); memory per state 2 bytes of remoteness (none when
// values only), 3 bits (decided, mouse win, pending) and, for the cats' half, a 2-byte counter,
// plus the placements (4k bytes each); pack_memory() gives the total. The lists of one level's
// decided states come on top (8 bytes per state decided in the level). One thread.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <tuple>
#include <unordered_map>

#include "solve/engines.hpp"

namespace catmouse::detail {

namespace {

constexpr std::uint32_t kMaxLevel = Table::kDecided16 - 1;  // remoteness fits in 15 bits
constexpr std::uint16_t kMaxJoint = 0xFFFF;

// Bitsets: the table's (ZeroedVector) and the solver's own (std::vector).
template <class Bits>
bool test(const Bits& bits, std::uint64_t i) {
  return (bits[i >> 6] >> (i & 63)) & 1;
}
template <class Bits>
void set(Bits& bits, std::uint64_t i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}

class PackSolver {
 public:
  PackSolver(const Game& game, const SolveOptions& options)
      : game_(game),
        space_(game.space()),
        placements_(game.cats() > 1 ? space_.placements() : allowed_nodes(game)),
        n_(game.node_count()),
        k_(game.cats()),
        keep_remoteness_(!options.values_only),
        progress_(options.progress),
        cancelled_(options.cancelled) {}

  Result<Table> run() {
    const auto started = std::chrono::steady_clock::now();
    all_ = placements_.all();
    const std::uint64_t states = space_.size();
    const std::uint64_t words = (states + 63) / 64;
    decided_.assign(words, 0);
    mouse_win_.assign(words, 0);
    pending_.assign(words, 0);
    if (keep_remoteness_) remoteness_.assign(states, 0);
    counter_.assign(states / 2, 0);
    build_reverse_moves();
    seed();
    if (too_many_moves_) {
      return option_error("cats",
                          fmt::format("a cats' position has {} or more joint moves", kMaxJoint));
    }
    for (std::uint32_t level = 0; !fresh_.empty(); ++level) {
      if (keep_remoteness_ && level + 1 > kMaxLevel) {
        return option_error(
            "values_only",
            fmt::format("a remoteness passes {} moves; solve values only", kMaxLevel));
      }
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        progress_({decided_count_, states, level, elapsed.count()});
      }
      if (cancelled_ && cancelled_()) return cancelled_error();
      step(level + 1);
    }
    pending_ = {};
    counter_ = {};
    ZeroedVector<std::uint16_t> r16;
    if (keep_remoteness_) {
      r16 = std::move(remoteness_);
      decided_ = {};
    }
    return Table(space_, std::move(mouse_win_), std::move(decided_), std::move(r16), {});
  }

 private:
  // The placements of one cat are the nodes it may enter (the Game numbers one cat's states by
  // node, forbidden nodes included, for the kernels' layout).
  static Placements allowed_nodes(const Game& game) {
    std::vector<bool> allowed(game.node_count());
    for (NodeId v = 0; v < game.node_count(); ++v) allowed[v] = !game.cat_forbidden(v);
    return Placements(1, allowed);
  }

  // The table index of (turn, placement c, mouse m).
  std::uint64_t at(Side turn, std::uint64_t c, NodeId m) const {
    if (k_ == 1) return space_.index(State{m, all_[c], turn});
    return space_.index(turn, c, m);
  }

  std::span<const NodeId> placement(std::uint64_t index) const {
    return {all_.data() + index * k_, k_};
  }

  void build_reverse_moves() {
    mouse_from_.assign(n_, {});
    cat_from_.assign(n_, {});
    for (NodeId v = 0; v < n_; ++v) {
      for (NodeId to : game_.mouse_moves(v)) mouse_from_[to].push_back(v);
      if (!game_.cat_forbidden(v)) {
        for (NodeId to : game_.cat_moves(v)) cat_from_[to].push_back(v);
      }
    }
  }

  // The distinct placements (as indices, sorted) in the product of the cats' lists: one node from
  // each list. `out` is reused between calls to spare allocations.
  void product_placements(const std::vector<std::span<const NodeId>>& lists,
                          std::vector<std::uint64_t>& out) const {
    out.clear();
    for (const auto& list : lists) {
      if (list.empty()) return;
    }
    std::vector<std::size_t> at(k_, 0);
    std::vector<NodeId> tuple(k_);
    while (true) {
      for (std::size_t i = 0; i < k_; ++i) tuple[i] = lists[i][at[i]];
      std::sort(tuple.begin(), tuple.end());
      out.push_back(placements_.index_of(tuple.data()));
      std::size_t i = 0;
      while (i < k_ && ++at[i] == lists[i].size()) at[i++] = 0;
      if (i == k_) break;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  // (turn, placement, mouse) of table index i: the inverse of at().
  std::tuple<Side, std::uint64_t, NodeId> decode(std::uint64_t i) const {
    if (k_ == 1) {
      const State s = space_.state(i);
      return {s.turn, *placements_.index(std::span<const NodeId>(&s.cat, 1)), s.mouse};
    }
    const std::uint64_t half = placements_.count() * n_;
    const Side turn = i >= half ? Side::kCat : Side::kMouse;
    const std::uint64_t rest = i % half;
    return {turn, rest / n_, static_cast<NodeId>(rest % n_)};
  }

  void decide(std::uint64_t i, Value value, std::uint32_t level) {
    if (test(decided_, i)) return;
    set(decided_, i);
    if (value == Value::kMouseWin) set(mouse_win_, i);
    if (keep_remoteness_) remoteness_[i] = static_cast<std::uint16_t>(Table::kDecided16 | level);
    ++decided_count_;
    next_.push_back(i);
  }

  void seed() {
    for (std::uint64_t c = 0; c < placements_.count(); ++c) {
      const auto cats = placement(c);
      std::vector<std::span<const NodeId>> lists;
      for (NodeId cat : cats) lists.push_back(game_.cat_moves(cat));
      product_placements(lists, scratch_);
      if (scratch_.size() >= kMaxJoint) too_many_moves_ = true;
      const auto joint = static_cast<std::uint16_t>(scratch_.size());
      for (NodeId m = 0; m < n_; ++m) {
        counter_[c * n_ + m] = joint;
        if (auto v = game_.outcome(m, cats)) {
          decide(at(Side::kMouse, c, m), *v, 0);
          decide(at(Side::kCat, c, m), *v, 0);
          continue;
        }
        if (game_.mouse_moves(m).empty()) stuck(at(Side::kMouse, c, m), Side::kMouse);
        if (joint == 0) stuck(at(Side::kCat, c, m), Side::kCat);
      }
    }
    fresh_.swap(next_);
  }

  void stuck(std::uint64_t i, Side side) {
    const Value value = stuck_value(game_.rules(), side);
    if (value != Value::kDraw) decide(i, value, 0);
  }

  void mark(std::uint64_t p, Value value, std::vector<std::pair<std::uint64_t, Value>>& pending) {
    set(pending_, p);
    pending.push_back({p, value});
  }

  // One level: every parent of a state decided at level - 1.
  void step(std::uint32_t level) {
    std::vector<std::pair<std::uint64_t, Value>> pending;
    // Fresh mouse-to-move states grouped by placement, for the cats' parents.
    std::unordered_map<std::uint64_t, std::vector<NodeId>> mouse_children;
    for (std::uint64_t i : fresh_) {
      const auto [turn, c, to] = decode(i);
      const bool cat_turn = turn == Side::kCat;
      const bool mouse_won = test(mouse_win_, i);
      if (!cat_turn) {
        mouse_children[c].push_back(to);
        continue;
      }
      // A cats'-turn state (to, c): its parents are the mouse's moves into `to`.
      for (NodeId m : mouse_from_[to]) {
        const std::uint64_t p = at(Side::kMouse, c, m);
        if (test(decided_, p) || test(pending_, p)) continue;
        if (mouse_won) {
          mark(p, Value::kMouseWin, pending);
          continue;
        }
        bool all_lost = true;
        for (NodeId next : game_.mouse_moves(m)) {
          const std::uint64_t q = at(Side::kCat, c, next);
          all_lost = all_lost && test(decided_, q) && !test(mouse_win_, q);
        }
        if (all_lost) mark(p, Value::kCatWin, pending);
      }
    }
    // Mouse-turn states (m, c'): parents are the cats' positions with a joint move to c'.
    for (const auto& [child, mice] : mouse_children) {
      std::vector<std::span<const NodeId>> lists;
      for (NodeId cat : placement(child)) lists.push_back(cat_from_[cat]);
      product_placements(lists, scratch_);
      for (const std::uint64_t c : scratch_) {
        for (NodeId m : mice) {
          const std::uint64_t p = at(Side::kCat, c, m);
          if (test(decided_, p) || test(pending_, p)) continue;
          if (!test(mouse_win_, at(Side::kMouse, child, m))) {
            mark(p, Value::kCatWin, pending);
          } else if (--counter_[c * n_ + m] == 0) {
            mark(p, Value::kMouseWin, pending);
          }
        }
      }
    }
    next_.clear();
    for (const auto& [i, value] : pending) {
      pending_[i >> 6] = 0;  // the word is clear again once all its states are applied
      decide(i, value, level);
    }
    fresh_.swap(next_);
  }

  const Game& game_;
  const StateSpace& space_;
  const Placements placements_;
  const NodeId n_;
  const std::uint32_t k_;
  const bool keep_remoteness_;
  const std::function<void(const SolveProgress&)> progress_;
  const std::function<bool()> cancelled_;
  std::vector<NodeId> all_;  // every placement's nodes, in index order
  ZeroedVector<std::uint64_t> decided_, mouse_win_;
  ZeroedVector<std::uint16_t> remoteness_;  // Table's 16-bit words: top bit decided
  std::vector<std::uint16_t> counter_;      // cats' turn: joint moves not yet known to lose
  std::vector<std::vector<NodeId>> mouse_from_, cat_from_;
  std::vector<std::uint64_t> fresh_, next_;  // states decided at the last level, the next
  std::uint64_t decided_count_ = 0;
  std::vector<std::uint64_t> scratch_;
  std::vector<std::uint64_t> pending_;  // bit per state: decided at the level being built
  bool too_many_moves_ = false;
};

}  // namespace

std::uint64_t pack_memory(const Game& game, bool values_only) {
  const std::uint64_t placements =
      game.cats() > 1 ? game.space().placements().count() : game.node_count();
  const std::uint64_t n = game.node_count();
  if (placements > (std::uint64_t{1} << 40) / std::max<std::uint64_t>(n, 1)) return UINT64_MAX;
  const std::uint64_t states = 2 * placements * n;
  // Bits: decided, mouse win, pending, and the level lists (about one more); the remoteness word
  // per state, the counter per cats' state; the placements.
  return states / 2 + (values_only ? 0 : states * 2) + states +
         placements * game.cats() * sizeof(NodeId);
}

Result<Table> solve_pack(const Game& game, const SolveOptions& options) {
  if (options.engine != Engine::kAuto && options.engine != Engine::kPack) {
    return option_error("engine", fmt::format("the pack engine cannot run as the {} engine",
                                              engine_name(options.engine)));
  }
  const std::uint64_t estimate = pack_memory(game, options.values_only);
  if (estimate == UINT64_MAX) {
    return option_error("cats", fmt::format("{} cats on {} nodes have too many states to hold",
                                            game.cats(), game.node_count()));
  }
  if (options.memory_limit != 0 && estimate > options.memory_limit) {
    return memory_error(fmt::format("{} cats on {} nodes", game.cats(), game.node_count()),
                        estimate, options.memory_limit);
  }
  return PackSolver(game, options).run();
}

}  // namespace catmouse::detail
