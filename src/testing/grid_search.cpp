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

namespace {

// Steps without a longer win before a climb restarts: per cell of the map, and at most. A step
// costs a solve (about 0.5 ms at 8x8), so a stuck climb gives up within a second or so; the
// seeded climbs find their long wins in their first few hundred steps.
constexpr std::uint32_t kPatiencePerCell = 10;
constexpr std::uint32_t kMaxPatience = 600;
// Random corridors drawn for a seeded climb, of which the longest is kept (about 1 ms in all).
constexpr std::uint32_t kCorridorTries = 2000;

// Whether cell v of a rows x columns board may join a corridor after `from`: free, and touching
// no corridor cell but `from` (so the corridor stays an induced path).
bool may_carve(const std::vector<std::uint8_t>& carved, std::uint32_t rows, std::uint32_t columns,
               NodeId v, NodeId from) {
  if (carved[v]) return false;
  const NodeId r = v / columns, c = v % columns;
  const auto touches = [&](NodeId u) { return u != from && carved[u]; };
  return !((r > 0 && touches(v - columns)) || (r + 1 < rows && touches(v + columns)) ||
           (c > 0 && touches(v - 1)) || (c + 1 < columns && touches(v + 1)));
}

// The cells v may go to next, in the order right, down, left, up.
std::vector<NodeId> steps_from(std::uint32_t rows, std::uint32_t columns, NodeId v) {
  std::vector<NodeId> steps;
  const NodeId r = v / columns, c = v % columns;
  if (c + 1 < columns) steps.push_back(v + 1);
  if (r + 1 < rows) steps.push_back(v + columns);
  if (c > 0) steps.push_back(v - 1);
  if (r > 0) steps.push_back(v - columns);
  return steps;
}

// The cells of a one-cell-wide corridor, in order from one end: a serpentine by rows (every
// other row, joined at alternate ends) or a spiral (clockwise from the corner, turning whenever
// the next cell would touch the corridor elsewhere than at its end).
std::vector<NodeId> corridor(std::uint32_t rows, std::uint32_t columns, bool spiral) {
  std::vector<NodeId> path;
  if (!spiral) {
    for (std::uint32_t r = 0; r < rows; r += 2) {
      const bool rightwards = r % 4 == 0;
      if (r > 0) path.push_back((r - 1) * columns + (rightwards ? 0 : columns - 1));
      for (std::uint32_t k = 0; k < columns; ++k) {
        path.push_back(r * columns + (rightwards ? k : columns - 1 - k));
      }
    }
    return path;
  }
  std::vector<std::uint8_t> carved(std::size_t{rows} * columns, 0);
  const int dr[] = {0, 1, 0, -1}, dc[] = {1, 0, -1, 0};  // right, down, left, up
  int r = 0, c = 0, heading = 0;
  const auto ahead = [&]() -> std::optional<NodeId> {
    const int nr = r + dr[heading], nc = c + dc[heading];
    if (nr < 0 || nc < 0 || nr >= static_cast<int>(rows) || nc >= static_cast<int>(columns)) {
      return std::nullopt;
    }
    const auto v = static_cast<NodeId>(nr * static_cast<int>(columns) + nc);
    if (!may_carve(carved, rows, columns, v, static_cast<NodeId>(r * columns + c))) {
      return std::nullopt;
    }
    return v;
  };
  carved[0] = 1;
  path.push_back(0);
  for (;;) {
    std::optional<NodeId> next = ahead();
    if (!next) {
      heading = (heading + 1) % 4;
      next = ahead();
      if (!next) return path;
    }
    r = static_cast<int>(*next / columns);
    c = static_cast<int>(*next % columns);
    carved[*next] = 1;
    path.push_back(*next);
  }
}

// A random corridor: a walk from a random cell that only steps where the corridor stays an
// induced path, and mostly to the cell with the fewest ways on (Warnsdorff's rule, which keeps
// the walk against the walls and its own trail and so packs it densely).
std::vector<NodeId> random_corridor(std::uint32_t rows, std::uint32_t columns,
                                    std::uint64_t& state) {
  std::vector<std::uint8_t> carved(std::size_t{rows} * columns, 0);
  const auto ways_on = [&](NodeId v) {
    carved[v] = 1;
    int ways = 0;
    for (NodeId u : steps_from(rows, columns, v)) ways += may_carve(carved, rows, columns, u, v);
    carved[v] = 0;
    return ways;
  };
  std::vector<NodeId> path{static_cast<NodeId>(detail::splitmix64(state) % (rows * columns))};
  carved[path[0]] = 1;
  for (;;) {
    std::vector<NodeId> open;
    for (NodeId u : steps_from(rows, columns, path.back())) {
      if (may_carve(carved, rows, columns, u, path.back())) open.push_back(u);
    }
    if (open.empty()) return path;
    if (detail::splitmix64(state) % 5 != 0) {  // four times in five, the fewest ways on
      int fewest = 5;
      for (NodeId u : open) fewest = std::min(fewest, ways_on(u));
      std::erase_if(open, [&](NodeId u) { return ways_on(u) != fewest; });
    }
    const NodeId next = open[detail::splitmix64(state) % open.size()];
    carved[next] = 1;
    path.push_back(next);
  }
}

// A map of the corridor `path` (walls elsewhere): the cat at one end, the mouse next to it, the
// food at the other end, both jumps 1.
GridMap map_of_corridor(std::uint32_t rows, std::uint32_t columns,
                        const std::vector<NodeId>& path) {
  GridMap map;
  map.rows.assign(rows, std::string(columns, '#'));
  for (NodeId v : path) cell_at(map, v) = '.';
  cell_at(map, path[0]) = 'C';
  cell_at(map, path[1]) = 'M';
  cell_at(map, path.back()) = 'F';
  return map;
}

}  // namespace

GridMap corridor_map(std::uint32_t rows, std::uint32_t columns, std::uint32_t kind) {
  assert(rows >= 2 && columns >= 2 && rows * columns >= 6);
  const bool by_columns = kind == 1;
  const std::uint32_t r = by_columns ? columns : rows, c = by_columns ? rows : columns;
  std::vector<NodeId> path = corridor(r, c, kind == 2);
  if (by_columns) {  // transpose the cells
    for (NodeId& v : path) v = (v % c) * columns + v / c;
  }
  return map_of_corridor(rows, columns, path);
}

MapLongWinSearch::MapLongWinSearch(const RandomMapOptions& options, std::function<bool()> cancelled)
    : options_(options), cancelled_(std::move(cancelled)), state_(options.seed) {
  assert(options.max_rows * options.max_columns >= 4 && options.max_jump >= 1);
  restart();
}

std::uint64_t MapLongWinSearch::random() {
  return detail::splitmix64(state_);
}

MapLongWinSearch::Scored MapLongWinSearch::score(const GridMap& map) const {
  Result<Solution> solved = solve(grid_spec(map));
  const Table& table = solved.value().table();
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
  const std::uint32_t max_rows = options_.max_rows, max_columns = options_.max_columns;
  const bool seeded = climbs_ % 2 == 0 && max_rows >= 3 && max_columns >= 3;
  ++climbs_;
  if (seeded) {
    // The largest boards hold the longest corridors. Every other seeded climb starts from the
    // longest of many random corridors on the largest board, the others from a serpentine by
    // rows, one by columns, or a spiral, on a board of the largest sides or one less.
    const std::uint64_t seeded_climb = climbs_ / 2;
    if (seeded_climb % 2 == 0) {
      std::vector<NodeId> longest;
      for (std::uint32_t k = 0; k < kCorridorTries; ++k) {
        std::vector<NodeId> path = random_corridor(max_rows, max_columns, state_);
        if (path.size() > longest.size()) longest = std::move(path);
      }
      map_ = map_of_corridor(max_rows, max_columns, longest);
    } else {
      std::uint32_t rows = max_rows - static_cast<std::uint32_t>(random() % 2);
      std::uint32_t columns = max_columns - static_cast<std::uint32_t>(random() % 2);
      if (rows * columns < 6) rows = max_rows, columns = max_columns;  // corridor_map's least
      map_ = corridor_map(rows, columns, static_cast<std::uint32_t>(seeded_climb / 2 % 3));
      if (random() % 2) std::reverse(map_.rows.begin(), map_.rows.end());
      if (random() % 2) {
        for (std::string& row : map_.rows) std::reverse(row.begin(), row.end());
      }
    }
  } else {
    for (;;) {
      const auto rows = 1 + static_cast<std::uint32_t>(random() % max_rows);
      const auto columns = 1 + static_cast<std::uint32_t>(random() % max_columns);
      if (rows * columns < 4) continue;
      map_ = random_layout(state_, rows, columns, 20, options_.max_jump);
      break;
    }
  }
  current_ = score(map_);
  climb_best_ = {};
  stale_ = 0;
}

std::optional<GridMap> MapLongWinSearch::next(std::uint64_t max_steps) {
  for (std::uint64_t steps = 0;; ++steps) {
    if (steps >= max_steps || (cancelled_ && cancelled_())) return std::nullopt;
    if (current_.remoteness > climb_best_.remoteness) {
      climb_best_ = current_;
      stale_ = 0;
      last_ = current_.remoteness;
      best_ = std::max(best_, last_);
      // Put M and C where the longest win starts (they stand on floors; nothing else moves).
      cell_at(map_, map_.find('M')) = '.';
      cell_at(map_, map_.find('C')) = '.';
      cell_at(map_, current_.mouse) = 'M';
      cell_at(map_, current_.cat) = 'C';
      return map_;
    }
    const std::uint32_t cells = map_.row_count() * map_.column_count();
    if (++stale_ > std::min<std::uint32_t>(kPatiencePerCell * cells, kMaxPatience)) {
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
                           std::uint32_t max_tries, const std::function<bool()>& cancelled) {
  MapShrinkResult result{map, 0};
  const auto keep = [&](GridMap candidate) {
    if (result.cancelled || result.tries >= max_tries) return false;
    if (cancelled && cancelled()) {
      result.cancelled = true;
      return false;
    }
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
