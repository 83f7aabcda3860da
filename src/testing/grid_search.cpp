#include "catmouse/testing/grid_search.hpp"

#include <algorithm>
#include <cassert>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/solve.hpp"
#include "core/splitmix.hpp"

namespace catmouse {

namespace {

char& cell_at(GridMap& map, NodeId node) {
  return map.rows[node / map.column_count()][node % map.column_count()];
}

// A map of `rows` x `columns` floor cells with M, C and F on three distinct random cells, walls on
// other cells with probability wall_percent / 100, and jumps 1..max_jump.
GridMap random_layout(std::uint64_t& state, std::uint32_t rows, std::uint32_t columns,
                      std::uint32_t wall_percent, std::uint32_t max_jump) {
  GridMap map;
  map.rows.assign(rows, std::string(columns, '.'));
  const NodeId cells = rows * columns;
  for (NodeId v = 0; v < cells; ++v) {
    if (detail::splitmix64(state) % 100 < wall_percent) cell_at(map, v) = '#';
  }
  for (char piece : {'M', 'C', 'F'}) {
    for (;;) {
      const NodeId v = static_cast<NodeId>(detail::splitmix64(state) % cells);
      if (cell_at(map, v) == '.' || cell_at(map, v) == '#') {
        cell_at(map, v) = piece;
        break;
      }
    }
  }
  map.mouse_jump = 1 + static_cast<std::uint32_t>(detail::splitmix64(state) % max_jump);
  map.cat_jump = 1 + static_cast<std::uint32_t>(detail::splitmix64(state) % max_jump);
  return map;
}

}  // namespace

bool leetcode_map(const GridMap& map) {
  const auto jump_ok = [](std::uint32_t jump) { return jump >= 1 && jump <= kLeetCodeJump; };
  return map.row_count() <= kLeetCodeSide && map.column_count() <= kLeetCodeSide &&
         jump_ok(map.mouse_jump) && jump_ok(map.cat_jump);
}

SmallMaps::SmallMaps(std::uint32_t max_cells, std::uint32_t max_jump)
    : max_cells_(max_cells), max_jump_(max_jump) {
  assert(max_cells <= 12 && max_jump >= 1);
}

// The next shape (by cells, then rows) of 3 to max_cells cells; false after the last.
bool SmallMaps::next_shape() {
  for (std::uint32_t cells = std::max(rows_ * columns_, 3u); cells <= max_cells_; ++cells) {
    const std::uint32_t first = rows_ * columns_ == cells ? rows_ + 1 : 1;
    for (std::uint32_t rows = first; rows <= cells; ++rows) {
      if (cells % rows || rows > kLeetCodeSide || cells / rows > kLeetCodeSide) continue;
      rows_ = rows;
      columns_ = cells / rows;
      count_ = std::uint64_t{cells} * (cells - 1) * (cells - 2) *
               (std::uint64_t{1} << (cells - 3)) * max_jump_ * max_jump_;
      index_ = 0;
      return true;
    }
  }
  return false;
}

std::optional<GridMap> SmallMaps::next() {
  if (index_ >= count_ && !next_shape()) return std::nullopt;
  const std::uint32_t cells = rows_ * columns_;
  std::uint64_t i = index_++;
  GridMap map;
  map.rows.assign(rows_, std::string(columns_, '.'));
  map.mouse_jump = 1 + static_cast<std::uint32_t>(i % max_jump_);
  i /= max_jump_;
  map.cat_jump = 1 + static_cast<std::uint32_t>(i % max_jump_);
  i /= max_jump_;
  const std::uint64_t walls = i % (std::uint64_t{1} << (cells - 3));
  i >>= cells - 3;
  // M, C and F: the i-th ordered triple of distinct cells.
  std::vector<NodeId> free(cells);
  for (NodeId v = 0; v < cells; ++v) free[v] = v;
  for (char piece : {'M', 'C', 'F'}) {
    const std::size_t k = i % free.size();
    i /= free.size();
    cell_at(map, free[k]) = piece;
    free.erase(free.begin() + static_cast<std::ptrdiff_t>(k));
  }
  for (std::size_t k = 0; k < free.size(); ++k) {
    if ((walls >> k) & 1) cell_at(map, free[k]) = '#';
  }
  return map;
}

GridMap random_map(const RandomMapOptions& options, std::uint64_t index) {
  assert(options.max_rows * options.max_columns >= 3 && options.max_jump >= 1);
  // The seed scrambled first, so that nearby seeds do not share draws shifted by one.
  std::uint64_t state = options.seed;
  state = detail::splitmix64(state) ^ (index * 0xd1b54a32d192ed03ULL);
  for (;;) {
    const auto rows = 1 + static_cast<std::uint32_t>(detail::splitmix64(state) % options.max_rows);
    const auto columns =
        1 + static_cast<std::uint32_t>(detail::splitmix64(state) % options.max_columns);
    if (rows * columns < 3) continue;
    const auto walls = 10 + static_cast<std::uint32_t>(detail::splitmix64(state) % 41);
    return random_layout(state, rows, columns, walls, options.max_jump);
  }
}

MapLongWinSearch::MapLongWinSearch(const RandomMapOptions& options)
    : options_(options), state_(options.seed) {
  assert(options.max_rows * options.max_columns >= 4 && options.max_jump >= 1);
  restart();
}

std::uint64_t MapLongWinSearch::random() {
  return detail::splitmix64(state_);
}

MapLongWinSearch::Scored MapLongWinSearch::score(const GridMap& map) const {
  const GameSpec grid = grid_spec(map);
  const Game game(grid.graph, grid.rules, &*grid.cat_graph);
  const Table table = solve_table(game).value();
  const NodeId cells = map.row_count() * map.column_count(), food = map.find('F');
  Scored best;
  for (NodeId m = 0; m < cells; ++m) {
    if (map.wall(m) || m == food) continue;
    for (NodeId c = 0; c < cells; ++c) {
      if (map.wall(c) || c == food || c == m) continue;
      const State s{m, c, Side::kMouse};
      const std::uint32_t r = table.remoteness_raw(table.space().index(s));
      if (r != kNoRemoteness && table.value(s) == Value::kMouseWin && r > best.remoteness) {
        best = {r, m, c};
      }
    }
  }
  return best;
}

void MapLongWinSearch::restart() {
  for (;;) {
    const auto rows = 1 + static_cast<std::uint32_t>(random() % options_.max_rows);
    const auto columns = 1 + static_cast<std::uint32_t>(random() % options_.max_columns);
    if (rows * columns < 4) continue;
    map_ = random_layout(state_, rows, columns, 20, options_.max_jump);
    break;
  }
  current_ = score(map_);
  climb_best_ = {};
  stale_ = 0;
}

GridMap MapLongWinSearch::next() {
  for (;;) {
    if (current_.remoteness > climb_best_.remoteness) {
      climb_best_ = current_;
      stale_ = 0;
      last_ = current_.remoteness;
      // Put M and C where the longest win starts (they stand on floors; nothing else moves).
      cell_at(map_, map_.find('M')) = '.';
      cell_at(map_, map_.find('C')) = '.';
      cell_at(map_, current_.mouse) = 'M';
      cell_at(map_, current_.cat) = 'C';
      return map_;
    }
    const std::uint32_t cells = map_.row_count() * map_.column_count();
    if (++stale_ > std::min<std::uint32_t>(10 * cells * cells, 20000)) {
      restart();
      continue;
    }
    GridMap changed = map_;
    const auto v = static_cast<NodeId>(random() % cells);
    const std::uint64_t kind = random() % 6;
    if (kind < 4) {  // toggle a wall
      char& cell = cell_at(changed, v);
      if (cell != '.' && cell != '#') continue;
      cell = cell == '.' ? '#' : '.';
    } else if (kind == 4) {  // move the food to a floor
      if (cell_at(changed, v) != '.') continue;
      cell_at(changed, changed.find('F')) = '.';
      cell_at(changed, v) = 'F';
    } else {  // a jump one longer or shorter
      std::uint32_t& jump = random() % 2 ? changed.mouse_jump : changed.cat_jump;
      const bool up = random() % 2;
      if (up ? jump >= options_.max_jump : jump <= 1) continue;
      jump = up ? jump + 1 : jump - 1;
    }
    const Scored next = score(changed);
    if (next.remoteness >= current_.remoteness) {
      map_ = std::move(changed);
      current_ = next;
    }
  }
}

MapShrinkResult shrink_map(const GridMap& map, const std::function<bool(const GridMap&)>& fails,
                           std::uint32_t max_tries) {
  MapShrinkResult result{map, 0};
  const auto keep = [&](GridMap candidate) {
    if (result.tries >= max_tries) return false;
    ++result.tries;
    if (!fails(candidate)) return false;
    result.map = std::move(candidate);
    return true;
  };
  const auto plain = [](char c) { return c == '.' || c == '#'; };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t r = result.map.row_count(); r-- > 0;) {
      const GridMap& m = result.map;
      if (r >= m.row_count() || m.row_count() == 1 || m.column_count() * (m.row_count() - 1) < 3 ||
          !std::all_of(m.rows[r].begin(), m.rows[r].end(), plain)) {
        continue;
      }
      GridMap smaller = m;
      smaller.rows.erase(smaller.rows.begin() + r);
      changed |= keep(std::move(smaller));
    }
    for (std::uint32_t c = result.map.column_count(); c-- > 0;) {
      const GridMap& m = result.map;
      if (c >= m.column_count() || m.column_count() == 1 ||
          m.row_count() * (m.column_count() - 1) < 3 ||
          !std::all_of(m.rows.begin(), m.rows.end(),
                       [&](const std::string& row) { return plain(row[c]); })) {
        continue;
      }
      GridMap smaller = m;
      for (std::string& row : smaller.rows) row.erase(c, 1);
      changed |= keep(std::move(smaller));
    }
    for (std::uint32_t GridMap::*jump : {&GridMap::mouse_jump, &GridMap::cat_jump}) {
      while (result.map.*jump > 1) {
        GridMap smaller = result.map;
        --(smaller.*jump);
        if (!keep(std::move(smaller))) break;
        changed = true;
      }
    }
    const NodeId cells = result.map.row_count() * result.map.column_count();
    for (NodeId v = 0; v < cells; ++v) {
      if (result.map.cell(v) != '.') continue;
      GridMap walled = result.map;
      cell_at(walled, v) = '#';
      changed |= keep(std::move(walled));
    }
  }
  return result;
}

}  // namespace catmouse
