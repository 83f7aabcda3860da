"""catmouse.check returns a CheckReport, truthy when every answer was right: what it covered
(graphs, sizes, the longest forced win, the time), the counterexample or None, its diagnosis
line; and it shows a progress line on stderr when stderr is a terminal, nowhere else."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
import textwrap

import catmouse
from test_check import capped_dp, right_solver


def test_a_pass():
    report = catmouse.check(right_solver, max_graphs=300)
    assert report and report.ok and bool(report) is True
    assert report.counterexample is None and report.diagnosis == ""
    assert report.checked == 300 and report.stopped == "max_graphs" and report.seed == 1
    low, high = report.sizes
    assert 3 <= low <= 5 < high <= 14
    assert report.longest_win >= 2 * high  # the long-win search comes early
    assert 0 < report.seconds < 60
    assert re.fullmatch(
        rf"checked 300 graphs of {low} to {high} nodes in \d+\.\d s: all agreed; the longest "
        rf"forced win among them: {report.longest_win} moves; seed 1",
        str(report),
    ), str(report)
    assert repr(report) == f"<catmouse.CheckReport: ok; {report.summary()}>"


def test_a_failure():
    report = catmouse.check(capped_dp)
    assert not report and not report.ok and report.stopped == "failure"
    found = report.counterexample
    assert isinstance(found, catmouse.Counterexample)
    assert report.diagnosis == found.diagnosis and report.diagnosis.startswith("diagnosis: a turn")
    assert report.checked == found.checked and found.seconds == report.seconds
    summary = report.summary()
    assert summary.startswith(f"checked {report.checked} graphs of ")
    assert f": {report.checked - 1} agreed, 1 failed (a wrong answer)" in summary
    assert str(report) == f"{found}\n{summary}"
    assert repr(report).startswith("<catmouse.CheckReport: failed: [[")
    # Other kinds of failure, as the summary counts them.
    assert "1 failed (an exception)" in catmouse.check(lambda g: 1 / 0).summary()
    assert "1 failed (not an answer)" in catmouse.check(lambda g: "0").summary()


def test_the_time_budget():
    import time

    def slow(graph):
        time.sleep(0.05)
        return right_solver(graph)

    report = catmouse.check(slow, time=0.5)
    assert report and report.stopped == "time" and report.budget == 0.5
    assert 1 <= report.checked <= 11
    assert "(the time budget of 0.5 s ran out): all agreed" in str(report)


def test_maps():
    report = catmouse.check(lambda grid, cat_jump, mouse_jump: catmouse.grid(
        grid, cat_jump=cat_jump, mouse_jump=mouse_jump).winner == "mouse", grid=True,
        max_graphs=50)
    assert report and str(report).startswith("checked 50 maps of ")
    assert " cells in " in str(report)


CHILD = """
import time
import catmouse

def solver(graph):
    time.sleep({sleep})
    return catmouse.solve(graph).result if len(graph) < {wrong_from} else 0

report = catmouse.check(solver, max_graphs=150, {options})
print(bool(report), report.checked)
"""


def run_child(options: str, terminal: bool, sleep: float = 0.004,
              wrong_from: int = 100) -> tuple[str, bytes]:
    """The child's stdout, and what it wrote on stderr: a terminal (a pseudo-terminal whose
    other end this reads) or a pipe. Its solver is right on graphs below `wrong_from` nodes."""
    code = textwrap.dedent(CHILD.format(options=options, sleep=sleep, wrong_from=wrong_from))
    env = dict(os.environ)
    if not terminal:
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env,
                             timeout=120)
        assert run.returncode == 0, run.stderr
        return run.stdout.decode(), run.stderr
    master, slave = pty.openpty()
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=slave, env=env)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed its end
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    out = child.stdout.read().decode()
    assert child.wait(timeout=120) == 0, shown
    return out, shown


def test_progress_on_a_terminal():
    out, shown = run_child("", terminal=True)
    assert out == "True 150\n"
    assert b"\r\x1b[Kcatmouse.check: " in shown, shown
    assert re.search(rb"catmouse\.check: \d+ graphs tried, \d+\.\d/s, 0:[0-5]\d left", shown)
    assert shown.endswith(b"\r\x1b[K")  # cleared at the end
    # While a failure is shrunk, the line says so.
    out, shown = run_child("", terminal=True, sleep=0.02, wrong_from=8)
    assert out.startswith("False ")
    assert re.search(rb"graphs? tried, \d+\.\d/s, shrinking: \d+ calls, 0:[0-5]\d left", shown)
    assert shown.endswith(b"\r\x1b[K")


def test_no_progress_elsewhere_or_when_turned_off():
    out, shown = run_child("", terminal=False)
    assert out == "True 150\n" and shown == b""
    out, shown = run_child("progress=False", terminal=True)
    assert out == "True 150\n" and shown == b""
