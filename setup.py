"""The build of the extension catmouse._core for pip (pyproject.toml): CMake, as the rest of the
project, configured for the interpreter running this script and built into
build/pip-<ABI tag>-<base interpreter hash>/ (kept between builds, so a second pip install of the
same tree only relinks). The package's Python files come from python/catmouse/ via setuptools."""

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    """An extension whose sources CMake knows (python/CMakeLists.txt); none for setuptools."""

    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Builds the CMake target catmouse_python and copies the module where setuptools wants it."""

    def build_extension(self, ext: Extension) -> None:
        # One directory per base interpreter: its venvs share it (relinking at most), while two
        # installs of the same version (Debian's and pyenv's 3.11) do not rebuild each other's.
        tag = sysconfig.get_config_var("SOABI") or f"py{sys.version_info[0]}{sys.version_info[1]}"
        base = hashlib.sha1(sys.base_prefix.encode()).hexdigest()[:8]
        default = ROOT / "build" / f"pip-{tag}-{base}"
        build_dir = Path(os.environ.get("CATMOUSE_PIP_BUILD_DIR", default))
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DCATMOUSE_PYTHON={sys.executable}",
            "-DCATMOUSE_BUILD_TESTS=OFF", "-DCATMOUSE_BUILD_BENCH=OFF",
            "-DCATMOUSE_BUILD_CLI=OFF", "-DCATMOUSE_INSTALL=OFF",
        ]
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        build = ["cmake", "--build", str(build_dir), "--target", "catmouse_python", "-j", jobs]
        try:
            subprocess.run(configure, check=True, stdout=sys.stderr)
            subprocess.run(build, check=True, stdout=sys.stderr)
        except FileNotFoundError:
            sys.exit("catmouse: building the extension needs cmake and a C++20 compiler "
                     "(Debian 12: scripts/setup installs them)")
        except subprocess.CalledProcessError as error:
            sys.exit(f"catmouse: the CMake build failed (exit {error.returncode}); see above")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = build_dir / "python" / "catmouse" / f"_core{suffix}"
        if not built.exists():
            sys.exit(f"catmouse: CMake did not build {built.name} for {sys.executable}: "
                     "pybind11 (Debian: pybind11-dev) or this Python's headers are missing; "
                     "see the CMake output above")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


(ROOT / "build" / "setuptools").mkdir(parents=True, exist_ok=True)
setup(
    ext_modules=[CMakeExtension("catmouse._core")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own work files beside CMake's, not in the preset's build/ tree.
    options={
        "build": {"build_base": "build/setuptools"},
        "egg_info": {"egg_base": "build/setuptools"},
    },
)
