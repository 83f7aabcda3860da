"""Every Python block of docs/python.md runs on its own: each is written to a file and run by this
interpreter in a fresh process (in a scratch directory, as a reader would paste it), on the
package ctest points at. A block that leans on a name from an earlier block fails here with
NameError. Blocks importing an optional package that is not installed (matplotlib) are skipped.

What a block shows it prints is compared with what it prints. The doc's convention: a comment
after a line that is a ``print(...)`` call is what the call prints, and after a line that is an
expression, the expression's repr (as the interpreter shows it); a note may follow the output
after "; ". A ```text block right after a Python block is everything that block prints.

A ```sh block of `catmouse` commands right before a Python block makes the files the block reads
(a tablebase): its commands run first, in the same directory, with the built command-line tool
and the repository's examples/ there, as a reader in a clone would run them."""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tokenize

import pytest

from conftest import CLI, EXAMPLES

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
OPTIONAL = ("matplotlib",)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(line, code) of each ```python block."""
    blocks = []
    for match in re.finditer(r"^```python\n(.*?)^```$", text, re.S | re.M):
        blocks.append((text.count("\n", 0, match.start()) + 2, match.group(1)))
    return blocks


def printed_blocks(text: str) -> dict[int, str]:
    """The ```text block right after a ```python block (blank lines between), by the line of the
    Python block: what that block prints."""
    shown = {}
    fences = list(re.finditer(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M))
    for block, after in zip(fences, fences[1:]):
        between = text[block.end() : after.start()]
        if block.group(1) == "python" and after.group(1) == "text" and not between.strip():
            shown[text.count("\n", 0, block.start()) + 2] = after.group(2)
    return shown


def setup_blocks(text: str) -> dict[int, list[str]]:
    """The ```sh block of `catmouse` commands right before a ```python block (blank lines
    between), by the line of the Python block: the commands that make what the block reads."""
    commands = {}
    fences = list(re.finditer(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M))
    for block, after in zip(fences, fences[1:]):
        between = text[block.end() : after.start()]
        lines = block.group(2).splitlines()
        if (block.group(1) == "sh" and after.group(1) == "python" and not between.strip()
                and lines and all(line.startswith("catmouse ") for line in lines)):
            commands[text.count("\n", 0, after.start()) + 2] = lines
    return commands


def shown_outputs(code: str) -> dict[int, tuple[str, str]]:
    """The lines of a block that show their output in a comment, by line (1-based in the block):
    (kind, comment), kind "print" for a print(...) call, "repr" for another expression."""
    comments = {}
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string[1:].strip()
    shown = {}
    for statement in ast.parse(code).body:
        if not isinstance(statement, ast.Expr) or statement.end_lineno not in comments:
            continue
        call = statement.value
        is_print = isinstance(call, ast.Call) and getattr(call.func, "id", "") == "print"
        shown[statement.lineno] = ("print" if is_print else "repr",
                                   comments[statement.end_lineno])
    return shown


def instrumented(code: str, outputs_file: str) -> str:
    """The block with each line of shown_outputs() recording what it prints (or its repr) into
    `outputs_file` as JSON, instead of printing it."""
    lines = code.splitlines()
    shown = shown_outputs(code)
    out = ["import atexit as _atexit, contextlib as _contextlib, io as _io, json as _json",
           "_shown = {}",
           f"_atexit.register(lambda: open({outputs_file!r}, 'w').write(_json.dumps(_shown)))"]
    statements = {s.lineno: s for s in ast.parse(code).body}
    skip_to = 0
    for number, line in enumerate(lines, start=1):
        if number <= skip_to:
            continue
        if number not in shown:
            out.append(line)
            continue
        statement = statements[number]
        source = "\n".join(lines[number - 1 : statement.end_lineno])
        skip_to = statement.end_lineno
        if shown[number][0] == "print":
            out += ["_buffer = _io.StringIO()", "with _contextlib.redirect_stdout(_buffer):"]
            out += ["    " + part for part in source.splitlines()]
            out.append(f"_shown[{number}] = _buffer.getvalue()")
        else:
            expression = ast.get_source_segment(code, statement.value)
            out.append(f"_shown[{number}] = repr(({expression}))")
    return "\n".join(out) + "\n"


def output_matches(output: str, comment: str) -> bool:
    """Whether a comment shows the output: the output itself, then maybe "; " and a note."""
    output = output[:-1] if output.endswith("\n") else output
    return comment == output or comment.startswith(output + "; ")


TEXT = DOC.read_text()
BLOCKS = python_blocks(TEXT)
PRINTED = printed_blocks(TEXT)
SETUP = setup_blocks(TEXT)


def test_the_doc_has_blocks() -> None:
    assert len(BLOCKS) >= 5
    assert any("catmouse solve" in command for commands in SETUP.values() for command in commands)


def test_a_block_with_a_missing_name_fails(tmp_path: pathlib.Path) -> None:
    # The check itself: a block using a name it does not define does fail.
    run = run_block("table.winner\n", tmp_path)
    assert run.returncode != 0 and "NameError" in run.stderr


def run_block(code: str, cwd: pathlib.Path, line: int = 0) -> subprocess.CompletedProcess[str]:
    if line in SETUP:
        (cwd / "examples").symlink_to(EXAMPLES)
        for command in SETUP[line]:
            made = subprocess.run([CLI, *shlex.split(command)[1:]], cwd=cwd, capture_output=True,
                                  text=True, timeout=300)
            assert made.returncode == 0, f"docs/python.md, {command}: {made.stderr}"
    (cwd / "block.py").write_text(code)
    return subprocess.run([sys.executable, "block.py"], cwd=cwd, env=dict(os.environ),
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("line,code", BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_block_runs_on_its_own(line: int, code: str, tmp_path: pathlib.Path) -> None:
    for module in OPTIONAL:
        if re.search(rf"^\s*(import|from) {module}\b", code, re.M) and \
                importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    run = run_block(code, tmp_path, line)
    assert run.returncode == 0, f"docs/python.md, block at line {line}:\n{run.stderr}"


@pytest.mark.parametrize("line,code", BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_block_prints_what_it_shows(line: int, code: str, tmp_path: pathlib.Path) -> None:
    shown = shown_outputs(code)
    if not shown and line not in PRINTED:
        pytest.skip("the block shows no output")
    for module in OPTIONAL:
        if re.search(rf"^\s*(import|from) {module}\b", code, re.M) and \
                importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    run = run_block(instrumented(code, "shown.json"), tmp_path, line)
    assert run.returncode == 0, f"docs/python.md, block at line {line}:\n{run.stderr}"
    outputs = {int(k): v for k, v in json.loads((tmp_path / "shown.json").read_text()).items()}
    wrong = [
        f"line {line + k - 1}: shows {comment!r}, prints {outputs.get(k)!r}"
        for k, (_, comment) in shown.items()
        if k not in outputs or not output_matches(outputs[k], comment)
    ]
    assert not wrong, "docs/python.md:\n" + "\n".join(wrong)
    if line in PRINTED:
        assert run.stdout == PRINTED[line], f"docs/python.md, the text after line {line}"


def test_a_wrong_output_comment_fails(tmp_path: pathlib.Path) -> None:
    # The check itself: a comment that is not the output is found, and a right one passes.
    code = "x = [1, 2]\nprint(len(x))  # 3\nx  # [1, 2]\ny = x  # a note, not an output\n"
    shown = shown_outputs(code)
    assert sorted(shown) == [2, 3] and shown[3] == ("repr", "[1, 2]")
    run = run_block(instrumented(code, "shown.json"), tmp_path)
    assert run.returncode == 0, run.stderr
    outputs = {int(k): v for k, v in json.loads((tmp_path / "shown.json").read_text()).items()}
    assert outputs == {2: "2\n", 3: "[1, 2]"}
    assert not output_matches(outputs[2], "3") and output_matches(outputs[3], "[1, 2]")
    assert output_matches("0\n", "0; a draw") and not output_matches("0\n", "0, a draw")
