// The Cat and Mouse table of one small graph and hole (mouse_kernel.hpp): retrograde analysis
// over bit rows, level by level, each level computed from the states decided before it (so that
// the level deciding a state is its remoteness).
#include "mouse_kernel.hpp"

#include <bit>

namespace catmouse::census {

namespace {

constexpr unsigned kMouseToMove = static_cast<unsigned>(Side::kMouse);
constexpr unsigned kCatToMove = static_cast<unsigned>(Side::kCat);

// Fills table[s] with the union of rows[v] over the bits v of s, for s < table's used size.
void fill_unions(std::uint16_t* table, unsigned bits, const std::uint32_t* rows) {
  table[0] = 0;
  for (std::uint32_t s = 1; s < (1u << bits); ++s)
    table[s] = static_cast<std::uint16_t>(table[s & (s - 1)] | rows[std::countr_zero(s)]);
}

}  // namespace

void MouseKernel::prepare_graph(const SmallGraph& graph) {
  bool same = graph.node_count == n_;
  for (NodeId v = 0; same && v < n_; ++v) same = graph.rows[v] == adjacency_[v];
  if (same) return;
  n_ = graph.node_count;
  isolated_ = leaves_ = 0;
  for (NodeId v = 0; v < kMaxNodes; ++v) {
    adjacency_[v] = v < n_ ? static_cast<std::uint32_t>(graph.rows[v]) : 0;
    if (v >= n_) continue;
    if (adjacency_[v] == 0) isolated_ |= 1u << v;
    if (std::has_single_bit(adjacency_[v])) leaves_ |= 1u << v;
  }
  low_bits_ = (n_ + 1) / 2;
  low_mask_ = (1u << low_bits_) - 1;
  fill_unions(union_low_.data(), low_bits_, adjacency_.data());
  fill_unions(union_high_.data(), n_ - low_bits_, adjacency_.data() + low_bits_);
}

// Level 0: the mouse in the hole wins, the cat on the mouse wins, and under StuckRule::kLose a
// stuck player loses (the mouse on an isolated node; the cat whose only neighbour is the hole).
void MouseKernel::start(NodeId hole, StuckRule stuck) {
  hole_ = hole;
  const std::uint32_t hole_bit = 1u << hole;
  valid_ = ((1u << n_) - 1) & ~hole_bit;
  cat_mobile_ = valid_ & ~isolated_ & ~(leaves_ & adjacency_[hole]);
  const bool lose = stuck == StuckRule::kLose;
  last_level_ = {};
  for (NodeId m = 0; m < kMaxNodes; ++m) {
    std::uint32_t mouse0 = 0, cat0 = 0, mouse1 = 0, cat1 = 0;
    if (m == hole) {
      mouse0 = mouse1 = valid_;
    } else if (m < n_) {
      const std::uint32_t caught = 1u << m;
      cat0 = caught | ((lose && adjacency_[m] == 0) ? valid_ : 0);
      mouse1 = lose ? valid_ & ~cat_mobile_ & ~caught : 0;
      cat1 = caught;
    }
    mouse_wins_[kMouseToMove][m] = mouse0;
    cat_wins_[kMouseToMove][m] = cat0;
    mouse_wins_[kCatToMove][m] = mouse1;
    cat_wins_[kCatToMove][m] = cat1;
    gather_[m] = mouse1 | ((~cat1 & valid_) << 16);
    log_count_[kMouseToMove][m] = log_count_[kCatToMove][m] = 0;
    log(kMouseToMove, m, 0, mouse0 | cat0);
    log(kCatToMove, m, 0, mouse1 | cat1);
  }
}

void MouseKernel::run_levels() {
  const std::uint32_t rows = valid_;  // every row but the hole's, decided at level 0
  std::uint32_t mouse_rows = rows, cat_rows = rows;
  std::uint32_t mouse_mobile = ((1u << n_) - 1) & ~isolated_;
  Rows new_mouse{}, new_cat{};
  for (std::uint16_t level = 1; (mouse_rows | cat_rows) != 0; ++level) {
    // Mouse to move, from the cat-to-move rows of the levels before: into temporaries, since the
    // cat-to-move rows below read the mouse-to-move rows as they were.
    for (std::uint32_t todo = mouse_rows; todo != 0; todo &= todo - 1) {
      const auto m = static_cast<NodeId>(std::countr_zero(todo));
      std::uint32_t any = 0;
      for (std::uint32_t to = adjacency_[m]; to != 0; to &= to - 1)
        any |= gather_[std::countr_zero(to)];
      const std::uint32_t open =
          valid_ & ~(mouse_wins_[kMouseToMove][m] | cat_wins_[kMouseToMove][m]);
      new_mouse[m] = any & open;
      // Every move reaches a cat win: no neighbour's row leaves the state to the mouse or a draw.
      new_cat[m] = ~(any >> 16) & open & (mouse_mobile >> m & 1 ? ~0u : 0u);
    }
    // Cat to move, from the mouse-to-move rows of the levels before.
    std::uint32_t changed_cat_rows = 0;
    std::uint32_t placements_mouse = 0, placements_cat = 0;
    for (std::uint32_t todo = cat_rows; todo != 0; todo &= todo - 1) {
      const auto m = static_cast<NodeId>(std::countr_zero(todo));
      std::uint32_t& mouse = mouse_wins_[kCatToMove][m];
      std::uint32_t& cat = cat_wins_[kCatToMove][m];
      const std::uint32_t open = valid_ & ~(mouse | cat);
      const std::uint32_t cat_new = neighbourhood(cat_wins_[kMouseToMove][m]) & open;
      const std::uint32_t mouse_new =
          ~neighbourhood(valid_ & ~mouse_wins_[kMouseToMove][m]) & cat_mobile_ & open;
      mouse |= mouse_new;
      cat |= cat_new;
      gather_[m] = mouse | ((~cat & valid_) << 16);
      log(kCatToMove, m, level, mouse_new | cat_new);
      changed_cat_rows |= (mouse_new | cat_new) != 0 ? 1u << m : 0u;
    }
    std::uint32_t changed_mouse_rows = 0;
    for (std::uint32_t todo = mouse_rows; todo != 0; todo &= todo - 1) {
      const auto m = static_cast<NodeId>(std::countr_zero(todo));
      mouse_wins_[kMouseToMove][m] |= new_mouse[m];
      cat_wins_[kMouseToMove][m] |= new_cat[m];
      log(kMouseToMove, m, level, new_mouse[m] | new_cat[m]);
      placements_mouse |= new_mouse[m];
      placements_cat |= new_cat[m];
      changed_mouse_rows |= (new_mouse[m] | new_cat[m]) != 0 ? 1u << m : 0u;
    }
    if (placements_mouse != 0) last_level_[1] = level;
    if (placements_cat != 0) last_level_[2] = level;
    cat_rows = changed_mouse_rows;
    mouse_rows = neighbourhood(changed_cat_rows) & rows;
  }
}

void MouseKernel::solve(const SmallGraph& graph, NodeId hole, StuckRule stuck) {
  prepare_graph(graph);
  start(hole, stuck);
  run_levels();
}

std::uint16_t MouseKernel::remoteness(NodeId m, NodeId c, Side turn) const {
  const auto t = static_cast<unsigned>(turn);
  for (std::uint8_t i = 0; i < log_count_[t][m]; ++i)
    if ((log_[t][m][i].decided >> c) & 1u) return log_[t][m][i].level;
  return kNoRemoteness;
}

MouseTableSummary MouseKernel::summary() const {
  MouseTableSummary out;
  if (n_ < 3) return out;
  std::array<std::uint32_t, 3> won{};
  for (NodeId m = 0; m < n_; ++m) {
    if (m == hole_) continue;
    won[1] += static_cast<std::uint32_t>(std::popcount(mouse_wins_[kMouseToMove][m]));
    // Less the cat on the mouse, which is no placement.
    won[2] += static_cast<std::uint32_t>(std::popcount(cat_wins_[kMouseToMove][m])) - 1;
  }
  out.placements = {(n_ - 1) * (n_ - 2) - won[1] - won[2], won[1], won[2]};
  for (unsigned v = 1; v <= 2; ++v) {
    if (won[v] == 0) continue;
    const Rows& wins = v == 1 ? mouse_wins_[kMouseToMove] : cat_wins_[kMouseToMove];
    const std::uint16_t level = last_level_[v];
    for (NodeId m = 0; m < n_; ++m) {
      if (m == hole_) continue;
      std::uint32_t at = 0;
      for (std::uint8_t i = 0; i < log_count_[kMouseToMove][m]; ++i)
        if (log_[kMouseToMove][m][i].level == level) at = log_[kMouseToMove][m][i].decided;
      at &= wins[m] & ~(1u << m);
      if (at != 0) {
        out.longest[v] = {level, m, static_cast<NodeId>(std::countr_zero(at))};
        break;
      }
    }
  }
  return out;
}

}  // namespace catmouse::census
