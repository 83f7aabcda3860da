// solve() and the Solution's queries for Python, in node ids: a position is (mouse, cats, turn)
// with turn 0 (mouse to move) or 1; a value is (LeetCode's code, remoteness or None). The cops'
// question (solve_cops) is here too, as it runs the same way.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "arrays.hpp"
#include "bindings.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/play.hpp"
#include "catmouse/solve/solve.hpp"
#include "explain_text.hpp"

namespace catmouse::python {

namespace {

// A Solution with its decoded arrays, made on first use.
struct PySolution {
  Solution solution;
  std::unique_ptr<DecodedArrays> arrays = std::make_unique<DecodedArrays>();
};

using PyPosition = std::tuple<NodeId, std::vector<NodeId>, int>;
using PyValue = std::pair<int, std::optional<std::uint32_t>>;

Position position(NodeId mouse, std::vector<NodeId> cats, int turn) {
  return Position(mouse, std::move(cats), turn == 0 ? Side::kMouse : Side::kCat);
}

PyPosition to_python(const Position& p) {
  return {p.mouse, p.cats, static_cast<int>(p.turn)};
}

PyValue to_python(const StateValue& v) {
  return {static_cast<int>(v.value), v.remoteness};
}

py::object move_to_python(const Move& move) {
  return py::make_tuple(to_python(move.child), to_python(move.value));
}

// The position checked against the game (Solution::check), as the queries expect.
Position checked(const Solution& s, NodeId mouse, std::vector<NodeId> cats, int turn) {
  if (turn != 0 && turn != 1) throw py::value_error("turn: 0 (mouse to move) or 1 (cat to move)");
  Position p = position(mouse, std::move(cats), turn);
  if (Status ok = s.check(p); !ok) raise_error(ok.error(), "position");
  return p;
}

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
  const CopsResult answer = take(std::move(*result), "solve");
  py::dict out;
  out["cops"] = answer.cops;
  out["win"] = answer.win;
  out["placement"] = answer.placement;
  out["capture_moves"] = answer.capture_moves;
  out["robber"] = answer.robber;
  out["states"] = answer.states;
  return out;
}

// Without NumPy the arrays are read-only memoryviews of this: the buffer protocol, so that a
// plain interpreter still gets every value without a copy (and NumPy, once installed, takes them
// with np.asarray). It holds `owner`, and the memoryview holds it, so the data outlives both.
struct ArrayBuffer {
  const void* data;
  py::ssize_t itemsize;
  std::string format;
  py::ssize_t side;
  py::object owner;
};

// Whether NumPy can be imported, asked once: the arrays are NumPy arrays when it can.
bool have_numpy() {
  static const bool have = [] {
    try {
      py::module_::import("numpy");
      return true;
    } catch (const py::error_already_set&) {
      return false;
    }
  }();
  return have;
}

// A read-only array of shape (2, n, n) over `data`, kept alive by `owner` (the Python object that
// keeps the Solution, and so the data, alive): a NumPy array whose base is `owner`, or without
// NumPy a memoryview.
template <class T>
py::object view(const std::vector<T>& data, NodeId n, py::handle owner) {
  const auto size = static_cast<py::ssize_t>(sizeof(T));
  const auto side = static_cast<py::ssize_t>(n);
  if (!have_numpy()) {
    ArrayBuffer buffer{data.data(), size, py::format_descriptor<T>::format(), side,
                       py::reinterpret_borrow<py::object>(owner)};
    return py::memoryview(py::cast(std::move(buffer)));
  }
  py::array array(py::dtype::of<T>(), {py::ssize_t{2}, side, side},
                  {side * side * size, side * size, size}, data.data(), owner);
  array.attr("setflags")(py::arg("write") = false);
  return array;
}

void require_one_cat(const Solution& s) {
  if (s.game().cats() != 1) {
    throw py::value_error("the arrays hold the states of one cat; use value() with more cats");
  }
}

}  // namespace

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

  py::class_<ArrayBuffer>(m, "ArrayBuffer", py::buffer_protocol(),
                          "A (2, n, n) array for memoryview() when NumPy is absent.")
      .def_buffer([](const ArrayBuffer& b) {
        const py::ssize_t side = b.side;
        return py::buffer_info(const_cast<void*>(b.data), b.itemsize, b.format, 3,
                               {py::ssize_t{2}, side, side},
                               {side * side * b.itemsize, side * b.itemsize, b.itemsize},
                               /*readonly=*/true);
      });

  py::class_<PySolution>(m, "Solution", "A solved game (catmouse/solve/solution.hpp).")
      .def_property_readonly("node_count",
                             [](const PySolution& s) { return s.solution.game().node_count(); })
      .def_property_readonly("cats", [](const PySolution& s) { return s.solution.game().cats(); })
      .def_property_readonly("rules", [](const PySolution& s) { return s.solution.game().rules(); })
      .def_property_readonly("spec", [](const PySolution& s) { return s.solution.spec(); })
      .def_property_readonly(
          "engine",
          [](const PySolution& s) { return std::string(engine_name(s.solution.engine())); })
      .def_property_readonly("seconds", [](const PySolution& s) { return s.solution.seconds(); })
      .def_property_readonly("has_remoteness",
                             [](const PySolution& s) { return s.solution.has_remoteness(); })
      .def_property_readonly("memory_bytes",
                             [](const PySolution& s) { return s.solution.memory_bytes(); })
      .def("start", [](const PySolution& s) { return to_python(s.solution.start()); })
      .def("check", [](const PySolution& s, NodeId mouse, std::vector<NodeId> cats,
                       int turn) { checked(s.solution, mouse, std::move(cats), turn); })
      .def(
          "value",
          [](const PySolution& s, NodeId mouse, std::vector<NodeId> cats, int turn,
             std::uint32_t played) {
            return to_python(
                s.solution.value(checked(s.solution, mouse, std::move(cats), turn), played));
          },
          py::arg("mouse"), py::arg("cats"), py::arg("turn"), py::arg("played") = 0)
      .def("moves",
           [](const PySolution& s, NodeId mouse, std::vector<NodeId> cats, int turn) {
             py::list out;
             for (const Move& move :
                  s.solution.moves(checked(s.solution, mouse, std::move(cats), turn))) {
               out.append(move_to_python(move));
             }
             return out;
           })
      .def("best_move",
           [](const PySolution& s, NodeId mouse, std::vector<NodeId> cats, int turn) -> py::object {
             const auto move =
                 s.solution.best_move(checked(s.solution, mouse, std::move(cats), turn));
             return move ? move_to_python(*move) : py::object(py::none());
           })
      .def("line",
           [](const PySolution& s, NodeId mouse, std::vector<NodeId> cats, int turn) {
             const Line line =
                 take(s.solution.line(checked(s.solution, mouse, std::move(cats), turn)), "solve");
             py::list positions;
             for (const Position& p : line.positions) positions.append(to_python(p));
             return py::make_tuple(positions, std::string(line_end_name(line.end)),
                                   line.cycle_start);
           })
      .def(
          "explain",
          [](const PySolution& s, NodeId mouse, std::vector<NodeId> cats, int turn,
             std::optional<std::vector<std::string>> names) {
            const Solution& solution = s.solution;
            if (names && names->size() != solution.game().node_count()) {
              throw py::value_error("names: one per node");
            }
            const Line line =
                take(solution.line(checked(solution, mouse, std::move(cats), turn)), "solve");
            if (!names) return cli::explain_text(solution, line);
            return cli::explain_text(solution, line, [&names](NodeId v) { return (*names)[v]; });
          },
          py::arg("mouse"), py::arg("cats"), py::arg("turn"), py::arg("names") = py::none(),
          "catmouse explain's text for the optimal line from the position (explain_text.hpp), "
          "the nodes named by `names` (default: ids, or cells on a map).")
      .def("counts",
           [](const PySolution& s) {
             const Counts counts = s.solution.counts();
             py::dict out;
             out["states"] = counts.states;
             out["mouse_wins"] = counts.mouse_wins;
             out["cat_wins"] = counts.cat_wins;
             out["draws"] = counts.draws;
             out["max_remoteness"] = counts.max_remoteness;
             return out;
           })
      .def(
          "values",
          [](PySolution& s, py::handle owner) {
            require_one_cat(s.solution);
            const std::vector<std::uint8_t>* data = nullptr;
            {
              py::gil_scoped_release release;
              data = &s.arrays->values(s.solution);
            }
            return view(*data, s.solution.game().node_count(), owner);
          },
          py::arg("owner"), "The values as a (2, n, n) uint8 array whose base is owner.")
      .def(
          "remoteness",
          [](PySolution& s, py::handle owner) {
            require_one_cat(s.solution);
            if (!s.solution.has_remoteness()) {
              throw py::value_error("a values-only solution keeps no remoteness");
            }
            const DecodedArrays::Remoteness* data = nullptr;
            {
              py::gil_scoped_release release;
              data = &s.arrays->remoteness(s.solution);
            }
            const NodeId n = s.solution.game().node_count();
            return std::visit([&](const auto& words) { return view(words, n, owner); }, *data);
          },
          py::arg("owner"), "The remoteness as a (2, n, n) int16/int32 array, -1 for draws.");

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
