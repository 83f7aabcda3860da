// catmouse._core's cop numbers and censuses (catmouse/census/): find_cop_number() for
// catmouse.copnumber and run_census() for catmouse.census, each without the GIL; Ctrl-C stops
// either (a game between its levels, a census between its parts' graphs).
#include "catmouse/census/census.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "catmouse/census/cop_number.hpp"

namespace catmouse::python {

namespace {

py::dict run_cop_number(const GameSpec& spec, std::uint32_t max, unsigned threads,
                        std::uint64_t memory_limit, py::object progress) {
  SolveGuard guard(std::move(progress));
  SolveOptions options;
  options.threads = threads;
  options.memory_limit = memory_limit;
  options = guard.attach(options);
  std::optional<Result<census::CopNumberTries>> result;
  {
    py::gil_scoped_release release;
    result.emplace(census::find_cop_number(spec.graph, max, options));
  }
  guard.raise_pending();
  const census::CopNumberTries found = take(std::move(*result), "solve");
  py::list tries;
  for (const CopsResult& answer : found.tries) tries.append(cops_dict(answer));
  py::dict out;
  out["cop_number"] = found.cop_number;
  out["tries"] = tries;
  return out;
}

// The census's observer: progress to the Python callable, the cancel poll to Ctrl-C.
class Observer : public census::CensusObserver {
 public:
  explicit Observer(SolveGuard& guard) : guard_(guard) {}
  void progress(const census::CensusProgress& p) override {
    guard_.report([&p] { return py::cast(p); });
  }
  bool cancelled() override { return guard_.cancelled(); }

 private:
  SolveGuard& guard_;
};

std::string run_census(const std::string& kind, std::uint32_t nodes, const std::string& state_path,
                       std::uint32_t parts, std::uint32_t max, std::uint32_t keep_from,
                       const std::string& stuck, unsigned threads, std::uint64_t memory_limit,
                       py::object progress) {
  census::CensusSpec spec;
  if (kind != "cops" && kind != "mouse") throw py::value_error("kind: 'cops' or 'mouse'");
  // Python checked the word against core's rule_words (_census.py).
  const std::optional<StuckRule> stuck_rule = parse_rule_word<StuckRule>(stuck);
  if (!stuck_rule) throw py::value_error(fmt::format("stuck: '{}' is not a rule word", stuck));
  spec.kind = kind == "cops" ? census::CensusKind::kCops : census::CensusKind::kMouse;
  spec.nodes = nodes;
  spec.parts = parts;
  spec.max = max;
  spec.keep_from = keep_from;
  spec.stuck = *stuck_rule;
  spec.threads = threads;
  spec.memory_limit = memory_limit;
  SolveGuard guard(std::move(progress));
  Observer observer(guard);
  std::optional<Result<census::CensusResult>> result;
  {
    py::gil_scoped_release release;
    result.emplace(census::run_census(spec, state_path, observer));
  }
  guard.raise_pending();
  return census::census_json(take(std::move(*result), "solve"));
}

}  // namespace

void bind_census(py::module_& m) {
  py::class_<census::CensusProgress>(
      m, "CensusProgress",
      "Where a census is, reported about four times a second: parts done (of parts_total; "
      "parts_to_run this call runs), graphs answered and seconds since the start.")
      .def_readonly("parts_done", &census::CensusProgress::parts_done)
      .def_readonly("parts_total", &census::CensusProgress::parts_total)
      .def_readonly("parts_to_run", &census::CensusProgress::parts_to_run)
      .def_readonly("graphs", &census::CensusProgress::graphs_this_run)
      .def_readonly("seconds", &census::CensusProgress::seconds)
      .def("__repr__", [](const census::CensusProgress& p) {
        return "CensusProgress(parts_done=" + std::to_string(p.parts_done) +
               ", parts_total=" + std::to_string(p.parts_total) +
               ", graphs=" + std::to_string(p.graphs_this_run) +
               ", seconds=" + std::to_string(p.seconds) + ")";
      });
  m.def("cop_number", &run_cop_number, py::arg("spec"), py::arg("max"), py::arg("threads") = 0,
        py::arg("memory_limit") = 0, py::arg("progress") = py::none(),
        "find_cop_number() of census/cop_number.hpp on the spec's graph without the GIL.");
  m.def("census", &run_census, py::arg("kind"), py::arg("nodes"), py::arg("state_path"),
        py::arg("parts") = 0, py::arg("max") = 3, py::arg("keep_from") = 3,
        py::arg("stuck") = "lose", py::arg("threads") = 0, py::arg("memory_limit") = 0,
        py::arg("progress") = py::none(),
        "run_census() of census/census.hpp without the GIL: its JSON record (census_json()).");
}

}  // namespace catmouse::python
