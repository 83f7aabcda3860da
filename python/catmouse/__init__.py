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
* :func:`census` runs a census over every connected graph on n nodes (cop numbers, or Cat and
  Mouse from every placement) and returns a :class:`Census`.
* :func:`open` reads a tablebase file (``catmouse solve GRAPH --save FILE.cmtb``) as a Table.
* :func:`check` tests a Python solver against the exact answers, shrinks its first failure and
  returns a :class:`CheckReport` (truthy when every answer was right).

Errors are :class:`Error` (a ValueError) with the place at fault: :class:`GraphError`,
:class:`RulesError`, :class:`OptionError`, :class:`TablebaseError`; every bad argument is one of
them, naming the argument. Solves release the GIL, and Ctrl-C stops them between levels. See
docs/python.md.
"""

from . import _core
from ._census import Census, CensusCount, CensusProgress, CensusRecord, census
from ._check import CheckReport, Counterexample, check
from ._cops import CopNumber, CopsResult, copnumber, cops
from ._errors import Error, GraphError, OptionError, RulesError, TablebaseError
from ._solve import grid, solve
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
    "census",
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
    "Census",
    "CensusCount",
    "CensusRecord",
    "CensusProgress",
    "CheckReport",
    "Counterexample",
    "Error",
    "GraphError",
    "RulesError",
    "OptionError",
    "TablebaseError",
]


def __dir__() -> "list[str]":
    # The API and the module's own attributes (__version__, __doc__...), not its helpers.
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
