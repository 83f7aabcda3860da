"""catmouse.check: tests a Python solver in-process against the exact answers, on the graphs (or
LeetCode 1728 maps) of ``catmouse check``, and shrinks the first failure. The cases, the exact
answers, the shrinking and the game that explains an answer come from the C++ library's check
domain, as for the command; only the running of the solver is here."""

from __future__ import annotations

import json
import sys
import time as _time
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

from . import _core
from ._arguments import UINT64_MAX, callable_of, count, flag, seconds_of
from ._errors import OptionError
from ._input import board_of
from ._table import Table, sentence

__all__ = ["CheckReport", "Counterexample", "check"]


@dataclass
class Counterexample:
    """A case the solver got wrong, shrunk.

    ``graph`` is the solver's input (LeetCode adjacency lists; for a map, a dict with ``grid``,
    ``catJump`` and ``mouseJump``), ``expected`` the exact answer (0/1/2, or True/False for a
    map), ``received`` what the solver returned (the exception it raised, when it raised one),
    ``explanation`` why the expected answer is right: its value and the optimal line, and
    ``diagnosis`` the line that names the likely bug when the wrong answer matches a known class
    (a turn cap, the hole's rules, a draw called a win; "" when none does), as ``catmouse check``
    prints it. ``table`` is the solved game, for any other question. ``str()`` is the report of
    ``catmouse check``, line for line.
    """

    graph: Any
    expected: Any
    received: Any
    explanation: str
    table: Table = field(repr=False)
    exception: BaseException | None = field(default=None, repr=False)
    origin: str = ""  # where the case came from: "the long-win search (...)", ...
    size: str = ""  # of the shrunk case: "8 nodes and 11 edges"
    found_size: str = ""  # of the case as found, before shrinking
    diagnosis: str = ""  # "diagnosis: a turn cap? ...", or ""
    tries: int = 0  # calls of the solver while shrinking
    checked: int = 0  # cases tried before this one failed, this one included
    seconds: float = 0.0
    budget: float = 0.0  # the check's time budget in seconds, 0 for none
    # The time ran out while shrinking: ``graph`` is the smallest failing case found by then.
    cut_short: bool = False

    def _noun(self) -> str:
        # The word catmouse check uses: a LeetCode 1728 map is a map, anything else a graph.
        return "map" if isinstance(self.graph, dict) and "grid" in self.graph else "graph"

    def __str__(self) -> str:
        # The words of catmouse check's report (apps/cli/check/session.cpp), a function's calls
        # where the command counts runs of a program.
        noun = self._noun()
        calls = f"{self.tries} call{'' if self.tries == 1 else 's'} of the function"
        graph = json.dumps(self.graph, separators=(",", ":"))
        if self.cut_short:
            stop = f"the time budget of {self.budget:g} s ran out"
            shrinking = (
                f"shrinking stopped ({stop}) after {calls}, before it removed anything"
                if self.size == self.found_size
                else f"shrinking stopped ({stop}) after {calls}; the smallest failing {noun} so "
                f"far has {self.size}"
            )
        elif self.size == self.found_size:
            shrinking = f"shrinking removed nothing ({calls})"
        else:
            shrinking = f"shrunk in {calls} to {self.size}"
        text = (
            f"failure 1: {noun} {self.checked}, from {self.origin}, {self.found_size}\n"
            f"{shrinking}:\n{graph}\n"
            f"expected: {self.expected!r} ({sentence(self.table.value())})\n"
            f"received: {self._received()}\n"
        )
        if self.diagnosis:
            text += self.diagnosis + "\n"
        return text + f"why (catmouse explain):\n{self.explanation}"

    def _kind(self) -> str:
        # The failure's class, as catmouse check's summary counts them.
        if self.exception is not None:
            return "an exception"
        if _answer(self.received, self._noun() == "map") is None:
            return "not an answer"
        return "a wrong answer"

    def _brief(self) -> str:
        # One line: the shrunk case, the answers.
        graph = json.dumps(self.graph, separators=(",", ":"))
        return f"{graph}: expected {self.expected!r}, received {self._received()}"

    def _received(self) -> str:
        # As catmouse check words what is not an answer: a crash, or garbage.
        if self.exception is not None:
            return f"an exception ({self.exception!r})"
        if _answer(self.received, self._noun() == "map") is None:
            return f"{self.received!r}, which is not " + (
                "True or False" if self._noun() == "map" else "0, 1 or 2"
            )
        return repr(self.received)


class _Outcome:
    """One call of the solver: its answer as the domain writes answers ("0".."2", "true",
    "false"), or why there is none (an exception, or something that is not an answer)."""

    def __init__(self, kind: str, answer: str | None, received: Any, exception=None) -> None:
        self.kind = kind  # "answer", "exception" or "garbage"
        self.answer = answer
        self.received = received
        self.exception = exception


def _answer(returned: Any, grid: bool) -> str | None:
    """The domain's spelling of a returned value, or None when it is not an answer."""
    if grid:
        if type(returned).__name__ in ("bool", "bool_"):
            return "true" if returned else "false"
        return None
    if isinstance(returned, bool) or type(returned).__name__ == "bool_":
        return None
    try:
        import operator

        code = operator.index(returned)
    except TypeError:
        return None
    return str(code) if code in (0, 1, 2) else None


def _call(fn: Callable[..., Any], case: str, grid: bool) -> _Outcome:
    data = json.loads(case)
    try:
        if grid:
            returned = fn(data["grid"], data["catJump"], data["mouseJump"])
        else:
            returned = fn(data)
    except Exception as error:  # the solver's failure, not ours: KeyboardInterrupt goes through
        return _Outcome("exception", None, error, error)
    answer = _answer(returned, grid)
    return _Outcome("answer" if answer is not None else "garbage", answer, returned)


def _expected(answer: str, grid: bool) -> Any:
    return answer == "true" if grid else int(answer)


@dataclass
class CheckReport:
    """What :func:`check` did: how many graphs it tried, how long it took, and the first
    failure, shrunk, or None.

    ``ok`` is True when every graph tried got the right answer, and the report is truthy exactly
    then: ``assert catmouse.check(fn)`` passes on a solver that agreed, and ``if not
    report:`` finds a failure. ``counterexample`` is the :class:`Counterexample` (None when ok)
    and ``diagnosis`` its diagnosis line ("" when ok, or when no known class of bug matches).
    What was covered: ``checked`` graphs (maps, with ``grid=True``), the failing one included, in
    ``seconds``; ``sizes``, the fewest and most nodes (cells of a map) among them; and
    ``longest_win``, the longest forced win among them in moves (plies), None when none was a
    win. ``stopped`` says why the check ended: ``"failure"``, ``"time"`` (the budget ran out),
    ``"max_graphs"``, or ``"cases"`` (no more graphs). ``str()`` is the counterexample's report,
    if any, and then a summary line like the one ``catmouse check`` ends with.
    """

    checked: int
    seconds: float
    counterexample: Counterexample | None
    seed: int = 1
    grid: bool = False
    sizes: tuple[int, int] | None = None
    longest_win: int | None = None
    stopped: str = "cases"
    budget: float = 0.0  # the time budget in seconds, 0 for none

    @property
    def ok(self) -> bool:
        """Whether every graph tried got the right answer."""
        return self.counterexample is None

    @property
    def diagnosis(self) -> str:
        """The counterexample's diagnosis line, or ""."""
        return self.counterexample.diagnosis if self.counterexample is not None else ""

    def __bool__(self) -> bool:
        return self.ok

    def _noun(self) -> str:
        return "map" if self.grid else "graph"

    def summary(self) -> str:
        """The last line of the report: what was checked, and how it went."""
        noun = self._noun()
        text = f"checked {self.checked} {noun}{'' if self.checked == 1 else 's'}"
        if self.sizes is not None:
            unit = "cells" if self.grid else "nodes"
            low, high = self.sizes
            text += f" of {low} {unit}" if low == high else f" of {low} to {high} {unit}"
        text += f" in {self.seconds:.1f} s"
        if self.stopped == "time":
            text += f" (the time budget of {self.budget:g} s ran out)"
        if self.ok:
            text += ": all agreed"
        else:
            agreed = self.checked - 1
            text += f": {agreed} agreed, 1 failed ({self.counterexample._kind()})"
        if self.longest_win is not None:
            plural = "" if self.longest_win == 1 else "s"
            text += f"; the longest forced win among them: {self.longest_win} move{plural}"
        return text + f"; seed {self.seed}"

    def __str__(self) -> str:
        failure = "" if self.ok else f"{self.counterexample}\n"
        return failure + self.summary()

    def __repr__(self) -> str:
        found = "ok" if self.ok else f"failed: {self.counterexample._brief()}"
        return f"<catmouse.CheckReport: {found}; {self.summary()}>"


class _ProgressLine:
    """The progress line on a terminal: graphs tried, their rate and the time left, rewritten
    in place on ``stream`` at most five times a second and cleared at the end, as
    ``catmouse check`` shows it. Silent when the stream is not a terminal."""

    def __init__(self, on: bool, stream: TextIO | None, noun: str, budget: float) -> None:
        try:
            self._on = on and stream is not None and stream.isatty()
        except (AttributeError, ValueError):  # a stream without isatty(), or closed
            self._on = False
        self._stream = stream
        self._noun = noun
        self._budget = budget
        self._started = self._last = _time.perf_counter()
        self._shown = False

    def show(self, tried: int, doing: str = "") -> None:
        if not self._on:
            return
        now = _time.perf_counter()
        if now - self._last < 0.2:
            return
        self._last = now
        elapsed = now - self._started
        text = (
            f"catmouse.check: {tried} {self._noun}{'' if tried == 1 else 's'} tried, "
            f"{tried / elapsed if elapsed > 0 else 0:.1f}/s"
        )
        if doing:
            text += f", {doing}"
        if self._budget:
            left = int(max(0.0, self._budget - elapsed))
            text += f", {left // 60}:{left % 60:02} left"
        else:
            text += f", {elapsed:.0f} s"
        self._write(f"\r\033[K{text}")
        self._shown = True

    def clear(self) -> None:
        if self._shown:
            self._write("\r\033[K")
            self._shown = False

    def _write(self, text: str) -> None:
        assert self._stream is not None
        self._stream.write(text)
        self._stream.flush()


def _size(case: Any, grid: bool) -> int:
    """A case's size for the report: a graph's nodes, a map's cells."""
    if grid:
        rows = case["grid"]
        return len(rows) * (len(rows[0]) if rows else 0)
    return len(case)


def check(
    fn: Callable[..., Any],
    *,
    seed: int = 1,
    time: float | None = 60,
    grid: bool = False,
    max_graphs: int | None = None,
    progress: bool = True,
) -> CheckReport:
    """Runs ``fn`` on catmouse's test graphs and returns a :class:`CheckReport`: how many graphs
    it tried and how long it took, and the first failure, shrunk, or None. The report is truthy
    when every answer was right: ``assert catmouse.check(fn)``.

    ``fn`` is a LeetCode 913 solver, called with a graph as adjacency lists and returning 0, 1
    or 2 (e.g. ``lambda g: Solution().catMouseGame(g)``); with ``grid=True`` a LeetCode 1728
    solver, called as ``fn(grid, catJump, mouseJump)`` and returning True or False. The graphs
    are those of ``catmouse check``: every graph of up to 5 nodes, then a search for long forced
    wins alternating with random graphs, all fixed by ``seed``. A wrong answer, something else
    than an answer, and an exception are failures; the failing graph is shrunk (nodes and edges
    removed, smaller graphs searched) while ``fn`` still fails the same way.

    Stops after ``time`` seconds (None or 0: no limit), shrinking included (a shrink cut short
    returns the smallest failing case so far, with ``cut_short`` set), or after ``max_graphs``
    graphs. ``fn`` runs in this process, so nothing limits one call; Ctrl-C stops the check
    (KeyboardInterrupt). On a terminal a progress line on stderr shows the graphs tried, their
    rate and the time left (``progress=False``: none); elsewhere nothing is shown.
    """
    fn = callable_of(fn, "fn")
    seed = count(seed, "seed", 0, UINT64_MAX)
    budget = seconds_of(time, "time")
    grid = flag(grid, "grid", OptionError)
    if max_graphs is not None:
        max_graphs = count(max_graphs, "max_graphs", 1, UINT64_MAX, what="graphs")
    line = _ProgressLine(
        flag(progress, "progress", OptionError), sys.stderr, "map" if grid else "graph", budget
    )
    try:
        return _run(fn, seed, budget, grid, max_graphs, line)
    finally:
        line.clear()


def _run(
    fn: Callable[..., Any],
    seed: int,
    budget: float,
    grid: bool,
    max_graphs: int | None,
    line: _ProgressLine,
) -> CheckReport:
    started = _time.perf_counter()  # before the domain's own deadline starts
    domain = _core.CheckDomain(grid=grid, seed=seed, seconds=budget)
    report = CheckReport(0, 0.0, None, seed=seed, grid=grid, budget=budget)

    def tried(case: str) -> None:
        # What the case adds to the coverage: its size and the length of its forced win.
        report.checked += 1
        size = _size(json.loads(case), grid)
        low, high = report.sizes or (size, size)
        report.sizes = (min(low, size), max(high, size))
        result, remoteness = domain.exact(case)
        if result != 0 and remoteness is not None:
            report.longest_win = max(report.longest_win or 0, remoteness)

    while True:
        if max_graphs is not None and report.checked >= max_graphs:
            report.stopped = "max_graphs"
            break
        if budget and _time.perf_counter() - started >= budget:
            report.stopped = "time"
            break
        case = domain.next()
        if case is None:  # the source ran out, or the domain's deadline passed
            timed_out = budget and _time.perf_counter() - started >= budget
            report.stopped = "time" if timed_out else "cases"
            break
        text, origin, found_size = case
        tried(text)
        outcome = _call(fn, text, grid)
        line.show(report.checked)
        if outcome.kind == "answer" and outcome.answer == domain.expected(text):
            continue
        report.counterexample = _shrunk(
            fn, domain, (text, origin, found_size), outcome, grid, report, line
        )
        report.stopped = "failure"
        break
    report.seconds = _time.perf_counter() - started
    if report.counterexample is not None:
        report.counterexample.seconds = report.seconds
    return report


def _shrunk(
    fn: Callable[..., Any],
    domain: _core.CheckDomain,
    case: tuple[str, str, str],
    outcome: _Outcome,
    grid: bool,
    report: CheckReport,
    line: _ProgressLine,
) -> Counterexample:
    """The failing case (text, origin, size) shrunk while ``fn`` fails on it the same way, as a
    Counterexample."""
    text, origin, found_size = case
    shown = outcome
    calls = 0

    def fails(candidate: str) -> bool:
        nonlocal shown, calls
        calls += 1
        line.show(report.checked, f"shrinking: {calls} call{'' if calls == 1 else 's'}")
        again = _call(fn, candidate, grid)
        if again.kind != outcome.kind:
            return False
        if again.kind == "answer" and again.answer == domain.expected(candidate):
            return False
        shown = again
        return True

    shrunk, tries, cut_short = domain.shrink(text, fails)
    game = domain.game(shrunk)
    # The diagnosis is of wrong answers (to graphs and maps), as in catmouse check's report.
    diagnosis = "" if shown.kind != "answer" else domain.diagnosis(shrunk, shown.answer)
    table = Table(_core.solve(game), board_of(game))
    return Counterexample(
        graph=json.loads(shrunk),
        expected=_expected(domain.expected(shrunk), grid),
        received=shown.received,
        # A map's line runs to 70 moves and more: the moves as a list between two boards, as
        # catmouse check's report shows it.
        explanation=table.explain() if not grid else table._explain_moves(),
        table=table,
        exception=shown.exception,
        origin=origin,
        size=domain.size(shrunk),
        found_size=found_size,
        diagnosis=diagnosis,
        tries=tries,
        checked=report.checked,
        cut_short=cut_short,
        budget=report.budget,
    )
