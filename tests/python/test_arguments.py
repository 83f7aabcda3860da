"""Every bad argument of a public function is one of catmouse's own errors naming the argument:
numbers out of the library's ranges (2**70 cats, a move limit of 2**32, a negative seed), values
of the wrong type (a string, a float, a bool where a number, a list or a node is asked for), never
pybind11's TypeError ("incompatible function arguments ... <catmouse._core.Rules object at
0x...>") nor an OverflowError. True is no more node 1 than 1.0 is. And reading a graph is
bounded by the available memory by default, as the solve is."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap

import networkx as nx
import numpy as np
import pytest

import catmouse

LEETCODE1 = [[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]]
MAP = ["####F", "#C...", "M...."]
HUGE = 2**70


def raises(cls: type[catmouse.Error], field: str, call, *args, **kwargs) -> catmouse.Error:
    """The error `call` raises: of class `cls` exactly, naming `field`, its text without the
    binding's words."""
    with pytest.raises(catmouse.Error) as caught:
        call(*args, **kwargs)
    error = caught.value
    assert type(error) is cls, f"{type(error).__name__}: {error}"
    assert error.field == field, f"field {error.field!r}: {error}"
    text = str(error)
    assert "incompatible" not in text and "_core" not in text and " at 0x" not in text, text
    return error


@pytest.mark.parametrize(
    "arguments,field",
    [
        (dict(cats=HUGE), "cats"),
        (dict(cats=2**32), "cats"),
        (dict(cats=0), "cats"),
        (dict(cats=-1), "cats"),
        (dict(cats=2.0), "cats"),
        (dict(cats="2"), "cats"),
        (dict(cats=True), "cats"),
        (dict(move_limit=2**32), "move_limit"),
        (dict(move_limit=HUGE), "move_limit"),
        (dict(move_limit=-1), "move_limit"),
        (dict(move_limit=10.0), "move_limit"),
        (dict(move_limit="10"), "move_limit"),
        (dict(move_limit=True), "move_limit"),
        (dict(holes=5), "holes"),
        (dict(holes="0"), "holes"),
        (dict(holes=[HUGE]), "holes"),
        (dict(holes=[-1]), "holes"),
        (dict(holes=[[0]]), "holes"),
        (dict(cat_forbidden=3), "cat forbidden"),
        (dict(mouse=HUGE), "mouse start"),
        (dict(mouse=-1), "mouse start"),
        (dict(mouse="1"), "mouse start"),
        (dict(mouse=[1]), "mouse start"),
        (dict(cat=HUGE), "cat start"),
        (dict(cats=2, cat=[HUGE, 1]), "cat start"),
        (dict(first=5), "first"),
        (dict(first=["mouse"]), "first"),
        (dict(stuck="never"), "stuck"),
        (dict(limit_outcome=0), "limit_outcome"),
        (dict(mouse_stays=1), "mouse_stays"),
        (dict(cat_wins_in_hole="yes"), "cat_wins_in_hole"),
    ],
)
def test_rules_out_of_range_or_of_the_wrong_type(arguments, field):
    raises(catmouse.RulesError, field, catmouse.solve, LEETCODE1, **arguments)


@pytest.mark.parametrize(
    "arguments,field",
    [
        (dict(threads=HUGE), "threads"),
        (dict(threads=-1), "threads"),
        (dict(threads=1.5), "threads"),
        (dict(threads=True), "threads"),
        (dict(memory_limit=HUGE), "memory_limit"),
        (dict(memory_limit=-1), "memory_limit"),
        (dict(memory_limit="8G"), "memory_limit"),
        (dict(memory_limit=1e9), "memory_limit"),
        (dict(values_only=1), "values_only"),
        (dict(format=5), "format"),
        (dict(format="json"), "format"),
        (dict(progress=5), "progress"),
        (dict(progress="print"), "progress"),
    ],
)
def test_options_out_of_range_or_of_the_wrong_type(arguments, field):
    raises(catmouse.OptionError, field, catmouse.solve, LEETCODE1, **arguments)


def test_the_messages_say_what_to_give():
    error = raises(catmouse.RulesError, "cats", catmouse.solve, LEETCODE1, cats=HUGE)
    assert str(error) == f"cats: {HUGE}: give a whole number of cats from 1 to 4294967295"
    error = raises(catmouse.RulesError, "move_limit", catmouse.solve, LEETCODE1, move_limit=2**32)
    assert error.message == "4294967296: give a whole number of moves from 0 to 4294967295"
    # The largest values the library counts are taken.
    assert catmouse.solve(LEETCODE1, move_limit=2**32 - 1).result == 0


@pytest.mark.parametrize(
    "graph",
    [
        42,
        4.5,
        None,
        {"graph": LEETCODE1},
        {0: [1]},
        [1, 2, 3],
        [[1], "a"],
        [(0, 1), [1, 2]],
        object(),
    ],
)
def test_what_is_not_a_graph_is_a_graph_error(graph):
    raises(catmouse.GraphError, "graph", catmouse.solve, graph)


@pytest.mark.parametrize(
    "graph,field,index",
    [
        ([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, HUGE], [0, 2, 3]], "neighbour", 1),
        ([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 2**32], [0, 2, 3]], "neighbour", 1),
        ([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, "3"], [0, 2, 3]], "neighbour", 1),
        ([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, None], [0, 2, 3]], "neighbour", 1),
        ([(0, 1), (1, 2), (2, HUGE)], "edge", 2),
        ([(0, 1), (1, 2), (2, 2**32 - 1)], "edge", 2),
        ([(0, 1), (1, 2, 3)], "edge", 1),
        ([(0, 1), ("a", [2])], "edge", 1),
    ],
)
def test_bad_node_ids_name_their_place(graph, field, index):
    error = raises(catmouse.GraphError, field, catmouse.solve, graph, memory_limit=0)
    assert error.index == index


def test_too_big_node_ids_say_the_limit():
    error = raises(catmouse.GraphError, "edge", catmouse.solve, [(0, 1), (1, HUGE)], memory_limit=0)
    assert error.message == f"node id {HUGE} is too big (the limit is 4294967294)"
    # As the command line says it of an edge list's text.
    error = raises(catmouse.GraphError, "", catmouse.solve, f"0 1\n1 {2**32}\n", memory_limit=0)
    assert error.message == f"node id {2**32} is too big (the limit is 4294967294)"


@pytest.mark.parametrize("true", [True, np.bool_(True)])
def test_a_bool_is_not_a_node(true):
    """True == 1 in Python, but True is not node 1, as 1.0 is not: refused everywhere a node is
    given, by id or by label."""
    with_true = [[2, 5], [3], [0, 4, 5], [true, 4, 5], [2, 3], [0, 2, 3]]
    error = raises(catmouse.GraphError, "neighbour", catmouse.solve, with_true)
    assert error.node == 3 and error.message == "True is not a node id (a whole number from 0)"
    error = raises(catmouse.GraphError, "neighbour", catmouse.solve, [[2, 5], [3], [0, 4, 5],
                                                                      [1.0, 4, 5], [2, 3],
                                                                      [0, 2, 3]])
    assert error.message == "1.0 is not a node id (a whole number from 0)"
    raises(catmouse.RulesError, "mouse start", catmouse.solve, LEETCODE1, mouse=true)
    raises(catmouse.RulesError, "holes", catmouse.solve, LEETCODE1, holes=[true])
    # A graph with labels: its label 1 is not True either, nor 1.0.
    labelled = nx.Graph([("hole", 1), (1, 2), (2, 3), (3, "hole")])
    raises(catmouse.RulesError, "mouse start", catmouse.solve, labelled, holes=["hole"],
           mouse=true, cat=2)
    raises(catmouse.RulesError, "cat start", catmouse.solve, labelled, holes=["hole"], mouse=1,
           cat=2.0)
    table = catmouse.solve(labelled, holes=["hole"], mouse=1, cat=2)
    raises(catmouse.Error, "mouse", table.value, true, 2)
    raises(catmouse.Error, "cat", table.value, 1, 2.0)
    assert table.value(np.int64(1), 2) == table.value(1, 2)  # NumPy's integers are integers
    raises(catmouse.Error, "mouse", catmouse.solve(LEETCODE1).value, true, 2)
    # A graph whose labels are bools: they are its nodes.
    bools = nx.Graph([(False, True), (True, "x"), ("x", False)])
    assert catmouse.solve(bools, holes=[False], mouse=True, cat="x").start.mouse is True


@pytest.mark.parametrize(
    "arguments,cls,field",
    [
        (dict(seed=-1), catmouse.OptionError, "seed"),
        (dict(seed=2**64), catmouse.OptionError, "seed"),
        (dict(seed="1"), catmouse.OptionError, "seed"),
        (dict(seed=1.0), catmouse.OptionError, "seed"),
        (dict(seed=True), catmouse.OptionError, "seed"),
        (dict(time="60"), catmouse.OptionError, "time"),
        (dict(time=-1), catmouse.OptionError, "time"),
        (dict(time=math.inf), catmouse.OptionError, "time"),
        (dict(time=math.nan), catmouse.OptionError, "time"),
        (dict(time=HUGE**20), catmouse.OptionError, "time"),
        (dict(time=True), catmouse.OptionError, "time"),
        (dict(grid="yes"), catmouse.OptionError, "grid"),
        (dict(grid=1), catmouse.OptionError, "grid"),
        (dict(max_graphs=0), catmouse.OptionError, "max_graphs"),
        (dict(max_graphs=True), catmouse.OptionError, "max_graphs"),
        (dict(max_graphs=1.5), catmouse.OptionError, "max_graphs"),
        (dict(max_graphs=2**64), catmouse.OptionError, "max_graphs"),
        (dict(progress="no"), catmouse.OptionError, "progress"),
    ],
)
def test_check_arguments(arguments, cls, field):
    raises(cls, field, catmouse.check, lambda graph: 0, **arguments)


def test_check_needs_a_function():
    # Not a failure of every graph: the argument is refused before any is tried.
    raises(catmouse.OptionError, "fn", catmouse.check, 5)
    raises(catmouse.OptionError, "fn", catmouse.check, None)
    # Seeds up to 2**64 - 1 are the command line's too; NumPy's integers are integers.
    assert catmouse.check(lambda graph: 0, seed=2**64 - 1, max_graphs=1).checked == 1
    report = catmouse.check(lambda graph: 0, seed=np.uint64(7), max_graphs=1, time=np.float64(9))
    assert report.seed == 7 and report.budget == 9


@pytest.mark.parametrize(
    "call,cls,field",
    [
        (lambda: catmouse.grid(MAP, cat_jump=HUGE, mouse_jump=1), catmouse.RulesError, "cat_jump"),
        (lambda: catmouse.grid(MAP, cat_jump=1001, mouse_jump=1), catmouse.RulesError, "cat_jump"),
        (lambda: catmouse.grid(MAP, cat_jump=-1, mouse_jump=1), catmouse.RulesError, "cat_jump"),
        (lambda: catmouse.grid(MAP, cat_jump="1", mouse_jump=1), catmouse.RulesError, "cat_jump"),
        (lambda: catmouse.grid(MAP, cat_jump=True, mouse_jump=1), catmouse.RulesError,
         "cat_jump"),
        (lambda: catmouse.grid(MAP, cat_jump=1, mouse_jump=1.5), catmouse.RulesError,
         "mouse_jump"),
        (lambda: catmouse.grid(MAP, cat_jump=1), catmouse.RulesError, "mouse_jump"),
        (lambda: catmouse.grid({"grid": MAP, "catJump": 1, "mouseJump": True}),
         catmouse.RulesError, "mouse_jump"),
        (lambda: catmouse.grid(5, cat_jump=1, mouse_jump=1), catmouse.GraphError, "grid"),
        (lambda: catmouse.grid(None, cat_jump=1, mouse_jump=1), catmouse.GraphError, "grid"),
        (lambda: catmouse.grid(["M.C.F", 5], cat_jump=1, mouse_jump=1), catmouse.GraphError,
         "grid_row"),
        (lambda: catmouse.grid('{"grid": ["MCF"], "catJump": 1', cat_jump=1, mouse_jump=1),
         catmouse.GraphError, "grid"),
        (lambda: catmouse.grid(MAP, cat_jump=1, mouse_jump=1, threads=-1), catmouse.OptionError,
         "threads"),
        (lambda: catmouse.cops(LEETCODE1, HUGE), catmouse.RulesError, "k"),
        (lambda: catmouse.cops(LEETCODE1, 0), catmouse.RulesError, "k"),
        (lambda: catmouse.cops(LEETCODE1, True), catmouse.RulesError, "k"),
        (lambda: catmouse.cops(LEETCODE1, "2"), catmouse.RulesError, "k"),
        (lambda: catmouse.cops(LEETCODE1, 1, progress=1), catmouse.OptionError, "progress"),
        (lambda: catmouse.cops(LEETCODE1, 1, memory_limit=-5), catmouse.OptionError,
         "memory_limit"),
        (lambda: catmouse.copnumber(LEETCODE1, HUGE), catmouse.OptionError, "max_k"),
        (lambda: catmouse.copnumber(LEETCODE1, 2.0), catmouse.OptionError, "max_k"),
        (lambda: catmouse.copnumber(LEETCODE1, threads="2"), catmouse.OptionError, "threads"),
        (lambda: catmouse.copnumber(42), catmouse.GraphError, "graph"),
    ],
)
def test_grid_and_cops_arguments(call, cls, field):
    raises(cls, field, call)


def test_map_errors_name_no_place_in_text_the_caller_never_wrote():
    # The rows were given as a list: the error names the row, not a column of a JSON text.
    error = raises(catmouse.GraphError, "grid_row", catmouse.grid, ["M.CF", ".."], cat_jump=1,
                   mouse_jump=1)
    assert error.line == 0 and error.column == 0 and str(error).startswith("map: grid row 1: ")
    # Text is read as it is, and its errors name its places.
    error = raises(catmouse.GraphError, "", catmouse.grid, '{"grid": ["MCF"], "catJump": 1')
    assert error.line == 1 and error.column > 0
    # Rows as one string, one per line.
    assert catmouse.grid("####F\n#C...\nM....", cat_jump=1, mouse_jump=2).winner == "mouse"


def test_numpy_integers_are_numbers():
    table = catmouse.solve(LEETCODE1, cats=np.int64(1), move_limit=np.uint32(40),
                           threads=np.int8(1), memory_limit=np.int64(1 << 30))
    assert table.result == 0
    assert catmouse.cops(LEETCODE1, np.int64(2)).win


def run_child(code: str) -> str:
    """`code` in a fresh interpreter under a 2 GiB address-space limit (so that a graph built
    in full would fail to allocate rather than take the machine's memory); its stdout. Skipped
    under AddressSanitizer (the sanitizer build's tests preload it), which reserves more address
    space than any such limit leaves."""
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("an address-space limit cannot hold under AddressSanitizer")
    script = "import resource\n" + (
        "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "import catmouse\n" + textwrap.dedent(code)
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_reading_is_bounded_by_the_available_memory_by_default():
    """The reader itself (catmouse.solve's, cops' and copnumber's) takes the available memory
    as its limit when none is given: a text saying "nodes 3000000000" is refused, naming the
    limit, before anything of that size is allocated, not a MemoryError; memory_limit=0 lifts
    the bound."""
    out = run_child(
        """
        from catmouse import _input
        text = "nodes 3000000000\\n0 1\\n1 2\\n"
        for read in (lambda: _input.read_graph(text),
                     lambda: catmouse.solve(text),
                     lambda: catmouse.cops(text, 1),
                     lambda: catmouse.copnumber(text)):
            try:
                read()
                print("read")
            except catmouse.OptionError as error:
                print(error.field, "|", error.message)
            except MemoryError:
                print("MemoryError")
        try:
            _input.read_graph(text, memory_limit=0)
            print("read")
        except MemoryError:
            print("MemoryError")
        print(_input.read_graph("0 1\\n1 2\\n", memory_limit=1 << 20).spec.node_count)
        """
    )
    lines = out.splitlines()
    assert len(lines) == 6, out
    for line in lines[:4]:
        assert line.startswith("memory_limit | 3.0e9 nodes imply"), out
        assert "more than the memory limit of" in line, out
    assert lines[4] == "MemoryError" and lines[5] == "3", out
