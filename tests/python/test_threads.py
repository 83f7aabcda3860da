"""Worker threads that cannot start: the solve raises the module's resource error (RuntimeError)
with a message, and neither hangs nor crashes the interpreter. As the CLI's
MemoryEstimate.ThreadsThatCannotStartAreAnError, the solve runs in a child process as nobody
with RLIMIT_NPROC at 1 (root is not held to RLIMIT_NPROC), so that no thread can start."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap

import pytest

from conftest import generated

NOBODY = 65534

# The child: solves the graph on stdin with 8 threads and says how it ended, by its exit code
# (3: RuntimeError, 4: solved, 5: another exception) and its message on stdout.
CHILD = textwrap.dedent(
    """
    import sys
    import catmouse
    text = sys.stdin.read()
    try:
        catmouse.solve(text, threads=8)
    except RuntimeError as error:
        print(f"RuntimeError: {error}")
        sys.exit(3)
    except BaseException as error:
        print(f"{type(error).__name__}: {error}")
        sys.exit(5)
    print("solved")
    sys.exit(4)
    """
)


def as_nobody_without_threads() -> None:
    """In the child, before exec: nobody, with room for its own process only."""
    os.setgid(NOBODY)
    os.setgroups([])
    os.setuid(NOBODY)
    resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))


def run_without_threads(text: str) -> subprocess.CompletedProcess[str]:
    # Libraries that start threads of their own on import are kept to one.
    environment = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1",
                       MKL_NUM_THREADS="1")
    return subprocess.run(
        [sys.executable, "-c", CHILD],
        input=text,
        capture_output=True,
        text=True,
        env=environment,
        preexec_fn=as_nobody_without_threads,
        timeout=60,  # a hang fails here, as subprocess.TimeoutExpired
    )


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run the child as nobody")
def test_threads_that_cannot_start_raise_runtime_error() -> None:
    # A maze big enough that the solve shares its levels out among its threads.
    run = run_without_threads(generated("maze", 3000, 1))
    assert run.returncode >= 0, f"killed by signal {-run.returncode}: {run.stderr}"
    assert run.returncode == 3, f"exit {run.returncode}: {run.stdout} {run.stderr}"
    assert "could not start" in run.stdout, run.stdout
    assert "threads" in run.stdout, run.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run the child as nobody")
def test_the_child_solves_when_threads_can_start() -> None:
    # The same child with threads allowed: what fails above is the threads, not the child.
    environment = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    run = subprocess.run(
        [sys.executable, "-c", CHILD],
        input=generated("maze", 3000, 1),
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )
    assert run.returncode == 4, f"exit {run.returncode}: {run.stdout} {run.stderr}"
