// A LeetCode 1728 solver under test for catmouse check --grid: the usual memoised search over
// (moves made, mouse cell, cat cell), written without catmouse, that calls a game lost for the
// mouse once FACTOR * cells moves are made, or with --turns N once N moves are made, instead of
// 1000 (with --turns 1000 it is right). Reads a map on stdin, prints true or false; with --batch,
// a map per line and an answer per line.
// Usage: capped_grid_program [--batch] (FACTOR | --turns N)
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace {

struct Solver {
  std::vector<std::string> grid;
  int rows = 0, columns = 0, jump[2] = {1, 1}, cap = 0;  // jump[0] mouse, jump[1] cat
  int food = 0;
  std::vector<signed char> memo;  // -1 unknown, 0 mouse loses, 1 mouse wins

  bool floor(int r, int c) const {
    return r >= 0 && r < rows && c >= 0 && c < columns && grid[r][c] != '#';
  }
  // Whether the mouse wins from (mouse, cat) after `t` moves (even t: the mouse to move).
  bool mouse_wins(int t, int mouse, int cat) {
    if (mouse == food) return true;
    if (cat == food || cat == mouse || t >= cap) return false;
    signed char& m =
        memo[(static_cast<std::size_t>(t) * rows * columns + mouse) * rows * columns + cat];
    if (m >= 0) return m;
    const int side = t % 2, from = side == 0 ? mouse : cat;
    bool result = side == 1;  // the cat wins unless every move lets the mouse win, and so on
    const int dr[] = {0, 1, -1, 0, 0}, dc[] = {0, 0, 0, 1, -1};
    for (int d = 0; d < 5 && result == (side == 1); ++d) {
      for (int k = d == 0 ? 0 : 1; k <= (d == 0 ? 0 : jump[side]); ++k) {
        const int r = from / columns + dr[d] * k, c = from % columns + dc[d] * k;
        if (!floor(r, c)) break;
        const int to = r * columns + c;
        const bool wins = side == 0 ? mouse_wins(t + 1, to, cat) : mouse_wins(t + 1, mouse, to);
        if (side == 0 && wins) result = true;
        if (side == 1 && !wins) result = false;
        if (result != (side == 1)) break;
      }
    }
    m = result;
    return result;
  }
};

// The answer for one map in LeetCode's JSON, or nullopt if it cannot be read.
std::optional<bool> answer(const std::string& text, int factor, int turns) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) return std::nullopt;
  Solver s;
  s.grid = json.at("grid").get<std::vector<std::string>>();
  s.jump[0] = json.at("mouseJump").get<int>();
  s.jump[1] = json.at("catJump").get<int>();
  s.rows = static_cast<int>(s.grid.size());
  s.columns = static_cast<int>(s.grid[0].size());
  s.cap = turns > 0 ? turns : factor * s.rows * s.columns;
  int mouse = 0, cat = 0;
  for (int v = 0; v < s.rows * s.columns; ++v) {
    const char c = s.grid[v / s.columns][v % s.columns];
    if (c == 'M') mouse = v;
    if (c == 'C') cat = v;
    if (c == 'F') s.food = v;
  }
  s.memo.assign(static_cast<std::size_t>(s.cap) * s.rows * s.columns * s.rows * s.columns, -1);
  return s.mouse_wins(0, mouse, cat);
}

}  // namespace

int main(int argc, char** argv) {
  bool batch = false;
  int factor = 1, turns = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--batch") {
      batch = true;
    } else if (arg == "--turns" && i + 1 < argc) {
      turns = std::atoi(argv[++i]);
    } else {
      factor = std::atoi(argv[i]);
    }
  }
  if (!batch) {
    const std::optional<bool> wins =
        answer(std::string(std::istreambuf_iterator<char>(std::cin), {}), factor, turns);
    if (!wins) return 3;
    std::cout << (*wins ? "true" : "false") << "\n";
    return 0;
  }
  for (std::string line; std::getline(std::cin, line);) {
    const std::optional<bool> wins = answer(line, factor, turns);
    if (!wins) return 3;
    std::cout << (*wins ? "true" : "false") << std::endl;
  }
  return 0;
}
