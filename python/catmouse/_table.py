"""A solved game: catmouse.Table and the answers it gives, in the caller's node labels."""

from __future__ import annotations

import os
from typing import Any, Hashable, Iterable, NamedTuple

try:
    import numpy as np
except ImportError:  # optional: the arrays are then memoryviews (the buffer protocol)
    np = None

from . import _core
from ._errors import Error, OptionError
from ._input import Board

__all__ = ["Table", "Position", "Value", "Move", "Line", "Counts", "Progress"]

Progress = _core.Progress

_TURNS = ("mouse", "cat")
_WINNERS = ("draw", "mouse", "cat")


class Position(NamedTuple):
    """A position: the mouse's node, the cat's node (a tuple of nodes with several cats, in the
    order of the graph's nodes), and the side to move, ``"mouse"`` or ``"cat"``."""

    mouse: Hashable
    cat: Any
    turn: str


class Value(NamedTuple):
    """The value of a position under optimal play: ``result`` is LeetCode's code (0 draw, 1 the
    mouse wins, 2 the cat wins) and ``remoteness`` the number of moves (plies) to the end, the
    winner taking the fastest win and the loser the slowest loss; None for a draw or without
    remoteness (``values_only``)."""

    result: int
    remoteness: int | None

    @property
    def winner(self) -> str:
        """``"mouse"``, ``"cat"`` or ``"draw"``."""
        return _WINNERS[self.result]

    def __str__(self) -> str:
        return sentence(self)


class Move(NamedTuple):
    """A legal move: where the mover goes (``to``: a node, or the cats' nodes), the position it
    leads to, and that position's value."""

    to: Any
    position: Position
    value: Value


class Line(NamedTuple):
    """An optimal line: ``positions[0]`` is where it starts, each next one follows by the best
    move. ``end`` says why it stops: ``"hole"``, ``"capture"``, ``"stuck"``, ``"repetition"``
    (then ``cycle_start`` is the index of the position the next move returns to) or
    ``"move limit"``."""

    positions: list[Position]
    end: str
    cycle_start: int | None


class Counts(NamedTuple):
    """Counts over the valid states (the cat off the nodes it may not enter)."""

    states: int
    mouse_wins: int
    cat_wins: int
    draws: int
    max_remoteness: int | None


def sentence(value: Value) -> str:
    """``"mouse wins in 3 moves"``, ``"cat wins in 1 move"``, ``"draw"``: the library's sentence,
    as ``catmouse play`` and the web page show it."""
    return _core.value_sentence(value.result, value.remoteness)


class Table:
    """A solved game: the value and remoteness of every position, made by :func:`catmouse.solve`
    or :func:`catmouse.grid`, or read from a tablebase file by :func:`catmouse.open`.

    Nodes are the labels of the graph given (for a map, cells ``(row, column)``); ``nodes[i]``
    is the label of row and column ``i`` of the arrays :attr:`values` and
    :attr:`remoteness_array`. ``result``, ``winner`` and ``remoteness`` are the answer at the
    rules' start, as ``catmouse solve --json`` gives it.
    """

    def __init__(self, solution: _core.Solution | _core.Tablebase, board: Board) -> None:
        self._solution = solution
        self._board = board

    @property
    def file(self) -> str | None:
        """The tablebase file the answers are read from (:func:`catmouse.open`), or None for a
        game solved in memory."""
        if not isinstance(self._solution, _core.Tablebase):
            return None
        return os.fsdecode(self._solution.source)

    # The game.

    @property
    def nodes(self) -> tuple[Hashable, ...]:
        """The node labels, in the order of the arrays' rows and columns."""
        return self._board.nodes

    def index(self, node: Hashable) -> int:
        """The row (and column) of a node in the arrays."""
        return self._board.id(node, "node")

    @property
    def cats(self) -> int:
        return self._solution.cats

    @property
    def engine(self) -> str:
        """The engine that solved the game: ``"small"``, ``"general"``, ``"pack"``, ``"cops"``."""
        return self._solution.engine

    @property
    def seconds(self) -> float:
        """How long the engine took (0 for a table read from a file)."""
        return self._solution.seconds

    @property
    def memory_bytes(self) -> int:
        """Bytes held by the table (not counting decoded arrays); for a file, 0 until
        :meth:`explain` or the arrays load the whole table."""
        return self._solution.memory_bytes

    @property
    def has_remoteness(self) -> bool:
        """False for a ``values_only`` table, which keeps who wins but not in how many moves."""
        return self._solution.has_remoteness

    @property
    def start(self) -> Position:
        """The rules' start position."""
        return self._position(self._solution.start())

    # The answer at the start.

    @property
    def result(self) -> int:
        """LeetCode's answer at the start: 1 the mouse wins, 2 the cat wins, 0 a draw."""
        return self.value().result

    @property
    def winner(self) -> str:
        """``"mouse"``, ``"cat"`` or ``"draw"`` at the start (LeetCode 1728: ``winner ==
        "mouse"``)."""
        return self.value().winner

    @property
    def remoteness(self) -> int | None:
        """Moves (plies) from the start to the end under optimal play; None for a draw."""
        return self.value().remoteness

    # Any position.

    def value(self, mouse: Any = None, cat: Any = None, turn: str = "mouse") -> Value:
        """The value of a position, given as ``value(mouse, cat, turn)`` or ``value(position)``;
        ``value()`` is the start's."""
        return Value(*self._solution.value(*self._ids(mouse, cat, turn)))

    def moves(self, position: Any = None) -> list[Move]:
        """Every legal move from a position (default: the start), with the value of where it
        leads, in the order of :attr:`nodes`. Empty at finished positions and for a stuck
        player."""
        ids = self._ids(position)
        return [self._move(ids[2], move) for move in self._solution.moves(*ids)]

    def best_move(self, position: Any = None) -> Move | None:
        """The optimal move: the fastest win, the slowest loss, or one that keeps a draw. None at
        finished positions, for a stuck player, and without remoteness."""
        ids = self._ids(position)
        move = self._solution.best_move(*ids)
        return None if move is None else self._move(ids[2], move)

    def line(self, position: Any = None) -> Line:
        """The optimal line from a position (default: the start). Needs remoteness."""
        self._need_remoteness("an optimal line")
        positions, end, cycle_start = self._solution.line(*self._ids(position))
        return Line([self._position(p) for p in positions], end, cycle_start)

    def counts(self) -> Counts:
        """How many valid states each side wins, the draws, and the longest forced win."""
        return Counts(**self._solution.counts())

    def explain(self, position: Any = None) -> str:
        """The value of a position, the options there, and the optimal line with its moves and
        how it ends, as text: the words of ``catmouse explain``, in the caller's node labels.
        From a file the whole table is loaded first, within the memory limit given to
        ``open``."""
        return self._explain(position, moves=False)

    def _explain_moves(self, position: Any = None) -> str:
        """explain() with the line as a list of moves between the first and last boards, as
        catmouse check's report of a map shows it."""
        return self._explain(position, moves=True)

    def _explain(self, position: Any, moves: bool) -> str:
        self._need_remoteness("an optimal line")
        labels = self._board.labels
        names = None if labels is None else [str(label) for label in labels]
        return self._solution.explain(*self._ids(position), names, moves)

    # NumPy.

    @property
    def values(self) -> np.ndarray | memoryview:
        """Every position's value (LeetCode's codes) as a read-only uint8 array of shape
        (2, n, n): ``values[t, i, j]`` with the mouse on ``nodes[i]``, the cat on ``nodes[j]``,
        and ``t`` 0 for the mouse to move, 1 for the cat. One cat only.

        The table stores values as bits, so they are decoded once, on first use, into memory
        owned by this Table; every array returned is a view of that memory whose ``base`` is
        this Table (no copy per access). Positions with the cat on a node it may not enter are
        0. Without NumPy it is a read-only memoryview of the same memory (format ``B``, the same
        shape: ``values[t, i, j]``, ``tolist()``; ``numpy.asarray`` takes it as it is). From a
        file the whole table is loaded first, within the memory limit given to ``open``."""
        self._need_one_cat("values")
        return self._solution.values(self)

    @property
    def remoteness_array(self) -> np.ndarray | memoryview:
        """Every position's remoteness as a read-only array of shape (2, n, n), indexed as
        :attr:`values`; -1 for draws. int16, or int32 when some remoteness passes 32767.
        Decoded once like :attr:`values`; needs remoteness (not ``values_only``). Without NumPy
        a read-only memoryview, as for :attr:`values`."""
        self._need_one_cat("remoteness_array")
        self._need_remoteness("the remoteness array")
        return self._solution.remoteness(self)

    def __repr__(self) -> str:
        return (
            f"<catmouse.Table: {len(self.nodes)} nodes, {self.cats} cat"
            f"{'' if self.cats == 1 else 's'}, {sentence(self.value())} from "
            f"({self._describe(self.start)})>"
        )

    # Labels to ids and back.

    def _ids(self, mouse: Any = None, cat: Any = None, turn: str = "mouse") -> tuple:
        if mouse is None and cat is None:
            mouse, cats, side = self._solution.start()
            return mouse, cats, side
        if isinstance(mouse, Position) or (cat is None and isinstance(mouse, tuple)):
            if len(mouse) != 3:
                raise Error(f"{mouse!r} is not a position (mouse, cat, turn)", field="position")
            mouse, cat, turn = mouse
        board = self._board
        mouse_id = board.id(mouse, "mouse")
        if self.cats == 1:
            cat_ids = [board.id(cat, "cat")]
        else:
            if isinstance(cat, (str, bytes)) or not isinstance(cat, Iterable):
                raise Error(f"{cat!r}: give the {self.cats} cats' nodes", field="cat")
            cat_ids = sorted(board.id(c, "cat") for c in cat)
        if turn not in _TURNS:
            raise Error(f"{turn!r} is not 'mouse' or 'cat'", field="turn")
        ids = (mouse_id, cat_ids, _TURNS.index(turn))
        try:
            self._solution.check(*ids)
        except Error as error:
            raise board.relabel(error) from None
        return ids

    def _position(self, ids: tuple) -> Position:
        mouse, cats, turn = ids
        label = self._board.label
        cat = label(cats[0]) if len(cats) == 1 else tuple(label(c) for c in cats)
        return Position(label(mouse), cat, _TURNS[turn])

    def _need_one_cat(self, what: str) -> None:
        if self.cats != 1:
            raise Error(
                f"the arrays hold the states of one cat; with {self.cats} cats use value()",
                field=what,
            )

    def _need_remoteness(self, what: str) -> None:
        if not self.has_remoteness:
            raise OptionError(
                f"{what} needs remoteness, which a values_only table does not keep",
                field="values_only",
            )

    def _nodes_text(self, nodes: Any) -> str:
        """A node ("3", "(1, 2)" for a cell, "x"), or the cats' nodes joined by commas."""
        if self.cats > 1 and isinstance(nodes, tuple):
            return ",".join(str(v) for v in nodes)
        return str(nodes)

    def _describe(self, p: Position) -> str:
        """"mouse 1, cat 2, mouse to move", "mouse 1, cats 2,3, cat to move"."""
        cats = "cat" if self.cats == 1 else "cats"
        return f"mouse {p.mouse}, {cats} {self._nodes_text(p.cat)}, {p.turn} to move"

    def _move(self, turn: int, move: tuple) -> Move:
        child = self._position(move[0])
        return Move(child.mouse if turn == 0 else child.cat, child, Value(*move[1]))
