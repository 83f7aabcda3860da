"""What `import catmouse` shows is its API and nothing else: dir(catmouse), `from catmouse
import *` and __all__ agree, without the names the package's own code uses (typing's Any,
Callable..., `annotations`, modules); and every name of the API is documented."""

from __future__ import annotations

import pathlib
import types

import catmouse

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_dir_shows_only_the_api():
    shown = [name for name in dir(catmouse) if not (name.startswith("__") and name.endswith("__"))]
    assert sorted(shown) == sorted(catmouse.__all__)
    assert "__version__" in dir(catmouse) and "__doc__" in dir(catmouse)
    for helper in ("Any", "Callable", "Hashable", "Iterable", "annotations", "json", "os",
                   "read_graph", "apply_rules", "flag", "threads_of", "Board"):
        assert not hasattr(catmouse, helper), helper


def test_the_api_is_catmouse_s_own():
    names: dict[str, object] = {}
    exec("from catmouse import *", names)
    assert set(names) - {"__builtins__"} == set(catmouse.__all__)
    assert len(set(catmouse.__all__)) == len(catmouse.__all__)
    for name in catmouse.__all__:
        value = getattr(catmouse, name)
        assert not isinstance(value, types.ModuleType), name
        assert value.__module__.startswith("catmouse"), name
        assert value.__doc__, name
    assert catmouse.open is not open  # the built-in is untouched outside the package


def test_every_name_is_documented():
    doc = DOC.read_text()
    missing = [name for name in catmouse.__all__ if f"`{name}" not in doc
               and f"catmouse.{name}" not in doc]
    assert not missing, f"not in docs/python.md: {missing}"
