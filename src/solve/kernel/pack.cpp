// The pack engine: k cats, as sorted multisets of nodes (placement.hpp). Retrograde analysis
// level by level, as for one cat, with the per-state work of a counter engine: a cats' position is
// decided for the mouse when a counter of its distinct joint moves runs out, a mouse position for
// the cat when every mouse move leads to a cat win.
//
// Cost: time O(states * (d + 1)^k) for maximum degree d (each decided mouse position is pushed to
// the distinct cats' positions that reach it); memory per state 2 bytes of remoteness (none when
// values only), 6 bits (decided, mouse win, the last level's and the next level's states, pending
// and its value) and, for the cats' half, a 2-byte counter, plus the placements (4k bytes each)
// and the distinct joint moves of one position (at most kMaxJoint, built a cat at a time so that
// the (d + 1)^k tuples are never held at once). The levels are bitsets, not lists: a level may
// hold most of the states, and a list of it would cost 8 bytes a state. pack_memory() counts all
// of it (pack_bounds.cpp, with the joint moves' bounds). One thread.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <tuple>
#include <unordered_map>

#include "solve/engines.hpp"
#include "solve/kernel/pack_bounds.hpp"

namespace catmouse::detail {

namespace {

constexpr std::uint32_t kMaxLevel = Table::kDecided16 - 1;  // remoteness fits in 15 bits

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

  // Whether the placement `cats` (sorted) has kMaxJoint or more distinct joint moves, which
  // makes run() refuse the game: one placement's moves, without anything of the game's size.
  bool too_many_joint_moves(std::span<const NodeId> cats) {
    joint_tuples_ = joint_bound(game_, cat_reverse_moves(game_)).tuples;
    std::vector<std::span<const NodeId>> lists;
    for (NodeId cat : cats) lists.push_back(game_.cat_moves(cat));
    product_placements(lists, scratch_);
    return too_many_moves_;
  }

  Result<Table> run() {
    const auto started = std::chrono::steady_clock::now();
    all_ = placements_.all();
    const std::uint64_t states = space_.size();
    const std::uint64_t words = (states + 63) / 64;
    decided_.assign(words, 0);
    mouse_win_.assign(words, 0);
    pending_.assign(words, 0);
    pending_win_.assign(words, 0);
    fresh_.assign(words, 0);
    next_.assign(words, 0);
    if (keep_remoteness_) remoteness_.assign(states, 0);
    counter_.assign(states / 2, 0);
    build_reverse_moves();
    seed();
    if (too_many_moves_) {
      return option_error(ErrorField::kCats,
                          fmt::format("a cats' position has {} or more joint moves", kMaxJoint));
    }
    for (std::uint32_t level = 0; fresh_count_ != 0; ++level) {
      if (keep_remoteness_ && level + 1 > kMaxLevel) {
        return option_error(
            ErrorField::kValuesOnly,
            fmt::format("a remoteness passes {} moves; solve values only", kMaxLevel));
      }
      if (progress_) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        progress_({decided_count_, states, level, elapsed.count()});
      }
      if (cancelled_ && cancelled_()) return cancelled_error();
      step(level + 1);
      if (too_many_moves_) {
        return option_error(ErrorField::kCats,
                            fmt::format("a cats' position is reached by {} or more joint "
                                        "moves",
                                        kMaxJoint));
      }
    }
    pending_ = {};
    pending_win_ = {};
    fresh_ = {};
    next_ = {};
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

  // The reverse moves, and product_placements()' buffers at the bound pack_memory() counts, so
  // that they never grow (a vector that doubles holds up to twice what it uses, and both copies
  // while it moves).
  void build_reverse_moves() {
    mouse_from_.assign(n_, {});
    for (NodeId v = 0; v < n_; ++v) {
      for (NodeId to : game_.mouse_moves(v)) mouse_from_[to].push_back(v);
    }
    cat_from_ = cat_reverse_moves(game_);
    const JointBound bound = joint_bound(game_, cat_from_);
    joint_tuples_ = bound.tuples;
    for (std::vector<NodeId>* buffer : {&partial_, &grown_, &sorted_}) {
      buffer->reserve(bound.tuples * k_);
    }
    order_.reserve(bound.tuples);
    scratch_.reserve(bound.joint);
  }

  // The distinct placements (as indices, sorted) in the product of the cats' lists: one node from
  // each list. Built a cat at a time, the partial multisets deduplicated after each cat: the
  // product has up to (d + 1)^k tuples (43 million for 16 cats of degree 2), its distinct
  // multisets far fewer. A partial multiset extends to a distinct full one for each choice of the
  // other cats, so there are never more partial ones than full ones: past kMaxJoint, the joint
  // moves are too many to count (too_many_moves_) and `out` is left empty. `out` and the
  // buffers are reused between calls to spare allocations.
  void product_placements(const std::vector<std::span<const NodeId>>& lists,
                          std::vector<std::uint64_t>& out) {
    out.clear();
    for (const auto& list : lists) {
      if (list.empty()) return;
    }
    std::vector<NodeId>& partial = partial_;  // `width` nodes per multiset, each sorted
    std::vector<NodeId>& grown = grown_;
    partial.clear();
    std::size_t width = 0;
    std::size_t count = 1;  // the empty multiset
    for (const auto& list : lists) {
      grown.clear();
      std::size_t grown_count = 0;
      // Deduplicate as the buffer fills only where it would pass the size it was reserved at
      // (joint_bound()), and at kMaxJoint: the bound covers the distinct partial multisets (all
      // a deduplication leaves) and half as many again and a list, so many are added between two
      // deduplications.
      const std::size_t limit = std::min<std::size_t>(
          kMaxJoint, joint_tuples_ > list.size() ? joint_tuples_ - list.size() : 1);
      for (std::size_t t = 0; t < count; ++t) {
        const NodeId* tuple = partial.data() + t * width;
        for (NodeId v : list) {
          // The multiset plus v, kept sorted.
          const NodeId* at = std::upper_bound(tuple, tuple + width, v);
          grown.insert(grown.end(), tuple, at);
          grown.push_back(v);
          grown.insert(grown.end(), at, tuple + width);
          ++grown_count;
        }
        if (grown_count >= limit) {
          grown_count = deduplicate(grown, width + 1);
          if (grown_count >= kMaxJoint) {
            too_many_moves_ = true;
            return;
          }
        }
      }
      count = deduplicate(grown, width + 1);
      if (count >= kMaxJoint) {
        too_many_moves_ = true;
        return;
      }
      partial.swap(grown);
      ++width;
    }
    out.reserve(count);
    for (std::size_t t = 0; t < count; ++t) {
      out.push_back(placements_.index_of(partial.data() + t * width));
    }
    std::sort(out.begin(), out.end());
  }

  // Sorts the multisets of `width` nodes in `flat` and drops repeats; returns how many are left.
  std::size_t deduplicate(std::vector<NodeId>& flat, std::size_t width) {
    const std::size_t count = flat.size() / width;
    order_.resize(count);
    for (std::size_t t = 0; t < count; ++t) order_[t] = static_cast<std::uint32_t>(t);
    const auto less = [&](std::uint32_t a, std::uint32_t b) {
      return std::lexicographical_compare(flat.begin() + a * width, flat.begin() + (a + 1) * width,
                                          flat.begin() + b * width, flat.begin() + (b + 1) * width);
    };
    const auto same = [&](std::uint32_t a, std::uint32_t b) {
      return std::equal(flat.begin() + a * width, flat.begin() + (a + 1) * width,
                        flat.begin() + b * width);
    };
    std::sort(order_.begin(), order_.end(), less);
    order_.erase(std::unique(order_.begin(), order_.end(), same), order_.end());
    sorted_.clear();
    for (std::uint32_t t : order_) {
      sorted_.insert(sorted_.end(), flat.begin() + t * width, flat.begin() + (t + 1) * width);
    }
    flat.swap(sorted_);
    return order_.size();
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
    set(next_, i);
    ++next_count_;
  }

  void seed() {
    for (std::uint64_t c = 0; c < placements_.count(); ++c) {
      const auto cats = placement(c);
      std::vector<std::span<const NodeId>> lists;
      for (NodeId cat : cats) lists.push_back(game_.cat_moves(cat));
      product_placements(lists, scratch_);
      if (too_many_moves_) return;
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
    next_level();
  }

  // The states just decided become the last level; the next level starts empty.
  void next_level() {
    fresh_.swap(next_);
    fresh_count_ = next_count_;
    std::fill(next_.begin(), next_.end(), 0);
    next_count_ = 0;
  }

  // Calls f(i) for every state of the last level, in index order.
  template <class F>
  void for_each_fresh(F&& f) const {
    for (std::uint64_t w = 0; w < fresh_.size(); ++w) {
      for (std::uint64_t bits = fresh_[w]; bits != 0; bits &= bits - 1) {
        f(w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits)));
      }
    }
  }

  void stuck(std::uint64_t i, Side side) {
    const Value value = stuck_value(game_.rules(), side);
    if (value != Value::kDraw) decide(i, value, 0);
  }

  void mark(std::uint64_t p, Value value) {
    set(pending_, p);
    if (value == Value::kMouseWin) set(pending_win_, p);
  }

  // One level: every parent of a state decided at level - 1.
  void step(std::uint32_t level) {
    // Fresh mouse-to-move states of one placement come one after the other (the index is
    // placement-major for k cats), so they are grouped without a map: `mice` holds the group.
    std::uint64_t group = UINT64_MAX;
    mice_.clear();
    for_each_fresh([&](std::uint64_t i) {
      const auto [turn, c, to] = decode(i);
      if (turn == Side::kMouse) {
        if (c != group) {
          mouse_parents(group);
          group = c;
        }
        mice_.push_back(to);
        return;
      }
      // A cats'-turn state (to, c): its parents are the mouse's moves into `to`.
      const bool mouse_won = test(mouse_win_, i);
      for (NodeId m : mouse_from_[to]) {
        const std::uint64_t p = at(Side::kMouse, c, m);
        if (test(decided_, p) || test(pending_, p)) continue;
        if (mouse_won) {
          mark(p, Value::kMouseWin);
          continue;
        }
        bool all_lost = true;
        for (NodeId next : game_.mouse_moves(m)) {
          const std::uint64_t q = at(Side::kCat, c, next);
          all_lost = all_lost && test(decided_, q) && !test(mouse_win_, q);
        }
        if (all_lost) mark(p, Value::kCatWin);
      }
    });
    mouse_parents(group);
    // Apply the pending states: the word is clear again once all its states are applied.
    for (std::uint64_t w = 0; w < pending_.size(); ++w) {
      const std::uint64_t wins = pending_win_[w];
      for (std::uint64_t bits = pending_[w]; bits != 0; bits &= bits - 1) {
        const int b = __builtin_ctzll(bits);
        decide(w * 64 + b, (wins >> b) & 1 ? Value::kMouseWin : Value::kCatWin, level);
      }
      pending_[w] = 0;
      pending_win_[w] = 0;
    }
    next_level();
  }

  // Mouse-turn states (m, child) for m in mice_: their parents are the cats' positions with a
  // joint move to `child` (UINT64_MAX: none yet).
  void mouse_parents(std::uint64_t child) {
    if (child == UINT64_MAX || mice_.empty()) return;
    std::vector<std::span<const NodeId>> lists;
    for (NodeId cat : placement(child)) lists.push_back(cat_from_[cat]);
    product_placements(lists, scratch_);
    for (const std::uint64_t c : scratch_) {
      for (NodeId m : mice_) {
        const std::uint64_t p = at(Side::kCat, c, m);
        if (test(decided_, p) || test(pending_, p)) continue;
        if (!test(mouse_win_, at(Side::kMouse, child, m))) {
          mark(p, Value::kCatWin);
        } else if (--counter_[c * n_ + m] == 0) {
          mark(p, Value::kMouseWin);
        }
      }
    }
    mice_.clear();
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
  // Bit per state: decided at the last level, at the level being built (decide()), pending in
  // the level being built and, if so, a mouse win.
  std::vector<std::uint64_t> fresh_, next_, pending_, pending_win_;
  std::uint64_t fresh_count_ = 0, next_count_ = 0;
  std::uint64_t decided_count_ = 0;
  std::vector<NodeId> mice_;  // a group of fresh mouse-turn states of one placement
  // The joint moves of one position, and product_placements()' buffers.
  std::vector<std::uint64_t> scratch_;
  std::vector<NodeId> partial_, grown_, sorted_;
  std::vector<std::uint32_t> order_;
  std::size_t joint_tuples_ = 0;  // the multisets each buffer is reserved for
  bool too_many_moves_ = false;
};

}  // namespace

Status pack_check(const Game& game) {
  if (game.cats() < 2) return {};
  // The placement with the most joint moves by most_joint_moves()' bound: when the bound is
  // below kMaxJoint no placement reaches it; else that placement is the likeliest to, and one is
  // enough, since seed() goes through every placement. A bound above a placement's real count
  // (lists that share nodes) lets the game through to run(), which still checks every one.
  std::vector<NodeId> best;
  if (most_cat_joint_moves(game, &best) < kMaxJoint) return {};
  if (!PackSolver(game, SolveOptions{}).too_many_joint_moves(best)) return {};
  std::string nodes;
  for (NodeId v : best) nodes += (nodes.empty() ? "" : ", ") + node_ref(v);
  Error error = with_nodes(fmt::format("{} cats: the cats on nodes {} have {} or more joint moves, "
                                       "more than the pack engine plays",
                                       game.cats(), nodes, kMaxJoint),
                           at_field(ErrorField::kCats));
  return error;
}

Result<Table> solve_pack(const Game& game, const SolveOptions& options) {
  if (options.engine != Engine::kAuto && options.engine != Engine::kPack) {
    return option_error(
        ErrorField::kEngine,
        fmt::format("the pack engine cannot run as the {} engine", engine_name(options.engine)));
  }
  const std::uint64_t estimate = pack_memory(game, options.values_only);
  if (estimate == UINT64_MAX) {
    return option_error(ErrorField::kCats,
                        fmt::format("{} cats on {} nodes have too many states to hold", game.cats(),
                                    game.node_count()));
  }
  return PackSolver(game, options).run();
}

}  // namespace catmouse::detail
