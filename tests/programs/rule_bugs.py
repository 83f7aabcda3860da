"""Deliberately wrong LeetCode 913 solvers for catmouse check's diagnosis, one per known bug class:
an exact retrograde solve with one rule mistaken. Reads a graph on stdin and prints 0, 1 or 2; with
--lines, a graph per line and an answer per line. The bug is the first argument:
  cat-enters-hole  the cat may move onto the hole 0
  no-hole-win      the mouse does not win on reaching the hole (it is an ordinary node)
  draw-as-cat-win  a draw (the game repeating positions) is reported as a cat win
Standard library only."""

import json
import sys
from collections import deque


def solve(graph, bug):
    n = len(graph)
    cat_barred = set() if bug == "cat-enters-hole" else {0}
    hole_wins = bug != "no-hole-win"
    mouse_moves = lambda m: graph[m]
    cat_moves = lambda c: [x for x in graph[c] if x not in cat_barred]
    value = {}
    degree = {}
    queue = deque()
    for m in range(n):
        for c in range(n):
            if c in cat_barred:
                continue
            for turn in (0, 1):
                state = (m, c, turn)
                degree[state] = len(mouse_moves(m) if turn == 0 else cat_moves(c))
                if hole_wins and m == 0:
                    value[state] = 1
                elif m == c:
                    value[state] = 2
                if state in value:
                    queue.append(state)
    while queue:
        m, c, turn = queue.popleft()
        result = value[(m, c, turn)]
        # The positions one move before: the other side moved.
        if turn == 1:  # the mouse moved into m
            parents = [(p, c, 0) for p in graph[m]]
        else:  # the cat moved into c
            parents = [(m, p, 1) for p in graph[c] if p not in cat_barred] if c not in cat_barred else []
        for parent in parents:
            if parent in value:
                continue
            mover_wins = 1 if parent[2] == 0 else 2
            if result == mover_wins:
                value[parent] = result
                queue.append(parent)
            else:
                degree[parent] -= 1
                if degree[parent] == 0:
                    value[parent] = result
                    queue.append(parent)
    answer = value.get((1, 2, 0), 0)
    if bug == "draw-as-cat-win" and answer == 0:
        return 2
    return answer


def main():
    bug = sys.argv[1]
    if "--lines" in sys.argv[2:]:
        for line in sys.stdin:
            if line.strip():
                print(solve(json.loads(line), bug), flush=True)
        return
    print(solve(json.loads(sys.stdin.read()), bug))


if __name__ == "__main__":
    main()
