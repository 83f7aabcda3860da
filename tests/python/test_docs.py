"""Every Python block of docs/python.md runs on its own: each is written to a file and run by this
interpreter in a fresh process (in a scratch directory, as a reader would paste it), on the
package ctest points at. A block that leans on a name from an earlier block fails here with
NameError. Blocks importing an optional package that is not installed (matplotlib) are skipped."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import re
import subprocess
import sys

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
OPTIONAL = ("matplotlib",)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(line, code) of each ```python block."""
    blocks = []
    for match in re.finditer(r"^```python\n(.*?)^```$", text, re.S | re.M):
        blocks.append((text.count("\n", 0, match.start()) + 2, match.group(1)))
    return blocks


BLOCKS = python_blocks(DOC.read_text())


def test_the_doc_has_blocks() -> None:
    assert len(BLOCKS) >= 5


def test_a_block_with_a_missing_name_fails(tmp_path: pathlib.Path) -> None:
    # The check itself: a block using a name it does not define does fail.
    run = run_block("table.winner\n", tmp_path)
    assert run.returncode != 0 and "NameError" in run.stderr


def run_block(code: str, cwd: pathlib.Path) -> subprocess.CompletedProcess[str]:
    (cwd / "block.py").write_text(code)
    return subprocess.run([sys.executable, "block.py"], cwd=cwd, env=dict(os.environ),
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("line,code", BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_block_runs_on_its_own(line: int, code: str, tmp_path: pathlib.Path) -> None:
    for module in OPTIONAL:
        if re.search(rf"^\s*(import|from) {module}\b", code, re.M) and \
                importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    run = run_block(code, tmp_path)
    assert run.returncode == 0, f"docs/python.md, block at line {line}:\n{run.stderr}"
