"""catmouse.check: tests a Python solver in-process against the exact answers, on the graphs (or
LeetCode 1728 maps) of ``catmouse check``, and shrinks the first failure. The cases, the exact
answers, the shrinking and the game that explains an answer come from the C++ library's check
domain, as for the command; only the running of the solver is here."""

from __future__ import annotations

import json
import time as _time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import _core
from ._errors import OptionError
from ._input import board_of
from ._table import Table, sentence

__all__ = ["Counterexample", "check"]


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


def check(
    fn: Callable[..., Any],
    *,
    seed: int = 1,
    time: float | None = 60,
    grid: bool = False,
    max_graphs: int | None = None,
) -> Counterexample | None:
    """Runs ``fn`` on catmouse's test graphs and returns the first failure, shrunk, or None.

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
    (KeyboardInterrupt).
    """
    if time is not None and not time >= 0:
        raise OptionError(f"{time!r}: give seconds, 0 or None for no limit", field="time")
    if max_graphs is not None and (not isinstance(max_graphs, int) or max_graphs < 1):
        raise OptionError(f"{max_graphs!r}: give a number of graphs from 1", field="max_graphs")
    domain = _core.CheckDomain(grid=grid, seed=seed, seconds=time or 0)
    started = _time.perf_counter()
    checked = 0
    while (max_graphs is None or checked < max_graphs) and (
        not time or _time.perf_counter() - started < time
    ):
        case = domain.next()
        if case is None:
            break
        checked += 1
        text, origin, found_size = case
        outcome = _call(fn, text, grid)
        if outcome.kind == "answer" and outcome.answer == domain.expected(text):
            continue
        shown = outcome

        def fails(candidate: str) -> bool:
            nonlocal shown
            again = _call(fn, candidate, grid)
            if again.kind != outcome.kind:
                return False
            if again.kind == "answer" and again.answer == domain.expected(candidate):
                return False
            shown = again
            return True

        shrunk, tries, cut_short = domain.shrink(text, fails)
        game = domain.game(shrunk)
        # The diagnosis is of wrong answers to graphs, as in catmouse check's report.
        diagnosis = "" if grid or shown.kind != "answer" else domain.diagnosis(shrunk, shown.answer)
        table = Table(_core.solve(game), board_of(game))
        return Counterexample(
            graph=json.loads(shrunk),
            expected=_expected(domain.expected(shrunk), grid),
            received=shown.received,
            explanation=table.explain(),
            table=table,
            exception=shown.exception,
            origin=origin,
            size=domain.size(shrunk),
            found_size=found_size,
            diagnosis=diagnosis,
            tries=tries,
            checked=checked,
            seconds=_time.perf_counter() - started,
            cut_short=cut_short,
            budget=time or 0,
        )
    return None
