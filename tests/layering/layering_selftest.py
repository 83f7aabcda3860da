"""scripts/check-layering against tiny repository trees built in a temporary folder.

Usage: python3 layering_selftest.py CHECKER RULES
A clean tree passes; each tree with one planted violation fails with exit code 1 and a line
naming the file, the line and the rule. The rules are the project's own (cmake/layers.json).
"""

import os
import subprocess
import sys
import tempfile
import unittest

CHECKER = ""
RULES = ""

# A clean tree in the target layout: every kind of unit, includes across allowed layers, the MPI
# level exchange reaching into the kernel folder, and CMake files in the project's own style.
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
    "src/mpi/level_exchange.hpp": '#pragma once\n#include "solve/kernel/frontier.hpp"\n'
                                  '#include "catmouse/tablebase/tablebase.hpp"\n',
    "src/mpi/distributed_solve.cpp": '#include "level_exchange.hpp"\n#include <mpi.h>\n',
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
    "apps/mpi/main.cpp": '#include "answers.hpp"\n',
    "apps/mpi/CMakeLists.txt": "add_executable(catmouse_mpi_cli\n  main.cpp)\n"
                               "target_include_directories(catmouse_mpi_cli PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})\n"
                               "target_link_libraries(catmouse_mpi_cli PRIVATE catmouse_mpi catmouse_app)\n",
    "python/src/module.cpp": '#include "catmouse/catmouse.hpp"\n',
    "python/CMakeLists.txt": "pybind11_add_module(catmouse_python MODULE NO_EXTRAS\n  src/module.cpp)\n"
                             "target_link_libraries(catmouse_python PRIVATE catmouse::catmouse)\n",
}


def run_checker(files, *extra):
    """Writes the tree (with the doc's table generated from the rules) and runs the checker."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as stream:
                stream.write(text)
        doc = files.get("docs/architecture.md")
        if doc is None:
            os.makedirs(os.path.join(root, "docs"), exist_ok=True)
            with open(os.path.join(root, "docs/architecture.md"), "w", encoding="utf-8") as stream:
                stream.write("# Architecture\n\n<!-- layers:begin -->\n<!-- layers:end -->\n")
            subprocess.run([sys.executable, CHECKER, "--root", root, "--rules", RULES,
                            "--write-doc"], capture_output=True, check=False)
        result = subprocess.run([sys.executable, CHECKER, "--root", root, "--rules", RULES,
                                 *extra], capture_output=True, text=True, check=False)
        return result.returncode, result.stdout, result.stderr


def planted(**changes):
    files = dict(CLEAN)
    files.update(changes)
    return files


class LayeringCheck(unittest.TestCase):
    def assert_fails(self, files, *expected):
        code, out, err = run_checker(files)
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
            planted(**{"apps/mpi/main.cpp": '#include "answers.hpp"\n#include "stream.hpp"\n'}),
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
            'src/tablebase/save.cpp:1: includes "solve/kernel/frontier.hpp": src/solve/kernel is '
            "internal to solve")
        self.assert_fails(
            planted(**{"src/mpi/distributed_solve.cpp": '#include "../solve/kernel/frontier.hpp"\n'}),
            'src/mpi/distributed_solve.cpp:1: includes "../solve/kernel/frontier.hpp": '
            "src/solve/kernel is internal to solve")

    def test_doc_table_differing_from_rules_fails(self):
        doc = ("# Architecture\n\n<!-- layers:begin -->\n| layer | target | kind | folders | may depend on |\n"
               "| --- | --- | --- | --- | --- |\n| io | `catmouse::io` | library | `src/io` | core, solve |\n"
               "<!-- layers:end -->\n")
        self.assert_fails(planted(**{"docs/architecture.md": doc}),
                          "docs/architecture.md:4: the library table differs from the rules")
        self.assert_fails(planted(**{"docs/architecture.md": "# Architecture\n"}),
                          "docs/architecture.md: no table between")

    def test_bad_rules_file_is_exit_2(self):
        with tempfile.TemporaryDirectory() as root:
            rules = os.path.join(root, "layers.json")
            with open(rules, "w", encoding="utf-8") as stream:
                stream.write('{"units": [{"name": "io", "targets": [], "folders": [], '
                             '"may_depend_on": ["nowhere"]}]}')
            result = subprocess.run([sys.executable, CHECKER, "--root", root, "--rules", rules],
                                    capture_output=True, text=True, check=False)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertIn("unknown unit nowhere", result.stderr)


if __name__ == "__main__":
    CHECKER, RULES = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1] + sys.argv[3:])
