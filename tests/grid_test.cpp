// Grid maps (LeetCode 1728): parsing with its errors, the jump graphs, and the published answers
// solved by the main engine, against the reference engine on every state of small random maps.
#include "catmouse/core/grid.hpp"

#include <gtest/gtest.h>

#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/grid_format.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solve.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

std::string map_json(const std::vector<std::string>& rows, int cat_jump, int mouse_jump) {
  std::string text = "{\"grid\": [";
  for (std::size_t i = 0; i < rows.size(); ++i) text += (i ? ",\"" : "\"") + rows[i] + "\"";
  return text + "], \"catJump\": " + std::to_string(cat_jump) +
         ", \"mouseJump\": " + std::to_string(mouse_jump) + "}";
}

// LeetCode 1728's answer: can the mouse win?
bool mouse_can_win(const GridMap& map) {
  const GameSpec g = grid_spec(map);
  EXPECT_TRUE(validate(g.rules, g.graph).ok());
  const Game game(g.graph, g.rules, &*g.cat_graph);
  const StateValue v = solve_state(game, game.start()).value();
  return apply_move_limit(v, g.rules).value == Value::kMouseWin;
}

TEST(Grid, PublishedExamples) {
  EXPECT_TRUE(mouse_can_win(parse_grid(map_json({"####F", "#C...", "M...."}, 1, 2), "").value()));
  EXPECT_TRUE(mouse_can_win(parse_grid(map_json({"M.C...F"}, 1, 4), "").value()));
  EXPECT_FALSE(mouse_can_win(parse_grid(map_json({"M.C...F"}, 1, 3), "").value()));
}

TEST(Grid, JumpsStopAtWallsAndEdges) {
  const GridMap map = parse_grid(map_json({"M.#.F", "C...."}, 1, 3), "").value();
  const GameSpec g = grid_spec(map);
  // The mouse on (0, 0) jumps to (0, 1) (the wall stops it) and down to (1, 0).
  const auto from = g.graph.neighbours(map.node(0, 0));
  EXPECT_EQ(std::vector<NodeId>(from.begin(), from.end()),
            (std::vector<NodeId>{map.node(0, 1), map.node(1, 0)}));
  EXPECT_TRUE(g.graph.neighbours(map.node(0, 2)).empty());  // a wall
  EXPECT_EQ(g.cat_graph->neighbours(map.node(1, 0)).size(), 2u);
  EXPECT_EQ(g.rules.holes, std::vector<NodeId>{map.node(0, 4)});
  EXPECT_EQ(draw_grid(map, map.node(1, 1), map.node(1, 1)), "..#.F\n.*...\n");
}

TEST(Grid, ErrorsNameThePlace) {
  auto error = [](const std::string& text) {
    Result<GridMap> map = parse_grid(text, "map.json");
    EXPECT_FALSE(map.ok()) << text;
    return map.ok() ? std::string() : map.error().to_string();
  };
  EXPECT_NE(error(map_json({"M.C.."}, 1, 2)).find("exactly one 'F' (food), found 0"),
            std::string::npos);
  EXPECT_NE(error(map_json({"M.C.F", "MF..."}, 1, 2)).find("exactly one 'M'"), std::string::npos);
  EXPECT_NE(error(map_json({"M.C.F", "..."}, 1, 2)).find("grid row 1: 3 cells where row 0 has 5"),
            std::string::npos);
  EXPECT_NE(error(map_json({"M.CxF"}, 1, 2)).find("grid row 0, column 3: 'x' is not a cell"),
            std::string::npos);
  EXPECT_NE(error(map_json({"M.C.F"}, -1, 2)).find("catJump: -1 is out of range"),
            std::string::npos);
  EXPECT_NE(error(map_json({"M.C.F"}, 1, 5000)).find("mouseJump: 5000 is out of range"),
            std::string::npos);
  EXPECT_NE(error("{\"grid\": [\"M.C.F\"], \"catJump\": 1}").find("mouseJump: missing"),
            std::string::npos);
  EXPECT_NE(error("[[1],[0]]").find("expected an object"), std::string::npos);
  EXPECT_NE(error("{\"grid\": [\"MCF\"], \"catJump\": 1, \"mouseJump\": 1, \"x\": 2}")
                .find("unknown member \"x\""),
            std::string::npos);
  EXPECT_EQ(error("{\"grid\": [\"M.C\",\n \"..F\", \"x\"], \"catJump\": 1, \"mouseJump\": 1}")
                .substr(0, 13),
            "map.json:2:9:");
}

// Every state of small random maps, with random jumps: main engine against the reference, and
// the move limit against backward induction from the start.
TEST(Grid, RandomMapsAgainstReference) {
  testing::Random random(1728);
  for (int k = 0; k < 400; ++k) {
    const NodeId rows = 1 + random.below(3), columns = 2 + random.below(3);
    GridMap map;
    map.rows.assign(rows, std::string(columns, '.'));
    for (auto& row : map.rows) {
      for (char& c : row) c = random.below(4) == 0 ? '#' : '.';
    }
    const NodeId cells = rows * columns;
    std::vector<NodeId> order(cells);
    for (NodeId v = 0; v < cells; ++v) order[v] = v;
    for (NodeId v = cells - 1; v > 0; --v) std::swap(order[v], order[random.below(v + 1)]);
    if (cells < 3) continue;
    for (int i = 0; i < 3; ++i) map.rows[order[i] / columns][order[i] % columns] = "MCF"[i];
    map.cat_jump = random.below(3);
    map.mouse_jump = random.below(4);
    const GameSpec g = grid_spec(map);
    ASSERT_TRUE(validate(g.rules, g.graph).ok());
    const Game game(g.graph, g.rules, &*g.cat_graph);
    EXPECT_EQ(solve_table(game).value(), solve_reference(g.graph, g.rules, &*g.cat_graph));
    Rules limited = g.rules;
    limited.move_limit = 1 + random.below(8);
    const StateValue v = solve_state(game, game.start()).value();
    EXPECT_EQ(apply_move_limit(v, limited),
              solve_reference_limited(g.graph, limited, game.start(), &*g.cat_graph));
  }
}

// Every map of up to eight cells in the shapes 1x3 to 1x6, 2x2, 2x3, 3x2, 2x4 and 4x2 (each
// placement of M, C and F, each set of walls on the other cells) with every pair of jumps 0..2:
// main engine against the reference on every state, and a move limit against backward induction
// from the start.
TEST(Grid, EverySmallMapAgainstReference) {
  int maps = 0, mouse_wins = 0;
  for (const auto& [rows, columns] : std::vector<std::pair<NodeId, NodeId>>{
           {1, 3}, {1, 4}, {1, 5}, {1, 6}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}}) {
    const NodeId cells = rows * columns;
    for (NodeId m = 0; m < cells; ++m) {
      for (NodeId c = 0; c < cells; ++c) {
        for (NodeId f = 0; f < cells; ++f) {
          if (m == c || m == f || c == f) continue;
          for (std::uint32_t walls = 0; walls < (1u << cells); ++walls) {
            if (walls & ((1u << m) | (1u << c) | (1u << f))) continue;
            GridMap map;
            map.rows.assign(rows, std::string(columns, '.'));
            for (NodeId v = 0; v < cells; ++v) {
              char& cell = map.rows[v / columns][v % columns];
              cell = v == m ? 'M' : v == c ? 'C' : v == f ? 'F' : (walls >> v) & 1 ? '#' : '.';
            }
            for (std::uint32_t cat_jump = 0; cat_jump <= 2; ++cat_jump) {
              for (std::uint32_t mouse_jump = 0; mouse_jump <= 2; ++mouse_jump) {
                map.cat_jump = cat_jump;
                map.mouse_jump = mouse_jump;
                const GameSpec g = grid_spec(map);
                ASSERT_TRUE(validate(g.rules, g.graph).ok());
                const Game game(g.graph, g.rules, &*g.cat_graph);
                const Table table = solve_table(game).value();
                ASSERT_EQ(table, solve_reference(g.graph, g.rules, &*g.cat_graph))
                    << draw_grid(map, map.node(m / columns, m % columns),
                                 map.node(c / columns, c % columns))
                    << cat_jump << " " << mouse_jump;
                Rules limited = g.rules;
                limited.move_limit = 1 + maps % 7;
                const StateValue v{table.value(game.start()), table.remoteness(game.start())};
                ASSERT_EQ(apply_move_limit(v, limited),
                          solve_reference_limited(g.graph, limited, game.start(), &*g.cat_graph));
                mouse_wins += apply_move_limit(v, g.rules).value == Value::kMouseWin;
                ++maps;
              }
            }
          }
        }
      }
    }
  }
  // Placements n(n-1)(n-2) times 2^(n-3) walls per shape, times nine pairs of jumps.
  EXPECT_EQ(maps, 9 * (6 + 24 * 2 + 60 * 4 + 120 * 8 + 24 * 2 + 2 * 120 * 8 + 2 * 336 * 32));
  EXPECT_GT(mouse_wins, maps / 10);  // both answers are common
  EXPECT_LT(mouse_wins, maps - maps / 10);
}

}  // namespace
}  // namespace catmouse
