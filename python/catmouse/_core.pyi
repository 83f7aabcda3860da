"""Type stubs of the extension module catmouse._core (python/src/): the C++ library in node ids.
Use the package catmouse; this module's interface may change with it."""

from typing import Any, Callable

import numpy as np

__version__: str
# The words of the rules that take one: {"first": ("mouse", "cat"), "stuck": ("lose", "draw"), ...}.
rule_words: dict[str, tuple[str, str]]

class Rules:
    holes: list[int]
    cat_forbidden: list[int] | None
    mouse_start: int
    cat_start: int
    cat_starts: list[int]
    mouse_stays: bool
    cat_stays: bool
    cat_wins_in_hole: bool
    move_limit: int
    cats: int
    first: str  # "mouse" | "cat"
    stuck: str  # "lose" | "draw"
    limit_outcome: str  # "draw" | "cat"
    def __init__(self) -> None: ...

class GameSpec:
    @property
    def node_count(self) -> int: ...
    @property
    def edge_count(self) -> int: ...
    @property
    def directed(self) -> bool: ...
    rules: Rules
    source: str
    @property
    def grid(self) -> tuple[list[str], int, int] | None: ...
    def adjacency(self) -> list[list[int]]: ...

def read_game(
    text: str | bytes,
    source: str,
    format: str | None = None,
    directed: bool = False,
    memory_limit: int = 0,
) -> GameSpec: ...
def from_adjacency(lists: Any, memory_limit: int = 0) -> GameSpec: ...
def from_csr(
    degrees: Any, targets: Any, directed: bool = False, memory_limit: int = 0
) -> GameSpec: ...
def from_edges(
    edges: Any, directed: bool = False, memory_limit: int = 0, node_count: int | None = None
) -> GameSpec: ...
def available_memory() -> int: ...

MAX_THREADS: int
MAX_JUMP: int

class Progress:
    @property
    def decided(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def remoteness(self) -> int: ...
    @property
    def seconds(self) -> float: ...

_Position = tuple[int, list[int], int]
_Value = tuple[int, int | None]

class ArrayBuffer:
    """A (2, n, n) array for memoryview() when NumPy is absent (the buffer protocol)."""

class _Queries:
    """The queries of a solved game, in node ids (python/src/queries.hpp)."""

    @property
    def node_count(self) -> int: ...
    @property
    def cats(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def spec(self) -> GameSpec: ...
    @property
    def engine(self) -> str: ...
    @property
    def seconds(self) -> float: ...
    @property
    def has_remoteness(self) -> bool: ...
    @property
    def memory_bytes(self) -> int: ...
    def start(self) -> _Position: ...
    def check(self, mouse: int, cats: list[int], turn: int) -> None: ...
    def value(self, mouse: int, cats: list[int], turn: int, played: int = 0) -> _Value: ...
    def moves(self, mouse: int, cats: list[int], turn: int) -> list[tuple[_Position, _Value]]: ...
    def best_move(
        self, mouse: int, cats: list[int], turn: int
    ) -> tuple[_Position, _Value] | None: ...
    def line(
        self, mouse: int, cats: list[int], turn: int
    ) -> tuple[list[_Position], str, int | None]: ...
    def explain(
        self, mouse: int, cats: list[int], turn: int, names: list[str] | None = None
    ) -> str: ...
    def counts(self) -> dict[str, int | None]: ...
    def values(self, owner: object) -> np.ndarray | memoryview: ...
    def remoteness(self, owner: object) -> np.ndarray | memoryview: ...

class Solution(_Queries):
    """A solve's answer (catmouse/solve/solution.hpp)."""

class Tablebase(_Queries):
    """A tablebase file, probed as it is read (catmouse/tablebase/tablebase.hpp)."""

    @property
    def source(self) -> bytes: ...
    @property
    def file_bytes(self) -> int: ...

def open(path: str | bytes, memory_limit: int = 0) -> Tablebase: ...
def solve(
    spec: GameSpec,
    threads: int = 0,
    values_only: bool = False,
    memory_limit: int = 0,
    progress: Callable[[Progress], Any] | None = None,
) -> Solution: ...
def value_sentence(result: int, remoteness: int | None) -> str: ...
def solve_cops(
    spec: GameSpec,
    cops: int,
    threads: int = 0,
    memory_limit: int = 0,
    progress: Callable[[Progress], Any] | None = None,
) -> dict[str, Any]: ...

# census/: find_cop_number() ({"cop_number": int | None, "tries": [solve_cops()'s dicts]}) and
# run_census() (census_json()'s record as text).
class CensusProgress:
    @property
    def parts_done(self) -> int: ...
    @property
    def parts_total(self) -> int: ...
    @property
    def parts_to_run(self) -> int: ...
    @property
    def graphs(self) -> int: ...
    @property
    def seconds(self) -> float: ...

def cop_number(
    spec: GameSpec,
    max: int,
    threads: int = 0,
    memory_limit: int = 0,
    progress: Callable[[Progress], Any] | None = None,
) -> dict[str, Any]: ...
def census(
    kind: str,
    nodes: int,
    state_path: str,
    parts: int = 0,
    max: int = 3,
    keep_from: int = 3,
    stuck: str = "lose",
    threads: int = 0,
    memory_limit: int = 0,
    progress: Callable[[CensusProgress], Any] | None = None,
) -> str: ...

class CheckDomain:
    def __init__(
        self,
        grid: bool = False,
        source: str = "auto",
        seed: int = 1,
        exhaustive: int = 5,
        min_nodes: int = 3,
        max_nodes: int = 14,
        rules: Rules = ...,
        cases: str = "",
        cases_source: str = "",
        seconds: float = 0.0,
    ) -> None: ...
    def answers(self) -> list[str]: ...
    def next(self) -> tuple[str, str, str] | None: ...
    def expected(self, input: str) -> str: ...
    def exact(self, input: str) -> _Value: ...
    def size(self, input: str) -> str: ...
    def game(self, input: str) -> GameSpec: ...
    def shrink(self, input: str, fails: Callable[[str], bool]) -> tuple[str, int, bool]: ...
    def diagnosis(self, input: str, answer: str) -> str: ...
