"""catmouse.solve against the command-line tool: values and remoteness of every state on the
golden graphs, on random graphs of both kernels' sizes and under rule variants; every input
form; the queries; values only, k cats, maps, cops and robbers."""

from __future__ import annotations

import json

import numpy as np
import pytest

import catmouse
from conftest import cli, cli_arrays, generated


def assert_same_as_cli(table: catmouse.Table, graph_file: str, *rule_options: str) -> None:
    n = len(table.nodes)
    values, remoteness = cli_arrays(cli("table", graph_file, "--out", "-", *rule_options), n)
    np.testing.assert_array_equal(table.values, values)
    np.testing.assert_array_equal(table.remoteness_array, remoteness)


def test_golden_table(data, examples):
    table = catmouse.solve(json.loads((examples / "leetcode1.json").read_text()))
    values, remoteness = cli_arrays((data / "golden" / "table_leetcode1.csv").read_text(), 6)
    np.testing.assert_array_equal(table.values, values)
    np.testing.assert_array_equal(table.remoteness_array, remoteness)
    assert table.result == 0 and table.winner == "draw" and table.remoteness is None


@pytest.mark.parametrize("name", ["leetcode1.json", "leetcode2.json"])
def test_golden_examples_and_explain(examples, data, name):
    path = examples / name
    table = catmouse.solve(path.read_text())
    assert_same_as_cli(table, str(path))
    golden = json.loads((data / "golden" / f"explain_{name.split('.')[0]}.json").read_text())
    assert table.result == golden["result"]
    assert table.winner == golden["winner"]
    assert table.remoteness == golden["remoteness"]
    assert [[p["mouse"], p["cat"], p["turn"]] for p in golden["line"]] == [
        list(p) for p in table.line().positions
    ]
    assert table.explain() == cli("explain", str(path))  # the same text, word for word


@pytest.mark.parametrize(
    "args,options",
    [
        (["--move-limit", "3", "--limit-outcome", "cat"], {"move_limit": 3, "limit_outcome": "cat"}),
        (["--move-limit", "3"], {"move_limit": 3}),
        (["--cats", "2", "--cat", "2,3"], {"cats": 2, "cat": [2, 3]}),
        (["--stuck", "draw", "--mouse-stays"], {"stuck": "draw", "mouse_stays": True}),
        (["--turn", "cat"], {"position": ("cat",)}),
    ],
)
def test_explain_is_catmouse_explain(examples, args, options):
    """Table.explain() prints what catmouse explain prints: the moves of the line and how it
    ends, under rule variants, several cats, and on a map with its boards."""
    path = examples / "leetcode2.json"
    position = options.pop("position", None)
    table = catmouse.solve(path.read_text(), **options)
    start = None if position is None else (table.start.mouse, table.start.cat, *position)
    assert table.explain(start) == cli("explain", str(path), *args)
    grid = json.loads((examples / "grid1728.json").read_text())
    game = catmouse.grid(grid["grid"], cat_jump=grid["catJump"], mouse_jump=grid["mouseJump"])
    assert game.explain() == cli("explain", str(examples / "grid1728.json"))


@pytest.mark.parametrize(
    "family,nodes,seed", [("random", 12, 1), ("random", 40, 2), ("tree", 50, 3), ("random", 90, 4),
                          ("grid", 120, 5), ("cycle", 70, 6)]
)
def test_random_graphs_match_the_cli(tmp_path, family, nodes, seed):
    text = generated(family, nodes, seed)
    path = tmp_path / "g.json"
    path.write_text(text)
    table = catmouse.solve(json.loads(text), threads=2)
    assert table.engine == ("small" if nodes <= 64 else "general")
    assert_same_as_cli(table, str(path))
    start = json.loads(cli("solve", "--json", str(path)))
    assert (table.result, table.winner, table.remoteness) == (
        start["result"],
        start["winner"],
        start["remoteness"],
    )


def test_rule_variants_match_the_cli(tmp_path):
    text = generated("random", 30, 7)
    path = tmp_path / "g.json"
    path.write_text(text)
    cases = [
        (dict(holes=[0, 5], mouse_stays=True), ["--holes", "0,5", "--mouse-stays"]),
        (dict(first="cat", cat_stays=True), ["--first", "cat", "--cat-stays"]),
        (dict(holes=[]), ["--holes", ""]),
        (dict(cat_forbidden=[7], stuck="draw"), ["--cat-forbidden", "7", "--stuck", "draw"]),
    ]
    for arguments, options in cases:
        table = catmouse.solve(json.loads(text), **arguments)
        assert_same_as_cli(table, str(path), *options)
    # The starts change the answer, not the table.
    table = catmouse.solve(json.loads(text), holes=[5], mouse=3, cat=4, first="cat")
    out = json.loads(cli("solve", "--json", "--holes", "5", "--mouse", "3", "--cat", "4",
                         "--first", "cat", str(path)))
    assert table.start == catmouse.Position(3, 4, "cat")
    assert (table.result, table.remoteness) == (out["result"], out["remoteness"])


def test_every_input_form_gives_the_same_game(examples):
    lists = json.loads((examples / "leetcode2.json").read_text())
    edges = [(a, b) for a, nbrs in enumerate(lists) for b in nbrs if a < b]
    reference = catmouse.solve(lists)
    forms = [
        json.dumps(lists),
        json.dumps({"graph": lists}),
        edges,
        np.array(edges),
        "\n".join(f"{a} {b}" for a, b in edges),
    ]
    for form in forms:
        table = catmouse.solve(form)
        np.testing.assert_array_equal(table.values, reference.values)
        np.testing.assert_array_equal(table.remoteness_array, reference.remoteness_array)


def test_graph6_as_str_and_bytes(tmp_path):
    text = cli("gen", "random", "--nodes", "9", "--seed", "3", "--format", "graph6").strip()
    path = tmp_path / "g.g6"
    path.write_text(text + "\n")
    for form in (text, text.encode(), b">>graph6<<" + text.encode() + b"\n"):
        table = catmouse.solve(form)
        assert_same_as_cli(table, str(path))


def test_queries_in_ids(examples):
    table = catmouse.solve(json.loads((examples / "leetcode2.json").read_text()))
    assert table.start == catmouse.Position(1, 2, "mouse")
    assert table.value() == catmouse.Value(1, table.remoteness)
    assert table.value(1, 2, "mouse") == table.value(table.start) == table.value((1, 2, "mouse"))
    moves = table.moves()
    assert [m.to for m in moves] == [m.position.mouse for m in moves]
    best = table.best_move()
    assert best in moves and best.value.result == 1
    assert best.value.remoteness == table.remoteness - 1
    line = table.line()
    assert line.positions[0] == table.start and line.end == "hole"
    assert len(line.positions) == table.remoteness + 1
    assert table.values[0, 1, 2] == 1 and table.remoteness_array[0, 1, 2] == table.remoteness
    counts = table.counts()
    assert counts.states == counts.mouse_wins + counts.cat_wins + counts.draws
    assert "mouse wins in" in table.explain()


def test_move_limit_arrays_follow_value(tmp_path):
    text = generated("random", 20, 9)
    table = catmouse.solve(json.loads(text), move_limit=3, limit_outcome="cat")
    n = len(table.nodes)
    for t, turn in enumerate(("mouse", "cat")):
        for m in range(n):
            for c in range(n):
                if c == 0:
                    continue  # the hole: the cat may not be there
                value = table.value(m, c, turn)
                assert table.values[t, m, c] == value.result
                expected = -1 if value.remoteness is None else value.remoteness
                assert table.remoteness_array[t, m, c] == expected


def test_values_only():
    lists = json.loads(generated("random", 80, 11))
    full = catmouse.solve(lists)
    lean = catmouse.solve(lists, values_only=True)
    assert not lean.has_remoteness and lean.remoteness is None
    np.testing.assert_array_equal(lean.values, full.values)
    assert lean.best_move() is None
    with pytest.raises(catmouse.OptionError, match="values_only"):
        lean.remoteness_array
    with pytest.raises(catmouse.OptionError) as error:
        lean.line()
    assert error.value.field == "values_only"


def test_two_cats(tmp_path):
    text = generated("random", 12, 13)
    path = tmp_path / "g.json"
    path.write_text(text)
    table = catmouse.solve(json.loads(text), cats=2, cat=[2, 5])
    assert table.engine == "pack" and table.cats == 2
    assert table.start == catmouse.Position(1, (2, 5), "mouse")
    out = json.loads(cli("solve", "--json", "--cats", "2", "--cat", "2,5", str(path)))
    assert (table.result, table.remoteness) == (out["result"], out["remoteness"])
    assert table.value(1, [5, 2], "mouse") == table.value()  # the cats in any order
    with pytest.raises(catmouse.Error):
        table.values


def test_grid_map(examples):
    data = json.loads((examples / "grid1728.json").read_text())
    table = catmouse.grid(data)
    out = cli("solve", "--code", str(examples / "grid1728.json")).strip()
    assert (table.winner == "mouse") == (out == "true")
    assert table.nodes[0] == (0, 0)
    rows = data["grid"]
    mouse = next((r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x == "M")
    assert table.start.mouse == mouse
    same = catmouse.grid(data["grid"], cat_jump=data["catJump"], mouse_jump=data["mouseJump"])
    np.testing.assert_array_equal(same.values, table.values)
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.grid(["M.C", "..X"], cat_jump=1, mouse_jump=1)
    assert error.value.line == 1 or error.value.field


def test_cops_and_copnumber(examples):
    petersen = (examples / "petersen.g6").read_text()
    number = catmouse.copnumber(petersen)
    assert number.cop_number == 3 and [t.win for t in number.tries] == [False, False, True]
    out = json.loads(cli("copnumber", "--json", str(examples / "petersen.g6")))
    assert list(number.result.placement) == out["placement"]
    assert number.result.capture_moves == out["capture_moves"]
    assert catmouse.copnumber(petersen, max_k=2).cop_number is None
    lose = catmouse.cops(petersen, 2)
    assert not lose.win and lose.placement is None


def test_threads_do_not_change_the_answer():
    lists = json.loads(generated("random", 300, 17))
    one = catmouse.solve(lists, threads=1)
    two = catmouse.solve(lists, threads=2)
    np.testing.assert_array_equal(one.values, two.values)
    np.testing.assert_array_equal(one.remoteness_array, two.remoteness_array)
