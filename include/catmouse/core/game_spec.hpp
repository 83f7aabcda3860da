// A game as a user describes it: the board(s), the rules, and the map it came from, owned in one
// value. Readers (io/game_reader.hpp) make it from text; solve() (solve/solve.hpp) turns it into a
// Solution. Everything a front end needs to know about a game travels in this one value.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/grid.hpp"
#include "catmouse/core/rules.hpp"

namespace catmouse {

struct GameSpec {
  Graph graph;                     // the mouse's moves (and the cats', unless cat_graph is set)
  std::optional<Graph> cat_graph;  // the cats' moves when they differ (a grid map's jumps)
  Rules rules;                     // k cats, holes, variants; cops and robbers is cops_rules(k)
  std::optional<GridMap> grid;     // the LeetCode 1728 map the graphs were made from, if any
  std::string source;              // where it was read from, for messages ("graph.json")

  // The rules against the board (rules.hpp validate), the cat's graph against the mouse's, and a
  // map's start cells against its walls. Errors name the rule's field (kHoles, kMouseStart,
  // ...), as validate() does.
  Status validate() const;
};

// A game on `graph` under `rules`, nothing else.
inline GameSpec make_spec(Graph graph, Rules rules = {}) {
  return GameSpec{std::move(graph), std::nullopt, std::move(rules), std::nullopt, {}};
}

// A LeetCode 1728 map as a game: the graphs of each player's jumps and LeetCode 1728's rules.
GameSpec grid_spec(GridMap map);

}  // namespace catmouse
