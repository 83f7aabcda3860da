// A LeetCode 913 solution as a program for catmouse check: reads one graph per line on stdin
// (LeetCode's adjacency lists, e.g. [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]) and prints the
// answer of each (0, 1 or 2) on a line of its own as soon as it has it. It runs one process per
// graph as well as one process for all of them (catmouse check --batch):
//   javac CheckSolution.java
//   catmouse check --batch -- java CheckSolution
// Replace the class between the two marks with yours.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

// --- your solution ---
class Solution {
    public int catMouseGame(int[][] graph) {
        int n = graph.length;
        // result[mouse][cat][turn]: 0 unknown/draw, 1 mouse wins, 2 cat wins; turn 0: the mouse moves
        int[][][] result = new int[n][n][2];
        int[][][] degree = new int[n][n][2];
        for (int m = 0; m < n; m++) {
            for (int c = 0; c < n; c++) {
                degree[m][c][0] = graph[m].length;
                degree[m][c][1] = graph[c].length;
                for (int x : graph[c]) if (x == 0) degree[m][c][1]--;
            }
        }
        ArrayDeque<int[]> todo = new ArrayDeque<>();
        for (int v = 0; v < n; v++) {
            for (int turn = 0; turn < 2; turn++) {
                result[0][v][turn] = 1;
                todo.add(new int[] {0, v, turn});
                if (v > 0) {
                    result[v][v][turn] = 2;
                    todo.add(new int[] {v, v, turn});
                }
            }
        }
        while (!todo.isEmpty()) {
            int[] s = todo.poll();
            int m = s[0], c = s[1], turn = s[2], value = result[m][c][turn];
            List<int[]> parents = new ArrayList<>();
            if (turn == 1) {
                for (int p : graph[m]) parents.add(new int[] {p, c, 0});  // the mouse came from p
            } else {
                for (int p : graph[c]) if (p != 0) parents.add(new int[] {m, p, 1});  // the cat
            }
            for (int[] p : parents) {
                if (result[p[0]][p[1]][p[2]] != 0) continue;
                if (value == p[2] + 1 || --degree[p[0]][p[1]][p[2]] == 0) {
                    result[p[0]][p[1]][p[2]] = value;
                    todo.add(p);
                }
            }
        }
        return result[1][2][0];
    }
}
// --- end of your solution ---

public class CheckSolution {
    // One LeetCode graph from a line: [[...],[...],...].
    static int[][] parseGraph(String line) {
        List<int[]> rows = new ArrayList<>();
        List<Integer> row = null;
        int depth = 0;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '[' && ++depth == 2) row = new ArrayList<>();
            if (ch == ']' && depth-- == 2) rows.add(row.stream().mapToInt(Integer::intValue).toArray());
            if (Character.isDigit(ch)) {
                int value = 0;
                while (i < line.length() && Character.isDigit(line.charAt(i))) value = value * 10 + (line.charAt(i++) - '0');
                i--;
                row.add(value);
            }
        }
        return rows.toArray(new int[0][]);
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.indexOf('[') < 0) continue;
            System.out.println(new Solution().catMouseGame(parseGraph(line)));
            System.out.flush();  // one answer per line, at once
        }
    }
}
