// A LeetCode 1728 (Cat and Mouse II) solution as a program for catmouse check --grid: reads one
// map per line on stdin (LeetCode's input as one JSON object, e.g.
// {"grid":["####F","#C...","M...."],"catJump":1,"mouseJump":2}) and prints the answer of each
// (true or false) on a line of its own as soon as it has it. It runs one process per map as well
// as one process for all of them (catmouse check --grid --batch):
//   g++ -O2 -std=c++17 -o check_grid_solution check_grid_solution.cpp
//   catmouse check --grid --batch -- ./check_grid_solution
// Replace the class between the two marks with yours.
#include <array>
#include <iostream>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

using namespace std;

// --- your solution ---
class Solution {
 public:
  bool canMouseWin(vector<string>& grid, int catJump, int mouseJump) {
    const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size());
    const int n = rows * cols;
    // reach[turn][cell]: the cells one move reaches from a floor cell, staying included; turn 0:
    // the mouse moves, 1: the cat.
    vector<vector<int>> reach[2] = {vector<vector<int>>(n), vector<vector<int>>(n)};
    const int jumps[2] = {mouseJump, catJump}, dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
    int mouse = 0, cat = 0, food = 0;
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const int cell = r * cols + c;
        if (grid[r][c] == 'M') mouse = cell;
        if (grid[r][c] == 'C') cat = cell;
        if (grid[r][c] == 'F') food = cell;
        if (grid[r][c] == '#') continue;
        for (int turn = 0; turn < 2; ++turn) {
          reach[turn][cell].push_back(cell);
          for (int d = 0; d < 4; ++d) {
            for (int k = 1; k <= jumps[turn]; ++k) {
              const int rr = r + dr[d] * k, cc = c + dc[d] * k;
              if (rr < 0 || rr >= rows || cc < 0 || cc >= cols || grid[rr][cc] == '#') break;
              reach[turn][cell].push_back(rr * cols + cc);
            }
          }
        }
      }
    }
    // winner[m][c][turn]: -1 while undecided, 0 the mouse, 1 the cat; length: moves to the end.
    // The cat wins on the mouse or on the food first.
    vector<vector<array<int, 2>>> winner(n, vector<array<int, 2>>(n, {-1, -1}));
    vector<vector<array<int, 2>>> length(n, vector<array<int, 2>>(n, {0, 0}));
    vector<vector<array<int, 2>>> degree(n, vector<array<int, 2>>(n));
    queue<tuple<int, int, int>> todo;
    for (int m = 0; m < n; ++m) {
      for (int c = 0; c < n; ++c) {
        if (reach[0][m].empty() || reach[1][c].empty()) continue;  // a wall
        degree[m][c] = {static_cast<int>(reach[0][m].size()), static_cast<int>(reach[1][c].size())};
        const int end = m == c || c == food ? 1 : m == food ? 0 : -1;
        if (end < 0) continue;
        for (int turn = 0; turn < 2; ++turn) {
          winner[m][c][turn] = end;
          todo.emplace(m, c, turn);
        }
      }
    }
    while (!todo.empty()) {
      const auto [m, c, turn] = todo.front();
      todo.pop();
      const int mover = 1 - turn;  // the side that moved into this state
      for (int p : reach[mover][mover == 0 ? m : c]) {
        const int pm = mover == 0 ? p : m, pc = mover == 0 ? c : p;
        if (winner[pm][pc][mover] != -1) continue;
        // The mover wins by this move, or every move loses (the slowest loss comes last).
        if (winner[m][c][turn] == mover || --degree[pm][pc][mover] == 0) {
          winner[pm][pc][mover] = winner[m][c][turn];
          length[pm][pc][mover] = length[m][c][turn] + 1;
          todo.emplace(pm, pc, mover);
        }
      }
    }
    // The mouse must reach the food within 1000 moves; a game without a forced win (a draw) is
    // the cat's.
    return winner[mouse][cat][0] == 0 && length[mouse][cat][0] <= 1000;
  }
};
// --- end of your solution ---

// One LeetCode 1728 map from a line: {"grid":["...",...],"catJump":1,"mouseJump":2}.
bool parse_map(const string& line, vector<string>& grid, int& catJump, int& mouseJump) {
  const size_t open = line.find('[', line.find("\"grid\"")), close = line.find(']', open);
  if (open == string::npos || close == string::npos) return false;
  grid.clear();
  for (size_t i = line.find('"', open); i < close; i = line.find('"', i)) {
    const size_t end = line.find('"', i + 1);
    grid.push_back(line.substr(i + 1, end - i - 1));
    i = end + 1;
  }
  const auto number = [&line](const string& key) {
    const size_t at = line.find(':', line.find("\"" + key + "\""));
    return at == string::npos ? -1 : stoi(line.substr(at + 1));
  };
  catJump = number("catJump");
  mouseJump = number("mouseJump");
  return !grid.empty() && catJump >= 0 && mouseJump >= 0;
}

int main() {
  string line;
  vector<string> grid;
  int catJump = 0, mouseJump = 0;
  while (getline(cin, line)) {
    if (!parse_map(line, grid, catJump, mouseJump)) continue;
    const bool wins = Solution().canMouseWin(grid, catJump, mouseJump);
    cout << (wins ? "true" : "false") << endl;  // endl flushes: one answer per line, at once
  }
}
