// grid_search.hpp: every small map, random maps, the long-mouse-win search and map shrinking, as
// catmouse check --grid uses them.
#include "catmouse/testing/grid_search.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "catmouse/core/game.hpp"
#include "catmouse/solve/solve.hpp"

namespace catmouse {
namespace {

StateValue start_value(const GridMap& map) {
  const GameSpec grid = grid_spec(map);
  const Game game(grid.graph, grid.rules, &*grid.cat_graph);
  return solve_state(game, game.start()).value();
}

// Each map reads back from its JSON unchanged.
void expect_round_trip(const GridMap& map) {
  const Result<GridMap> back = parse_grid(grid_json(map), "json");
  ASSERT_TRUE(back.ok()) << grid_json(map);
  EXPECT_EQ(back->rows, map.rows);
  EXPECT_EQ(back->cat_jump, map.cat_jump);
  EXPECT_EQ(back->mouse_jump, map.mouse_jump);
}

TEST(GridSearch, JsonIsLeetCodesForm) {
  GridMap map{{"M.C", "#.F"}, 1, 2};
  EXPECT_EQ(grid_json(map), R"({"grid":["M.C","#.F"],"catJump":1,"mouseJump":2})");
}

// Count: per shape of k cells, k(k-1)(k-2) placements of M, C, F, 2^(k-3) wall sets, J^2 jumps;
// shapes of 3 to 6 cells: 1x3 3x1, 1x4 2x2 4x1, 1x5 5x1, 1x6 2x3 3x2 6x1.
TEST(GridSearch, SmallMapsStayWithinLeetCodesBounds) {
  SmallMaps maps(9, 1);  // 9 cells: 3x3 only, no 1x9 or 9x1
  std::set<std::string> shapes;
  while (const auto map = maps.next()) {
    EXPECT_TRUE(leetcode_map(*map)) << grid_json(*map);
    if (map->row_count() * map->column_count() == 9)
      shapes.insert(std::to_string(map->row_count()));
  }
  EXPECT_EQ(shapes, std::set<std::string>{"3"});
}

TEST(GridSearch, SmallMapsAreEveryMapOnce) {
  SmallMaps maps(6, 2);
  std::set<std::string> seen;
  while (const auto map = maps.next()) {
    expect_round_trip(*map);
    EXPECT_TRUE(seen.insert(grid_json(*map)).second) << grid_json(*map);
  }
  const auto per_shape = [](std::uint64_t k) {
    return k * (k - 1) * (k - 2) * (1u << (k - 3)) * 4;
  };
  EXPECT_EQ(seen.size(), 2 * per_shape(3) + 3 * per_shape(4) + 2 * per_shape(5) + 4 * per_shape(6));
}

TEST(GridSearch, RandomMapsAreValidAndFixedBySeed) {
  const RandomMapOptions options{8, 8, 3, 9};
  for (std::uint64_t k = 0; k < 200; ++k) {
    const GridMap map = random_map(options, k);
    expect_round_trip(map);
    EXPECT_LE(map.row_count(), 8u);
    EXPECT_LE(map.column_count(), 8u);
    EXPECT_EQ(grid_json(random_map(options, k)), grid_json(map));
  }
}

// Candidates are mouse wins of the announced length from their start, and they grow within a
// climb past what a cap of rows * cols moves allows.
TEST(GridSearch, LongMouseWinCandidatesAreWhatTheySay) {
  MapLongWinSearch search(RandomMapOptions{6, 6, 3, 4});
  bool past_cells = false;
  for (int k = 0; k < 40; ++k) {
    const GridMap map = search.next().value();
    expect_round_trip(map);
    const StateValue value = start_value(map);
    EXPECT_EQ(value.value, Value::kMouseWin) << grid_json(map);
    ASSERT_TRUE(value.remoteness.has_value());
    EXPECT_EQ(*value.remoteness, search.last_remoteness()) << grid_json(map);
    past_cells |= search.last_remoteness() > map.row_count() * map.column_count();
  }
  EXPECT_TRUE(past_cells);
}

// Shrinking keeps the property and ends 1-minimal. The property: the mouse wins in 9 moves or more.
TEST(GridSearch, ShrinkMapEndsOneMinimal) {
  const auto fails = [](const GridMap& map) {
    const StateValue value = start_value(map);
    return value.value == Value::kMouseWin && *value.remoteness >= 9;
  };
  MapLongWinSearch search(RandomMapOptions{8, 8, 3, 2});
  GridMap map = search.next().value();
  while (!fails(map)) map = search.next().value();
  const MapShrinkResult result = shrink_map(map, fails);
  const GridMap& m = result.map;
  ASSERT_TRUE(fails(m));
  EXPECT_LE(m.row_count() * m.column_count(), map.row_count() * map.column_count());
  for (NodeId v = 0; v < m.row_count() * m.column_count(); ++v) {
    if (m.cell(v) != '.') continue;
    GridMap walled = m;
    walled.rows[v / m.column_count()][v % m.column_count()] = '#';
    EXPECT_FALSE(fails(walled)) << grid_json(m) << " walled at " << v;
  }
  for (std::uint32_t GridMap::*jump : {&GridMap::mouse_jump, &GridMap::cat_jump}) {
    if (m.*jump <= 1) continue;
    GridMap shorter = m;
    --(shorter.*jump);
    EXPECT_FALSE(fails(shorter)) << grid_json(m);
  }
  for (std::uint32_t r = 0; r < m.row_count() && m.row_count() > 1; ++r) {
    if (m.rows[r].find_first_of("MCF") != std::string::npos) continue;
    GridMap fewer = m;
    fewer.rows.erase(fewer.rows.begin() + r);
    if (fewer.row_count() * fewer.column_count() < 3) continue;
    EXPECT_FALSE(fails(fewer)) << grid_json(m);
  }
}

}  // namespace
}  // namespace catmouse
