"""The exceptions of catmouse: the C++ library's errors, with their location, as ValueErrors."""

from __future__ import annotations

import re
from typing import Any, Hashable, Sequence

__all__ = ["Error", "GraphError", "RulesError", "OptionError"]


class Error(ValueError):
    """A game, an argument or a position that catmouse cannot use.

    ``message`` says what is wrong; the other attributes say where, as far as known (the C++
    library's ``Location``): ``source`` (a file or input name), ``line`` and ``column`` (1-based,
    0 when unknown), ``node`` (the node's label, or None), and ``field`` (finer detail:
    ``"neighbour 2"``, ``"edge 5"``, ``"holes"``, ``"memory_limit"``...). ``str(error)`` joins
    them as the command-line tool does: ``"node 'x', neighbour 0: self-loop: ..."``.
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
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.node = node
        self.field = field
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
        if self.field:
            if self.node is not None:
                parts[-1] += f", {self.field}"
            else:
                parts.append(self.field)
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
        }


class GraphError(Error):
    """The graph (or map, or text) is not a valid board: the node or place at fault is named."""


class RulesError(Error):
    """The rules do not fit the board (``field`` names the rule: ``"holes"``, ``"cat start"``)."""


class OptionError(Error):
    """A solve or check option cannot be honoured (``field`` names it: ``"memory_limit"``...)."""


def _rebuild(cls: type, message: str, fields: dict[str, Any]) -> Error:
    return cls(message, **fields)


# Fields of errors about the solve's options rather than the game's rules.
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


def from_library(
    kind: str,
    message: str,
    source: str,
    line: int,
    column: int,
    node: int | None,
    field: str,
) -> Exception:
    """The exception for a library error (called by the extension module). Exhausted resources
    are not the caller's fault and are not :class:`Error`: a thread that could not be started is
    a RuntimeError, memory that ran out a MemoryError (both with the location in the text)."""
    if field == "resources" or (field == "memory_limit" and message.startswith("out of memory")):
        where = Error(message, source=source, line=line, column=column, node=node)
        return (RuntimeError if field == "resources" else MemoryError)(str(where))
    if field == "memory_limit":
        cls: type[Error] = OptionError  # a game too large for the limit, found while reading too
    elif kind == "graph":
        cls = GraphError
    elif kind == "position":
        cls = Error
    elif field in _OPTION_FIELDS:
        cls = OptionError
    else:
        cls = RulesError
    return cls(message, source=source, line=line, column=column, node=node, field=field)


_NODE_IN_MESSAGE = re.compile(r"\b(node|hole) (\d+)\b")


def relabel(error: Error, labels: Sequence[Hashable] | None) -> Error:
    """The same error with node ids turned into the caller's labels (in ``node`` and in the
    message's "node 7"), or the error itself when the labels are the ids."""
    if labels is None:
        return error

    def label(match: re.Match[str]) -> str:
        index = int(match.group(2))
        if index < len(labels):
            return f"{match.group(1)} {labels[index]!r}"
        return match.group(0)

    fields = error._fields()
    if error.node is not None and isinstance(error.node, int) and error.node < len(labels):
        fields["node"] = labels[error.node]
    return type(error)(_NODE_IN_MESSAGE.sub(label, error.message), **fields)
