// GameSpec and Rules for Python, and the ways a game gets in: read_game() for text (LeetCode
// JSON, edge lists, graph6, LeetCode 1728 maps), and adjacency lists or edge lists of node ids.
// Enumerations travel as the words the CLI and the docs use ("mouse", "lose", ...).
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <climits>

#include "bindings.hpp"
#include "catmouse/io/game_reader.hpp"

namespace catmouse::python {

namespace {

// A word of `words` (index = the enum's value); a ValueError naming `what` otherwise. The package
// checks its arguments first, so this guards the module's own callers.
template <class Enum, std::size_t N>
Enum from_word(const std::string& word, const char* const (&words)[N], const char* what) {
  for (std::size_t i = 0; i < N; ++i) {
    if (word == words[i]) return static_cast<Enum>(i);
  }
  throw py::value_error(fmt::format("{}: '{}' is not one of the accepted words", what, word));
}

constexpr const char* kSides[] = {"mouse", "cat"};
constexpr const char* kStuck[] = {"lose", "draw"};
constexpr const char* kLimitOutcomes[] = {"draw", "cat"};

// A node id from a Python object: a whole number from 0 (Python or NumPy), else a GraphError
// naming `node` (when known) and `field`.
NodeId node_id(py::handle item, std::optional<std::uint64_t> node, const std::string& field) {
  PyObject* index = PyNumber_Index(item.ptr());
  long long value = -1;
  if (index != nullptr) {
    value = PyLong_AsLongLong(index);
    Py_DECREF(index);
  }
  if (value < 0 || value > UINT32_MAX || PyErr_Occurred()) {
    PyErr_Clear();
    Error error{fmt::format("{} is not a node id (a whole number from 0)",
                            py::repr(item).cast<std::string>()),
                {}};
    error.where.node = node;
    error.where.field = field;
    raise_error(error, "graph");
  }
  return static_cast<NodeId>(value);
}

GameSpec from_adjacency(const py::sequence& lists) {
  std::vector<std::vector<NodeId>> adjacency(lists.size());
  for (std::size_t a = 0; a < adjacency.size(); ++a) {
    const py::sequence list = lists[a].cast<py::sequence>();
    adjacency[a].reserve(list.size());
    for (std::size_t k = 0; k < list.size(); ++k) {
      adjacency[a].push_back(node_id(list[k], a, fmt::format("neighbour {}", k)));
    }
  }
  return make_spec(take(Graph::from_adjacency(adjacency), "graph"));
}

GameSpec from_edges(std::uint64_t node_count, const py::sequence& edges, bool directed) {
  std::vector<Edge> list(edges.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const py::sequence pair = edges[i].cast<py::sequence>();
    if (pair.size() != 2) throw py::value_error(fmt::format("edge {}: not a pair of nodes", i));
    const std::string field = fmt::format("edge {}", i);
    list[i] = {node_id(pair[0], std::nullopt, field), node_id(pair[1], std::nullopt, field)};
  }
  if (node_count > UINT32_MAX) throw py::value_error("too many nodes for 32-bit node ids");
  return make_spec(
      take(Graph::from_edges(static_cast<NodeId>(node_count), list, directed), "graph"));
}

GameSpec read(const std::string& text, const std::string& source,
              const std::optional<std::string>& format, bool directed) {
  ReadOptions options;
  if (format) options.format = take(parse_input_format(*format), "graph");
  options.directed = directed;
  return take(read_game(text, source, options), "graph");
}

}  // namespace

void bind_spec(py::module_& m) {
  py::class_<Rules>(m, "Rules", "The rules of a game (catmouse/core/rules.hpp), in node ids.")
      .def(py::init<>())
      .def_readwrite("holes", &Rules::holes)
      .def_readwrite("cat_forbidden", &Rules::cat_forbidden)
      .def_readwrite("mouse_start", &Rules::mouse_start)
      .def_readwrite("cat_start", &Rules::cat_start)
      .def_readwrite("cat_starts", &Rules::cat_starts)
      .def_readwrite("mouse_stays", &Rules::mouse_stays)
      .def_readwrite("cat_stays", &Rules::cat_stays)
      .def_readwrite("cat_wins_in_hole", &Rules::cat_wins_in_hole)
      .def_readwrite("move_limit", &Rules::move_limit)
      .def_readwrite("cats", &Rules::cats)
      .def_property(
          "first", [](const Rules& r) { return kSides[static_cast<int>(r.first)]; },
          [](Rules& r, const std::string& w) { r.first = from_word<Side>(w, kSides, "first"); })
      .def_property(
          "stuck", [](const Rules& r) { return kStuck[static_cast<int>(r.stuck)]; },
          [](Rules& r, const std::string& w) {
            r.stuck = from_word<StuckRule>(w, kStuck, "stuck");
          })
      .def_property(
          "limit_outcome",
          [](const Rules& r) { return kLimitOutcomes[static_cast<int>(r.limit_outcome)]; },
          [](Rules& r, const std::string& w) {
            r.limit_outcome = from_word<LimitOutcome>(w, kLimitOutcomes, "limit_outcome");
          })
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; });

  py::class_<GameSpec>(m, "GameSpec", "A game as read (catmouse/core/game_spec.hpp).")
      .def_property_readonly("node_count", [](const GameSpec& s) { return s.graph.node_count(); })
      .def_property_readonly("edge_count", [](const GameSpec& s) { return s.graph.edge_count(); })
      .def_property_readonly("directed", [](const GameSpec& s) { return s.graph.directed(); })
      .def_property(
          "rules", [](const GameSpec& s) { return s.rules; },
          [](GameSpec& s, const Rules& rules) { s.rules = rules; })
      .def_readwrite("source", &GameSpec::source)
      .def_property_readonly("grid",
                             [](const GameSpec& s) -> py::object {
                               if (!s.grid) return py::none();
                               return py::make_tuple(s.grid->rows, s.grid->cat_jump,
                                                     s.grid->mouse_jump);
                             })
      .def(
          "adjacency", [](const GameSpec& s) { return s.graph.to_adjacency(); },
          "The mouse's graph as adjacency lists (LeetCode form).");

  m.def("read_game", &read, py::arg("text"), py::arg("source"), py::arg("format") = py::none(),
        py::arg("directed") = false, "read_game() of game_reader.hpp: any text to a GameSpec.");
  m.def("from_adjacency", &from_adjacency, py::arg("lists"),
        "A game on the graph of LeetCode adjacency lists (node ids), with LeetCode's rules.");
  m.def("from_edges", &from_edges, py::arg("node_count"), py::arg("edges"),
        py::arg("directed") = false, "A game on the graph of an edge list (node ids).");
}

}  // namespace catmouse::python
