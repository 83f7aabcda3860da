"""Table.explain() in the caller's labels: the library's explain text (the one catmouse explain
prints) with each node named by its label, on graphs whose labels are not their ids (capital
letters, as wide as the ids, so that the columns line up as the tool's do)."""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest

import catmouse
from conftest import cli


def label(i: int) -> str:
    return "ABCDEFGHIJ"[i]


def labelled(adjacency: list[list[int]]) -> nx.Graph:
    """The graph with node i labelled "A", "B", ..., the labels in the order of the ids."""
    graph = nx.Graph()
    graph.add_nodes_from(label(i) for i in range(len(adjacency)))
    graph.add_edges_from((label(u), label(v)) for u, row in enumerate(adjacency) for v in row)
    return graph


def as_ids(text: str) -> str:
    """The text with every label written as its id."""
    return re.sub(r"\b([A-J])\b", lambda m: str("ABCDEFGHIJ".index(m[1])), text)


@pytest.mark.parametrize(
    "name,args,options,start",
    [
        ("leetcode1.json", [], {}, "mouse B, cat C, mouse to move"),
        ("leetcode2.json", [], {}, "mouse B, cat C, mouse to move"),
        ("leetcode2.json", ["--move-limit", "2"], {"move_limit": 2}, "mouse B, cat C"),
        ("leetcode2.json", ["--cats", "2", "--cat", "2,3"], {"cats": 2, "cat": ["C", "D"]},
         "mouse B, cats C,D, mouse to move"),
    ],
)
def test_explain_names_nodes_by_label(examples, name, args, options, start):
    path = examples / name
    adjacency = json.loads(path.read_text())
    table = catmouse.solve(
        labelled(adjacency), holes=["A"], mouse="B", cat=options.pop("cat", "C"), **options
    )
    assert table.nodes == tuple(label(i) for i in range(len(adjacency)))
    text = table.explain()
    assert start in text.splitlines()[0]
    assert not re.search(r"(mouse|cat|cats|->|to) \d", text)  # no node named by its id
    assert as_ids(text) == cli("explain", str(path), *args)


def test_explain_from_a_labelled_position(examples):
    path = examples / "leetcode2.json"
    table = catmouse.solve(labelled(json.loads(path.read_text())), holes=["A"], mouse="B",
                           cat="C")
    text = table.explain(("D", "C", "cat"))
    assert text.startswith(f"{table.value('D', 'C', 'cat')} from (mouse D, cat C, cat to move)")
    expected = cli("explain", str(path), "--mouse", "3", "--cat", "2", "--turn", "cat")
    assert as_ids(text) == expected


def test_explain_refuses_what_has_no_line(examples):
    table = catmouse.solve(json.loads((examples / "leetcode2.json").read_text()), values_only=True)
    with pytest.raises(catmouse.OptionError, match="values_only"):
        table.explain()
    table = catmouse.solve(json.loads((examples / "leetcode2.json").read_text()))
    with pytest.raises(catmouse.Error):
        table.explain((0, 0, "mouse"))  # the cat may not be in the hole
    with pytest.raises(ValueError, match="one per node"):
        table._solution.explain(1, [2], 0, ["A"])  # the module's names: one per node


def test_a_map_with_two_cats_names_cells_everywhere(examples):
    """Positions, moves and the line all name cells, as the tool does (one namer for all)."""
    path = examples / "grid1728.json"
    table = catmouse.solve(path.read_text(), format="grid", cats=2)
    text = table.explain()
    assert text.startswith("mouse wins in 5 moves from (mouse (2, 0), cats (1, 1),(1, 1), mouse")
    assert "    1. mouse (2, 2), cats (1, 1),(1, 1), cat to move" in text
    assert text == cli("explain", str(path), "--cats", "2")
