"""The arguments of the public functions, checked before anything reaches the extension module:
a value of the wrong type or out of range is one of catmouse's errors naming the argument, never
a TypeError or OverflowError from the binding."""

from __future__ import annotations

import math
import numbers
import operator
from typing import Any, Callable

from . import _core
from ._errors import Error, OptionError, RulesError

# The bounds of the library's integer fields.
UINT32_MAX = (1 << 32) - 1
UINT64_MAX = (1 << 64) - 1


def is_flag(x: Any) -> bool:
    """Whether x is True or False (a Python or NumPy bool; 1, "no" and None are not)."""
    return isinstance(x, bool) or (type(x).__module__ == "numpy" and type(x).__name__ == "bool_")


def whole(x: Any) -> int | None:
    """x as an int when it is a whole number (a Python or NumPy integer; not a bool, a float or
    a string), else None."""
    if type(x) is int:
        return x
    if is_flag(x):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def is_id(x: Any) -> bool:
    """Whether x is a whole number from 0 (True is not node 1, nor 1.0)."""
    value = whole(x)
    return value is not None and value >= 0


def count(
    x: Any, field: str, low: int, high: int, cls: type[Error] = OptionError, what: str = ""
) -> int:
    """x as a whole number from `low` to `high`, or an error of class `cls` naming `field`; the
    message says what the number counts (`what`: "cats", "moves"...)."""
    value = whole(x)
    if value is None or not low <= value <= high:
        shown = repr(x) if value is None else str(value)
        unit = f" of {what}" if what else ""
        raise cls(f"{shown}: give a whole number{unit} from {low} to {high}", field=field)
    return value


def flag(x: Any, field: str, cls: type[Error] = RulesError) -> bool:
    """x as a bool, or an Error naming ``field`` when it is not True or False."""
    if not is_flag(x):
        raise cls(f"{x!r} is not True or False", field=field)
    return bool(x)


def word(x: Any, words: tuple[str, ...], field: str, cls: type[Error] = RulesError) -> str:
    """x when it is one of `words`, or an error naming ``field`` that lists them."""
    if not isinstance(x, str) or x not in words:
        raise cls(f"{x!r} is not one of {', '.join(map(repr, words))}", field=field)
    return x


def memory_limit_of(memory_limit: Any) -> int:
    """The bytes a read and solve may take: ``memory_limit``, or by default (None) the memory
    this process may still take, as the command-line tool does; 0 is no limit."""
    if memory_limit is None:
        return _core.available_memory()
    limit = whole(memory_limit)
    if limit is None or limit < 0:
        raise OptionError(
            f"{memory_limit!r} is not a number of bytes; give a whole number (0: no limit)",
            field="memory_limit",
        )
    if limit > UINT64_MAX:
        raise OptionError(f"{limit} bytes is more than can be counted", field="memory_limit")
    return limit


def threads_of(threads: Any) -> int:
    """The worker threads asked for (None or 0: one per core), at most ``MAX_THREADS``."""
    if threads is None:
        return 0
    value = whole(threads)
    if value is None or not 0 <= value <= _core.MAX_THREADS:
        raise OptionError(
            f"{threads!r} threads; give a whole number from 0 (one per core) to "
            f"{_core.MAX_THREADS}",
            field="threads",
        )
    return value


def seconds_of(seconds: Any, field: str) -> float:
    """A time budget in seconds: a finite number from 0 (None and 0: no limit, returned as 0)."""
    if seconds is None:
        return 0.0
    try:
        value = float(seconds) if isinstance(seconds, numbers.Real) else math.nan
    except OverflowError:  # an int beyond a float's range
        value = math.inf
    if is_flag(seconds) or not math.isfinite(value) or value < 0:
        raise OptionError(f"{seconds!r}: give seconds, 0 or None for no limit", field=field)
    return value


def callable_of(fn: Any, field: str, optional: bool = False) -> Callable[..., Any] | None:
    """fn when it can be called (or None when `optional`), else an OptionError naming ``field``."""
    if fn is None and optional:
        return None
    if not callable(fn):
        raise OptionError(f"{fn!r} cannot be called; give a function", field=field)
    return fn
