"""scripts/check-layering against tiny repository trees built in a temporary folder.

Usage: python3 layering_selftest.py CHECKER RULES ROOT
A clean tree passes; each tree with one planted violation fails with exit code 1 and a line
naming the file, the line and the rule. The rules are the project's own (cmake/layers.json),
with one declaration dropped where a test says so; the project itself (ROOT) passes them.
"""

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

CHECKER = ""
RULES = ""
ROOT = ""
CHECKER_MODULE = None

# A clean tree in the target layout: every kind of unit, includes across allowed layers, the MPI
# library and program using declared faces (the kernel, the tablebase writer, the MPI headers), a
# test looking inside the library it tests, and CMake files in the project's own style. The
# other files the rules declare (faces, implemented_in) are added empty by write_tree().
CLEAN = {
    "include/catmouse/core/game.hpp": "#pragma once\n#include <vector>\n",
    "include/catmouse/catmouse.hpp": '#include "catmouse/core/game.hpp"\n',
    "src/core/game.cpp": '#include "catmouse/core/game.hpp"\n#include "catmouse/version.hpp"\n',
    "include/catmouse/io/format.hpp": '#pragma once\n#include "catmouse/core/game.hpp"\n',
    "src/io/format.cpp": '#include "catmouse/io/format.hpp"\n#include "io/json_text.hpp"\n',
    "src/io/json_text.hpp": "#pragma once\n",
    "include/catmouse/solve/plan.hpp": '#pragma once\n#include "catmouse/core/game.hpp"\n',
    "src/solve/plan.cpp": '#include "catmouse/solve/plan.hpp"\n#include "solve/kernel/frontier.hpp"\n',
    "src/solve/kernel/frontier.hpp": '#pragma once\n#include "catmouse/core/game.hpp"\n',
    "include/catmouse/tablebase/tablebase.hpp": '#pragma once\n#include "catmouse/solve/plan.hpp"\n',
    "src/tablebase/save.cpp": '#include "catmouse/tablebase/tablebase.hpp"\n#include "catmouse/io/format.hpp"\n',
    "src/testing/search.cpp": '#include "catmouse/solve/plan.hpp"\n',
    "src/mpi/level_exchange.hpp": '#pragma once\n#include "solve/kernel/frontier_kernel.hpp"\n'
                                  '#include "catmouse/tablebase/tablebase.hpp"\n',
    "src/mpi/distributed_solve.cpp": '#include "level_exchange.hpp"\n#include <mpi.h>\n',
    "src/mpi/distributed_tablebase.cpp": '#include "catmouse/tablebase/save.hpp"\n\n'
                                         '#include "tablebase/writer.hpp"\n',
    "src/mpi/communicator.hpp": "#pragma once\n",
    "src/tablebase/writer.hpp": "#pragma once\n",
    "src/tablebase/format.hpp": "#pragma once\n",
    "include/catmouse/tablebase/save.hpp": '#pragma once\n#include "catmouse/tablebase/tablebase.hpp"\n',
    "src/CMakeLists.txt": "catmouse_library(core SOURCES core/game.cpp)\n"
                          "catmouse_library(io DEPENDS catmouse::core SOURCES io/format.cpp)\n"
                          "catmouse_library(solve DEPENDS catmouse::core Threads::Threads SOURCES\n"
                          "  solve/plan.cpp)  # the engines\n"
                          "catmouse_library(tablebase DEPENDS catmouse::io catmouse::solve SOURCES\n"
                          "  tablebase/save.cpp)\n"
                          "catmouse_library(testing DEPENDS catmouse::solve catmouse::io SOURCES\n"
                          "  testing/search.cpp)\n"
                          "add_library(catmouse INTERFACE)\n"
                          "add_library(catmouse::catmouse ALIAS catmouse)\n",
    "src/mpi/CMakeLists.txt": "add_library(catmouse_mpi STATIC distributed_solve.cpp)\n"
                              "target_include_directories(catmouse_mpi PUBLIC ${PROJECT_SOURCE_DIR}/src)\n"
                              "target_link_libraries(catmouse_mpi PUBLIC catmouse::tablebase\n"
                              "  PRIVATE MPI::MPI_CXX fmt::fmt)\n",
    "apps/common/answers.hpp": '#pragma once\n#include "catmouse/catmouse.hpp"\n',
    "apps/common/answers.cpp": '#include "answers.hpp"\n',
    "apps/common/CMakeLists.txt": "add_library(catmouse_app STATIC answers.cpp)\n"
                                  "target_include_directories(catmouse_app PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})\n"
                                  "target_link_libraries(catmouse_app PUBLIC catmouse::catmouse)\n",
    "apps/cli/stream.hpp": "#pragma once\n",
    "apps/cli/main.cpp": '#include "answers.hpp"\n#include "stream.hpp"\n#include "CLI/CLI.hpp"\n',
    "apps/cli/CMakeLists.txt": "add_executable(catmouse_cli main.cpp)\n"
                               "target_link_libraries(catmouse_cli PRIVATE catmouse_app CLI11::CLI11)\n",
    "apps/server/server.hpp": "#pragma once\n",
    "apps/server/main.cpp": '#include "server.hpp"\n#include "answers.hpp"\n',
    "apps/server/CMakeLists.txt": "add_library(catmouse_server STATIC server.cpp)\n"
                                  "add_executable(catmouse_serve main.cpp)\n"
                                  "target_link_libraries(catmouse_serve PRIVATE catmouse_server catmouse_app)\n",
    "apps/mpi/main.cpp": '#include "answers.hpp"\n#include "mpi/communicator.hpp"\n',
    "apps/mpi/CMakeLists.txt": "add_executable(catmouse_mpi_cli\n  main.cpp)\n"
                               "target_include_directories(catmouse_mpi_cli PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})\n"
                               "target_link_libraries(catmouse_mpi_cli PRIVATE catmouse_mpi catmouse_app)\n",
    "python/src/module.cpp": '#include "catmouse/catmouse.hpp"\n',
    "tests/tablebase_test.cpp": '#include "catmouse/tablebase/tablebase.hpp"\n#include "test_util.hpp"\n'
                                '#include "tablebase/writer.hpp"\n#include "tablebase/format.hpp"\n',
    "tests/test_util.hpp": '#pragma once\n#include "catmouse/core/game.hpp"\n',
    "fuzz/fuzz_plan.cpp": '#include "solve/kernel/frontier.hpp"\n#include "catmouse/solve/plan.hpp"\n',
    "python/CMakeLists.txt": "pybind11_add_module(catmouse_python MODULE NO_EXTRAS\n  src/module.cpp)\n"
                             "target_link_libraries(catmouse_python PRIVATE catmouse::catmouse)\n",
}


def checker_module():
    """scripts/check-layering as a module (it has no .py suffix), loaded once."""
    global CHECKER_MODULE
    if CHECKER_MODULE is None:
        loader = importlib.machinery.SourceFileLoader("check_layering", CHECKER)
        spec = importlib.util.spec_from_loader("check_layering", loader)
        CHECKER_MODULE = importlib.util.module_from_spec(spec)
        loader.exec_module(CHECKER_MODULE)
    return CHECKER_MODULE


def load_rules():
    with open(RULES, encoding="utf-8") as stream:
        return json.load(stream)


def declared_files(rules):
    """The files the rules name: every face, and every header implemented apart with its sources.
    The project's rules only: a file a test's changed rules name stays missing."""
    paths = [header for face in rules.get("faces", []) for header in face["headers"]]
    for entry in rules.get("implemented_in", []):
        paths += [entry["header"]] + entry["sources"]
    return paths


def write_tree(root, files, rules):
    """Writes `files`, and an empty file for each one the project's rules declare that `files`
    lacks; each empty face is included by each unit `rules` declare it for (faces_used.cpp)."""
    stubs = [path for path in declared_files(load_rules()) if path not in files]
    for path in stubs:
        files[path] = "#pragma once\n" if path.endswith(".hpp") else ""
    folders = {unit["name"]: unit["folders"][0] for unit in rules["units"]}
    for face in rules.get("faces", []):
        for header in face["headers"]:
            for unit in face["for"] if header in stubs else []:
                use = os.path.join(folders[unit], "faces_used.cpp")
                files[use] = files.get(use, "") + f'#include "{os.path.relpath(header, "src")}"\n'
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as stream:
            stream.write(text)


def run_checker(files, rules=None, *extra):
    """Writes the tree (with the doc's table generated from the rules) and runs the checker with
    the project's rules, or with `rules` (a changed copy of them)."""
    rules = rules or load_rules()
    with tempfile.TemporaryDirectory() as root:
        rules_path = os.path.join(root, "layers.json")
        with open(rules_path, "w", encoding="utf-8") as stream:
            json.dump(rules, stream)
        write_tree(root, dict(files), rules)
        if "docs/architecture.md" not in files:
            # The checker's own table, written in process: one run of the checker per tree.
            os.makedirs(os.path.join(root, "docs"), exist_ok=True)
            with open(os.path.join(root, "docs/architecture.md"), "w", encoding="utf-8") as stream:
                stream.write("# Architecture\n\n<!-- layers:begin -->\n" +
                             checker_module().doc_table(checker_module().Rules(rules)) +
                             "<!-- layers:end -->\n")
        result = subprocess.run([sys.executable, CHECKER, "--root", root, "--rules", rules_path,
                                 *extra], capture_output=True, text=True, check=False)
        return result.returncode, result.stdout, result.stderr


def without_face(header):
    """The project's rules with `header` no longer a face."""
    rules = load_rules()
    for face in rules["faces"]:
        face["headers"] = [h for h in face["headers"] if h != header]
    rules["faces"] = [face for face in rules["faces"] if face["headers"]]
    return rules


def planted(**changes):
    files = dict(CLEAN)
    files.update(changes)
    return files


class LayeringCheck(unittest.TestCase):
    def assert_fails(self, files, *expected, rules=None):
        code, out, err = run_checker(files, rules)
        self.assertEqual(code, 1, err)
        self.assertEqual(out, "")
        for text in expected:
            self.assertIn(text, err)
        # One line per violation, then the count.
        self.assertEqual(err.count("\n"), 1 + len(expected), err)

    def test_clean_tree_passes(self):
        code, out, err = run_checker(CLEAN)
        self.assertEqual((code, out, err), (0, "", ""))

    def test_io_including_solve_fails(self):
        self.assert_fails(
            planted(**{"src/io/format.cpp": '#include "catmouse/io/format.hpp"\n\n'
                                            '#include "catmouse/solve/plan.hpp"\n'}),
            'src/io/format.cpp:3: includes "catmouse/solve/plan.hpp" '
            "(include/catmouse/solve/plan.hpp, solve): io may depend on core")

    def test_io_including_tablebase_fails(self):
        self.assert_fails(
            planted(**{"include/catmouse/io/format.hpp": '#include "catmouse/tablebase/tablebase.hpp"\n'}),
            'include/catmouse/io/format.hpp:1: includes "catmouse/tablebase/tablebase.hpp"')

    def test_core_including_above_core_fails(self):
        self.assert_fails(
            planted(**{"src/core/game.cpp": '#include "catmouse/catmouse.hpp"\n'}),
            'src/core/game.cpp:1: includes "catmouse/catmouse.hpp" (include/catmouse/catmouse.hpp, '
            "io): core may depend on nothing",
            "(include/catmouse/catmouse.hpp, solve)",
            "(include/catmouse/catmouse.hpp, tablebase)",
            "(include/catmouse/catmouse.hpp, testing)",
            "(include/catmouse/catmouse.hpp, census)")

    def test_app_including_another_app_fails(self):
        self.assert_fails(
            planted(**{"apps/mpi/main.cpp": '#include "answers.hpp"\n#include "stream.hpp"\n'
                                           '#include "mpi/communicator.hpp"\n'}),
            'apps/mpi/main.cpp:2: includes "stream.hpp" (apps/cli/stream.hpp, cli): mpi_cli may '
            "depend on")

    def test_app_compiling_another_apps_source_fails(self):
        cmake = CLEAN["apps/mpi/CMakeLists.txt"].replace(
            "main.cpp)", "main.cpp\n  ${PROJECT_SOURCE_DIR}/apps/cli/main.cpp)")
        self.assert_fails(planted(**{"apps/mpi/CMakeLists.txt": cmake}),
                          "apps/mpi/CMakeLists.txt:1: catmouse_mpi_cli compiles apps/cli/main.cpp "
                          "(of cli)")

    def test_app_with_another_apps_include_folder_fails(self):
        cmake = CLEAN["apps/mpi/CMakeLists.txt"].replace(
            "${CMAKE_CURRENT_SOURCE_DIR})", "${CMAKE_CURRENT_SOURCE_DIR}\n  ../cli)")
        self.assert_fails(planted(**{"apps/mpi/CMakeLists.txt": cmake}),
                          "apps/mpi/CMakeLists.txt:3: catmouse_mpi_cli has on its include path "
                          "apps/cli (of cli)")

    def test_app_linking_another_programs_library_fails(self):
        cmake = CLEAN["apps/cli/CMakeLists.txt"] + (
            "add_library(catmouse_cli_common STATIC stream.cpp)\n")
        mpi = CLEAN["apps/mpi/CMakeLists.txt"].replace("catmouse_app)", "catmouse_cli_common)")
        self.assert_fails(planted(**{"apps/cli/CMakeLists.txt": cmake,
                                     "apps/mpi/CMakeLists.txt": mpi}),
                          "apps/mpi/CMakeLists.txt:4: catmouse_mpi_cli links catmouse_cli_common "
                          "(cli)")

    def test_library_linking_above_its_layer_fails(self):
        cmake = CLEAN["src/CMakeLists.txt"].replace(
            "io DEPENDS catmouse::core", "io DEPENDS catmouse::core catmouse::solve")
        self.assert_fails(planted(**{"src/CMakeLists.txt": cmake}),
                          "src/CMakeLists.txt:2: catmouse_io links catmouse::solve (solve): io may "
                          "depend on core")

    def test_kernel_included_outside_solve_fails(self):
        self.assert_fails(
            planted(**{"src/tablebase/save.cpp": '#include "solve/kernel/frontier.hpp"\n'}),
            'src/tablebase/save.cpp:1: includes "solve/kernel/frontier.hpp" '
            "(src/solve/kernel/frontier.hpp): private to solve, and not a face of it for tablebase")
        self.assert_fails(
            planted(**{"src/mpi/distributed_solve.cpp": '#include "../solve/kernel/frontier.hpp"\n'}),
            'src/mpi/distributed_solve.cpp:1: includes "../solve/kernel/frontier.hpp" '
            "(src/solve/kernel/frontier.hpp): private to solve, and not a face of it for mpi")

    def test_tablebase_writer_from_mpi_needs_its_face(self):
        # The clean tree includes it on line 3 under the project's rules; without the face, the
        # same tree fails on that line.
        self.assert_fails(
            CLEAN,
            'src/mpi/distributed_tablebase.cpp:3: includes "tablebase/writer.hpp" '
            "(src/tablebase/writer.hpp): private to tablebase, and not a face of it for mpi",
            rules=without_face("src/tablebase/writer.hpp"))

    def test_face_no_one_uses_fails(self):
        self.assert_fails(
            planted(**{"src/mpi/distributed_tablebase.cpp": '#include "catmouse/tablebase/save.hpp"\n'}),
            "cmake/layers.json: face src/tablebase/writer.hpp: mpi does not include it (drop mpi "
            "from its face)")

    def test_private_header_that_is_no_face_fails(self):
        self.assert_fails(
            planted(**{"src/mpi/distributed_solve.cpp": '#include "level_exchange.hpp"\n'
                                                        '#include "tablebase/format.hpp"\n'}),
            'src/mpi/distributed_solve.cpp:2: includes "tablebase/format.hpp" '
            "(src/tablebase/format.hpp): private to tablebase, and not a face of it for mpi")

    def test_face_for_one_unit_is_none_for_another(self):
        self.assert_fails(
            planted(**{"src/census/mouse_census.cpp": '#include "tablebase/writer.hpp"\n'}),
            'src/census/mouse_census.cpp:1: includes "tablebase/writer.hpp" (src/tablebase/writer.hpp, '
            "tablebase): census may depend on core, io, solve")
        self.assert_fails(
            planted(**{"src/testing/search.cpp": '#include "catmouse/solve/plan.hpp"\n'
                                                 '#include "solve/kernel/frontier_kernel.hpp"\n'}),
            'src/testing/search.cpp:2: includes "solve/kernel/frontier_kernel.hpp" '
            "(src/solve/kernel/frontier_kernel.hpp): private to solve, and not a face of it for "
            "testing")

    def test_app_including_a_library_private_header_fails(self):
        self.assert_fails(
            planted(**{"apps/cli/main.cpp": '#include "answers.hpp"\n#include "stream.hpp"\n'
                                            '#include "solve/kernel/frontier.hpp"\n'}),
            'apps/cli/main.cpp:3: includes "solve/kernel/frontier.hpp" '
            "(src/solve/kernel/frontier.hpp): private to solve, and not a face of it for cli")
        self.assert_fails(
            planted(**{"apps/common/answers.cpp": '#include "answers.hpp"\n'
                                                  '#include "../../src/io/json_text.hpp"\n'}),
            'apps/common/answers.cpp:2: includes "../../src/io/json_text.hpp" '
            "(src/io/json_text.hpp): private to io, and not a face of it for app")
        # The MPI headers are a face for catmouse-mpi alone.
        self.assert_fails(
            planted(**{"apps/server/main.cpp": '#include "server.hpp"\n#include "answers.hpp"\n'
                                               '#include "mpi/communicator.hpp"\n'}),
            'apps/server/main.cpp:3: includes "mpi/communicator.hpp" (src/mpi/communicator.hpp): '
            "private to mpi, and not a face of it for server")

    def test_public_header_including_a_private_one_fails(self):
        self.assert_fails(
            planted(**{"include/catmouse/io/format.hpp": '#pragma once\n#include "io/json_text.hpp"\n'}),
            'include/catmouse/io/format.hpp:2: includes "io/json_text.hpp" (src/io/json_text.hpp): '
            "a public header includes only public headers")

    def test_test_looking_inside_two_libraries_fails(self):
        test = CLEAN["tests/tablebase_test.cpp"] + '#include "solve/kernel/frontier.hpp"\n'
        self.assert_fails(
            planted(**{"tests/tablebase_test.cpp": test}),
            'tests/tablebase_test.cpp:5: includes "solve/kernel/frontier.hpp" '
            "(src/solve/kernel/frontier.hpp): private to solve, and this file looks inside "
            "tablebase: a test looks inside one library")
        self.assert_fails(
            planted(**{"bench/bench.cpp": '#include "io/json_text.hpp"\n'
                                          '#include "tablebase/format.hpp"\n'}),
            'bench/bench.cpp:2: includes "tablebase/format.hpp" (src/tablebase/format.hpp): '
            "private to tablebase, and this file looks inside io")

    def test_public_header_without_its_cpp_fails(self):
        self.assert_fails(
            planted(**{"include/catmouse/io/limits.hpp": '#pragma once\n'}),
            "include/catmouse/io/limits.hpp: no src/io/limits.cpp: one .cpp per public header")
        rules = load_rules()
        rules["implemented_in"].append({"header": "include/catmouse/io/format.hpp",
                                        "sources": ["src/io/format.cpp"], "why": "planted"})
        self.assert_fails(CLEAN, "include/catmouse/io/format.hpp: has its format.cpp: drop it "
                          "from implemented_in", rules=rules)

    def test_declarations_naming_missing_files_fail(self):
        rules = load_rules()
        rules["faces"].append({"headers": ["src/io/gone.hpp"], "for": ["tablebase"],
                               "why": "planted"})
        rules["faces"].append({"headers": ["src/io/json_text.hpp"], "for": ["io"],
                               "why": "planted"})
        rules["implemented_in"].append({"header": "include/catmouse/io/gone.hpp", "sources": [],
                                        "why": "planted"})
        self.assert_fails(CLEAN, "cmake/layers.json: face src/io/gone.hpp: no such file",
                          "cmake/layers.json: face src/io/json_text.hpp: declared for its own "
                          "library",
                          "cmake/layers.json: implemented_in include/catmouse/io/gone.hpp: no file "
                          "include/catmouse/io/gone.hpp", rules=rules)

    def test_doc_table_differing_from_rules_fails(self):
        doc = ("# Architecture\n\n<!-- layers:begin -->\n| layer | target | kind | folders | may depend on |\n"
               "| --- | --- | --- | --- | --- |\n| io | `catmouse::io` | library | `src/io` | core, solve |\n"
               "<!-- layers:end -->\n")
        self.assert_fails(planted(**{"docs/architecture.md": doc}),
                          "docs/architecture.md:4: the library table differs from the rules")
        self.assert_fails(planted(**{"docs/architecture.md": "# Architecture\n"}),
                          "docs/architecture.md: no table between")

    def test_bad_rules_file_is_exit_2(self):
        unit = {"name": "io", "targets": [], "folders": ["src/io"], "may_depend_on": []}
        faceless = {"headers": ["src/io/json_text.hpp"], "for": ["io"]}
        for rules, message in (
                ({"units": [dict(unit, may_depend_on=["nowhere"])]}, "unknown unit nowhere"),
                ({"units": [dict(unit, private=["src/solve"])]}, "src/solve is not one of"),
                ({"units": [unit], "faces": [dict(faceless, why="")]}, "no reason"),
                ({"units": [unit], "faces": [dict(faceless, why="x", **{"for": ["cli"]})]},
                 "unknown unit cli"),
                ({"units": [unit], "implemented_in": [{"header": "a.hpp", "sources": []}]},
                 "no reason")):
            with tempfile.TemporaryDirectory() as root:
                path = os.path.join(root, "layers.json")
                with open(path, "w", encoding="utf-8") as stream:
                    json.dump(rules, stream)
                result = subprocess.run([sys.executable, CHECKER, "--root", root, "--rules", path],
                                        capture_output=True, text=True, check=False)
            self.assertEqual(result.returncode, 2, message)
            self.assertEqual(result.stdout, "")
            self.assertIn(message, result.stderr)

    def test_project_passes(self):
        result = subprocess.run([sys.executable, CHECKER, "--root", ROOT, "--rules", RULES],
                                capture_output=True, text=True, check=False)
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))


if __name__ == "__main__":
    CHECKER, RULES, ROOT = sys.argv[1], sys.argv[2], sys.argv[3]
    unittest.main(argv=sys.argv[:1] + sys.argv[4:])
