// The 2n-capped memoised DP as a Solution class, spliced into docs/templates/CheckSolution.java by
// tests/check_templates_test.cpp: a game that lasts 2n turns is called a draw (wrong where a forced
// win takes longer).
class Solution {
    private int n;
    private int[][] graph;
    private int[][][] memo;

    public int catMouseGame(int[][] graph) {
        this.n = graph.length;
        this.graph = graph;
        this.memo = new int[n][n][2 * n];
        for (int[][] a : memo) for (int[] b : a) java.util.Arrays.fill(b, -1);
        return result(1, 2, 0);
    }

    private int result(int mouse, int cat, int turns) {
        if (turns >= 2 * n) return 0;
        if (mouse == 0) return 1;
        if (mouse == cat) return 2;
        if (memo[mouse][cat][turns] >= 0) return memo[mouse][cat][turns];
        boolean mouseMoves = turns % 2 == 0;
        int lose = mouseMoves ? 2 : 1;
        int best = lose;
        for (int next : graph[mouseMoves ? mouse : cat]) {
            if (!mouseMoves && next == 0) continue;
            int r = mouseMoves ? result(next, cat, turns + 1) : result(mouse, next, turns + 1);
            if (r == 3 - lose) {
                best = r;
                break;
            }
            if (r == 0) best = 0;
        }
        return memo[mouse][cat][turns] = best;
    }
}
