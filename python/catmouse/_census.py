"""Censuses over every connected graph on n nodes: catmouse.census, the census library's run."""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Callable, NamedTuple

from . import _core
from ._arguments import callable_of, count, memory_limit_of, threads_of, word
from ._errors import Error, OptionError

__all__ = ["Census", "CensusCount", "CensusRecord", "CensusProgress", "census"]

CensusProgress = _core.CensusProgress

# The library's limits (catmouse/census/census.hpp, catmouse/solve/cops.hpp).
_MAX_NODES = 16
_MAX_PARTS = 1000000
_MAX_COPS = 8
_UINT32_MAX = (1 << 32) - 1

# The library's error fields, named as the arguments of census().
_ARGUMENTS = {"nodes": "nodes", "parts": "parts", "cops": "max_k", "keep_from": "keep_from",
              "stuck": "stuck", "threads": "threads", "memory_limit": "memory_limit"}


class CensusCount(NamedTuple):
    """How many graphs have one cop number; ``above_max`` for the graphs whose cop number is
    more than ``max_k`` (then ``cop_number`` is max_k + 1)."""

    cop_number: int
    above_max: bool
    graphs: int


class CensusRecord(NamedTuple):
    """The first graph (in part order, then geng's order within the part) reaching a census's
    longest game. ``length`` is the capture time in moves (cops; ``cop_number`` says whose) or
    the forced win in plies (Cat and Mouse; ``winner`` says whose, ``"mouse"`` or ``"cat"``);
    ``placement`` is ``(hole, mouse, cat)`` in the graph6 graph's nodes (Cat and Mouse), else
    None; ``part`` and ``line`` say where geng wrote it (``line`` from 1)."""

    graph6: str
    length: int
    cop_number: int | None
    winner: str | None
    placement: tuple[int, int, int] | None
    part: int
    line: int


class Census(NamedTuple):
    """A census's totals, as ``catmouse census cops|mouse --json`` prints them. ``cop_numbers``
    (cops) counts the graphs per cop number; ``placements``, ``mouse_wins``, ``cat_wins`` and
    ``draws`` (Cat and Mouse, None for cops) count the placements (hole, mouse start, cat start;
    mouse to move); ``records`` are the longest games. ``provenance`` is what a citation needs:
    the record's ``catmouse`` (version, commit), ``generator`` (geng and its arguments) and
    ``rules``. ``record`` is the whole JSON record (docs/census-record.schema.json), its
    ``state_file`` None: the run's state file was temporary."""

    kind: str
    nodes: int
    graphs: int
    cop_numbers: tuple[CensusCount, ...]
    placements: int | None
    mouse_wins: int | None
    cat_wins: int | None
    draws: int | None
    records: tuple[CensusRecord, ...]
    provenance: dict[str, Any]
    record: dict[str, Any]


def _record(r: dict[str, Any]) -> CensusRecord:
    placement = r["placement"]
    return CensusRecord(
        graph6=r["graph6"],
        length=r["moves"] if "moves" in r else r["plies"],
        cop_number=r.get("cop_number"),
        winner=r.get("winner"),
        placement=(placement["hole"], placement["mouse"], placement["cat"]) if placement else None,
        part=r["part"],
        line=r["line"],
    )


def _of_record(record: dict[str, Any]) -> Census:
    totals = record["totals"]
    record["state_file"] = None
    return Census(
        kind=record["census"],
        nodes=record["nodes"],
        graphs=totals["graphs"],
        cop_numbers=tuple(CensusCount(c["cop_number"], c["above_max"], c["graphs"])
                          for c in totals.get("cop_numbers", ())),
        placements=totals.get("placements"),
        mouse_wins=totals.get("mouse_wins"),
        cat_wins=totals.get("cat_wins"),
        draws=totals.get("draws"),
        records=tuple(_record(r) for r in record["records"]),
        provenance={key: record[key] for key in ("catmouse", "generator", "rules")},
        record=record,
    )


def census(
    kind: str,
    nodes: int,
    *,
    max_k: int = 3,
    keep_from: int = 3,
    stuck: str = "lose",
    parts: int | None = None,
    threads: int | None = None,
    memory_limit: int | None = None,
    progress: Callable[[CensusProgress], Any] | None = None,
) -> Census:
    """A census over every connected graph on ``nodes`` nodes (nauty's geng, built in), as
    ``catmouse census KIND --nodes N --json`` runs it: ``kind`` ``"cops"`` (the cop number and
    capture time of each graph, at most ``max_k`` cops tried; ``keep_from`` as the command's
    ``--keep-from``) or ``"mouse"`` (Cat and Mouse from every hole and placement; ``stuck``:
    ``"lose"`` or ``"draw"``). ``parts`` splits geng's output (None: the command's default);
    the parts run on ``threads`` threads (None: one per core). The totals do not depend on
    either. Nothing is written but a state file in a temporary folder, removed at the end.

    Runs without the GIL; ``progress(p)`` (a :class:`CensusProgress`) is called about four times
    a second, and Ctrl-C stops the census (KeyboardInterrupt)."""
    kind = word(kind, ("cops", "mouse"), "kind", OptionError)
    nodes = count(nodes, "nodes", 3 if kind == "mouse" else 1, _MAX_NODES, OptionError, "nodes")
    max_k = count(max_k, "max_k", 1, _MAX_COPS, OptionError, "cops")
    keep_from = count(keep_from, "keep_from", 1, _UINT32_MAX, OptionError)
    stuck = word(stuck, _core.rule_words["stuck"], "stuck", OptionError)
    parts = 0 if parts is None else count(parts, "parts", 1, _MAX_PARTS, OptionError, "parts")
    threads, limit = threads_of(threads), memory_limit_of(memory_limit)
    progress = callable_of(progress, "progress", optional=True)
    with tempfile.TemporaryDirectory(prefix="catmouse-census-") as folder:
        try:
            text = _core.census(kind, nodes, os.path.join(folder, f"{kind}-{nodes}.census.json"),
                                parts, max_k, keep_from, stuck, threads, limit, progress)
        except Error as error:
            raise _named(error) from None
    return _of_record(json.loads(text))


def _named(error: Error) -> Error:
    """The library's error with its field named as census()'s argument (its "cops" is max_k)."""
    fields = error._fields()
    fields["field"] = _ARGUMENTS.get(error.field, error.field)
    fields["shown"] = None  # shown as the argument's name
    return OptionError(error.message, **fields)
