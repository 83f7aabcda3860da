"""The exceptions of catmouse: the C++ library's errors, with their location, as ValueErrors."""

from __future__ import annotations

from typing import Any, Hashable, Sequence

__all__ = ["Error", "GraphError", "RulesError", "OptionError", "TablebaseError"]


class Error(ValueError):
    """A game, an argument or a position that catmouse cannot use.

    ``message`` says what is wrong; the other attributes say where, as far as known (the C++
    library's ``Location``): ``source`` (a file or input name), ``line`` and ``column`` (1-based,
    0 when unknown), ``node`` (the node's label, or None), ``field`` (what the error is about,
    one stable name: ``"neighbour"``, ``"edge"``, ``"holes"``, ``"mouse_start"``,
    ``"memory_limit"``...) and ``index`` (the field's number: edge 5, neighbour 2; or None).
    ``str(error)`` joins them as the command-line tool does:
    ``"node 'x', neighbour 0: self-loop: ..."``.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str = "",
        line: int = 0,
        column: int = 0,
        node: Hashable | None = None,
        field: str = "",
        index: int | None = None,
        shown: str | None = None,
        parts: Sequence[str | int] | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.node = node
        self.field = field
        self.index = index
        # The field as text ("mouse start", "edge 5") and the message as text and node ids, from
        # the library; relabel() names the ids with the caller's labels.
        if shown is None:
            shown = field if index is None else f"{field} {index}"
        self._shown = shown
        self._parts = list(parts) if parts is not None else None
        super().__init__(self._text())

    def location(self) -> str:
        """The location as text, e.g. ``"graph.json:3:14: node 7, neighbour 2"``."""
        out = self.source
        if self.line:
            out += f"{':' if out else 'line '}{self.line}"
            if self.column:
                out += f":{self.column}"
        parts = [out] if out else []
        if self.node is not None:
            parts.append(f"node {self.node!r}")
        if self._shown:
            if self.node is not None:
                parts[-1] += f", {self._shown}"
            else:
                parts.append(self._shown)
        return ": ".join(parts)

    def _text(self) -> str:
        where = self.location()
        return f"{where}: {self.message}" if where else self.message

    def __reduce__(self) -> Any:  # pickling keeps the fields
        return (_rebuild, (type(self), self.message, self._fields()))

    def _fields(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "line": self.line,
            "column": self.column,
            "node": self.node,
            "field": self.field,
            "index": self.index,
            "shown": self._shown,
            "parts": self._parts,
        }


class GraphError(Error):
    """The graph (or map, or text) is not a valid board: the node or place at fault is named."""


class RulesError(Error):
    """The rules do not fit the board (``field`` names the rule: ``"holes"``, ``"cat start"``)."""


class OptionError(Error):
    """A solve or check option cannot be honoured (``field`` names it: ``"memory_limit"``...)."""


class TablebaseError(Error):
    """A file that :func:`catmouse.open` cannot read as a tablebase: missing or unreadable, not a
    tablebase, of a newer format, truncated or unfinished, or corrupt. ``source`` is the path;
    ``field`` the part at fault (``"header"``, ``"footer"``, ``"index"``, ``"block"`` with
    ``index`` the block's number), or ``""`` when the file could not be read at all."""


def _rebuild(cls: type, message: str, fields: dict[str, Any]) -> Error:
    return cls(message, **fields)


# Fields of errors about the solve's options rather than the game's rules (field_name() in C++).
_OPTION_FIELDS = {
    "engine",
    "values_only",
    "memory_limit",
    "threads",
    "cancelled",
    "exhaustive",
    "nodes",
    "source",
}

# Fields whose errors are OptionErrors whatever the call was doing.
_LIMIT_FIELDS = {"memory_limit"}

# The class of an error by what the call was doing, for the fields not named above.
_KIND_CLASSES: dict[str, type[Error]] = {
    "graph": GraphError,
    "position": Error,
    "tablebase": TablebaseError,
}


def from_library(
    kind: str,
    parts: Sequence[str | int],
    source: str,
    line: int,
    column: int,
    node: int | None,
    field: str,
    index: int | None,
    shown: str,
    exhausted: str,
) -> Exception:
    """The exception for a library error (called by the extension module). ``parts`` is the
    message as text and node ids in turn; ``exhausted`` says what ran out ("memory",
    "resources") when the error is not the caller's fault: a thread that could not be started is
    a RuntimeError, memory that ran out a MemoryError (both with the location in the text)."""
    message = "".join(str(part) for part in parts)
    if exhausted:
        where = Error(message, source=source, line=line, column=column, node=node, shown="")
        return (RuntimeError if exhausted == "resources" else MemoryError)(str(where))
    # A game too large for the limit is an option's fault, found while reading too.
    cls: type[Error] = (
        OptionError
        if field in _LIMIT_FIELDS
        else _KIND_CLASSES.get(kind) or (OptionError if field in _OPTION_FIELDS else RulesError)
    )
    return cls(
        message,
        source=source,
        line=line,
        column=column,
        node=node,
        field=field,
        index=index,
        shown=shown,
        parts=parts,
    )


def relabel(error: Error, labels: Sequence[Hashable] | None) -> Error:
    """The same error with node ids turned into the caller's labels (in ``node`` and wherever
    the library's message names a node), or the error itself when the labels are the ids."""
    if labels is None:
        return error

    def name(node: int) -> str:
        return repr(labels[node]) if 0 <= node < len(labels) else str(node)

    fields = error._fields()
    if error.node is not None and isinstance(error.node, int) and error.node < len(labels):
        fields["node"] = labels[error.node]
    if error._parts is None:
        return type(error)(error.message, **fields)
    message = "".join(part if isinstance(part, str) else name(part) for part in error._parts)
    fields["parts"] = None  # named now: a second relabel keeps these names
    return type(error)(message, **fields)
