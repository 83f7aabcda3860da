"""catmouse.open reads the tablebase files `catmouse solve --save` writes and answers as
`catmouse probe --json` does, on every position of the game: the value and remoteness, the moves
with their values, the best move and the optimal line with its end; for one cat, k cats, cops
and robbers, a LeetCode 1728 map (whose nodes are its cells) and a values-only file. Files that
are missing, not tablebases, truncated or corrupt raise catmouse.TablebaseError naming them."""

from __future__ import annotations

import itertools
import json
import os
import pathlib
import subprocess

import pytest

import catmouse
from conftest import CLI, cli

LEETCODE1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"
MAP = '{"grid":["M.#","..C","#.F"],"catJump":1,"mouseJump":1}'
COPS = ["--cats", "2", "--holes", "", "--cat-forbidden", "", "--mouse-stays", "--cat-stays",
        "--first", "cat", "--mouse", "0", "--cat", "0,0", "--engine", "cops"]
CODES = {"draw": 0, "mouse": 1, "cat": 2}


def saved(tmp_path: pathlib.Path, game: str, *options: str, name: str = "game") -> pathlib.Path:
    """The tablebase file of `catmouse solve GAME --save FILE OPTIONS`."""
    source = tmp_path / f"{name}.json"
    source.write_text(game)
    file = tmp_path / f"{name}.cmtb"
    cli("solve", str(source), "--save", str(file), *options)
    return file


def probe(file: pathlib.Path, mouse: int, cats: tuple[int, ...], turn: str) -> dict | None:
    """`catmouse probe FILE --json` at a position, or None when it refuses it (exit 2)."""
    run = subprocess.run([CLI, "probe", str(file), "--json", "--mouse", str(mouse), "--cat",
                          ",".join(map(str, cats)), "--turn", turn],
                         capture_output=True, text=True)
    if run.returncode == 2:
        return None
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def ids(table: catmouse.Table, position: catmouse.Position) -> dict:
    """A position as probe writes it: node ids, "cat" for one cat and "cats" for more."""
    out = {"mouse": table.index(position.mouse)}
    if table.cats == 1:
        out["cat"] = table.index(position.cat)
    else:
        out["cats"] = [table.index(c) for c in position.cat]
    out["turn"] = position.turn
    return out


def to_json(table: catmouse.Table, position: catmouse.Position, turn: str) -> object:
    """Where a move goes, as probe writes it: the mouse's node, or the cat's (the cats')."""
    if turn == "mouse":
        return table.index(position.mouse)
    if table.cats == 1:
        return table.index(position.cat)
    return [table.index(c) for c in position.cat]


def answer(table: catmouse.Table, position: catmouse.Position) -> dict:
    """What probe --json prints for a position, from the Python table."""
    value = table.value(position)
    moves = table.moves(position)
    best = table.best_move(position)
    out = {
        "result": value.result,
        "winner": value.winner,
        "remoteness": value.remoteness,
        "state": ids(table, position),
        "moves": [{"to": to_json(table, m.position, position.turn),
                   "value": m.value.winner, "remoteness": m.value.remoteness} for m in moves],
        "best_move": None if best is None else to_json(table, best.position, position.turn),
    }
    if not table.has_remoteness:
        out.update(line=None, end=None, cycle_start=None)
        return out
    line = table.line(position)
    out["line"] = [dict(ids(table, p), value=table.value(p).winner,
                        remoteness=table.value(p).remoteness) for p in line.positions]
    out["end"] = line.end
    out["cycle_start"] = line.cycle_start
    return out


def every_position(table: catmouse.Table):
    """Every (mouse, cats, turn) in node ids, valid or not: the cats as a sorted tuple."""
    n = len(table.nodes)
    for turn in ("mouse", "cat"):
        for mouse in range(n):
            for cats in itertools.combinations_with_replacement(range(n), table.cats):
                yield mouse, cats, turn


def compare_with_probe(file: pathlib.Path) -> int:
    """Compares catmouse.open(file) with probe on every position; the positions answered."""
    table = catmouse.open(file)
    nodes = table.nodes
    answered = 0
    for mouse, cats, turn in every_position(table):
        expected = probe(file, mouse, cats, turn)
        cat = nodes[cats[0]] if table.cats == 1 else tuple(nodes[c] for c in cats)
        position = catmouse.Position(nodes[mouse], cat, turn)
        if expected is None:  # not a position of the game: refused by both
            with pytest.raises(catmouse.Error):
                table.value(position)
            continue
        assert answer(table, position) == expected, (mouse, cats, turn)
        answered += 1
    return answered


def test_one_cat_answers_as_probe(tmp_path):
    file = saved(tmp_path, LEETCODE1)
    assert compare_with_probe(file) == 2 * 6 * 5  # the cat never on the hole
    table = catmouse.open(file)
    solved = catmouse.solve(LEETCODE1)
    assert table.file == os.fsdecode(file) and solved.file is None
    assert (table.result, table.winner, table.remoteness) == (0, "draw", None)
    assert table.start == solved.start and table.counts() == solved.counts()
    assert table.engine == solved.engine and table.has_remoteness and table.cats == 1
    assert repr(table) == repr(solved)


def test_k_cats_answer_as_probe(tmp_path):
    file = saved(tmp_path, LEETCODE1, "--cats", "2")
    table = catmouse.open(file)
    assert table.cats == 2 and table.engine == "pack"
    assert compare_with_probe(file) == 2 * 6 * 15  # two cats on 1..5
    solved = catmouse.solve(LEETCODE1, cats=2)
    assert table.value(1, (3, 2), "mouse") == solved.value(1, (2, 3), "mouse")


def test_cops_and_robbers_answer_as_probe(tmp_path):
    file = saved(tmp_path, LEETCODE1, *COPS)
    table = catmouse.open(file)
    assert table.engine == "cops" and table.cats == 2
    assert compare_with_probe(file) == 2 * 6 * 21


def test_a_map_answers_as_probe_in_cells(tmp_path):
    file = saved(tmp_path, MAP, name="map")
    table = catmouse.open(file)
    assert table.nodes[0] == (0, 0) and table.nodes[-1] == (2, 2)
    assert compare_with_probe(file) > 0
    solved = catmouse.grid(MAP)
    assert table.start == solved.start and table.value() == solved.value()
    assert table.explain() == solved.explain()


def test_values_only(tmp_path):
    file = saved(tmp_path, LEETCODE1, "--values-only", name="values")
    table = catmouse.open(file)
    assert not table.has_remoteness and table.best_move() is None
    assert compare_with_probe(file) == 60
    with pytest.raises(catmouse.OptionError) as error:
        table.line()
    assert error.value.field == "values_only"


def test_explain_and_the_arrays_load_the_table(tmp_path):
    file = saved(tmp_path, LEETCODE1)
    table = catmouse.open(file)
    solved = catmouse.solve(LEETCODE1)
    assert table.memory_bytes == 0  # the queries read blocks, not the table
    assert table.explain() == solved.explain()
    assert table.memory_bytes == solved.memory_bytes
    assert table.values.tolist() == solved.values.tolist()
    assert table.remoteness_array.tolist() == solved.remoteness_array.tolist()
    assert table.values.base is table
    # Probing keeps within the memory limit given to open, or refuses the file at once.
    with pytest.raises(catmouse.OptionError) as error:
        catmouse.open(file, memory_limit=2000)
    assert error.value.field == "memory_limit" and error.value.source == str(file)
    # A game of 400 nodes: its queries take about 400 KiB, its whole table about 660 KiB, so
    # with a limit between the two it answers queries but does not load the table.
    big = saved(tmp_path, cli("gen", "random", "--nodes", "400", "--seed", "3"), name="big")
    bounded = catmouse.open(big, memory_limit=600 << 10)
    assert bounded.value() == catmouse.open(big).value()
    for load in (lambda: bounded.values, lambda: bounded.explain()):
        with pytest.raises(catmouse.OptionError) as error:
            load()
        assert error.value.field == "memory_limit" and "the table of 320000 states" in str(
            error.value)
    assert bounded.memory_bytes == 0
    with pytest.raises(catmouse.Error) as error:
        catmouse.open(saved(tmp_path, LEETCODE1, "--cats", "2", name="two")).values
    assert error.value.field == "values"


def test_files_that_are_not_tablebases(tmp_path):
    missing = tmp_path / "missing.cmtb"
    with pytest.raises(catmouse.TablebaseError) as error:
        catmouse.open(missing)
    assert error.value.source == str(missing)
    assert str(error.value) == f"{missing}: cannot open: No such file or directory"
    with pytest.raises(catmouse.TablebaseError) as error:
        catmouse.open(tmp_path)
    assert "Is a directory" in str(error.value)
    text = tmp_path / "graph.json"
    text.write_text(LEETCODE1)
    with pytest.raises(catmouse.TablebaseError) as error:
        catmouse.open(text)
    assert error.value.source == str(text) and "not a catmouse tablebase" in str(error.value)
    # The argument itself.
    for path in (None, 5, "", "a\0b"):
        with pytest.raises(catmouse.OptionError) as error:
            catmouse.open(path)
        assert error.value.field == "path"
    with pytest.raises(catmouse.OptionError) as error:
        catmouse.open(missing, memory_limit=-1)
    assert error.value.field == "memory_limit"


def test_truncated_and_corrupt_files(tmp_path):
    file = saved(tmp_path, LEETCODE1)
    data = file.read_bytes()
    truncated = tmp_path / "truncated.cmtb"
    truncated.write_bytes(data[:-10])
    with pytest.raises(catmouse.TablebaseError) as error:
        catmouse.open(truncated)
    assert error.value.source == str(truncated)
    # A byte of the last block changed: the file opens (its header and footer are sound), and
    # the first query that reads the block names it, as probe does (exit 1).
    verified = json.loads(cli("verify", str(file), "--json"))
    end_of_blocks = len(data) - 48 - (16 * verified["blocks"] + 8)
    corrupt = tmp_path / "corrupt.cmtb"
    corrupt.write_bytes(data[: end_of_blocks - 1] + bytes([data[end_of_blocks - 1] ^ 0xFF])
                        + data[end_of_blocks:])
    table = catmouse.open(corrupt)
    with pytest.raises(catmouse.TablebaseError) as error:
        table.value()
    assert error.value.field == "block" and error.value.index == verified["blocks"] - 1
    assert error.value.source == str(corrupt)
    run = subprocess.run([CLI, "probe", str(corrupt)], capture_output=True, text=True)
    assert run.returncode == 1 and "block" in run.stderr
    with pytest.raises(catmouse.TablebaseError):
        table.values


def test_paths(tmp_path):
    file = saved(tmp_path, LEETCODE1)
    for path in (file, str(file), os.fsencode(file)):
        assert catmouse.open(path).result == 0
    # A name that is not UTF-8, as the file system gives it.
    odd = os.fsencode(tmp_path) + b"/caf\xe9.cmtb"
    os.link(file, odd)
    table = catmouse.open(odd)
    assert table.file == os.fsdecode(odd) and os.fsencode(table.file) == odd
    with pytest.raises(catmouse.TablebaseError) as error:
        catmouse.open(odd + b".missing")
    assert "caf\\xe9.cmtb.missing: cannot open" in str(error.value)
