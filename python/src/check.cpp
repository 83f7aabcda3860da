// The library's check domains (catmouse/testing/check.hpp) for Python: catmouse.check runs a
// Python function where catmouse check runs a program, and the domain does the rest, the
// report's diagnosis line (catmouse/testing/diagnosis.hpp) included.
#include "catmouse/testing/check.hpp"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <chrono>
#include <memory>

#include "bindings.hpp"
#include "catmouse/testing/diagnosis.hpp"

namespace catmouse::python {

namespace {

// `seconds` > 0: a budget from now, after which next() and shrink() return at once (a deadline,
// not a Python callable: the library polls it between solves, where no Python may run).
std::unique_ptr<CheckDomain> make_domain(bool grid, const std::string& source, std::uint64_t seed,
                                         std::uint32_t exhaustive, NodeId min_nodes,
                                         NodeId max_nodes, const Rules& rules,
                                         const std::string& cases, const std::string& cases_source,
                                         double seconds) {
  CheckOptions options;
  if (seconds > 0) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(seconds));
    options.cancelled = [deadline] { return std::chrono::steady_clock::now() >= deadline; };
  }
  options.source = take(parse_check_source(source), "check");
  options.seed = seed;
  options.exhaustive = exhaustive;
  options.min_nodes = min_nodes;
  options.max_nodes = max_nodes;
  options.rules = rules;
  options.cases = cases;
  options.cases_source = cases_source;
  return take(grid ? grid_check_domain(options) : graph_check_domain(options), "check");
}

// Shrinks with a Python predicate. The library must not see an exception, so one raised by the
// predicate (KeyboardInterrupt: the function's own are failures, caught in the package) makes
// every later call answer "passes", which ends the shrink quickly; it is raised once it ends.
py::tuple shrink(CheckDomain& domain, const std::string& input, const py::function& fails) {
  std::optional<py::error_already_set> pending;
  const ShrunkCase shrunk = domain.shrink(input, [&](const std::string& candidate) {
    if (pending) return false;
    try {
      return fails(candidate).cast<bool>();
    } catch (py::error_already_set& e) {
      pending = std::move(e);
      return false;
    }
  });
  if (pending) throw std::move(*pending);
  return py::make_tuple(shrunk.input, shrunk.tries, shrunk.cancelled);
}

}  // namespace

void bind_check(py::module_& m) {
  py::class_<CheckDomain>(m, "CheckDomain",
                          "Cases, exact answers, shrinking and the game of a case "
                          "(catmouse/testing/check.hpp).")
      .def(py::init(&make_domain), py::arg("grid") = false, py::arg("source") = "auto",
           py::arg("seed") = 1, py::arg("exhaustive") = 5, py::arg("min_nodes") = 3,
           py::arg("max_nodes") = 14, py::arg("rules") = Rules{}, py::arg("cases") = "",
           py::arg("cases_source") = "", py::arg("seconds") = 0.0)
      .def("answers", &CheckDomain::answers)
      .def("next",
           [](CheckDomain& d) -> py::object {
             std::optional<CheckCase> c = d.next();
             if (!c) return py::none();
             return py::make_tuple(c->input, c->origin, c->size);
           })
      .def("expected", &CheckDomain::expected)
      .def("exact",
           [](const CheckDomain& d, const std::string& input) {
             const StateValue v = d.exact(input);
             return py::make_tuple(static_cast<int>(v.value), v.remoteness);
           })
      .def("size", &CheckDomain::size)
      .def("game", &CheckDomain::game)
      // The diagnosis line of catmouse check's report for a wrong answer ("0", "1" or "2" to a
      // graph case, "true" or "false" to a map); "" when no known class of bug matches.
      .def("diagnosis",
           [](const CheckDomain& d, const std::string& input, const std::string& answer) {
             const GameSpec game = d.game(input);
             return game.grid ? diagnose_grid(game, d.exact(input), answer)
                              : diagnose_graph(game, d.exact(input), answer);
           })
      .def("shrink", &shrink);
}

}  // namespace catmouse::python
