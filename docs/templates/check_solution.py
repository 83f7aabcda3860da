# A LeetCode 913 solution as a program for catmouse check: reads one graph per line on stdin
# (LeetCode's adjacency lists, e.g. [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]) and prints the
# answer of each (0, 1 or 2) on a line of its own as soon as it has it. It runs one process per
# graph as well as one process for all of them (catmouse check --batch):
#   catmouse check --batch -- python3 check_solution.py
# Replace the class between the two marks with yours.
import json
import sys
from collections import deque
from typing import List

# --- your solution ---
class Solution:
    def catMouseGame(self, graph: List[List[int]]) -> int:
        n = len(graph)
        # result[mouse][cat][turn]: 0 unknown/draw, 1 mouse wins, 2 cat wins; turn 0: the mouse moves
        result = [[[0, 0] for _ in range(n)] for _ in range(n)]
        degree = [[[len(graph[m]), len(graph[c]) - (0 in graph[c])] for c in range(n)] for m in range(n)]
        queue = deque()
        for v in range(n):
            for turn in (0, 1):
                result[0][v][turn] = 1
                queue.append((0, v, turn))
                if v > 0:
                    result[v][v][turn] = 2
                    queue.append((v, v, turn))
        while queue:
            m, c, turn = queue.popleft()
            value = result[m][c][turn]
            if turn == 1:  # the mouse moved to m from a neighbour
                parents = [(p, c, 0) for p in graph[m]]
            else:  # the cat moved to c from a neighbour other than the hole
                parents = [(m, p, 1) for p in graph[c] if p != 0]
            for pm, pc, pturn in parents:
                if result[pm][pc][pturn] != 0:
                    continue
                if value == pturn + 1:  # the side that moved wins by this move
                    result[pm][pc][pturn] = value
                    queue.append((pm, pc, pturn))
                else:
                    degree[pm][pc][pturn] -= 1
                    if degree[pm][pc][pturn] == 0:
                        result[pm][pc][pturn] = value
                        queue.append((pm, pc, pturn))
        return result[1][2][0]
# --- end of your solution ---


def main():
    solution = Solution()
    for line in sys.stdin:
        if line.strip():
            print(solution.catMouseGame(json.loads(line)), flush=True)


if __name__ == "__main__":
    main()
