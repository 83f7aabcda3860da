"""Limits the module keeps whatever it is given: the memory limit while a graph is read, the number
of threads, strict flags, and errors that are the module's own even for text that is not ASCII."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import catmouse
import pytest

LEETCODE1 = [[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]]


def run_child(code: str) -> tuple[str, int]:
    """Runs `code` in a fresh interpreter with this one's module; its stdout and its peak
    resident memory in MiB (ru_maxrss of the child alone)."""
    script = "\n".join(
        [
            "import resource, sys",
            "import catmouse",
            textwrap.dedent(code),
            "print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)",
        ]
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[-1].startswith("peak "), run.stdout
    return "\n".join(lines[:-1]), int(lines[-1].split()[1])


@pytest.mark.parametrize(
    "graph",
    [
        '"nodes 3000000000\\n0 1\\n1 2\\n"',  # a "nodes N" line
        "[(0, 1), (1, 2), (2, 10**9)]",  # one node id implies a billion nodes
        '"~~??????"',  # a graph6 header
    ],
)
def test_memory_limit_covers_reading(graph: str) -> None:
    out, peak = run_child(
        f"""
        try:
            catmouse.solve({graph}, memory_limit=100 << 20)
            print("solved")
        except catmouse.Error as error:
            print(type(error).__name__, error.field, "|", error)
        """
    )
    # Refused while reading, before anything of the graph's size is allocated.
    assert peak < 1024, f"the child reached {peak} MiB: {out}"
    assert out.startswith(("OptionError memory_limit", "GraphError")), out


def test_default_memory_limit_is_the_available_memory() -> None:
    # No memory_limit: the memory this process may still take, as the command-line tool does.
    out, peak = run_child(
        """
        try:
            catmouse.solve([(0, 1), (1, 2), (2, 10**9)])
            print("solved")
        except catmouse.OptionError as error:
            print(error.field, "|", error)
        """
    )
    assert peak < 1024, out
    assert out.startswith("memory_limit |"), out
    assert catmouse._core.available_memory() > 0


def test_memory_limit_zero_is_no_limit_and_must_be_a_number() -> None:
    assert catmouse.solve(LEETCODE1, memory_limit=0).result == 0
    for bad in ("1G", -1, 1.5, True, 1 << 64):
        with pytest.raises(catmouse.OptionError) as caught:
            catmouse.solve(LEETCODE1, memory_limit=bad)
        assert caught.value.field == "memory_limit"


@pytest.mark.parametrize("threads", [10**6, 4096, catmouse._core.MAX_THREADS + 1, -1, 2.0, True])
def test_threads_are_capped(threads: object) -> None:
    started = time.monotonic()
    with pytest.raises(catmouse.OptionError) as caught:
        catmouse.solve(LEETCODE1, threads=threads)
    assert caught.value.field == "threads"
    assert str(catmouse._core.MAX_THREADS) in str(caught.value)
    assert time.monotonic() - started < 5
    with pytest.raises(catmouse.OptionError):
        catmouse.cops(LEETCODE1, 1, threads=threads)


def test_threads_up_to_the_maximum_are_taken() -> None:
    assert catmouse.solve(LEETCODE1, threads=catmouse._core.MAX_THREADS).result == 0
    assert catmouse.solve(LEETCODE1, threads=0).result == 0


@pytest.mark.parametrize("name", ["mouse_stays", "cat_stays", "cat_wins_in_hole"])
@pytest.mark.parametrize("value", ["no", "yes", 1, 0, "", [True]])
def test_rule_flags_must_be_booleans(name: str, value: object) -> None:
    with pytest.raises(catmouse.RulesError) as caught:
        catmouse.solve(LEETCODE1, **{name: value})
    assert caught.value.field == name
    assert repr(value) in str(caught.value)


def test_flags_take_python_and_numpy_booleans() -> None:
    np = pytest.importorskip("numpy")
    two = [[1, 2], [0, 2], [0, 1]]  # the mouse on 1 wins at once unless made to stay
    for flag in (True, False):
        numpy_rules = catmouse.solve(two, cat_wins_in_hole=np.bool_(flag), mouse_stays=np.bool_(flag))
        python_rules = catmouse.solve(two, cat_wins_in_hole=flag, mouse_stays=flag)
        assert numpy_rules.winner == python_rules.winner
        assert numpy_rules.remoteness == python_rules.remoteness
    with pytest.raises(catmouse.OptionError) as caught:
        catmouse.solve(LEETCODE1, values_only="no")
    assert caught.value.field == "values_only"


@pytest.mark.parametrize("text", ["[[é]]", "nodes 3\n0 1\né", "[[2,5],[3],[0,4,5]]\u00e9", "[[\u20ac]]"])
def test_text_that_is_not_ascii_raises_the_modules_error(text: str) -> None:
    with pytest.raises(catmouse.GraphError) as caught:
        catmouse.solve(text)
    assert caught.value.message  # the message is kept, whatever bytes it quotes
    assert caught.value.line >= 1


def test_bytes_that_are_not_utf8_raise_the_modules_error() -> None:
    with pytest.raises(catmouse.Error):
        catmouse.solve(b"\xff\xfe[[1]]", format="leetcode")


@pytest.mark.parametrize(
    "text, format, line, column",
    [
        (b"[[\xff]]", None, 1, 3),  # bytes are graph6 unless told
        (b"[[1],\n[0,\xff]]", "leetcode", 2, 4),
        (bytearray(b"[[\xff]]"), "leetcode", 1, 3),
        ("[[\udcff]]", "leetcode", 1, 3),  # a str decoded with errors="surrogateescape"
    ],
)
def test_a_byte_that_is_not_utf8_is_named_as_it_is(text, format, line, column) -> None:
    # Passed through as given: the error names 0xFF, not the 0xEF of a replacement character.
    with pytest.raises(catmouse.GraphError) as caught:
        catmouse.solve(text, format=format)
    assert "0xff" in str(caught.value).lower() or "\\xff" in str(caught.value), str(caught.value)
    assert "0xef" not in str(caught.value).lower() and "\\xef" not in str(caught.value)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)


def test_exhausted_resources_are_not_the_callers_error() -> None:
    from catmouse._errors import from_library

    # What ran out is the library's word (the last argument), not read from the message.
    threads = from_library("solve", ["could not start 8 worker threads: Resource temporarily "
                           "unavailable"], "", 0, 0, None, "resources", None, "", "resources")
    assert type(threads) is RuntimeError and "could not start" in str(threads)
    memory = from_library("solve", ["out of memory during the solve"], "", 0, 0, None,
                          "memory_limit", None, "memory_limit", "memory")
    assert type(memory) is MemoryError
    refused = from_library("graph", ["too large"], "graph", 1, 7, None, "memory_limit", None,
                           "memory_limit", "")
    assert isinstance(refused, catmouse.OptionError) and refused.line == 1
