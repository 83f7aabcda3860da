"""Games in: graphs of every accepted form to the library's GameSpec, node labels to ids and back,
and the rule arguments of solve() onto the spec's rules."""

from __future__ import annotations

import json
import operator
from typing import Any, Hashable, Iterable, Sequence

from . import _core
from ._errors import Error, GraphError, OptionError, RulesError, relabel

_WORDS = {
    "first": ("mouse", "cat"),
    "stuck": ("lose", "draw"),
    "limit_outcome": ("draw", "cat"),
}


class Board:
    """A game as read, with its node labels: ``labels[i]`` is the label of node id ``i``, or
    ``labels`` is None when the labels are the ids themselves (LeetCode lists, text, graphs
    whose nodes are 0..n-1)."""

    def __init__(self, spec: _core.GameSpec, labels: Sequence[Hashable] | None = None) -> None:
        self.spec = spec
        self.labels = tuple(labels) if labels is not None else None
        self._index = {label: i for i, label in enumerate(self.labels)} if self.labels else None
        self._count = spec.node_count

    @property
    def nodes(self) -> tuple[Hashable, ...]:
        return self.labels if self.labels is not None else tuple(range(self._count))

    def label(self, node: int) -> Hashable:
        return self.labels[node] if self.labels is not None else node

    def has(self, label: Hashable) -> bool:
        try:
            self.id(label, "")
        except Error:
            return False
        return True

    def id(self, label: Hashable, field: str) -> int:
        """The id of a node label, or an Error naming ``field`` (the argument)."""
        if self._index is not None:
            try:
                return self._index[label]
            except (KeyError, TypeError):
                pass
        elif _is_id(label) and int(label) < self._count:  # type: ignore[arg-type]
            return int(label)  # type: ignore[arg-type]
        raise Error(f"{label!r} is not a node of the graph", field=field)

    def relabel(self, error: Error) -> Error:
        return relabel(error, self.labels)


def _is_id(x: Any) -> bool:
    """Whether x is a whole number from 0 (bool excluded: True is not node 1)."""
    if type(x) is int:
        return x >= 0
    if isinstance(x, bool):
        return False
    try:
        return operator.index(x) >= 0
    except TypeError:
        return False


def is_flag(x: Any) -> bool:
    """Whether x is True or False (a Python or NumPy bool; 1, "no" and None are not)."""
    return isinstance(x, bool) or (type(x).__module__ == "numpy" and type(x).__name__ == "bool_")


def flag(x: Any, field: str, cls: type[Error] = RulesError) -> bool:
    """x as a bool, or an Error naming ``field`` when it is not True or False."""
    if not is_flag(x):
        raise cls(f"{x!r} is not True or False", field=field)
    return bool(x)


def memory_limit_of(memory_limit: Any) -> int:
    """The bytes a read and solve may take: ``memory_limit``, or by default (None) the memory
    this process may still take, as the command-line tool does; 0 is no limit."""
    if memory_limit is None:
        return _core.available_memory()
    if isinstance(memory_limit, bool) or not _is_id(memory_limit):
        raise OptionError(
            f"{memory_limit!r} is not a number of bytes; give a whole number (0: no limit)",
            field="memory_limit",
        )
    limit = int(memory_limit)
    if limit >= 1 << 64:
        raise OptionError(f"{limit} bytes is more than can be counted", field="memory_limit")
    return limit


def threads_of(threads: Any) -> int:
    """The worker threads asked for (None or 0: one per core), at most ``MAX_THREADS``."""
    if threads is None:
        return 0
    if isinstance(threads, bool) or not _is_id(threads) or int(threads) > _core.MAX_THREADS:
        raise OptionError(
            f"{threads!r} threads; give a whole number from 0 (one per core) to "
            f"{_core.MAX_THREADS}",
            field="threads",
        )
    return int(threads)


def _is_graph6(text: str) -> bool:
    """One graph6 line: printable characters 63..126, no spaces (an edge list has digits)."""
    body = text.strip()
    if body.startswith(">>graph6<<"):
        return True
    return bool(body) and "\n" not in body and all(63 <= ord(c) <= 126 for c in body)


def _from_networkx(graph: Any, memory_limit: int) -> Board:
    # Each node's neighbours, in the order of graph.nodes, handed over as two flat lists (no
    # Python object per node: on large graphs that keeps the garbage collector out of it).
    adjacency = dict(graph.adjacency())
    n = len(adjacency)
    labels: list[Hashable] | None = None
    if all(_is_id(v) for v in adjacency) and set(map(int, adjacency)) == set(range(n)):
        order: Iterable[Hashable] = range(n)  # the labels are the ids
        targets = [u for v in order for u in adjacency[v]]
    else:
        labels = list(adjacency)
        order = labels
        index = {label: i for i, label in enumerate(labels)}
        targets = [index[u] for neighbours in adjacency.values() for u in neighbours]
    degrees = [len(adjacency[v]) for v in order]
    try:
        spec = _core.from_csr(degrees, targets, graph.is_directed(), memory_limit)
    except Error as error:
        raise relabel(error, labels) from None
    return Board(spec, labels)


def _from_edge_list(edges: Sequence[Sequence[Hashable]], memory_limit: int) -> Board:
    pairs = [tuple(e) for e in edges]
    for k, pair in enumerate(pairs):
        if len(pair) != 2:
            raise GraphError(f"{pair!r} is not a pair of nodes", field="edge", index=k)
    ends = [x for pair in pairs for x in pair]
    if all(_is_id(x) for x in ends):
        n = max((int(x) for x in ends), default=-1) + 1  # as the CLI reads edge lists
        return Board(_core.from_edges(n, pairs, False, memory_limit))
    labels: dict[Hashable, int] = {}
    for x in ends:
        labels.setdefault(x, len(labels))
    order = list(labels)
    try:
        spec = _core.from_edges(
            len(order), [(labels[u], labels[v]) for u, v in pairs], False, memory_limit
        )
    except Error as error:
        raise relabel(error, order) from None
    return Board(spec, order)


def read_graph(graph: Any, format: str | None = None, memory_limit: int = 0) -> Board:
    """The game board of any accepted graph form (see catmouse.solve). A graph whose game could
    not be solved within ``memory_limit`` bytes (0: no limit) is refused before it is built."""
    if isinstance(graph, Board):
        return graph
    if isinstance(graph, _core.GameSpec):
        return Board(graph)
    if hasattr(graph, "adj") and hasattr(graph, "is_directed"):
        return _from_networkx(graph, memory_limit)
    if isinstance(graph, (bytes, bytearray)):
        graph = bytes(graph)  # as given: the reader names a bad byte as it is
        format = format or "graph6"
    if isinstance(graph, (str, bytes)):
        if format is None and _is_graph6(graph):
            format = "graph6"
        return Board(_core.read_game(graph, "graph", format, False, memory_limit))
    if hasattr(graph, "shape") and hasattr(graph, "tolist"):  # a NumPy array of edges
        if len(graph.shape) != 2 or graph.shape[1] != 2:
            raise GraphError(f"an array of shape {graph.shape} is not a list of (u, v) edges")
        return _from_edge_list(graph.tolist(), memory_limit)
    if isinstance(graph, (list, tuple)):
        if graph and all(isinstance(item, tuple) for item in graph):
            return _from_edge_list(graph, memory_limit)
        if all(isinstance(item, (list, range)) for item in graph):
            return Board(_core.from_adjacency(graph, memory_limit))
        raise GraphError(
            "a list is either LeetCode adjacency lists (a list of lists) or an edge list (a list "
            "of (u, v) tuples)"
        )
    raise TypeError(
        f"{type(graph).__name__} is not a graph: give a networkx graph, LeetCode adjacency "
        "lists, a list of (u, v) edges, or text (LeetCode JSON, an edge list, graph6)"
    )


def board_of(spec: _core.GameSpec) -> Board:
    """A spec's board: a map's nodes are labelled by their cells (row, column)."""
    if spec.grid is None:
        return Board(spec)
    rows = spec.grid[0]
    return Board(spec, [(r, c) for r in range(len(rows)) for c in range(len(rows[0]))])


def read_map(
    grid: Any, cat_jump: int | None, mouse_jump: int | None, memory_limit: int = 0
) -> Board:
    """A LeetCode 1728 map (rows of "#.MCF", a dict as LeetCode's JSON, or that JSON text) as a
    game, with the cells (row, column) as node labels."""
    if isinstance(grid, str) and grid.lstrip().startswith("{"):
        grid = json.loads(grid)
    if isinstance(grid, dict):
        data = dict(grid)
    else:
        data = {"grid": list(grid)}
    if cat_jump is not None:
        data["catJump"] = cat_jump
    if mouse_jump is not None:
        data["mouseJump"] = mouse_jump
    for key in ("catJump", "mouseJump"):
        if key not in data:
            raise Error("a map needs both jumps: cat_jump=... and mouse_jump=...", field=key)
    return board_of(_core.read_game(json.dumps(data), "map", "grid", False, memory_limit))


def _ids(board: Board, labels: Iterable[Hashable], field: str) -> list[int]:
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
        raise RulesError(f"{labels!r} is not a list of nodes", field=field)
    return [board.id(label, field) for label in labels]


def _default(board: Board, label: int, field: str, argument: str) -> int:
    """The node labelled `label` for a graph with labels, or an Error saying what to give."""
    if board.has(label):
        return board.id(label, field)
    raise RulesError(f"the graph has no node {label}; give {argument} (node labels)", field=field)


def apply_rules(board: Board, arguments: dict[str, Any]) -> _core.Rules:
    """The spec's rules with solve()'s rule arguments over them (None: keep the rule; on a graph
    with labels, holes, mouse and cat default to the labels 0, 1 and 2)."""
    rules = board.spec.rules
    labelled = board.labels is not None
    try:
        holes = arguments.get("holes")
        if holes is not None:
            rules.holes = _ids(board, holes, "holes")
        elif labelled:
            rules.holes = [_default(board, 0, "holes", "holes=[...]")]
        forbidden = arguments.get("cat_forbidden")
        if forbidden is not None:
            rules.cat_forbidden = _ids(board, forbidden, "cat forbidden")
        mouse = arguments.get("mouse")
        if mouse is not None:
            rules.mouse_start = board.id(mouse, "mouse start")
        elif labelled:
            rules.mouse_start = _default(board, 1, "mouse start", "mouse=...")
        cats = arguments.get("cats")
        if cats is not None:
            if not _is_id(cats) or cats < 1:
                raise RulesError(f"{cats!r} cats; give a whole number from 1", field="cats")
            rules.cats = int(cats)
        cat = arguments.get("cat")
        if cat is not None and rules.cats > 1 and not board.has(cat):
            rules.cat_starts = _ids(board, cat, "cat start")
            rules.cat_start = rules.cat_starts[0] if rules.cat_starts else 0
        elif cat is not None:
            rules.cat_start = board.id(cat, "cat start")
        elif labelled:
            rules.cat_start = _default(board, 2, "cat start", "cat=...")
        for name in ("mouse_stays", "cat_stays", "cat_wins_in_hole"):
            if arguments.get(name) is not None:
                setattr(rules, name, flag(arguments[name], name))
        for name, words in _WORDS.items():
            word = arguments.get(name)
            if word is not None:
                if word not in words:
                    raise RulesError(
                        f"{word!r} is not one of {', '.join(map(repr, words))}", field=name
                    )
                setattr(rules, name, word)
        limit = arguments.get("move_limit")
        if limit is not None:
            if not _is_id(limit):
                raise RulesError(f"{limit!r} is not a number of moves", field="move_limit")
            rules.move_limit = int(limit)
    except Error as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(error.message, field=error.field) from None
    return rules
