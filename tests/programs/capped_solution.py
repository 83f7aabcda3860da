# The 2n-capped memoised DP as a Solution class, spliced into docs/templates/check_solution.py by
# tests/check_templates_test.cpp: a game that lasts 2n turns is called a draw (wrong where a forced
# win takes longer).
class Solution:
    def catMouseGame(self, graph: List[List[int]]) -> int:
        n = len(graph)
        memo = {}

        def result(mouse, cat, turns):
            if turns >= 2 * n:
                return 0
            if mouse == 0:
                return 1
            if mouse == cat:
                return 2
            key = (mouse, cat, turns)
            if key in memo:
                return memo[key]
            mouse_moves = turns % 2 == 0
            lose = 2 if mouse_moves else 1
            best = lose
            for nxt in graph[mouse if mouse_moves else cat]:
                if not mouse_moves and nxt == 0:
                    continue
                r = result(nxt, cat, turns + 1) if mouse_moves else result(mouse, nxt, turns + 1)
                if r == 3 - lose:
                    best = r
                    break
                if r == 0:
                    best = 0
            memo[key] = best
            return best

        return result(1, 2, 0)
