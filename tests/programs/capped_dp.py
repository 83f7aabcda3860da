"""A LeetCode 913 solver under test for catmouse check, as such solutions are usually written: the
memoised search over (turns, mouse, cat) that calls a game a draw once it has lasted 2n turns
(which is wrong where a forced win takes longer). Reads a graph (LeetCode's adjacency lists) on
stdin and prints 0, 1 or 2; with --lines, a graph per line and an answer per line, each printed
as soon as it is known. Standard library only."""

import json
import sys
from functools import lru_cache


def cat_mouse_game(graph):
    n = len(graph)

    @lru_cache(maxsize=None)
    def result(mouse, cat, turns):
        if turns >= 2 * n:
            return 0
        if mouse == 0:
            return 1
        if mouse == cat:
            return 2
        mouse_moves = turns % 2 == 0
        lose = 2 if mouse_moves else 1
        best = lose
        for nxt in graph[mouse if mouse_moves else cat]:
            if not mouse_moves and nxt == 0:
                continue
            r = result(nxt, cat, turns + 1) if mouse_moves else result(mouse, nxt, turns + 1)
            if r == 3 - lose:  # a win for the side to move
                return r
            if r == 0:
                best = 0
        return best

    return result(1, 2, 0)


def main():
    if "--lines" in sys.argv[1:]:
        for line in sys.stdin:
            if line.strip():
                print(cat_mouse_game(json.loads(line)), flush=True)
        return
    print(cat_mouse_game(json.loads(sys.stdin.read())))


if __name__ == "__main__":
    main()
