"""pip installs the package from this source tree, offline, as docs/python.md tells: in a venv
that sees the system's packages, in a plain venv without NumPy, and as a wheel built with
`pip wheel` installed in a second venv. The CMake build under build/pip-<tag>-<hash>/ is shared
by the three installs (the first one builds, the others relink at most); every pip call is
--no-index, so nothing is fetched."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import venv

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Debian's wheels (python3-pip-whl, python3-setuptools-whl, python3-wheel-whl): the build tool
# `wheel` for a plain venv, which has only pip and setuptools.
DEBIAN_WHEELS = pathlib.Path("/usr/share/python-wheels")
EXAMPLE = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"
SNIPPET = f"import catmouse; print(catmouse.solve({EXAMPLE}).result)"


def clean_env() -> dict[str, str]:
    """The environment without ctest's PYTHONPATH (the build tree's package), offline."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def run(*args: str | pathlib.Path, cwd: pathlib.Path = ROOT) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=clean_env(), capture_output=True,
                          text=True)
    assert done.returncode == 0, f"{' '.join(map(str, args))}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def make_venv(path: pathlib.Path, system_site_packages: bool) -> pathlib.Path:
    venv.EnvBuilder(system_site_packages=system_site_packages, with_pip=True).create(path)
    return path / "bin" / "python"


def check_installed(python: pathlib.Path, venv_dir: pathlib.Path) -> None:
    """The snippet of the README prints 0, from the venv's own copy of the package."""
    assert run(python, "-c", SNIPPET) == "0\n"
    where = run(python, "-c", "import catmouse; print(catmouse.__file__)").strip()
    assert pathlib.Path(where).is_relative_to(venv_dir), where


@pytest.fixture(scope="module")
def venvs(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    assert list(DEBIAN_WHEELS.glob("wheel-*.whl")), "no wheel of wheel: scripts/setup installs it"
    return tmp_path_factory.mktemp("venvs")


def test_system_site_packages_venv(venvs: pathlib.Path) -> None:
    python = make_venv(venvs / "system", system_site_packages=True)
    run(python, "-m", "pip", "install", "--no-build-isolation", ".")
    check_installed(python, venvs / "system")
    # NumPy comes from the system: the arrays are NumPy arrays.
    assert run(python, "-c", f"import catmouse; print(type(catmouse.solve({EXAMPLE}).values))") \
        == "<class 'numpy.ndarray'>\n"


def test_plain_venv_without_numpy(venvs: pathlib.Path) -> None:
    python = make_venv(venvs / "plain", system_site_packages=False)
    assert subprocess.run([python, "-c", "import numpy"], env=clean_env(),
                          capture_output=True).returncode != 0, "NumPy is visible in a plain venv"
    run(python, "-m", "pip", "install", "--find-links", DEBIAN_WHEELS, "wheel")
    run(python, "-m", "pip", "install", "--no-build-isolation", ".")
    check_installed(python, venvs / "plain")
    # The arrays through the buffer protocol: every value as NumPy's view has it (this
    # interpreter has NumPy and the build tree's package).
    import catmouse

    table = catmouse.solve([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]])
    got = run(python, "-c", f"import catmouse; t = catmouse.solve({EXAMPLE}); "
              "v, r = t.values, t.remoteness_array; "
              "print(type(v).__name__, v.readonly, v.format, v.shape, v.tolist(), r.tolist())")
    assert got == (f"memoryview True B (2, 6, 6) {table.values.tolist()} "
                   f"{table.remoteness_array.tolist()}\n")


def test_wheel_in_a_second_venv(venvs: pathlib.Path) -> None:
    builder = make_venv(venvs / "builder", system_site_packages=True)
    dist = venvs / "dist"
    run(builder, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", dist, ".")
    wheels = list(dist.glob("catmouse-*.whl"))
    assert len(wheels) == 1, wheels
    python = make_venv(venvs / "second", system_site_packages=False)
    run(python, "-m", "pip", "install", wheels[0])
    check_installed(python, venvs / "second")
    # The wheel carries the type stubs and the py.typed marker.
    names = run(python, "-m", "pip", "show", "-f", "catmouse")
    assert "catmouse/_core.pyi" in names and "catmouse/py.typed" in names, names


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
