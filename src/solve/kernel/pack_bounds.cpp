// The pack engine's bounds (pack_bounds.hpp): the most distinct joint moves a placement of k cats
// has, the buffers product_placements() reserves for them, and pack_memory(), which counts the
// engine's arrays and those buffers for plan().
#include "solve/kernel/pack_bounds.hpp"

#include <algorithm>
#include <span>

#include "solve/engines.hpp"

namespace catmouse::detail {

namespace {

// Saturating arithmetic for the joint-move bounds: past kBig the bound only needs to be large.
constexpr std::uint64_t kBig = std::uint64_t{1} << 40;
std::uint64_t bounded_product(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kBig / b ? kBig : std::min(a * b, kBig);
}

// The distinct multisets that `a` cats on one node reach, each picking one of `d` moves.
std::uint64_t spread(std::uint64_t a, std::uint64_t d) {
  if (a == 0) return 1;
  if (d == 0) return 0;
  return std::min(multiset_count(d, static_cast<std::uint32_t>(a)), kBig);
}

// dp[s] := max over t <= s of dp[s - t] * f(t), for s = 0..k: the most a product reaches when the
// cats are shared between what dp covers and one more part. Returns, for each s, the t that gives
// it: the cats the new part takes in the best sharing.
template <class F>
std::vector<std::uint32_t> add_part(std::vector<std::uint64_t>& dp, F&& f) {
  std::vector<std::uint64_t> next(dp.size(), 0);
  std::vector<std::uint32_t> taken(dp.size(), 0);
  for (std::size_t s = 0; s < dp.size(); ++s) {
    for (std::size_t t = 0; t <= s; ++t) {
      const std::uint64_t product = bounded_product(dp[s - t], f(t));
      if (product > next[s]) {
        next[s] = product;
        taken[s] = static_cast<std::uint32_t>(t);
      }
    }
  }
  dp.swap(next);
  return taken;
}

// The most distinct joint moves one placement of k cats has, a cat on node v picking from
// lists[v]: at most the product over the nodes of spread(cats there, list size), and, where lists
// share nodes, at most the multisets of those cats over the nodes their lists cover. Nodes whose
// lists overlap (transitively) form a part; parts cover disjoint nodes, so a placement's joint
// moves are the product of its parts', each bounded by the smaller of the two counts. Maximised
// over every way of sharing the k cats (a DP, not a pass over the placements): the buffers of
// product_placements() are sized by it, and pack_memory() counts them. With `best`, also the
// placement the bound is reached for (its nodes, sorted): where the DP put the cats.
template <class Lists>
std::uint64_t most_joint_moves(const Game& game, const Lists& lists, std::uint32_t k,
                               std::vector<NodeId>* best = nullptr) {
  const NodeId n = game.node_count();
  std::vector<NodeId> root(n);
  for (NodeId v = 0; v < n; ++v) root[v] = v;
  const auto find = [&](NodeId v) {
    while (root[v] != v) v = root[v] = root[root[v]];
    return v;
  };
  std::vector<NodeId> owner(n, UINT32_MAX);  // a node whose list holds this target
  for (NodeId v = 0; v < n; ++v) {
    if (game.cat_forbidden(v)) continue;
    for (NodeId t : lists(v)) {
      if (owner[t] == UINT32_MAX) {
        owner[t] = v;
      } else {
        root[find(v)] = find(owner[t]);
      }
    }
  }
  std::vector<std::uint64_t> covered(n, 0);  // per part's root: the targets its lists cover
  for (NodeId t = 0; t < n; ++t) {
    if (owner[t] != UINT32_MAX) ++covered[find(owner[t])];
  }
  std::vector<std::vector<NodeId>> parts(n);
  for (NodeId v = 0; v < n; ++v) {
    if (!game.cat_forbidden(v)) parts[find(v)].push_back(v);
  }
  std::vector<std::uint64_t> total(k + 1, 0);
  total[0] = 1;
  // The DP's choices, to trace the best sharing back: per part, the cats it takes; per node of
  // a part, the cats it takes of the part's.
  std::vector<std::vector<std::uint32_t>> part_takes(n);
  std::vector<std::vector<std::uint32_t>> node_takes(n);
  for (NodeId r = 0; r < n; ++r) {
    if (parts[r].empty()) continue;
    std::vector<std::uint64_t> part(k + 1, 0);
    part[0] = 1;
    for (NodeId v : parts[r]) {
      node_takes[v] = add_part(part, [&](std::uint64_t a) { return spread(a, lists(v).size()); });
    }
    part_takes[r] =
        add_part(total, [&](std::uint64_t s) { return std::min(part[s], spread(s, covered[r])); });
  }
  if (best && total[k] > 0) {
    best->clear();
    std::uint32_t left = k;
    for (NodeId r = n; r-- > 0;) {
      if (parts[r].empty()) continue;
      std::uint32_t in_part = part_takes[r][left];
      left -= in_part;
      for (auto v = parts[r].rbegin(); v != parts[r].rend(); ++v) {
        const std::uint32_t here = node_takes[*v][in_part];
        best->insert(best->end(), here, *v);
        in_part -= here;
      }
    }
    std::sort(best->begin(), best->end());
  }
  return total[k];
}

}  // namespace

// The bound over both directions: the cats' moves (seed) and their reverse moves (the parents
// of a mouse position). A buffer holds the partial multisets of one more cat before they are
// deduplicated: at most the distinct partial ones times a list, and there are never more
// distinct partial ones than full ones; product_placements() also deduplicates it before it passes
// 1.5 times the most distinct ones and a list, or kMaxJoint and a list.
JointBound joint_bound(const Game& game, const std::vector<std::vector<NodeId>>& back) {
  JointBound bound;
  const auto add = [&](const auto& lists) {
    std::uint64_t longest = 0;
    for (NodeId v = 0; v < game.node_count(); ++v) {
      if (!game.cat_forbidden(v)) longest = std::max<std::uint64_t>(longest, lists(v).size());
    }
    const std::uint64_t joint = most_joint_moves(game, lists, game.cats());
    bound.tuples = std::max(bound.tuples,
                            std::min({bounded_product(joint, longest), joint + joint / 2 + longest,
                                      std::uint64_t{kMaxJoint} + longest}));
    bound.joint = std::max(bound.joint, std::min<std::uint64_t>(joint, kMaxJoint));
  };
  add([&](NodeId v) { return game.cat_moves(v); });
  add([&](NodeId v) { return std::span<const NodeId>(back[v]); });
  return bound;
}

// The cats' reverse moves: per node, the nodes a cat moves into it from.
std::vector<std::vector<NodeId>> cat_reverse_moves(const Game& game) {
  std::vector<std::vector<NodeId>> lists(game.node_count());
  for (NodeId v = 0; v < game.node_count(); ++v) {
    if (game.cat_forbidden(v)) continue;
    for (NodeId to : game.cat_moves(v)) lists[to].push_back(v);
  }
  return lists;
}

std::uint64_t most_cat_joint_moves(const Game& game, std::vector<NodeId>* best) {
  const auto moves = [&](NodeId v) { return game.cat_moves(v); };
  return most_joint_moves(game, moves, game.cats(), best);
}

std::uint64_t pack_memory(const Game& game, bool values_only) {
  const std::uint64_t k = game.cats();
  const std::uint64_t placements = k > 1 ? game.space().placements().count() : game.node_count();
  const std::uint64_t n = game.node_count();
  if (placements > (std::uint64_t{1} << 40) / std::max<std::uint64_t>(n, 1)) return UINT64_MAX;
  const std::uint64_t states = 2 * placements * n;
  // Six bitsets (decided, mouse win, the two levels, pending and its value), the remoteness
  // word per state, the counter per cats' state, every placement's nodes.
  std::uint64_t bytes = 6 * ((states + 63) / 64) * 8 + (values_only ? 0 : states * 2) + states +
                        placements * k * sizeof(NodeId);
  // The reverse moves (a vector per node and side), the Placements' own tables, and the joint
  // moves' bound's scratch (a list and three words per node).
  for (NodeId v = 0; v < n; ++v) {
    bytes += 3 * sizeof(std::vector<NodeId>) + 3 * 8 + game.mouse_moves(v).size() * sizeof(NodeId);
    if (!game.cat_forbidden(v)) bytes += game.cat_moves(v).size() * sizeof(NodeId);
  }
  bytes += (k + 1) * (n + 1) * 8 + 2 * n * sizeof(NodeId);
  // product_placements()' buffers, reserved at their bound: three of multisets of at most k
  // nodes, the order, the result.
  const JointBound bound = joint_bound(game, cat_reverse_moves(game));
  bytes += bound.tuples * (3 * k * sizeof(NodeId) + sizeof(std::uint32_t)) +
           bound.joint * sizeof(std::uint64_t);
  return bytes;
}

}  // namespace catmouse::detail
