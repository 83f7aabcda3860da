// Sources of LeetCode 1728 maps for testing other solvers (catmouse check --grid), and the
// shrinking of a map on which one is wrong: the grid counterparts of search.hpp. Deterministic:
// the same arguments give the same maps.
//
// What breaks grid solvers is the same as on graphs: a solver that stops looking after fewer moves
// than the game's 1000 (say 2 * rows * cols, or 70) calls a long mouse win a cat win. The long-win
// search climbs towards maps whose mouse wins late.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "catmouse/core/grid.hpp"
#include "catmouse/io/grid_format.hpp"

namespace catmouse {

// LeetCode 1728's bounds: at most 8 rows and 8 columns, jumps 1 to 8.
inline constexpr std::uint32_t kLeetCodeSide = 8;
inline constexpr std::uint32_t kLeetCodeJump = 8;
// Whether `map` is within those bounds.
bool leetcode_map(const GridMap& map);

// Every map of 3 to `max_cells` cells (every shape within LeetCode's bounds, every placement of M,
// C and F, every set of walls on the other cells, both jumps 1 to `max_jump`), in a fixed order.
// max_cells at most 12.
class SmallMaps {
 public:
  SmallMaps(std::uint32_t max_cells, std::uint32_t max_jump);
  std::optional<GridMap> next();  // nullopt after the last

 private:
  std::uint32_t max_cells_, max_jump_;
  std::uint32_t rows_ = 0, columns_ = 0;
  std::uint64_t index_ = 0, count_ = 0;  // within the current shape
  bool next_shape();
};

struct RandomMapOptions {
  std::uint32_t max_rows = 8, max_columns = 8;  // sizes from 1 up; at least 4 cells in all
  std::uint32_t max_jump = 3;
  std::uint64_t seed = 1;
};
// A random map: a shape, walls on about a tenth to a half of the cells, M, C and F on floors.
GridMap random_map(const RandomMapOptions& options, std::uint64_t index);

// Hill climbing for maps whose mouse wins late. Each climb keeps one shape; a step toggles a
// wall, moves the food, or changes a jump by one, solves the map as a game, and keeps the change
// unless the longest mouse win (mouse to move, over every placement of M and C) gets shorter. The
// candidate has M and C where that win starts. Cost per step: one solve of a game of
// 2 * (rows * cols)^2 states (about 0.5 ms at 8x8).
//
// Climbs start in turn from a random map (a random shape, a fifth of it walls) and from one of
// the shapes of LeetCode's longest maps: a one-cell-wide corridor winding through the largest
// boards (a serpentine by rows or by columns, or a spiral), with the food at its far end and a
// few walls toggled at random. The long wins live in such corridors (the mouse walks the
// corridor with the cat behind it), so the seeded climbs reach mouse wins of 75 moves and more on
// 8x8 maps within their first steps, where random climbs rarely pass 30; the random climbs give
// the variety of shapes and jumps that other faults need.
class MapLongWinSearch {
 public:
  // `cancelled`, when not empty, is polled between steps: once it returns true, next() returns
  // nullopt at once.
  explicit MapLongWinSearch(const RandomMapOptions& options, std::function<bool()> cancelled = {});
  // The climb's map each time its longest mouse win grows. nullopt when cancelled, or when
  // `max_steps` steps (solves) went by without a longer win: the next call goes on from there,
  // so a caller can interleave the search with other work at a fixed cost per call and still
  // get the same maps in the same order.
  std::optional<GridMap> next(std::uint64_t max_steps = UINT64_MAX);
  std::uint32_t last_remoteness() const { return last_; }
  std::uint32_t best_remoteness() const { return best_; }  // over every candidate so far

 private:
  struct Scored {
    std::uint32_t remoteness = 0;
    NodeId mouse = 0, cat = 0;
  };
  Scored score(const GridMap& map) const;
  void restart();
  std::uint64_t random();

  RandomMapOptions options_;
  std::function<bool()> cancelled_;
  std::uint64_t state_;
  GridMap map_;
  Scored current_, climb_best_;
  std::uint64_t climbs_ = 0;
  std::uint32_t stale_ = 0;
  std::uint32_t last_ = 0, best_ = 0;
};

// A one-cell-wide corridor through a `rows` x `columns` board, as the seeded climbs start from:
// kind 0 a serpentine by rows, 1 by columns, 2 a spiral. The corridor is an induced path (no two
// of its cells touch but neighbours on it), so its length is the mouse's walking distance; the
// mouse stands at one end, the food at the other and the cat next to the mouse, and both jumps
// are 1. rows and columns at least 2.
GridMap corridor_map(std::uint32_t rows, std::uint32_t columns, std::uint32_t kind);

struct MapShrinkResult {
  GridMap map;
  std::uint32_t tries = 0;  // calls of `fails`
  bool cancelled = false;   // ended by `cancelled`, not because no change was kept
};

// A smallest-by-removal map on which `fails` holds, starting from `map` (where it holds): removes
// rows and columns that hold none of M, C and F, lowers the jumps, and walls floor cells, one at a
// time, keeping each change after which `fails` still holds, until no single change is kept.
// `fails` is called at most max_tries times. `cancelled`, when not empty, is polled before each
// call of `fails`: once it returns true the shrink ends with the smallest failing map so far.
MapShrinkResult shrink_map(const GridMap& map, const std::function<bool(const GridMap&)>& fails,
                           std::uint32_t max_tries = 100000,
                           const std::function<bool()>& cancelled = {});

}  // namespace catmouse
