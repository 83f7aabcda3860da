"""The build of the extension catmouse._core for pip (pyproject.toml): CMake, as the rest of the
project, configured for the interpreter running this script and built into
build-pip-<ABI tag>-<base interpreter hash>/ (kept between builds, so a second pip install of the
same tree only relinks). The package's Python files come from python/catmouse/ via setuptools.

The wheel pip installs is made here too (BdistWheel), so that `pip install --no-build-isolation .`
works in a venv that has only pip and setuptools, as `python3 -m venv` makes them: setuptools
before 70.1 leaves its bdist_wheel command to the package `wheel`, which such a venv lacks."""

import base64
import csv
import hashlib
import io
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from email.generator import Generator
from email.parser import Parser
from email.policy import EmailPolicy
from pathlib import Path

from setuptools import Command, Extension, setup
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
        # Beside build/, at its depth: ccache keys paths relative to the compiler's folder (the
        # base folder is the source folder, CMakeLists.txt), so the files this build shares with
        # the preset builds (the libraries, and the module for the same Python) are cache hits.
        tag = sysconfig.get_config_var("SOABI") or f"py{sys.version_info[0]}{sys.version_info[1]}"
        base = hashlib.sha1(sys.base_prefix.encode()).hexdigest()[:8]
        default = ROOT / f"build-pip-{tag}-{base}"
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


def wheel_tag() -> str:
    """The wheel's tag (PEP 425) for the interpreter running this script: its implementation
    and version, its ABI, and the platform, e.g. cp311-cp311-linux_x86_64."""
    short = {"cpython": "cp", "pypy": "pp"}.get(sys.implementation.name, sys.implementation.name)
    interpreter = f"{short}{sys.version_info[0]}{sys.version_info[1]}"
    soabi = sysconfig.get_config_var("SOABI") or ""  # cpython-311-x86_64-linux-gnu
    parts = soabi.split("-")
    if parts[0] == "cpython" and len(parts) > 1:
        abi = f"cp{parts[1]}"
    elif parts[0]:
        abi = parts[0].replace(".", "_")
    else:
        abi = "none"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{abi}-{platform}"


def requirements(egg_info: Path) -> list[str]:
    """Requires-Dist values from an egg-info's requires.txt: the plain lines, then each extra's
    (sections "[extra]" or "[extra:marker]") with its marker."""
    path = egg_info / "requires.txt"
    out, extra, marker = [], "", ""
    for line in path.read_text().splitlines() if path.exists() else []:
        line = line.strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            extra, _, marker = line[1:-1].partition(":")
            continue
        conditions = [f"({marker})"] if marker else []
        if extra:
            conditions.append(f'extra == "{extra}"')
        out.append(line + ("; " + " and ".join(conditions) if conditions else ""))
    return out


class BdistWheel(Command):
    """A wheel of the built package (PEP 427): the files `build` puts in build_lib, and a
    .dist-info made from the egg-info (METADATA, WHEEL, RECORD). setuptools' build backend runs
    it for pip (`bdist_wheel --dist-dir DIR`), and its dist_info command calls egg2dist() for
    the metadata pip reads first."""

    description = "build a wheel of the package and its extension"
    user_options = [("dist-dir=", "d", "the directory the wheel is written to")]

    def initialize_options(self) -> None:
        self.dist_dir = None

    def finalize_options(self) -> None:
        self.dist_dir = self.dist_dir or "dist"

    def egg2dist(self, egg_info: str, dist_info: str) -> None:
        """The .dist-info directory of an .egg-info one: METADATA (PKG-INFO with the
        requirements of requires.txt), top_level.txt and the license."""
        source, target = Path(egg_info), Path(dist_info)
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        with open(source / "PKG-INFO", encoding="utf-8") as pkg_info:
            metadata = Parser().parse(pkg_info)
        metadata.replace_header("Metadata-Version", "2.1")
        del metadata["Requires-Dist"]
        for requirement in requirements(source):
            metadata["Requires-Dist"] = requirement
        with open(target / "METADATA", "w", encoding="utf-8") as out:
            policy = EmailPolicy(utf8=True, mangle_from_=False, max_line_length=0)
            Generator(out, policy=policy).flatten(metadata)
        if (source / "top_level.txt").exists():
            shutil.copyfile(source / "top_level.txt", target / "top_level.txt")
        for license_file in metadata.get_all("License-File") or []:
            shutil.copyfile(ROOT / license_file, target / Path(license_file).name)

    def run(self) -> None:
        self.run_command("build")
        build_lib = Path(self.get_finalized_command("build").build_lib)
        self.run_command("egg_info")
        egg_info = Path(self.get_finalized_command("egg_info").egg_info)
        name = self.distribution.get_name().replace("-", "_")
        version = self.distribution.get_version()
        tag = wheel_tag()
        Path(self.dist_dir).mkdir(parents=True, exist_ok=True)
        wheel = Path(self.dist_dir) / f"{name}-{version}-{tag}.whl"
        with tempfile.TemporaryDirectory() as scratch:
            dist_info = Path(scratch) / f"{name}-{version}.dist-info"
            self.egg2dist(str(egg_info), str(dist_info))
            (dist_info / "WHEEL").write_text(
                "Wheel-Version: 1.0\nGenerator: catmouse setup.py\nRoot-Is-Purelib: false\n"
                f"Tag: {tag}\n"
            )
            files = [(path, path.relative_to(build_lib).as_posix())
                     for path in sorted(build_lib.rglob("*"))
                     if path.is_file() and "__pycache__" not in path.parts]
            files += [(path, f"{dist_info.name}/{path.name}")
                      for path in sorted(dist_info.iterdir())]
            write_wheel(wheel, files, f"{dist_info.name}/RECORD")
        print(f"catmouse: wrote {wheel}", file=sys.stderr)


def write_wheel(wheel: Path, files: list[tuple[Path, str]], record: str) -> None:
    """A zip of `files` (path, name in the wheel) and the RECORD of their hashes and sizes."""
    rows = []
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path, name in files:
            data = path.read_bytes()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            rows.append((name, f"sha256={digest.decode()}", str(len(data))))
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (path.stat().st_mode & 0o777 | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
        rows.append((record, "", ""))
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        archive.writestr(record, text.getvalue())


(ROOT / "build" / "setuptools").mkdir(parents=True, exist_ok=True)
setup(
    ext_modules=[CMakeExtension("catmouse._core")],
    cmdclass={"build_ext": CMakeBuild, "bdist_wheel": BdistWheel},
    # setuptools' own work files beside CMake's, not in the preset's build/ tree.
    options={
        "build": {"build_base": "build/setuptools"},
        "egg_info": {"egg_base": "build/setuptools"},
    },
)
