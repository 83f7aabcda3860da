// The 2n-capped memoised DP as a Solution class, spliced into docs/templates/check_solution.cpp by
// tests/check_templates_test.cpp: a game that lasts 2n turns is called a draw (wrong where a forced
// win takes longer).
class Solution {
 public:
  int catMouseGame(vector<vector<int>>& graph) {
    n_ = static_cast<int>(graph.size());
    graph_ = &graph;
    memo_.assign(n_ * n_ * 2 * n_, -1);
    return result(1, 2, 0);
  }

 private:
  int result(int mouse, int cat, int turns) {
    if (turns >= 2 * n_) return 0;
    if (mouse == 0) return 1;
    if (mouse == cat) return 2;
    int& memo = memo_[(mouse * n_ + cat) * 2 * n_ + turns];
    if (memo >= 0) return memo;
    const bool mouse_moves = turns % 2 == 0;
    const int lose = mouse_moves ? 2 : 1;
    int best = lose;
    for (int next : (*graph_)[mouse_moves ? mouse : cat]) {
      if (!mouse_moves && next == 0) continue;
      const int r = mouse_moves ? result(next, cat, turns + 1) : result(mouse, next, turns + 1);
      if (r == 3 - lose) {
        best = r;
        break;
      }
      if (r == 0) best = 0;
    }
    return memo = best;
  }
  int n_ = 0;
  vector<vector<int>>* graph_ = nullptr;
  vector<int> memo_;
};
