"""pip installs the package from this source tree, offline, as docs/python.md tells: in a venv
that sees the system's packages, in a plain venv without NumPy or the package `wheel` (the
README's one line, run exactly as written there, in that venv), as a wheel built with `pip wheel`
installed in a second venv, and in a plain venv of another CPython 3 found on the machine
(pyenv's, /usr/local's, or another python3.X on PATH; skipped, saying why, when there is none
pip can build for offline). The CMake build under build-pip-<tag>-<hash>/ is shared by the
installs of one interpreter (the first one builds, the others relink at most) and kept for the
next run; every pip call is --no-index, so nothing is fetched."""

from __future__ import annotations

import glob
import os
import pathlib
import re
import shutil
import subprocess
import sys
import venv

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"
SNIPPET = f"import catmouse; print(catmouse.solve({EXAMPLE}).result)"


def clean_env() -> dict[str, str]:
    """The environment without ctest's PYTHONPATH (the build tree's package), offline."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def run(*args: str | pathlib.Path, cwd: pathlib.Path = ROOT,
        env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env or clean_env(),
                          capture_output=True, text=True)
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


def readme_pip_line() -> str:
    """The pip command of the README's Python section, as written there."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("\n## Python\n"):]
    section = section[: section.index("\n## ", 1)]
    lines = set(re.findall(r"`(pip install [^`]*)`", section))
    assert len(lines) == 1, f"the README's Python section should give one pip line: {lines}"
    return lines.pop()


@pytest.fixture(scope="module")
def venvs(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return tmp_path_factory.mktemp("venvs")


def test_system_site_packages_venv(venvs: pathlib.Path) -> None:
    python = make_venv(venvs / "system", system_site_packages=True)
    run(python, "-m", "pip", "install", "--no-build-isolation", ".")
    check_installed(python, venvs / "system")
    # NumPy comes from the system: the arrays are NumPy arrays.
    assert run(python, "-c", f"import catmouse; print(type(catmouse.solve({EXAMPLE}).values))") \
        == "<class 'numpy.ndarray'>\n"


def test_plain_venv_without_numpy(venvs: pathlib.Path) -> None:
    """The README's line as written, in a plain venv as `python3 -m venv` makes it (pip and
    setuptools, no NumPy, no `wheel`), its bin first on PATH as an activated venv has it."""
    python = make_venv(venvs / "plain", system_site_packages=False)
    for module in ("numpy", "wheel"):
        assert subprocess.run([python, "-c", f"import {module}"], env=clean_env(),
                              capture_output=True).returncode != 0, f"{module} in a plain venv"
    line = readme_pip_line()
    assert line == "pip install --no-build-isolation ."
    env = clean_env()
    env.update(PATH=f"{python.parent}{os.pathsep}{env.get('PATH', '')}",
               VIRTUAL_ENV=str(venvs / "plain"))
    run("/bin/sh", "-c", line, env=env)
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


# What an interpreter says of itself: its version, implementation, base prefix, headers, and
# the setuptools its venvs get (the wheel ensurepip bundles), as one line of text.
ABOUT = (
    "import ensurepip, glob, os, sys, sysconfig; "
    "b = glob.glob(os.path.join(os.path.dirname(ensurepip.__file__), '_bundled', "
    "'setuptools-*.whl')); "
    "print(sys.implementation.name, '%d.%d.%d' % sys.version_info[:3], "
    "os.path.realpath(sys.base_prefix), "
    "os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')), "
    "os.path.basename(b[0]).split('-')[1] if b else '-')"
)


def other_interpreters() -> list[str]:
    """Python 3 executables on this machine besides this one: CATMOUSE_OTHER_PYTHON if set, else
    pyenv's versions, /usr/local/bin's and python3.X on PATH."""
    if os.environ.get("CATMOUSE_OTHER_PYTHON"):
        return [os.environ["CATMOUSE_OTHER_PYTHON"]]
    found = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/*/bin/python3")))
    found += sorted(glob.glob("/usr/local/bin/python3.*[0-9]"))
    for minor in range(30, 5, -1):
        on_path = shutil.which(f"python3.{minor}")
        if on_path:
            found.append(on_path)
    return found


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def another_cpython() -> tuple[str, str, list[str]]:
    """(executable, version) of a CPython 3 other than this interpreter that pip can build the
    package for offline, preferring another minor version (another ABI), then the newest; and why
    each other one found was passed over."""
    this_base = os.path.realpath(sys.base_prefix)
    this_version = "%d.%d" % sys.version_info[:2]
    usable, passed_over, seen = [], [], {this_base}
    for executable in other_interpreters():
        about = subprocess.run([executable, "-c", ABOUT], env=clean_env(), capture_output=True,
                               text=True, timeout=60)
        if about.returncode != 0:
            passed_over.append(f"{executable}: does not run as Python 3")
            continue
        implementation, version, base, headers, setuptools = about.stdout.split()
        if base in seen:
            continue  # this interpreter, or one already looked at (a pyenv shim, a link)
        seen.add(base)
        why = ""
        if implementation != "cpython":
            why = f"{implementation}, not CPython"
        elif version_key(version) < (3, 8):
            why = f"Python {version}: the package needs 3.8 or later"
        elif headers != "True":
            why = f"Python {version} without its headers (Python.h)"
        elif setuptools == "-":
            why = (f"Python {version}: its venvs get no setuptools, so an offline pip cannot "
                   "build (docs/python.md builds it with CMake instead)")
        elif version_key(setuptools) < (61,):
            why = (f"Python {version}: its venvs get setuptools {setuptools}, which cannot read "
                   "pyproject.toml's [project] (61 or later can)")
        if why:
            passed_over.append(f"{executable}: {why}")
        else:
            usable.append((executable, version))
    usable.sort(key=lambda found: (found[1].rsplit(".", 1)[0] != this_version,
                                   version_key(found[1])), reverse=True)
    if not usable:
        return "", "", passed_over
    return usable[0][0], usable[0][1], passed_over


def test_another_interpreter(venvs: pathlib.Path) -> None:
    """The issue's snippet in a plain venv of another CPython: pip builds the extension for
    that interpreter (its own build directory, kept) and the package imports without NumPy."""
    executable, version, passed_over = another_cpython()
    if not executable:
        pytest.skip("no other CPython 3 that pip can build for offline"
                    + "".join(f"; {why}" for why in passed_over))
    python = venvs / "other" / "bin" / "python"
    run(executable, "-m", "venv", venvs / "other")
    assert run(python, "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])") \
        == f"{version}\n"
    run(python, "-m", "pip", "install", "--no-build-isolation", ".")
    check_installed(python, venvs / "other")
    assert run(python, "-c", "import catmouse._core as c; print(c.__file__)").strip().endswith(
        run(python, "-c", "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
        .strip())


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
