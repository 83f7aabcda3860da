"""The NumPy arrays of a Table: what docs/python.md claims about them. The table keeps values as
bits, so the arrays are decoded once into memory owned by the Table; every array handed out is a
read-only view of that memory whose base is the Table, and no access copies the n^2 data."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import weakref

import numpy as np
import pytest

import catmouse
from conftest import generated


@pytest.fixture(scope="module")
def table() -> catmouse.Table:
    return catmouse.solve(json.loads(generated("random", 200, 31)), threads=2)


def address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


@pytest.mark.parametrize("name", ["values", "remoteness_array"])
def test_views_of_one_decoded_copy_whose_base_is_the_table(table, name):
    first, second = getattr(table, name), getattr(table, name)
    n = len(table.nodes)
    assert first.shape == (2, n, n)
    assert first.base is table and second.base is table
    assert not first.flags.owndata and not first.flags.writeable
    assert first.flags.c_contiguous
    # The same memory each time: no access copies the n^2 entries.
    assert address(first) == address(second)
    assert np.shares_memory(first, second)
    with pytest.raises(ValueError):
        first[0, 1, 2] = 0


def test_dtypes_and_codes(table):
    assert table.values.dtype == np.uint8
    assert table.remoteness_array.dtype == np.int16
    assert set(np.unique(table.values)) <= {0, 1, 2}
    draws = table.values == 0
    assert (table.remoteness_array[draws] == -1).all()
    assert (table.remoteness_array[~draws] >= 0).all()
    assert table.remoteness_array.max() == table.counts().max_remoteness


def test_indexing_is_turn_mouse_cat(table):
    n = len(table.nodes)
    rng = np.random.default_rng(5)
    for m, c in rng.integers(0, n, size=(300, 2)):
        if c == 0:
            continue  # the cat may not be in the hole
        for t, turn in enumerate(("mouse", "cat")):
            value = table.value(int(m), int(c), turn)
            assert table.values[t, m, c] == value.result
            assert table.remoteness_array[t, m, c] == (
                -1 if value.remoteness is None else value.remoteness
            )


def test_the_views_keep_the_table_alive():
    table = catmouse.solve(json.loads(generated("random", 30, 32)))
    expected = table.values.copy()
    view = table.values
    ref = weakref.ref(table)
    del table
    gc.collect()
    assert ref() is not None  # the view's base holds it
    np.testing.assert_array_equal(view, expected)
    del view
    gc.collect()
    assert ref() is None


# Without NumPy (an interpreter or venv that lacks it), the same arrays through the buffer
# protocol: run in a process where `import numpy` fails, compared with NumPy's views here.
NO_NUMPY = """
import gc, json, sys, weakref
sys.modules["numpy"] = None  # import numpy now raises ImportError
import catmouse
table = catmouse.solve(json.loads(sys.stdin.read()), threads=2)
values, remoteness = table.values, table.remoteness_array
gone = weakref.ref(table)
del table
gc.collect()
assert gone() is not None, "the views must keep the table alive"
try:
    values[0, 1, 2] = 0
    raise SystemExit("a view was writable")
except TypeError:
    pass
print(json.dumps([type(values).__name__, values.format, remoteness.format, values.shape,
                  values.tolist(), remoteness.tolist()]))
"""


def test_without_numpy_memoryviews_of_the_same_values():
    graph = generated("random", 40, 7)
    run = subprocess.run([sys.executable, "-c", NO_NUMPY], input=graph, capture_output=True,
                         text=True, env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    kind, value_format, remoteness_format, shape, values, remoteness = json.loads(run.stdout)
    table = catmouse.solve(json.loads(graph), threads=2)
    assert kind == "memoryview" and value_format == "B"
    assert remoteness_format == np.dtype(table.remoteness_array.dtype).char
    assert shape == [2, 40, 40]
    assert values == table.values.tolist() and remoteness == table.remoteness_array.tolist()
