"""Games in: graphs of every accepted form to the library's GameSpec, node labels to ids and back,
and the rule arguments of solve() onto the spec's rules."""

from __future__ import annotations

import json
from typing import Any, Hashable, Iterable, Sequence

from . import _core
from ._arguments import UINT32_MAX, count, flag, is_flag, is_id, memory_limit_of, word
from ._errors import Error, GraphError, OptionError, RulesError, relabel

# The words of the rules that take one ("mouse"/"cat", "lose"/"draw", ...), as the library has
# them: {"first": ("mouse", "cat"), ...}.
_WORDS = _core.rule_words


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
                node = self._index[label]
            except (KeyError, TypeError):
                pass
            else:
                if _same_kind(label, self.labels[node]):  # type: ignore[index]
                    return node
        elif is_id(label) and int(label) < self._count:
            return int(label)
        raise Error(f"{label!r} is not a node of the graph", field=field)

    def relabel(self, error: Error) -> Error:
        return relabel(error, self.labels)


def _same_kind(given: Any, label: Hashable) -> bool:
    """Whether a label found by equality is the one given: True finds only a label True, not 1
    (True == 1 in Python), and 1.0 only a float, as neither is node 1 of a graph without labels."""
    return is_flag(given) == is_flag(label) and isinstance(given, float) == isinstance(
        label, float
    )


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
    if all(is_id(v) for v in adjacency) and set(map(int, adjacency)) == set(range(n)):
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
    if all(is_id(x) for x in ends):  # node ids: 0 to the largest, as the CLI reads edge lists
        return Board(_core.from_edges(pairs, False, memory_limit))
    labels: dict[Hashable, int] = {}
    for k, x in enumerate(ends):
        try:
            labels.setdefault(x, len(labels))
        except TypeError:  # unhashable
            raise GraphError(f"{x!r} is not a node label", field="edge", index=k // 2) from None
    order = list(labels)
    try:
        spec = _core.from_edges(
            [(labels[u], labels[v]) for u, v in pairs], False, memory_limit, len(order)
        )
    except Error as error:
        raise relabel(error, order) from None
    return Board(spec, order)


_FORMATS = ("leetcode", "edges", "graph6", "grid")


def read_graph(graph: Any, format: str | None = None, memory_limit: int | None = None) -> Board:
    """The game board of any accepted graph form (see catmouse.solve). A graph whose game could
    not be solved within ``memory_limit`` bytes is refused before it is built: by default (None)
    the memory this process may still take, as solve's; 0 is no limit."""
    limit = memory_limit_of(memory_limit)
    if format is not None:
        word(format, _FORMATS, "format", OptionError)
    return _read_graph(graph, format, limit)


def _read_graph(graph: Any, format: str | None, memory_limit: int) -> Board:
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
            "of (u, v) tuples)",
            field="graph",
        )
    raise GraphError(
        f"{type(graph).__name__} is not a graph: give a networkx graph, LeetCode adjacency "
        "lists, a list of (u, v) edges, or text (LeetCode JSON, an edge list, graph6)",
        field="graph",
    )


def board_of(spec: _core.GameSpec) -> Board:
    """A spec's board: a map's nodes are labelled by their cells (row, column)."""
    if spec.grid is None:
        return Board(spec)
    rows = spec.grid[0]
    return Board(spec, [(r, c) for r in range(len(rows)) for c in range(len(rows[0]))])


_JUMPS = (("catJump", "cat_jump"), ("mouseJump", "mouse_jump"))


def read_map(
    grid: Any, cat_jump: Any, mouse_jump: Any, memory_limit: int | None = None
) -> Board:
    """A LeetCode 1728 map (rows of "#.MCF", a dict as LeetCode's JSON, or that JSON text) as a
    game, with the cells (row, column) as node labels."""
    limit = memory_limit_of(memory_limit)
    if isinstance(grid, (bytes, bytearray)):
        grid = bytes(grid).decode("utf-8", "backslashreplace")
    text = isinstance(grid, str) and grid.lstrip().startswith("{")
    if text:
        if cat_jump is None and mouse_jump is None:  # the text as it is: errors name its places
            return board_of(_core.read_game(grid, "map", "grid", False, limit))
        try:
            grid = json.loads(grid)
        except ValueError as error:
            raise GraphError(f"not JSON: {error}", field="grid") from None
    if isinstance(grid, dict):
        data = dict(grid)
    elif isinstance(grid, str):
        data = {"grid": grid.split()}  # the rows, one per line
    elif isinstance(grid, (list, tuple)):
        data = {"grid": list(grid)}
    else:
        raise GraphError(
            f"{type(grid).__name__} is not a map: give its rows (a list of strings), LeetCode's "
            "JSON object as a dict, or that JSON as text",
            field="grid",
        )
    for (key, argument), given in zip(_JUMPS, (cat_jump, mouse_jump)):
        if given is not None:
            data[key] = given
        if key not in data:
            raise RulesError(
                "a map needs both jumps: cat_jump=... and mouse_jump=...", field=argument
            )
        data[key] = count(data[key], argument, 0, _core.MAX_JUMP, RulesError, "cells")
    try:
        return board_of(_core.read_game(json.dumps(data), "map", "grid", False, limit))
    except Error as error:
        # The place in the text made here means nothing to the caller; the field says where.
        fields = error._fields()
        fields.update(line=0, column=0)
        raise type(error)(error.message, **fields) from None


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
            rules.cats = count(cats, "cats", 1, UINT32_MAX, RulesError, "cats")
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
            if arguments.get(name) is not None:
                setattr(rules, name, word(arguments[name], words, name))
        limit = arguments.get("move_limit")
        if limit is not None:
            rules.move_limit = count(limit, "move_limit", 0, UINT32_MAX, RulesError, "moves")
    except Error as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(error.message, field=error.field) from None
    return rules
