// The extension module catmouse._core: a thin layer over the library's seam (GameSpec -> solve ->
// Solution) and its check domains, in node ids. The package around it (python/catmouse/) maps
// node labels, builds the Pythonic answers and holds the documentation. Library errors become the
// exceptions of catmouse._errors, raised here with every field of the error's Location.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <optional>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse::python {

namespace py = pybind11;

// What an error is about, which picks its Python class (catmouse._errors): "graph" (the input),
// "solve" (the rules or an option, told apart by the field), "position" (a query).
[[noreturn]] void raise_error(const Error& error, std::string_view kind);

// Unwraps a Result, raising its error as `kind`.
template <class T>
T take(Result<T> result, std::string_view kind) {
  if (!result.ok()) raise_error(result.error(), kind);
  return std::move(result).value();
}

// Runs `run` (a solve) with the GIL released. Between levels the library's progress callback
// reports to `progress` (a Python callable or None) and the cancel poll checks for signals
// (Ctrl-C), each with the GIL held for that moment; an exception from either stops the solve
// and is raised here once the solve has returned.
class SolveGuard {
 public:
  explicit SolveGuard(py::object progress) : progress_(std::move(progress)) {}
  // Options with the progress and cancel callbacks attached (they refer to this guard).
  SolveOptions attach(SolveOptions options);
  // Calls progress(argument()) with the GIL held, unless progress is None or an exception is
  // pending; an exception it raises is kept for raise_pending(). For any library's observer.
  void report(const std::function<py::object()>& argument);
  // Runs the Python handlers of signals that arrived (with the GIL held); whether to stop.
  bool cancelled();
  // Raises the pending Python exception, if the solve was stopped by one.
  void raise_pending();

 private:
  py::object progress_;
  std::optional<py::error_already_set> pending_;
};

// A CopsResult as the package reads it (python/catmouse/_cops.py), in node ids.
py::dict cops_dict(const CopsResult& answer);

void bind_spec(py::module_& m);       // GameSpec, Rules, readers
void bind_arrays(py::module_& m);     // ArrayBuffer (the arrays without NumPy)
void bind_solution(py::module_& m);   // solve, Solution, Progress, cops
void bind_tablebase(py::module_& m);  // open, Tablebase
void bind_check(py::module_& m);      // CheckDomain
void bind_census(py::module_& m);     // cop_number, census, CensusProgress

}  // namespace catmouse::python
