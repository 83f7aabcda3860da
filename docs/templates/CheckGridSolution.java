// A LeetCode 1728 (Cat and Mouse II) solution as a program for catmouse check --grid: reads one
// map per line on stdin (LeetCode's input as one JSON object, e.g.
// {"grid":["####F","#C...","M...."],"catJump":1,"mouseJump":2}) and prints the answer of each
// (true or false) on a line of its own as soon as it has it. It runs one process per map as well
// as one process for all of them (catmouse check --grid --batch):
//   javac CheckGridSolution.java
//   catmouse check --grid --batch -- java CheckGridSolution
// Replace the class between the two marks with yours.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

// --- your solution ---
class Solution {
    public boolean canMouseWin(String[] grid, int catJump, int mouseJump) {
        int rows = grid.length, cols = grid[0].length(), n = rows * cols;
        // reach[turn][cell]: the cells one move reaches from a floor cell, staying included; turn
        // 0: the mouse moves, 1: the cat.
        int[][][] reach = new int[2][n][];
        int[] jumps = {mouseJump, catJump}, dr = {1, -1, 0, 0}, dc = {0, 0, 1, -1};
        int mouse = 0, cat = 0, food = 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int cell = r * cols + c;
                char ch = grid[r].charAt(c);
                if (ch == 'M') mouse = cell;
                if (ch == 'C') cat = cell;
                if (ch == 'F') food = cell;
                for (int turn = 0; turn < 2; turn++) {
                    List<Integer> cells = new ArrayList<>();
                    if (ch != '#') cells.add(cell);
                    for (int d = 0; d < 4 && ch != '#'; d++) {
                        for (int k = 1; k <= jumps[turn]; k++) {
                            int rr = r + dr[d] * k, cc = c + dc[d] * k;
                            if (rr < 0 || rr >= rows || cc < 0 || cc >= cols || grid[rr].charAt(cc) == '#') break;
                            cells.add(rr * cols + cc);
                        }
                    }
                    reach[turn][cell] = cells.stream().mapToInt(Integer::intValue).toArray();
                }
            }
        }
        // winner[m][c][turn]: -1 while undecided, 0 the mouse, 1 the cat; length: moves to the
        // end. The cat wins on the mouse or on the food first.
        int[][][] winner = new int[n][n][2], length = new int[n][n][2], degree = new int[n][n][2];
        ArrayDeque<int[]> todo = new ArrayDeque<>();
        for (int m = 0; m < n; m++) {
            for (int c = 0; c < n; c++) {
                winner[m][c][0] = winner[m][c][1] = -1;
                if (reach[0][m].length == 0 || reach[1][c].length == 0) continue;  // a wall
                degree[m][c][0] = reach[0][m].length;
                degree[m][c][1] = reach[1][c].length;
                int end = m == c || c == food ? 1 : m == food ? 0 : -1;
                if (end < 0) continue;
                for (int turn = 0; turn < 2; turn++) {
                    winner[m][c][turn] = end;
                    todo.add(new int[] {m, c, turn});
                }
            }
        }
        while (!todo.isEmpty()) {
            int[] s = todo.poll();
            int m = s[0], c = s[1], turn = s[2], mover = 1 - turn;  // mover: who moved here
            for (int p : reach[mover][mover == 0 ? m : c]) {
                int pm = mover == 0 ? p : m, pc = mover == 0 ? c : p;
                if (winner[pm][pc][mover] != -1) continue;
                // The mover wins by this move, or every move loses (the slowest loss comes last).
                if (winner[m][c][turn] == mover || --degree[pm][pc][mover] == 0) {
                    winner[pm][pc][mover] = winner[m][c][turn];
                    length[pm][pc][mover] = length[m][c][turn] + 1;
                    todo.add(new int[] {pm, pc, mover});
                }
            }
        }
        // The mouse must reach the food within 1000 moves; a game without a forced win (a draw)
        // is the cat's.
        return winner[mouse][cat][0] == 0 && length[mouse][cat][0] <= 1000;
    }
}
// --- end of your solution ---

public class CheckGridSolution {
    // A number after "key": in a line of JSON, or -1.
    static int number(String line, String key) {
        int at = line.indexOf("\"" + key + "\"");
        if (at < 0) return -1;
        at = line.indexOf(':', at) + 1;
        while (at < line.length() && line.charAt(at) == ' ') at++;
        int end = at;
        while (end < line.length() && Character.isDigit(line.charAt(end))) end++;
        return end > at ? Integer.parseInt(line.substring(at, end)) : -1;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            // One LeetCode 1728 map: {"grid":["...",...],"catJump":1,"mouseJump":2}.
            int open = line.indexOf('[', Math.max(0, line.indexOf("\"grid\""))), close = line.indexOf(']', open + 1);
            if (open < 0 || close < 0) continue;
            List<String> rows = new ArrayList<>();
            for (int i = line.indexOf('"', open); i >= 0 && i < close; i = line.indexOf('"', i)) {
                int end = line.indexOf('"', i + 1);
                rows.add(line.substring(i + 1, end));
                i = end + 1;
            }
            boolean wins = new Solution().canMouseWin(rows.toArray(new String[0]), number(line, "catJump"),
                                                      number(line, "mouseJump"));
            System.out.println(wins ? "true" : "false");
            System.out.flush();  // one answer per line, at once
        }
    }
}
