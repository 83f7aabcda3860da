"""NetworkX graphs in: any hashable labels, mapped back in every answer; the labels 0, 1, 2 as
defaults; bad graphs and bad arguments raise errors that name the node or the argument."""

from __future__ import annotations

import json
import pickle

import networkx as nx
import numpy as np
import pytest

import catmouse
from conftest import generated


def relabelled(lists: list[list[int]], names: list[str]) -> nx.Graph:
    """The LeetCode graph with node i called names[i], its nodes added in a shuffled order."""
    G = nx.Graph()
    order = list(range(len(lists)))
    order = order[::2] + order[1::2]
    G.add_nodes_from(names[i] for i in order)
    G.add_edges_from((names[a], names[b]) for a, nbrs in enumerate(lists) for b in nbrs)
    return G


def test_string_labels_round_trip():
    lists = json.loads(generated("random", 25, 21))
    names = [f"v{i}" for i in range(len(lists))]
    plain = catmouse.solve(lists)
    table = catmouse.solve(relabelled(lists, names), holes=["v0"], mouse="v1", cat="v2")
    assert set(table.nodes) == set(names)
    assert table.start == catmouse.Position("v1", "v2", "mouse")
    assert table.value() == plain.value()
    # Every position, every answer, in labels; the arrays follow table.nodes.
    ids = [int(label[1:]) for label in table.nodes]
    np.testing.assert_array_equal(table.values, plain.values[:, ids][:, :, ids])
    np.testing.assert_array_equal(
        table.remoteness_array, plain.remoteness_array[:, ids][:, :, ids]
    )
    for m in range(len(lists)):
        for c in range(1, len(lists)):
            for turn in ("mouse", "cat"):
                assert table.value(names[m], names[c], turn) == plain.value(m, c, turn)
        moves = table.moves(("v" + str(m), "v3", "mouse"))
        plain_moves = plain.moves((m, 3, "mouse"))
        assert {mv.to: mv.value for mv in moves} == {
            names[mv.to]: mv.value for mv in plain_moves
        }
    line = table.line()
    assert [(p.mouse, p.cat, p.turn) for p in line.positions] == [
        (names[p.mouse], names[p.cat], p.turn) for p in plain.line().positions
    ]
    assert table.best_move().to == names[plain.best_move().to]
    assert table.index("v7") == table.nodes.index("v7")


def test_any_hashable_labels_and_the_default_labels():
    G = nx.Graph([(0, 1), (1, "a"), ("a", 2), (2, (9, 9)), ((9, 9), "a")])
    table = catmouse.solve(G)  # holes [0], mouse 1, cat 2: the labels, wherever they are
    assert table.start == catmouse.Position(1, 2, "mouse")
    assert (table.winner, table.remoteness) == ("mouse", 1)
    assert {m.to for m in table.moves()} == {0, "a"}
    assert table.line().positions[-1].mouse == 0
    assert (9, 9) in table.nodes
    assert {m.to for m in table.moves((1, 2, "cat"))} == {"a", (9, 9)}


def test_integer_labels_0_to_n_minus_1_are_the_ids():
    G = nx.cycle_graph([3, 1, 4, 0, 5, 2, 6])
    table = catmouse.solve(G)
    assert table.nodes == tuple(range(7))
    lists = [sorted(G.adj[v]) for v in range(7)]
    np.testing.assert_array_equal(table.values, catmouse.solve(lists).values)


def test_directed_graphs_follow_the_arcs():
    D = nx.DiGraph([("m", "h"), ("h", "m"), ("c", "m"), ("m", "c")])
    table = catmouse.solve(D, holes=["h"], mouse="m", cat="c")
    assert table.winner == "mouse" and table.remoteness == 1
    stuck = nx.DiGraph([("c", "m"), ("m", "c"), ("x", "h")])
    assert catmouse.solve(stuck, holes=["h"], mouse="m", cat="c").winner == "cat"


def test_missing_default_labels_say_what_to_give():
    G = nx.path_graph(["a", "b", "c", "d"])
    with pytest.raises(catmouse.RulesError, match=r"give holes=\[\.\.\.\]") as error:
        catmouse.solve(G)
    assert error.value.field == "holes"
    with pytest.raises(catmouse.RulesError, match=r"no node 1; give mouse="):
        catmouse.solve(G, holes=["a"])
    with pytest.raises(catmouse.RulesError, match=r"no node 2; give cat="):
        catmouse.solve(G, holes=["a"], mouse="b")
    assert catmouse.solve(G, holes=["a"], mouse="b", cat="d").winner == "mouse"


def test_bad_graphs_name_the_node():
    G = nx.Graph([("hole", "m"), ("m", "c"), ("c", "c")])
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve(G, holes=["hole"], mouse="m", cat="c")
    assert error.value.node == "c"
    assert "node 'c'" in str(error.value) and "self-loop" in str(error.value)
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve([[1, 2], [0, 7], [0]])
    assert error.value.node == 1 and error.value.field == "neighbour" and error.value.index == 1
    assert "neighbour 1" in str(error.value)
    assert "out of range" in error.value.message
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve([[1, 2], [0, -1], [0]])
    assert error.value.node == 1 and "not a node id" in error.value.message
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve([[1], [0, 2], [0]])  # 0 lists 1 only, 2 lists 0
    assert error.value.node == 1 and "asymmetric" in error.value.message
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve('[[1,2],[0],[0]')
    assert error.value.source == "graph" and error.value.line == 1 and error.value.column > 0
    with pytest.raises(catmouse.GraphError):
        catmouse.solve(nx.Graph([("a", "b")]), holes=[], mouse="a", cat="b")  # 2 nodes
    # Too few nodes: the reason names no node, since the ids of the defaults are not the caller's
    # labels, nor the nodes the caller chose.
    too_small = "the graph has 2 nodes; at least 3 are needed (a hole, the mouse's start and the "
    too_small += "cat's start)"
    for graph, places in [
        (nx.Graph([("a", "b")]), dict(holes=["a"], mouse="b", cat="a")),
        (nx.Graph([("a", "b")]), {}),
        ([[1], [0]], dict(holes=[0], mouse=1, cat=0)),
        ("0 1\n", dict(holes=[1], mouse=0, cat=1)),
    ]:
        with pytest.raises(catmouse.GraphError) as error:
            catmouse.solve(graph, **places)
        assert error.value.message == too_small
        assert "hole 0" not in str(error.value) and "mouse 1" not in str(error.value)
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve(42)
    assert error.value.field == "graph" and "int is not a graph" in error.value.message


def test_bad_rules_name_the_argument_and_the_label():
    G = nx.Graph([("hole", "m"), ("m", "c"), ("c", "x"), ("x", "m")])
    base = dict(holes=["hole"], mouse="m", cat="c")
    with pytest.raises(catmouse.RulesError) as error:
        catmouse.solve(G, **{**base, "cat": "hole"})
    assert error.value.field == "cat_start" and "'hole'" in str(error.value)
    assert "cat start" in str(error.value)
    with pytest.raises(catmouse.RulesError) as error:
        catmouse.solve(G, **{**base, "holes": ["nowhere"]})
    assert error.value.field == "holes" and "'nowhere' is not a node" in str(error.value)
    with pytest.raises(catmouse.RulesError) as error:
        catmouse.solve(G, **{**base, "holes": ["hole", "hole"]})
    assert "node 'hole' is listed twice" in str(error.value)
    with pytest.raises(catmouse.RulesError) as error:
        catmouse.solve(G, **{**base, "first": "dog"})
    assert error.value.field == "first"
    table = catmouse.solve(G, **base)
    with pytest.raises(catmouse.Error) as error:
        table.value("m", "hole", "mouse")
    assert error.value.field == "cat" and "'hole'" in str(error.value)
    with pytest.raises(catmouse.Error):
        table.value("m", "nowhere", "mouse")
    with pytest.raises(catmouse.Error):
        table.value("m", "c", "dog")
    assert isinstance(error.value, ValueError)


def test_bad_nodes_are_named_by_their_labels_only():
    # Every node the library names comes back as the caller's label, none as an id.
    G = nx.Graph([("a", "b"), ("b", "c"), ("c", "a")])
    with pytest.raises(catmouse.RulesError) as error:
        catmouse.solve(G, mouse="b", cat="a", holes=["a"])
    e = error.value
    assert e.field == "cat_start" and e.index is None
    assert e.message == "the cat may not start on node 'a', which it may not enter"
    assert str(e) == "cat start: " + e.message
    with pytest.raises(catmouse.RulesError) as error:
        catmouse.solve(G, mouse="c", cat="a", holes=["c"])
    assert error.value.message == "the mouse may not start in the hole 'c'"
    with pytest.raises(catmouse.GraphError) as error:
        catmouse.solve(nx.Graph([("x", "y"), ("y", "z"), ("z", "z")]), holes=["x"], mouse="y",
                       cat="z")
    assert error.value.node == "z" and error.value.field == "neighbour"
    assert str(error.value).startswith("node 'z', neighbour ")
    assert "self-loop" in str(error.value)
    assert pickle.loads(pickle.dumps(e)).message == e.message


def test_errors_are_value_errors_with_the_location():
    with pytest.raises(ValueError) as error:
        catmouse.solve("0 1\n1 2\n2 x\n", format="edges")
    e = error.value
    assert isinstance(e, catmouse.GraphError)
    assert (e.source, e.line, e.column) == ("graph", 3, 3) and "'x'" in e.message
    assert str(e) == "graph:3:3: " + e.message
    # Over the floor of any engine, refused while the lists are read, as the command line does;
    # above it, by the solve's estimate, which says whether values only would fit.
    lists = json.loads(generated("random", 100, 1))
    with pytest.raises(catmouse.OptionError) as error:
        catmouse.solve(lists, memory_limit=1000)
    assert error.value.field == "memory_limit" and "100 adjacency lists imply" in error.value.message
    with pytest.raises(catmouse.OptionError) as error:
        catmouse.solve(lists, memory_limit=3500)
    assert error.value.field == "memory_limit" and "values only" in error.value.message
