"""Tablebase files: catmouse.open reads a .cmtb file, as ``catmouse probe`` does."""

from __future__ import annotations

import os
from typing import Any

from . import _core
from ._arguments import memory_limit_of
from ._errors import OptionError
from ._input import board_of
from ._table import Table

__all__ = ["open"]


def open(path: Any, *, memory_limit: int | None = None) -> Table:
    """Opens a tablebase file (``.cmtb``, from ``catmouse solve GRAPH --save FILE``) and returns
    its :class:`Table`, which answers as ``catmouse probe`` does: ``value``, ``moves``,
    ``best_move`` and ``line`` read only the blocks they need (each checked against its
    checksum), never the whole file.

    ``path`` is a ``str``, ``bytes`` or ``os.PathLike``. Nodes are named as the game's own
    labels: node ids, or a map's cells ``(row, column)``. ``memory_limit`` (bytes; None: the
    memory this process may still take, 0: no limit) bounds what the queries keep, and the whole
    table, which :meth:`Table.explain` and the arrays load on first use.

    A file that cannot be read as a tablebase (missing, not a tablebase, of a newer format,
    truncated, corrupt) raises :class:`TablebaseError` naming it; a corrupt block found later
    by a query raises it too, naming the block.
    """
    limit = memory_limit_of(memory_limit)
    try:
        name = os.fsencode(path)  # the file's name as bytes, whatever their encoding
    except TypeError:
        raise OptionError(
            f"{path!r} is not a path: give a str, bytes or os.PathLike", field="path"
        ) from None
    if not name or b"\0" in name:
        raise OptionError(f"{path!r} is not a path", field="path")
    tablebase = _core.open(name, limit)
    return Table(tablebase, board_of(tablebase.spec))
