// A LeetCode 913 solution as a program for catmouse check: reads one graph per line on stdin
// (LeetCode's adjacency lists, e.g. [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]) and prints the
// answer of each (0, 1 or 2) on a line of its own as soon as it has it. It runs one process per
// graph as well as one process for all of them (catmouse check --batch):
//   g++ -O2 -std=c++17 -o check_solution check_solution.cpp
//   catmouse check --batch -- ./check_solution
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
  int catMouseGame(vector<vector<int>>& graph) {
    const int n = static_cast<int>(graph.size());
    // result[mouse][cat][turn]: 0 unknown/draw, 1 mouse wins, 2 cat wins; turn 0: the mouse moves
    vector<vector<array<int, 2>>> result(n, vector<array<int, 2>>(n, {0, 0}));
    vector<vector<array<int, 2>>> degree(n, vector<array<int, 2>>(n));
    for (int m = 0; m < n; ++m) {
      for (int c = 0; c < n; ++c) {
        degree[m][c][0] = static_cast<int>(graph[m].size());
        degree[m][c][1] = static_cast<int>(graph[c].size());
        for (int x : graph[c]) degree[m][c][1] -= x == 0;
      }
    }
    queue<tuple<int, int, int>> todo;
    for (int v = 0; v < n; ++v) {
      for (int turn = 0; turn < 2; ++turn) {
        result[0][v][turn] = 1;
        todo.emplace(0, v, turn);
        if (v > 0) {
          result[v][v][turn] = 2;
          todo.emplace(v, v, turn);
        }
      }
    }
    while (!todo.empty()) {
      const auto [m, c, turn] = todo.front();
      todo.pop();
      const int value = result[m][c][turn];
      vector<tuple<int, int, int>> parents;
      if (turn == 1) {
        for (int p : graph[m]) parents.emplace_back(p, c, 0);  // the mouse came from p
      } else {
        for (int p : graph[c]) {
          if (p != 0) parents.emplace_back(m, p, 1);  // the cat came from p
        }
      }
      for (const auto& [pm, pc, pturn] : parents) {
        if (result[pm][pc][pturn] != 0) continue;
        if (value == pturn + 1 || --degree[pm][pc][pturn] == 0) {
          result[pm][pc][pturn] = value;
          todo.emplace(pm, pc, pturn);
        }
      }
    }
    return result[1][2][0];
  }
};
// --- end of your solution ---

// One LeetCode graph from a line: [[...],[...],...].
vector<vector<int>> parse_graph(const string& line) {
  vector<vector<int>> graph;
  int depth = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (ch == '[' && ++depth == 2) graph.emplace_back();
    if (ch == ']') --depth;
    if (ch >= '0' && ch <= '9') {
      int value = 0;
      while (i < line.size() && line[i] >= '0' && line[i] <= '9')
        value = value * 10 + (line[i++] - '0');
      --i;
      graph.back().push_back(value);
    }
  }
  return graph;
}

int main() {
  string line;
  while (getline(cin, line)) {
    if (line.find('[') == string::npos) continue;
    vector<vector<int>> graph = parse_graph(line);
    cout << Solution().catMouseGame(graph) << endl;  // endl flushes: one answer per line, at once
  }
}
