"""catmouse.check against Python solvers with known faults: the classic memoised DP capped at 2n
turns (found, shrunk to at most 10 nodes, explained and diagnosed, and the same graph and report,
line for line, as catmouse check gives with the same seed), a correct solver, exceptions, answers of the wrong kind, maps, and the time
budget, which covers shrinking."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from collections import deque

import pytest

import catmouse
from conftest import CLI

# LeetCode 913's popular top-down DP, a game still running after 2n turns a draw: the program that
# the command-line tests hand to catmouse check, here called in-process.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "programs"))
from capped_dp import cat_mouse_game as capped_dp  # noqa: E402


def right_solver(graph: list[list[int]]) -> int:
    """LeetCode 913 solved right: colouring backwards from the finished states."""
    n = len(graph)
    color = [[[0, 0] for _ in range(n)] for _ in range(n)]  # [mouse][cat][turn]
    degree = [
        [[len(graph[m]), len(graph[c]) - (0 in graph[c])] for c in range(n)] for m in range(n)
    ]
    queue = deque()
    for v in range(1, n):
        for t in range(2):
            color[0][v][t] = 1
            queue.append((0, v, t, 1))
            color[v][v][t] = 2
            queue.append((v, v, t, 2))
    while queue:
        m, c, t, result = queue.popleft()
        parents = [(m2, c, 0) for m2 in graph[m]] if t == 1 else [
            (m, c2, 1) for c2 in graph[c] if c2 != 0
        ]
        for m2, c2, t2 in parents:
            if color[m2][c2][t2]:
                continue
            if result == t2 + 1:  # the mover of the parent wins
                color[m2][c2][t2] = result
                queue.append((m2, c2, t2, result))
                continue
            degree[m2][c2][t2] -= 1
            if degree[m2][c2][t2] == 0:
                color[m2][c2][t2] = result
                queue.append((m2, c2, t2, result))
    return color[1][2][0]


def failure(report: catmouse.CheckReport) -> catmouse.Counterexample:
    """The report's counterexample, after checking that the report says it failed."""
    assert not report and not report.ok and report.counterexample is not None, repr(report)
    assert report.diagnosis == report.counterexample.diagnosis
    return report.counterexample


def test_finds_and_shrinks_the_capped_dp():
    found = failure(catmouse.check(capped_dp))
    graph = found.graph
    assert len(graph) <= 10
    assert found.expected == catmouse.solve(graph).result
    assert found.received == capped_dp(graph) != found.expected
    assert found.exception is None
    assert "optimal line" in found.explanation
    assert found.table.value() == catmouse.solve(graph).value()
    assert "expected: " in str(found) and found.tries > 0
    assert not found.cut_short  # shrunk to the end within the default minute
    # The shrunk win is just longer than the cap: the report names it.
    plies = found.table.remoteness
    assert plies >= 2 * len(graph)
    assert found.diagnosis == (
        f"diagnosis: a turn cap? the shortest correct answer needs {plies} plies on "
        f"{len(graph)} nodes; a cap of 2n = {2 * len(graph)} cuts it and calls the game a draw. "
        "Solve it without a cap, by retrograde analysis (docs/algorithm.md#turn-caps-are-wrong; "
        "the templates in docs/check.md#templates do)"
    )
    assert f"\nreceived: 0\n{found.diagnosis}\nwhy (catmouse explain):\n" in str(found)


@pytest.mark.skipif(not os.environ.get("CATMOUSE_CAPPED_DP"), reason="no capped DP program")
def test_the_same_case_as_catmouse_check():
    """One domain for both: the Python DP fails where the C++ program does, shrunk alike."""
    found = failure(catmouse.check(capped_dp, seed=1))
    run = subprocess.run(
        [CLI, "check", "--seed", "1", "--", os.environ["CATMOUSE_CAPPED_DP"]],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    shrunk = lines[next(i for i, line in enumerate(lines) if line.startswith("shrunk in")) + 1]
    assert found.graph == json.loads(shrunk)
    assert f"graph {found.checked}," in lines[0]
    assert f"shrunk in {found.tries} runs" in run.stdout
    # The same report, line for line (the command runs a program, Python calls a function), the
    # diagnosis line included; the command's summary follows its report.
    report = lines[: lines.index("")]
    assert str(found).splitlines() == [
        line.replace(" runs of the program ", " calls of the function ") for line in report
    ]
    diagnosis = [line for line in report if line.startswith("diagnosis: ")]
    assert diagnosis == [found.diagnosis] and diagnosis[0].startswith("diagnosis: a turn cap? ")


def test_a_right_solver_passes():
    assert catmouse.check(right_solver, max_graphs=1500)
    assert catmouse.check(right_solver, seed=3, max_graphs=200)
    with pytest.raises(catmouse.OptionError):
        catmouse.check(right_solver, time=-1)
    with pytest.raises(catmouse.OptionError):
        catmouse.check(right_solver, max_graphs=0)


def test_exceptions_are_failures_and_shrink():
    def fragile(graph):
        if len(graph) >= 4:
            raise ZeroDivisionError("four nodes are too many")
        return right_solver(graph)

    found = failure(catmouse.check(fragile))
    assert isinstance(found.received, ZeroDivisionError)
    assert found.exception is found.received
    assert len(found.graph) == 4
    assert found.diagnosis == ""  # not a wrong answer: no class of bug to name
    assert "\nreceived: an exception (ZeroDivisionError('four nodes are too many'))\n" in str(found)


def test_time_includes_shrinking():
    """The budget covers the shrink: cut short, it returns the smallest failing graph so far."""
    import time

    def slow_capped_dp(graph):
        time.sleep(0.4)  # the failure comes at the 2nd graph, a full shrink takes a dozen calls
        return capped_dp(graph)

    found = failure(catmouse.check(slow_capped_dp, seed=1, time=2))
    assert found.cut_short
    assert found.seconds < 60
    assert slow_capped_dp(found.graph) == found.received != found.expected
    assert "\nshrinking stopped (the time budget of 2 s ran out) after " in str(found)


def test_other_answers_are_failures():
    found = failure(catmouse.check(lambda g: str(right_solver(g))))
    assert isinstance(found.received, str) and found.received in ("0", "1", "2")
    assert found.checked == 1
    assert f"\nreceived: {found.received!r}, which is not 0, 1 or 2\n" in str(found)
    assert found.diagnosis == ""
    found = failure(catmouse.check(lambda g: True))
    assert found.received is True  # not LeetCode's 1


def test_ctrl_c_in_the_solver_stops_the_check():
    def interrupted(graph):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        catmouse.check(interrupted)

    big = []

    def interrupted_while_shrinking(graph):
        if len(graph) < 6:
            return right_solver(graph)
        big.append(len(graph))
        if len(big) > 1:
            raise KeyboardInterrupt  # Ctrl-C while the failure is being shrunk
        return 3  # not an answer: a failure

    with pytest.raises(KeyboardInterrupt):
        catmouse.check(interrupted_while_shrinking)
    assert len(big) == 2  # no call after the interrupt


def test_maps():
    def right(grid, cat_jump, mouse_jump):
        return catmouse.grid(grid, cat_jump=cat_jump, mouse_jump=mouse_jump).winner == "mouse"

    assert catmouse.check(right, grid=True, max_graphs=300)
    found = failure(catmouse.check(lambda grid, cat_jump, mouse_jump: False, grid=True))
    assert found.expected is True and found.received is False
    assert set(found.graph) == {"grid", "catJump", "mouseJump"}
    assert found.table.winner == "mouse"
    # The command's report, line for line, in Python's spelling (True, False) where the command
    # prints the program's: the map's move-cap diagnosis and the line as a list of moves between
    # two boards included. The command then adds its summary line.
    run = subprocess.run([CLI, "check", "--grid", "--seed", "1", "--", "sh", "-c",
                          "cat >/dev/null; echo false"], capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    report = lines[:lines.index("")]
    assert any(line.startswith("diagnosis: a move cap? ") for line in report)
    assert any(line.startswith("the board at the end:") for line in report)
    assert str(found).splitlines() == [
        line.replace(" runs of the program ", " calls of the function ")
        .replace("expected: true ", "expected: True ")
        .replace("received: false", "received: False")
        for line in report
    ]


def test_the_same_defaults_and_words_as_catmouse_check():
    # Seed 1 by default, as the command line, and a failing input is a "graph" in both.
    import inspect

    assert inspect.signature(catmouse.check).parameters["seed"].default == 1
    found = failure(catmouse.check(capped_dp, max_graphs=200))
    assert str(found).startswith(f"failure 1: graph {found.checked}, from ")
    assert found.graph == failure(catmouse.check(capped_dp, seed=1, max_graphs=200)).graph
