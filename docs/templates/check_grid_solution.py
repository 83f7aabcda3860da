# A LeetCode 1728 (Cat and Mouse II) solution as a program for catmouse check --grid: reads one map
# per line on stdin (LeetCode's input as one JSON object, e.g.
# {"grid":["####F","#C...","M...."],"catJump":1,"mouseJump":2}) and prints the answer of each
# (true or false) on a line of its own as soon as it has it. It runs one process per map as well
# as one process for all of them (catmouse check --grid --batch):
#   catmouse check --grid --batch -- python3 check_grid_solution.py
# Replace the class between the two marks with yours.
import json
import sys
from collections import deque
from typing import List

# --- your solution ---
class Solution:
    def canMouseWin(self, grid: List[str], catJump: int, mouseJump: int) -> bool:
        rows, cols = len(grid), len(grid[0])
        n = rows * cols

        def moves(jump):  # the cells one move reaches from each floor cell, staying included
            reach = [[] for _ in range(n)]
            for r in range(rows):
                for c in range(cols):
                    if grid[r][c] == "#":
                        continue
                    reach[r * cols + c].append(r * cols + c)
                    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        for k in range(1, jump + 1):
                            rr, cc = r + dr * k, c + dc * k
                            if not (0 <= rr < rows and 0 <= cc < cols) or grid[rr][cc] == "#":
                                break
                            reach[r * cols + c].append(rr * cols + cc)
            return reach

        reach = (moves(mouseJump), moves(catJump))  # turn 0: the mouse moves, 1: the cat
        cell = {grid[r][c]: r * cols + c for r in range(rows) for c in range(cols)}
        food = cell["F"]
        # result[m][c][turn]: None while undecided, else (winner, moves to the end of the game);
        # winner 0 the mouse, 1 the cat. The cat wins on the mouse or on the food first.
        result = [[[None, None] for _ in range(n)] for _ in range(n)]
        degree = [[[len(reach[0][m]), len(reach[1][c])] for c in range(n)] for m in range(n)]
        queue = deque()
        for m in range(n):
            for c in range(n):
                if not reach[0][m] or not reach[1][c]:
                    continue  # a wall
                winner = 1 if m == c or c == food else 0 if m == food else None
                if winner is not None:
                    for turn in (0, 1):
                        result[m][c][turn] = (winner, 0)
                        queue.append((m, c, turn))
        while queue:
            m, c, turn = queue.popleft()
            winner, length = result[m][c][turn]
            mover = 1 - turn  # the side that moved into this state
            if mover == 0:
                parents = [(p, c) for p in reach[0][m]]
            else:
                parents = [(m, p) for p in reach[1][c]]
            for pm, pc in parents:
                if result[pm][pc][mover] is not None:
                    continue
                if winner == mover:  # the mover wins by this move
                    result[pm][pc][mover] = (winner, length + 1)
                    queue.append((pm, pc, mover))
                else:
                    degree[pm][pc][mover] -= 1
                    if degree[pm][pc][mover] == 0:  # every move loses: the slowest loss
                        result[pm][pc][mover] = (winner, length + 1)
                        queue.append((pm, pc, mover))
        start = result[cell["M"]][cell["C"]][0]
        # The mouse must reach the food within 1000 moves; a game without a forced win (a draw)
        # is the cat's.
        return start is not None and start[0] == 0 and start[1] <= 1000
# --- end of your solution ---


def main():
    solution = Solution()
    for line in sys.stdin:
        if line.strip():
            case = json.loads(line)
            wins = solution.canMouseWin(case["grid"], case["catJump"], case["mouseJump"])
            print("true" if wins else "false", flush=True)


if __name__ == "__main__":
    main()
