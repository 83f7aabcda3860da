#!/usr/bin/python3
"""What the Python module costs over the C++ library, measured side by side in one run.

1. Solve: catmouse.solve on a generated graph (default: random, n = 4000, average degree 6,
   seed 1) from LeetCode adjacency lists, from a NetworkX graph, and from JSON text, against the
   library's own time for the same game as `catmouse solve --json --threads T` reports it
   ("seconds": the solve inside the library, without reading the file or starting the process).
   Runs alternate, the median is reported, and the overhead is Python's median over the
   library's median.
2. Check: catmouse.check on a Python solver (a right one, so that every graph is checked)
   against `catmouse check --max-graphs N -- python3 SOLVER` (one process per graph), the same
   N graphs (same seed), in graphs per second.

Usage: bench/python_overhead.py [--runs K] [--nodes N] [--threads T] [--check-graphs N]
                                [--cli BIN] [--skip-check]
Run it with the interpreter the module was built for (/usr/bin/python3 by default), with the
package importable: after scripts/setup, or PYTHONPATH=build/python. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import catmouse

ROOT = pathlib.Path(__file__).resolve().parents[1]

# A right LeetCode 913 solver in plain Python (colouring backwards from the finished states),
# used both in-process and as the program catmouse check runs per graph.
SOLVER = textwrap.dedent(
    '''
    import json, sys
    from collections import deque

    def solve(graph):
        n = len(graph)
        color = [[[0, 0] for _ in range(n)] for _ in range(n)]
        degree = [[[len(graph[m]), len(graph[c]) - (0 in graph[c])] for c in range(n)]
                  for m in range(n)]
        queue = deque()
        for v in range(1, n):
            for t in range(2):
                color[0][v][t] = 1
                queue.append((0, v, t, 1))
                color[v][v][t] = 2
                queue.append((v, v, t, 2))
        while queue:
            m, c, t, result = queue.popleft()
            if t == 1:
                parents = [(m2, c, 0) for m2 in graph[m]]
            else:
                parents = [(m, c2, 1) for c2 in graph[c] if c2 != 0]
            for m2, c2, t2 in parents:
                if color[m2][c2][t2]:
                    continue
                if result == t2 + 1:
                    color[m2][c2][t2] = result
                    queue.append((m2, c2, t2, result))
                    continue
                degree[m2][c2][t2] -= 1
                if degree[m2][c2][t2] == 0:
                    color[m2][c2][t2] = result
                    queue.append((m2, c2, t2, result))
        return color[1][2][0]

    if __name__ == "__main__":
        print(solve(json.loads(sys.stdin.read())))
    '''
)


def cli_seconds(cli: str, path: str, threads: int) -> float:
    out = subprocess.run(
        [cli, "solve", "--json", "--threads", str(threads), path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)["seconds"]


def timed(call) -> tuple[float, object]:
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def bench_solve(cli: str, nodes: int, threads: int, runs: int) -> None:
    import networkx as nx

    text = subprocess.run(
        [cli, "gen", "random", "--nodes", str(nodes), "--degree", "6", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lists = json.loads(text)
    G = nx.Graph()
    G.add_nodes_from(range(len(lists)))
    G.add_edges_from((a, b) for a, nbrs in enumerate(lists) for b in nbrs if a < b)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "g.json")
        pathlib.Path(path).write_text(text)
        inputs = {"LeetCode lists": lists, "NetworkX graph": G, "JSON text": text}
        library: list[float] = []
        calls: dict[str, list[float]] = {name: [] for name in inputs}
        inside: dict[str, list[float]] = {name: [] for name in inputs}
        for run in range(runs):
            print(f"solve: run {run + 1} of {runs}", file=sys.stderr)
            library.append(cli_seconds(cli, path, threads))
            for name, graph in inputs.items():
                seconds, table = timed(lambda: catmouse.solve(graph, threads=threads))
                calls[name].append(seconds)
                inside[name].append(table.seconds)
                del table
    base = statistics.median(library)
    print(f"\n### catmouse.solve, random n = {nodes}, {sum(map(len, lists)) // 2} edges, "
          f"{threads} threads, median of {runs}\n")
    print("The library's time is `catmouse solve --json`'s \"seconds\" (the solve inside the "
          "library, without reading the file); Python's is the whole call. The last column is "
          "the call's time outside the library (the call minus Table.seconds, median).\n")
    print("| call | median s | / library | outside the library, ms |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| library: `catmouse solve --json --threads {threads}` | {base:.3f} | 1.000 | |")
    for name in inputs:
        median = statistics.median(calls[name])
        outside = statistics.median(c - i for c, i in zip(calls[name], inside[name]))
        print(f"| `catmouse.solve({name})` | {median:.3f} | {median / base:.3f} | "
              f"{1000 * outside:.1f} |")


def bench_check(cli: str, graphs: int) -> None:
    namespace: dict[str, object] = {}
    exec(compile(SOLVER, "solver.py", "exec"), namespace)
    solver = namespace["solve"]
    with tempfile.TemporaryDirectory() as folder:
        program = os.path.join(folder, "solver.py")
        pathlib.Path(program).write_text(SOLVER)
        print("check: catmouse check, one process per graph", file=sys.stderr)
        seconds, run = timed(
            lambda: subprocess.run(
                [cli, "check", "--seed", "1", "--max-graphs", str(graphs), "--time", "0", "--",
                 sys.executable, program],
                capture_output=True,
                text=True,
            )
        )
        summary = run.stdout.strip().splitlines()[-1]
        match = re.search(r"checked (\d+) graphs in ([0-9.]+) s: (\d+) agreed", summary)
        assert match and int(match.group(3)) == graphs, summary
        print("check: catmouse.check in-process", file=sys.stderr)
        in_process, found = timed(lambda: catmouse.check(solver, seed=1, max_graphs=graphs, time=0))
        assert found is None, found
    per_process = graphs / seconds
    per_call = graphs / in_process
    print(f"\n### check, the same {graphs} graphs (seed 1), a right Python solver\n")
    print("| command | seconds | graphs/s |")
    print("| --- | ---: | ---: |")
    print(f"| `catmouse check -- {os.path.basename(sys.executable)} solver.py` | {seconds:.2f} | "
          f"{per_process:.0f} |")
    print(f"| `catmouse.check(solve)` | {in_process:.2f} | {per_call:.0f} |")
    print(f"\nin-process / process per graph: {per_call / per_process:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--nodes", type=int, default=4000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--check-graphs", type=int, default=1000)
    parser.add_argument("--cli", default=str(ROOT / "build" / "bin" / "catmouse"))
    parser.add_argument("--skip-check", action="store_true")
    args = parser.parse_args()
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} · nproc {os.cpu_count()} · "
        f"Python {platform.python_version()} ({sys.executable}) · catmouse {catmouse.__version__}"
        f" · `bench/python_overhead.py {' '.join(sys.argv[1:])}`"
    )
    bench_solve(args.cli, args.nodes, args.threads, args.runs)
    if not args.skip_check:
        bench_check(args.cli, args.check_graphs)


if __name__ == "__main__":
    main()
