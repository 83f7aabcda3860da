"""catmouse.solve and catmouse.grid: a game in any accepted form to its Table."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from . import _core
from ._arguments import callable_of, flag, memory_limit_of, threads_of
from ._errors import Error, OptionError
from ._input import Board, apply_rules, read_graph, read_map
from ._table import Progress, Table

__all__ = ["solve", "grid"]


def _run(
    board: Board,
    threads: int,
    values_only: bool,
    memory_limit: int,
    progress: Callable[[Progress], Any] | None,
) -> Table:
    progress = callable_of(progress, "progress", optional=True)
    try:
        solution = _core.solve(board.spec, threads, values_only, memory_limit, progress)
    except Error as error:
        raise board.relabel(error) from None
    return Table(solution, board)


def solve(
    graph: Any,
    *,
    holes: Iterable[Hashable] | None = None,
    mouse: Hashable | None = None,
    cat: Hashable | Iterable[Hashable] | None = None,
    first: str | None = None,
    stuck: str | None = None,
    mouse_stays: bool | None = None,
    cat_stays: bool | None = None,
    move_limit: int | None = None,
    cats: int | None = None,
    cat_forbidden: Iterable[Hashable] | None = None,
    cat_wins_in_hole: bool | None = None,
    limit_outcome: str | None = None,
    format: str | None = None,
    threads: int | None = None,
    values_only: bool = False,
    memory_limit: int | None = None,
    progress: Callable[[Progress], Any] | None = None,
) -> Table:
    """Solves every position of a Cat-and-Mouse game and returns the :class:`Table`.

    ``graph`` is one of:

    * a ``networkx.Graph`` or ``DiGraph`` (on a DiGraph moves follow the arcs), with any
      hashable node labels; answers and arrays use those labels (``Table.nodes``);
    * LeetCode 913 adjacency lists, ``[[2, 5], [3], [0, 4, 5], ...]`` (a list of lists);
    * an edge list: a list of ``(u, v)`` tuples (or an (m, 2) NumPy array);
    * text: LeetCode JSON (with an optional ``"rules"`` object), an edge list (``"0 1\\n1 2"``),
      or graph6 (``str`` or ``bytes``); ``format`` (``"leetcode"``, ``"edges"``, ``"graph6"``,
      ``"grid"``) names it when the content does not tell.

    The rules are LeetCode 913's unless given (None keeps the input's rule, or the default):
    ``holes`` (node labels the mouse wins in and the cat may not enter; default node 0, ``[]``
    for none), ``mouse`` and ``cat`` (start nodes; default 1 and 2), ``first`` (``"mouse"`` or
    ``"cat"``), ``stuck`` (``"lose"`` or ``"draw"``: a player with no legal move), ``mouse_stays``
    and ``cat_stays`` (staying put is a move), ``move_limit`` (plies; then ``limit_outcome``
    ``"draw"`` or ``"cat"``), ``cats`` (k cats, moving together; ``cat`` a list of k starts, or one
    node for all), ``cat_forbidden`` (nodes the cat may not enter; default the holes),
    ``cat_wins_in_hole``. See docs/rules.md. On a graph with labels, ``holes``, ``mouse`` and
    ``cat`` default to the labels 0, 1 and 2; when one is missing the error says which to give.

    ``threads`` caps the worker threads (None: one per core, at most ``MAX_THREADS``; the answer
    is the same for any count), ``values_only`` keeps who wins but not in how many moves (less
    than a third of the memory), ``memory_limit`` (bytes; None: the memory this process may still
    take, 0: no limit) refuses, before allocating, a game that would need more, while the graph
    is read as well as before the solve. Rule flags and ``values_only`` must be True or False;
    numbers whole numbers (not bools) within the library's range (``cats`` and ``move_limit``
    below 2**32). A bad argument is a :class:`RulesError`, :class:`OptionError` or
    :class:`GraphError` naming it.
    ``progress(p)`` is called after each level with a :class:`Progress`. The solve releases the
    GIL; Ctrl-C (or an exception from ``progress``) stops it between levels and is raised here.
    """
    threads, limit = threads_of(threads), memory_limit_of(memory_limit)
    values_only = flag(values_only, "values_only", OptionError)
    board = read_graph(graph, format, limit)
    arguments = dict(
        holes=holes,
        mouse=mouse,
        cat=cat,
        first=first,
        stuck=stuck,
        mouse_stays=mouse_stays,
        cat_stays=cat_stays,
        move_limit=move_limit,
        cats=cats,
        cat_forbidden=cat_forbidden,
        cat_wins_in_hole=cat_wins_in_hole,
        limit_outcome=limit_outcome,
    )
    board.spec.rules = apply_rules(board, arguments)
    return _run(board, threads, values_only, limit, progress)


def grid(
    map: Any,
    *,
    cat_jump: int | None = None,
    mouse_jump: int | None = None,
    threads: int | None = None,
    values_only: bool = False,
    memory_limit: int | None = None,
    progress: Callable[[Progress], Any] | None = None,
) -> Table:
    """Solves a LeetCode 1728 map ("Cat and Mouse II") and returns the :class:`Table`.

    ``map`` is the grid as rows (``["####F", "#C...", "M...."]``, or one string with a row per
    line, with ``cat_jump`` and ``mouse_jump``: whole numbers of cells, 0 to 1000), LeetCode's
    JSON object as a dict (``{"grid": [...], "catJump": 1, "mouseJump": 2}``), or that JSON as
    text. Nodes are the cells ``(row, column)``; LeetCode's answer is ``table.winner ==
    "mouse"``.
    """
    threads, limit = threads_of(threads), memory_limit_of(memory_limit)
    values_only = flag(values_only, "values_only", OptionError)
    board = read_map(map, cat_jump, mouse_jump, limit)
    return _run(board, threads, values_only, limit, progress)

