"""catmouse: exact Cat-and-Mouse games on graphs (LeetCode 913 and its variants), in Python.

Every state of the game is solved by retrograde analysis in C++, without a turn cap::

    import catmouse, networkx as nx
    G = nx.Graph([("hole", "door"), ("door", "hall"), ("hall", "attic")])
    table = catmouse.solve(G, holes=["hole"], mouse="hall", cat="attic")
    table.winner, table.remoteness          # ('mouse', 3)
    table.line()                            # the optimal line, in G's labels
    table.values                            # NumPy (2, n, n): every position's value

* :func:`solve` takes a NetworkX graph (any hashable labels), LeetCode adjacency lists, a list
  of (u, v) edges, or text (LeetCode JSON, an edge list, graph6), and returns a :class:`Table`.
* :func:`grid` solves a LeetCode 1728 map, :func:`cops` and :func:`copnumber` cops and robbers.
* :func:`open` reads a tablebase file (``catmouse solve GRAPH --save FILE.cmtb``) as a Table.
* :func:`check` tests a Python solver against the exact answers, shrinks its first failure and
  returns a :class:`CheckReport` (truthy when every answer was right).

Errors are :class:`Error` (a ValueError) with the place at fault: :class:`GraphError`,
:class:`RulesError`, :class:`OptionError`, :class:`TablebaseError`; every bad argument is one of
them, naming the argument. Solves release the GIL, and Ctrl-C stops them between levels. See
docs/python.md.
"""

from __future__ import annotations

from typing import Any as _Any
from typing import Callable as _Callable
from typing import Hashable as _Hashable
from typing import Iterable as _Iterable

from . import _core
from ._arguments import callable_of as _callable_of
from ._arguments import flag as _flag
from ._arguments import memory_limit_of as _memory_limit_of
from ._arguments import threads_of as _threads_of
from ._check import CheckReport, Counterexample, check
from ._cops import CopNumber, CopsResult, copnumber, cops
from ._errors import Error, GraphError, OptionError, RulesError, TablebaseError
from ._input import Board as _Board
from ._input import apply_rules as _apply_rules
from ._input import read_graph as _read_graph
from ._input import read_map as _read_map
from ._table import Counts, Line, Move, Position, Progress, Table, Value
from ._tablebase import open

__version__ = _core.__version__

# The API: what `from catmouse import *` and dir(catmouse) give.
__all__ = [
    "solve",
    "grid",
    "open",
    "cops",
    "copnumber",
    "check",
    "Table",
    "Position",
    "Value",
    "Move",
    "Line",
    "Counts",
    "Progress",
    "CopsResult",
    "CopNumber",
    "CheckReport",
    "Counterexample",
    "Error",
    "GraphError",
    "RulesError",
    "OptionError",
    "TablebaseError",
]


def __dir__() -> list[str]:
    # The API and the module's own attributes (__version__, __doc__...), not its helpers.
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})


def _run(
    board: _Board,
    threads: int,
    values_only: bool,
    memory_limit: int,
    progress: _Callable[[Progress], _Any] | None,
) -> Table:
    progress = _callable_of(progress, "progress", optional=True)
    try:
        solution = _core.solve(board.spec, threads, values_only, memory_limit, progress)
    except Error as error:
        raise board.relabel(error) from None
    return Table(solution, board)


def solve(
    graph: _Any,
    *,
    holes: _Iterable[_Hashable] | None = None,
    mouse: _Hashable | None = None,
    cat: _Hashable | _Iterable[_Hashable] | None = None,
    first: str | None = None,
    stuck: str | None = None,
    mouse_stays: bool | None = None,
    cat_stays: bool | None = None,
    move_limit: int | None = None,
    cats: int | None = None,
    cat_forbidden: _Iterable[_Hashable] | None = None,
    cat_wins_in_hole: bool | None = None,
    limit_outcome: str | None = None,
    format: str | None = None,
    threads: int | None = None,
    values_only: bool = False,
    memory_limit: int | None = None,
    progress: _Callable[[Progress], _Any] | None = None,
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
    is read as well as before the solve. Rule flags and ``values_only`` must be True or False.
    ``progress(p)`` is called after each level with a :class:`Progress`. The solve releases the
    GIL; Ctrl-C (or an exception from ``progress``) stops it between levels and is raised here.
    """
    threads, limit = _threads_of(threads), _memory_limit_of(memory_limit)
    values_only = _flag(values_only, "values_only", OptionError)
    board = _read_graph(graph, format, limit)
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
    board.spec.rules = _apply_rules(board, arguments)
    return _run(board, threads, values_only, limit, progress)


def grid(
    map: _Any,
    *,
    cat_jump: int | None = None,
    mouse_jump: int | None = None,
    threads: int | None = None,
    values_only: bool = False,
    memory_limit: int | None = None,
    progress: _Callable[[Progress], _Any] | None = None,
) -> Table:
    """Solves a LeetCode 1728 map ("Cat and Mouse II") and returns the :class:`Table`.

    ``map`` is the grid as rows (``["####F", "#C...", "M...."]``, with ``cat_jump`` and
    ``mouse_jump``), LeetCode's JSON object as a dict (``{"grid": [...], "catJump": 1,
    "mouseJump": 2}``), or that JSON as text. Nodes are the cells ``(row, column)``; LeetCode's
    answer is ``table.winner == "mouse"``.
    """
    threads, limit = _threads_of(threads), _memory_limit_of(memory_limit)
    values_only = _flag(values_only, "values_only", OptionError)
    board = _read_map(map, cat_jump, mouse_jump, limit)
    return _run(board, threads, values_only, limit, progress)


del annotations  # the __future__ feature, not a name of the API
