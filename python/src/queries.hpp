// The queries a solved game answers for Python, in node ids: a position is (mouse, cats, turn)
// with turn 0 (mouse to move) or 1; a value is (LeetCode's code, remoteness or None). They are
// bound once, by bind_queries(), for both places a solved game comes from: a Solution in memory
// (solve, PySolution) and a tablebase file (open, PyTablebase in tablebase.cpp), so that
// catmouse.Table asks both the same way and gets the same answers.
//
// A source is a class with these members (errors are raised as Python exceptions):
//   const Game& game(); const GameSpec& spec(); bool has_remoteness(); Engine engine();
//   double seconds(); std::uint64_t memory_bytes(); Counts counts(); Position start();
//   Status check(p); StateValue value(p, played); std::vector<Move> moves(p);
//   std::optional<Move> best_move(p); Line line(p);
//   const Solution& whole()       the whole table in memory, for explain() and the arrays;
//   DecodedArrays& decoded()      the arrays decoded from it.
#pragma once

#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "arrays.hpp"
#include "bindings.hpp"
#include "catmouse/solve/play.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse::python {

using PyPosition = std::tuple<NodeId, std::vector<NodeId>, int>;
using PyValue = std::pair<int, std::optional<std::uint32_t>>;

// A solve's answer, with its arrays decoded on first use.
struct PySolution {
  Solution solution;
  std::unique_ptr<DecodedArrays> arrays = std::make_unique<DecodedArrays>();

  const Game& game() const { return solution.game(); }
  const GameSpec& spec() const { return solution.spec(); }
  bool has_remoteness() const { return solution.has_remoteness(); }
  Engine engine() const { return solution.engine(); }
  double seconds() const { return solution.seconds(); }
  std::uint64_t memory_bytes() const { return solution.memory_bytes(); }
  Counts counts() const { return solution.counts(); }
  Position start() const { return solution.start(); }
  Status check(const Position& p) const { return solution.check(p); }
  StateValue value(const Position& p, std::uint32_t played) const {
    return solution.value(p, played);
  }
  std::vector<Move> moves(const Position& p) const { return solution.moves(p); }
  std::optional<Move> best_move(const Position& p) const { return solution.best_move(p); }
  Line line(const Position& p) const { return take(solution.line(p), "solve"); }
  const Solution& whole() const { return solution; }
  DecodedArrays& decoded() { return *arrays; }
};

// The Python forms of positions, values and moves.
PyPosition to_python(const Position& p);
PyValue to_python(const StateValue& v);
py::object move_to_python(const Move& move);
py::dict counts_to_python(const Counts& counts);

// catmouse explain's text for the optimal line from `start`, the nodes named by `names` (None:
// ids, or cells on a map).
// `moves`: the line as a list of moves between the first and the last board (a map's line of 70
// moves and more, as catmouse check's report shows it), not a board after each move.
std::string explain(const Solution& solution, const Line& line,
                    const std::optional<std::vector<std::string>>& names, bool moves = false);

// The arrays of a one-cat table as read-only (2, n, n) arrays whose base is `owner`: NumPy
// arrays, or memoryviews without NumPy. Decoded without the GIL.
py::object values_array(const Solution& solution, DecodedArrays& arrays, py::handle owner);
py::object remoteness_array(const Solution& solution, DecodedArrays& arrays, py::handle owner);

// The position (mouse, cats, turn), refused with the source's error when it is not one of the
// game (field "mouse", "cat" or "turn").
template <class Source>
Position checked(const Source& source, NodeId mouse, std::vector<NodeId> cats, int turn) {
  if (turn != 0 && turn != 1) {
    raise_error(Error{"0 (mouse to move) or 1 (cat to move)", at_field(ErrorField::kTurn)},
                "position");
  }
  Position p(mouse, std::move(cats), turn == 0 ? Side::kMouse : Side::kCat);
  if (Status ok = source.check(p); !ok) raise_error(ok.error(), "position");
  return p;
}

template <class Source>
void bind_queries(py::class_<Source>& cls) {
  cls.def_property_readonly("node_count", [](const Source& s) { return s.game().node_count(); })
      .def_property_readonly("cats", [](const Source& s) { return s.game().cats(); })
      .def_property_readonly("rules", [](const Source& s) { return s.game().rules(); })
      .def_property_readonly("spec", [](const Source& s) { return s.spec(); })
      .def_property_readonly("engine",
                             [](const Source& s) { return std::string(engine_name(s.engine())); })
      .def_property_readonly("seconds", [](const Source& s) { return s.seconds(); })
      .def_property_readonly("has_remoteness", [](const Source& s) { return s.has_remoteness(); })
      .def_property_readonly("memory_bytes", [](const Source& s) { return s.memory_bytes(); })
      .def("start", [](const Source& s) { return to_python(s.start()); })
      .def("check", [](const Source& s, NodeId mouse, std::vector<NodeId> cats,
                       int turn) { checked(s, mouse, std::move(cats), turn); })
      .def(
          "value",
          [](const Source& s, NodeId mouse, std::vector<NodeId> cats, int turn,
             std::uint32_t played) {
            return to_python(s.value(checked(s, mouse, std::move(cats), turn), played));
          },
          py::arg("mouse"), py::arg("cats"), py::arg("turn"), py::arg("played") = 0)
      .def("moves",
           [](const Source& s, NodeId mouse, std::vector<NodeId> cats, int turn) {
             py::list out;
             for (const Move& move : s.moves(checked(s, mouse, std::move(cats), turn))) {
               out.append(move_to_python(move));
             }
             return out;
           })
      .def("best_move",
           [](const Source& s, NodeId mouse, std::vector<NodeId> cats, int turn) -> py::object {
             const auto move = s.best_move(checked(s, mouse, std::move(cats), turn));
             return move ? move_to_python(*move) : py::object(py::none());
           })
      .def("line",
           [](const Source& s, NodeId mouse, std::vector<NodeId> cats, int turn) {
             const Line line = s.line(checked(s, mouse, std::move(cats), turn));
             py::list positions;
             for (const Position& p : line.positions) positions.append(to_python(p));
             return py::make_tuple(positions, std::string(line_end_name(line.end)),
                                   line.cycle_start);
           })
      .def(
          "explain",
          [](Source& s, NodeId mouse, std::vector<NodeId> cats, int turn,
             const std::optional<std::vector<std::string>>& names, bool moves) {
            const Line line = s.line(checked(s, mouse, std::move(cats), turn));
            return explain(s.whole(), line, names, moves);
          },
          py::arg("mouse"), py::arg("cats"), py::arg("turn"), py::arg("names") = py::none(),
          py::arg("moves") = false,
          "catmouse explain's text for the optimal line from the position (explain_text.hpp), "
          "the nodes named by `names` (default: ids, or cells on a map); `moves`: the line as "
          "a list of moves between the first and last boards, as check's report of a map.")
      .def("counts", [](const Source& s) { return counts_to_python(s.counts()); })
      .def(
          "values",
          [](Source& s, py::handle owner) { return values_array(s.whole(), s.decoded(), owner); },
          py::arg("owner"), "The values as a (2, n, n) uint8 array whose base is owner.")
      .def(
          "remoteness",
          [](Source& s, py::handle owner) {
            return remoteness_array(s.whole(), s.decoded(), owner);
          },
          py::arg("owner"), "The remoteness as a (2, n, n) int16/int32 array, -1 for draws.");
}

}  // namespace catmouse::python
