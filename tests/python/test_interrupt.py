"""Ctrl-C and progress: a solve releases the GIL, reports after each level, and stops between
levels when SIGINT arrives (KeyboardInterrupt) or when the progress callback raises.

No test here depends on timing. The progress callbacks are C functions (queue.SimpleQueue.get,
list.append), which run no Python bytecode: a KeyboardInterrupt can then only come from the
solve's own signal check between levels, and the queue's tokens count the levels run."""

from __future__ import annotations

import json
import queue
import signal
import threading
import time

import pytest

import catmouse
from conftest import generated


@pytest.fixture(scope="module")
def cycle() -> list[list[int]]:
    """A ring of 600 nodes: about 1200 levels, each one quick."""
    return json.loads(generated("cycle", 600, 1))


def test_progress_reports_every_level(cycle):
    reports: list[catmouse.Progress] = []
    table = catmouse.solve(cycle, progress=reports.append)
    assert len(reports) > 100
    assert [p.remoteness for p in reports] == list(range(1, len(reports) + 1))
    assert all(a.decided <= b.decided for a, b in zip(reports, reports[1:]))
    assert reports[-1].total == 2 * 600 * 600
    assert table.counts().max_remoteness <= len(reports)


def test_sigint_from_another_thread_stops_the_solve_between_levels(cycle):
    levels = len(_levels(cycle))
    tokens: queue.SimpleQueue[int] = queue.SimpleQueue()
    tokens.put(0)  # the first level's report takes it; the second waits for the interrupt
    plenty = 10 * levels

    def interrupt() -> None:
        while not tokens.empty():  # until the solve has reported its first level
            time.sleep(0.001)
        signal.raise_signal(signal.SIGINT)  # delivered to this thread; Python runs the handler
        for _ in range(plenty):  # in the main thread at its next check
            tokens.put(0)

    thread = threading.Thread(target=interrupt)
    thread.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            catmouse.solve(cycle, progress=tokens.get)
    finally:
        thread.join()
    # The solve stopped at the check after the report that followed the interrupt: at most one
    # token of the plenty was taken, so at most 2 of its many levels ran.
    assert tokens.qsize() >= plenty - 1
    # Nothing is left broken: the same game solves again, whole.
    assert len(_levels(cycle)) == levels


def test_an_exception_in_progress_stops_the_solve(cycle):
    seen = []

    def progress(p: catmouse.Progress) -> None:
        seen.append(p.remoteness)
        if p.remoteness == 3:
            raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        catmouse.solve(cycle, progress=progress)
    assert seen == [1, 2, 3]


def test_sigint_raised_in_progress(cycle):
    def progress(p: catmouse.Progress) -> None:
        if p.remoteness == 5:
            signal.raise_signal(signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        catmouse.solve(cycle, progress=progress)


def _levels(cycle: list[list[int]]) -> list[catmouse.Progress]:
    reports: list[catmouse.Progress] = []
    catmouse.solve(cycle, progress=reports.append)
    return reports
