// solve() for Python and the Solution it returns (its queries: queries.hpp). The cops' question
// (solve_cops) is here too, as it runs the same way.
#include <string>

#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/solve.hpp"
#include "queries.hpp"

namespace catmouse::python {

namespace {

SolveOptions solve_options(unsigned threads, bool values_only, std::uint64_t memory_limit) {
  SolveOptions options;
  options.threads = threads;
  options.values_only = values_only;
  options.memory_limit = memory_limit;
  return options;
}

PySolution run_solve(const GameSpec& spec, unsigned threads, bool values_only,
                     std::uint64_t memory_limit, py::object progress) {
  SolveGuard guard(std::move(progress));
  const SolveOptions options = guard.attach(solve_options(threads, values_only, memory_limit));
  GameSpec copy = spec;
  std::optional<Result<Solution>> result;
  {
    py::gil_scoped_release release;
    result.emplace(solve(std::move(copy), options));
  }
  guard.raise_pending();
  return PySolution{take(std::move(*result), "solve")};
}

py::dict run_cops(const GameSpec& spec, std::uint32_t k, unsigned threads,
                  std::uint64_t memory_limit, py::object progress) {
  SolveGuard guard(std::move(progress));
  const SolveOptions options = guard.attach(solve_options(threads, false, memory_limit));
  std::optional<Result<CopsResult>> result;
  {
    py::gil_scoped_release release;
    result.emplace(solve_cops(spec.graph, k, options));
  }
  guard.raise_pending();
  return cops_dict(take(std::move(*result), "solve"));
}

}  // namespace

py::dict cops_dict(const CopsResult& answer) {
  py::dict out;
  out["cops"] = answer.cops;
  out["win"] = answer.win;
  out["placement"] = answer.placement;
  out["capture_moves"] = answer.capture_moves;
  out["robber"] = answer.robber;
  out["states"] = answer.states;
  return out;
}

void bind_solution(py::module_& m) {
  py::class_<SolveProgress>(m, "Progress",
                            "Where a solve is, reported after each level: states decided so far "
                            "(of total), the remoteness level just completed, seconds since the "
                            "start.")
      .def_readonly("decided", &SolveProgress::decided)
      .def_readonly("total", &SolveProgress::total)
      .def_readonly("remoteness", &SolveProgress::remoteness)
      .def_readonly("seconds", &SolveProgress::seconds)
      .def("__repr__", [](const SolveProgress& p) {
        return "Progress(decided=" + std::to_string(p.decided) +
               ", total=" + std::to_string(p.total) +
               ", remoteness=" + std::to_string(p.remoteness) +
               ", seconds=" + std::to_string(p.seconds) + ")";
      });

  py::class_<PySolution> solution(m, "Solution", "A solved game (catmouse/solve/solution.hpp).");
  bind_queries(solution);

  m.def("solve", &run_solve, py::arg("spec"), py::arg("threads") = 0,
        py::arg("values_only") = false, py::arg("memory_limit") = 0,
        py::arg("progress") = py::none(),
        "solve() of solve.hpp without the GIL; Ctrl-C stops it between levels.");
  m.def(
      "value_sentence",
      [](int result, std::optional<std::uint32_t> remoteness) {
        if (result < 0 || result > 2) throw py::value_error("result: 0, 1 or 2");
        return value_sentence({static_cast<Value>(result), remoteness});
      },
      py::arg("result"), py::arg("remoteness"),
      "value_sentence() of play.hpp: the sentence every front end shows for a value.");
  m.def("solve_cops", &run_cops, py::arg("spec"), py::arg("cops"), py::arg("threads") = 0,
        py::arg("memory_limit") = 0, py::arg("progress") = py::none(),
        "solve_cops() of cops.hpp on the spec's graph without the GIL.");
}

}  // namespace catmouse::python
