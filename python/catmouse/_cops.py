"""Cops and robbers: catmouse.cops and catmouse.copnumber."""

from __future__ import annotations

from typing import Any, Callable, Hashable, NamedTuple

from . import _core
from ._arguments import callable_of, count, memory_limit_of, threads_of
from ._errors import Error, OptionError, RulesError
from ._input import Board, read_graph

__all__ = ["CopsResult", "CopNumber", "cops", "copnumber"]

# The cops engine's limit on the number of cops (catmouse/solve/cops.hpp kMaxCops).
_MAX_COPS = 8


class CopsResult(NamedTuple):
    """Whether ``cops`` cops catch the robber. When they do: a placement of least capture time
    (node labels), the capture time in moves (plies from the cops' first move) and in rounds
    (the cops' moves), and a robber start that lasts that long."""

    cops: int
    win: bool
    placement: tuple[Hashable, ...] | None
    capture_moves: int | None
    capture_rounds: int | None
    robber: Hashable | None
    states: int


class CopNumber(NamedTuple):
    """The cop number: the fewest cops that win, or None when ``max_k`` cops lose. ``result`` is
    the last try (the winning one), ``tries`` every try from 1 cop up."""

    cop_number: int | None
    result: CopsResult
    tries: tuple[CopsResult, ...]


def _count(k: Any, name: str, cls: type[Error]) -> int:
    return count(k, name, 1, _MAX_COPS, cls, "cops")


def cops(
    graph: Any,
    k: int,
    *,
    threads: int | None = None,
    memory_limit: int | None = None,
    progress: Callable[[_core.Progress], Any] | None = None,
) -> CopsResult:
    """Do ``k`` cops catch the robber on ``graph`` (any form :func:`catmouse.solve` takes)?

    The cops place first, then the robber; then the cops move, all at once, then the robber,
    and so on; anyone may stay. The cops win when one of them is on the robber. Runs without the
    GIL; Ctrl-C stops it between levels.
    """
    threads, limit = threads_of(threads), memory_limit_of(memory_limit)
    k = _count(k, "k", RulesError)
    progress = callable_of(progress, "progress", optional=True)
    board = read_graph(graph, None, limit)
    try:
        answer = _core.solve_cops(board.spec, k, threads, limit, progress)
    except Error as error:
        raise board.relabel(error) from None
    return _result(board, answer)


def _result(board: Board, answer: dict[str, Any]) -> CopsResult:
    """A game's answer from the extension module (node ids) in the board's labels."""
    win = answer["win"]
    moves = answer["capture_moves"] if win else None
    return CopsResult(
        cops=answer["cops"],
        win=win,
        placement=tuple(board.label(v) for v in answer["placement"]) if win else None,
        capture_moves=moves,
        capture_rounds=(moves + 1) // 2 if win else None,
        robber=board.label(answer["robber"]) if win else None,
        states=answer["states"],
    )


def copnumber(
    graph: Any,
    max_k: int = 3,
    *,
    threads: int | None = None,
    memory_limit: int | None = None,
) -> CopNumber:
    """The cop number of ``graph``: tries 1, 2, ... cops (at most ``max_k``) until they win.
    Known values: trees 1, cycles of 4 or more nodes and grids 2, the Petersen graph 3.

    The census library's answer, the one ``catmouse copnumber`` prints: its loop over the cop
    counts, and on an undirected graph of at most 16 nodes its cop-number search too (theorems
    first, as ``catmouse copnumber --summary-only`` and ``catmouse census cops`` answer), which
    the games must agree with. Runs without the GIL; Ctrl-C stops it between levels."""
    max_k = _count(max_k, "max_k", OptionError)
    threads, limit = threads_of(threads), memory_limit_of(memory_limit)
    board = read_graph(graph, None, limit)
    try:
        answer = _core.cop_number(board.spec, max_k, threads, limit)
    except Error as error:
        raise board.relabel(error) from None
    tries = tuple(_result(board, a) for a in answer["tries"])
    return CopNumber(answer["cop_number"], tries[-1], tries)
