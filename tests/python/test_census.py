"""catmouse.copnumber and catmouse.census are the census library's answers, the command line's:
per graph against `catmouse copnumber --jsonl`, per cop number against `--summary-only` (the
census's search), and whole censuses against `catmouse census ... --json`; bad arguments are
catmouse's errors naming the argument; a census stops on Ctrl-C and leaves no file behind."""

from __future__ import annotations

import json
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading

import networkx as nx
import pytest

import catmouse
from conftest import cli

GENG = shutil.which("nauty-geng")
needs_geng = pytest.mark.skipif(GENG is None, reason="no nauty-geng (Debian: nauty)")

# `cop number 2: 5 graphs, longest capture 1 round (1 move): DEw (graph 4)`;
# `cop number > 3: 2 graphs`
SUMMARY_LINE = re.compile(
    r"cop number (> )?(\d+): (\d+) graphs?(?:, longest capture \d+ rounds? \((\d+) moves?\): "
    r"(\S+) \(graph (\d+)\))?$")


def connected_graphs(n: int) -> list[str]:
    run = subprocess.run([GENG, "-cq", str(n)], capture_output=True, text=True, check=True)
    return run.stdout.split()


def summary(lines: str) -> dict[tuple[bool, int], tuple[int, int | None, str | None, int | None]]:
    """--summary-only's lines: (above, cop number) -> (graphs, longest capture, graph6, index)."""
    out = {}
    for line in lines.splitlines()[1:]:
        found = SUMMARY_LINE.match(line)
        assert found, line
        above, k, graphs, moves, g6, index = found.groups()
        out[(bool(above), int(k))] = (int(graphs), moves and int(moves), g6,
                                      index and int(index))
    return out


@needs_geng
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_copnumber_is_the_command_line_s_on_every_connected_graph(n):
    graphs = connected_graphs(n)
    text = "".join(g + "\n" for g in graphs)
    per_graph = [json.loads(line) for line in cli("copnumber", "--jsonl", "-", stdin=text)
                 .splitlines()]
    assert [line["g6"] for line in per_graph] == graphs
    # The census's search (CopNumberSearch) answers a collection with --summary-only.
    expected = summary(cli("copnumber", "--summary-only", "-", stdin=text))
    found: dict[tuple[bool, int], tuple[int, int | None, str | None, int | None]] = {}
    for index, (g6, line) in enumerate(zip(graphs, per_graph), 1):
        number = catmouse.copnumber(g6, threads=1)
        result = number.result
        assert number.cop_number == line["cop_number"], g6
        assert result.capture_moves == line["capture_moves"], g6
        assert result.placement == (tuple(line["placement"]) if line["placement"] else None), g6
        assert result.robber == line["robber_start"], g6
        assert [t.win for t in number.tries] == [False] * (len(number.tries) - 1) + [result.win]
        assert [t.cops for t in number.tries] == list(range(1, len(number.tries) + 1))
        # The summary's line: the count, the longest capture and the first graph reaching it.
        key = (False, number.cop_number) if number.cop_number else (True, 3)
        count, longest, first, at = found.get(key, (0, None, None, None))
        if result.win and (longest is None or result.capture_moves > longest):
            longest, first, at = result.capture_moves, g6, index
        found[key] = (count + 1, longest, first, at)
    assert found == expected


def test_copnumber_without_the_search_and_its_tries():
    # 20 nodes: past the search's 16, the games alone; the same as the command line's.
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(4, 5))
    number = catmouse.copnumber(grid)
    out = json.loads(cli("copnumber", "--json", "-", stdin=nx.to_graph6_bytes(grid, header=False)
                         .decode()))
    assert number.cop_number == out["cop_number"] == 2
    assert [t.states for t in number.tries] == [t["states"] for t in out["tries"]]
    assert list(number.result.placement) == out["placement"]
    assert catmouse.copnumber(grid, max_k=1) == (None, number.tries[0], number.tries[:1])


@needs_geng
@pytest.mark.parametrize("n", [1, 2])
def test_copnumber_needs_three_nodes(n):
    # A catmouse graph has three nodes or more; the command line answers these from graph6.
    (g6,) = connected_graphs(n)
    with pytest.raises(catmouse.GraphError, match="at least 3"):
        catmouse.copnumber(g6)


def command_census(tmp_path, kind: str, n: int, *options: str) -> dict:
    return json.loads(cli("census", kind, "--nodes", str(n), "--json", "--quiet", "--state",
                          str(tmp_path / "state.json"), *options))


@pytest.mark.parametrize("kind, n, options, arguments", [
    ("cops", 7, (), {}),
    ("cops", 6, ("--max", "1", "--keep-from", "1", "--parts", "3"),
     {"max_k": 1, "keep_from": 1, "parts": 3}),
    ("mouse", 6, (), {}),
    ("mouse", 5, ("--stuck", "draw"), {"stuck": "draw"}),
])
def test_census_is_the_command_line_s(tmp_path, kind, n, options, arguments):
    if kind == "cops":
        options += ("--graphs", str(tmp_path / "top.g6"))
    record = command_census(tmp_path, kind, n, *options)
    result = catmouse.census(kind, n, threads=2, **arguments)
    for key in ("totals", "records", "rules", "generator", "catmouse", "census", "nodes"):
        assert result.record[key] == record[key], key
    assert result.record["parts"]["total"] == record["parts"]["total"]
    assert result.record["state_file"] is None
    assert result.provenance == {key: record[key] for key in ("catmouse", "generator", "rules")}
    totals = record["totals"]
    assert (result.kind, result.nodes, result.graphs) == (kind, n, totals["graphs"])
    assert [tuple(c) for c in result.cop_numbers] == [
        (c["cop_number"], c["above_max"], c["graphs"]) for c in totals.get("cop_numbers", [])]
    assert (result.placements, result.mouse_wins, result.cat_wins, result.draws) == tuple(
        totals.get(key) for key in ("placements", "mouse_wins", "cat_wins", "draws"))
    assert len(result.records) == len(record["records"])
    for ours, theirs in zip(result.records, record["records"]):
        placement = theirs["placement"]
        assert ours == (theirs["graph6"], theirs.get("moves", theirs.get("plies")),
                        theirs.get("cop_number"), theirs.get("winner"),
                        placement and (placement["hole"], placement["mouse"], placement["cat"]),
                        theirs["part"], theirs["line"])


@needs_geng
def test_cop_census_counts_are_copnumber_s():
    result = catmouse.census("cops", 7, max_k=2)
    counts: dict[int, int] = {}
    for g6 in connected_graphs(7):
        k = catmouse.copnumber(g6, max_k=2, threads=1).cop_number or 3
        counts[k] = counts.get(k, 0) + 1
    assert {c.cop_number: c.graphs for c in result.cop_numbers} == counts
    assert [c.above_max for c in result.cop_numbers] == [k > 2 for k in sorted(counts)]


@pytest.mark.parametrize("call, field", [
    (lambda: catmouse.census("robber", 5), "kind"),
    (lambda: catmouse.census(b"cops", 5), "kind"),
    (lambda: catmouse.census("cops", 0), "nodes"),
    (lambda: catmouse.census("cops", 17), "nodes"),
    (lambda: catmouse.census("mouse", 2), "nodes"),
    (lambda: catmouse.census("cops", 5.0), "nodes"),
    (lambda: catmouse.census("cops", 5, max_k=0), "max_k"),
    (lambda: catmouse.census("cops", 5, max_k=9), "max_k"),
    (lambda: catmouse.census("cops", 5, keep_from=0), "keep_from"),
    (lambda: catmouse.census("cops", 5, keep_from=2**32), "keep_from"),
    (lambda: catmouse.census("mouse", 5, stuck="win"), "stuck"),
    (lambda: catmouse.census("cops", 5, parts=0), "parts"),
    (lambda: catmouse.census("cops", 5, parts=10**6 + 1), "parts"),
    (lambda: catmouse.census("cops", 5, threads=-1), "threads"),
    (lambda: catmouse.census("cops", 5, memory_limit=-1), "memory_limit"),
    (lambda: catmouse.census("cops", 5, progress=3), "progress"),
    (lambda: catmouse.copnumber("Ch", max_k=0), "max_k"),
    (lambda: catmouse.copnumber("Ch", threads=10**9), "threads"),
])
def test_bad_arguments_name_the_argument(call, field):
    with pytest.raises(catmouse.OptionError) as error:
        call()
    assert error.value.field == field
    assert str(error.value).startswith(field + ":")


def test_the_library_s_refusal_names_the_argument():
    # Too little memory for the census's threads: found by the library, named as census()'s.
    with pytest.raises(catmouse.OptionError) as error:
        catmouse.census("cops", 5, threads=2, memory_limit=1000)
    assert error.value.field == "memory_limit" and "fewer threads" in error.value.message
    assert str(error.value).startswith("memory_limit: ")


@pytest.fixture
def temporary(tmp_path, monkeypatch):
    """Where census() makes its temporary folder, to see that it is gone."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def test_census_reports_progress_and_stops_when_progress_raises(temporary):
    class Stop(Exception):
        pass

    reports: list[catmouse.CensusProgress] = []

    def progress(p: catmouse.CensusProgress) -> None:
        reports.append(p)
        raise Stop

    # Ten nodes take seconds; the first report (after a quarter of a second) ends it.
    with pytest.raises(Stop):
        catmouse.census("cops", 10, threads=1, progress=progress)
    assert len(reports) == 1 and reports[0].parts_total == 100
    assert 0 < reports[0].parts_done < 100 and reports[0].graphs > 0
    assert list(temporary.iterdir()) == []


def test_sigint_stops_a_census(temporary):
    reports: queue.SimpleQueue[catmouse.CensusProgress] = queue.SimpleQueue()
    main = threading.get_ident()

    def interrupt() -> None:
        try:
            reports.get(timeout=120)  # the census runs
        except queue.Empty:  # never reported: the census ends and the test fails, not hangs
            return
        signal.pthread_kill(main, signal.SIGINT)

    thread = threading.Thread(target=interrupt)
    thread.start()
    finished = False
    with pytest.raises(KeyboardInterrupt):
        # A C function as the callback runs no bytecode: only the census's poll sees SIGINT.
        catmouse.census("cops", 10, threads=1, progress=reports.put)
        finished = True
    thread.join()
    assert not finished
    assert list(temporary.iterdir()) == []
