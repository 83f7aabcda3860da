"""Shared helpers of the Python tests: the command-line tool (CATMOUSE_CLI) and the test data, as
ctest passes them (tests/CMakeLists.txt)."""

from __future__ import annotations

import csv
import io
import os
import pathlib
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("CATMOUSE_CLI", str(ROOT / "build" / "bin" / "catmouse"))
DATA = pathlib.Path(os.environ.get("CATMOUSE_TEST_DATA", ROOT / "tests" / "data"))
EXAMPLES = pathlib.Path(os.environ.get("CATMOUSE_EXAMPLES", ROOT / "examples"))

VALUE_CODES = {"draw": 0, "mouse": 1, "cat": 2}


def cli(*args: str, stdin: str | None = None) -> str:
    """The tool's stdout; fails the test on a non-zero exit."""
    run = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True)
    assert run.returncode == 0, f"catmouse {' '.join(args)}: {run.stderr}"
    return run.stdout


def generated(family: str, nodes: int, seed: int, degree: float | None = None) -> str:
    """A graph from `catmouse gen`, as LeetCode JSON."""
    args = ["gen", family, "--nodes", str(nodes), "--seed", str(seed)]
    if degree is not None:
        args += ["--degree", str(degree)]
    return cli(*args).strip()


def cli_arrays(csv_text: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The values and remoteness of `catmouse table` output as (2, n, n) arrays indexed [turn,
    mouse, cat]; states the table leaves out (the cat where it may not be) are draws, -1."""
    values = np.zeros((2, n, n), dtype=np.int64)
    remoteness = np.full((2, n, n), -1, dtype=np.int64)
    for row in csv.DictReader(io.StringIO(csv_text)):
        at = (0 if row["turn"] == "mouse" else 1, int(row["mouse"]), int(row["cat"]))
        values[at] = VALUE_CODES[row["value"]]
        remoteness[at] = int(row["remoteness"]) if row["remoteness"] else -1
    return values, remoteness


@pytest.fixture
def data() -> pathlib.Path:
    return DATA


@pytest.fixture
def examples() -> pathlib.Path:
    return EXAMPLES
