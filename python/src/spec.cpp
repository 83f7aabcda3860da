// GameSpec and Rules for Python, and the ways a game gets in: read_game() for text (LeetCode
// JSON, edge lists, graph6, LeetCode 1728 maps), and adjacency lists or edge lists of node ids.
// Enumerations travel as the words the CLI and the docs use ("mouse", "lose", ...).
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <climits>
#include <string_view>

#include "bindings.hpp"
#include "catmouse/core/grid.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/limits.hpp"

namespace catmouse::python {

namespace {

// The value a word of core's kRuleWords names; Python checks the word first (_input.py, with the
// same words through rule_words), so a word that is none of them is the caller's mistake.
template <class Enum>
Enum from_word(const std::string& word, const char* what) {
  if (const auto value = parse_rule_word<Enum>(word)) return *value;
  throw py::value_error(fmt::format("{}: '{}' is not one of the accepted words", what, word));
}

// The words of each rule Python takes as a word, as core has them.
py::dict rule_words() {
  py::dict words;
  auto add = [&](const char* rule, const auto& table) {
    py::list list;
    for (const auto& entry : table) list.append(std::string(entry.word));
    words[rule] = py::tuple(list);
  };
  add("first", kRuleWords<Side>);
  add("stuck", kRuleWords<StuckRule>);
  add("limit_outcome", kRuleWords<LimitOutcome>);
  return words;
}

// Whether `item` is a bool, Python's or NumPy's: True is not node 1.
bool is_bool(PyObject* item) {
  return PyBool_Check(item) || std::string_view(Py_TYPE(item)->tp_name) == "numpy.bool_";
}

// A node id from a Python object: a whole number (Python's or NumPy's, not a bool) from 0 to the
// largest id a graph may have; else the GraphError naming `node` (when known) and `field`.
NodeId node_id(PyObject* item, std::optional<std::uint64_t> node, const Location& field) {
  const std::uint64_t largest = max_nodes(0) - 1;
  long long value = -1;
  int overflow = 0;
  if (!is_bool(item)) {
    if (PyObject* index = PyNumber_Index(item)) {
      value = PyLong_AsLongLongAndOverflow(index, &overflow);
      Py_DECREF(index);
    }
    if (PyErr_Occurred()) PyErr_Clear();
  }
  if (overflow == 0 && value >= 0 && static_cast<std::uint64_t>(value) <= largest) {
    return static_cast<NodeId>(value);
  }
  const std::string shown = py::repr(item).cast<std::string>();
  Error error{overflow > 0 || value > 0
                  ? fmt::format("node id {} is too big (the limit is {})", shown, largest)
                  : fmt::format("{} is not a node id (a whole number from 0)", shown),
              field};
  error.where.node = node;
  raise_error(error, "graph");
}

// The items of a sequence (a list or tuple without copying), kept alive by the returned object.
struct Items {
  py::object owner;
  PyObject** items;
  std::size_t size;
};
Items items_of(py::handle sequence, const char* what) {
  py::object fast = py::reinterpret_steal<py::object>(PySequence_Fast(sequence.ptr(), what));
  if (!fast) throw py::error_already_set();
  return {fast, PySequence_Fast_ITEMS(fast.ptr()),
          static_cast<std::size_t>(PySequence_Fast_GET_SIZE(fast.ptr()))};
}

// Refuses, before anything of that size is allocated, a graph of `nodes` nodes whose game could
// not be solved within `memory_limit` (0: no limit), as the text readers do.
void check_nodes(std::uint64_t nodes, std::uint64_t memory_limit, const std::string& what) {
  if (Status ok = check_node_count(nodes, memory_limit, what); !ok)
    raise_error(ok.error(), "graph");
}

GameSpec from_adjacency(const py::handle& lists, std::uint64_t memory_limit) {
  const Items outer = items_of(lists, "adjacency lists: not a list of lists");
  check_nodes(outer.size, memory_limit, fmt::format("{} adjacency lists imply", outer.size));
  std::vector<std::vector<NodeId>> adjacency(outer.size);
  for (std::size_t a = 0; a < outer.size; ++a) {
    const Items list = items_of(outer.items[a], "adjacency lists: not a list of lists");
    adjacency[a].reserve(list.size);
    for (std::size_t k = 0; k < list.size; ++k) {
      adjacency[a].push_back(node_id(list.items[k], a, at_field(ErrorField::kNeighbour, k)));
    }
  }
  return make_spec(take(Graph::from_adjacency(adjacency), "graph"));
}

// The graph of each node's out-neighbours in CSR form: node a's are the next degrees[a] entries of
// `targets`. Two flat lists make no Python object per node, which keeps large graphs cheap.
GameSpec from_csr(const py::handle& degrees, const py::handle& targets, bool directed,
                  std::uint64_t memory_limit) {
  const Items counts = items_of(degrees, "degrees: not a list");
  check_nodes(counts.size, memory_limit, fmt::format("{} nodes imply", counts.size));
  const Items ends = items_of(targets, "targets: not a list");
  std::vector<std::uint64_t> offsets(counts.size + 1, 0);
  for (std::size_t a = 0; a < counts.size; ++a) {
    offsets[a + 1] = offsets[a] + py::reinterpret_borrow<py::int_>(counts.items[a]).cast<NodeId>();
  }
  if (offsets.back() != ends.size) throw py::value_error("targets: not as many as the degrees say");
  std::vector<NodeId> list(ends.size);
  for (std::size_t a = 0, k = 0; a < counts.size; ++a) {
    for (; k < offsets[a + 1]; ++k) {
      list[k] = node_id(ends.items[k], a, at_field(ErrorField::kNeighbour, k - offsets[a]));
    }
  }
  if (!directed)
    return make_spec(take(Graph::from_csr(std::move(offsets), std::move(list)), "graph"));
  if (counts.size > UINT32_MAX) throw py::value_error("too many nodes for 32-bit node ids");
  std::vector<Edge> arcs(list.size());
  for (std::size_t a = 0; a < counts.size; ++a) {
    for (std::uint64_t k = offsets[a]; k < offsets[a + 1]; ++k) {
      arcs[k] = {static_cast<NodeId>(a), list[k]};
    }
  }
  return make_spec(take(Graph::from_edges(static_cast<NodeId>(counts.size), arcs, true), "graph"));
}

// The graph of an edge list of node ids; without `node_count`, the nodes are 0 to the largest id,
// as in an edge list's text (one edge can imply a billion nodes, refused before any is built).
GameSpec from_edges(const py::handle& edges, bool directed, std::uint64_t memory_limit,
                    std::optional<std::uint64_t> node_count) {
  const Items pairs = items_of(edges, "edges: not a list of pairs");
  std::vector<Edge> list(pairs.size);
  std::optional<NodeId> largest;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Items pair = items_of(pairs.items[i], "edges: not a list of pairs");
    if (pair.size != 2) {
      raise_error(Error{"not a pair of nodes", at_field(ErrorField::kEdge, i)}, "graph");
    }
    NodeId ends[2];
    for (int k = 0; k < 2; ++k) {
      ends[k] = node_id(pair.items[k], std::nullopt, at_field(ErrorField::kEdge, i));
      if (!largest || ends[k] > *largest) largest = ends[k];
    }
    list[i] = {ends[0], ends[1]};
  }
  const std::uint64_t nodes = node_count ? *node_count : largest ? std::uint64_t{*largest} + 1 : 0;
  check_nodes(nodes, memory_limit,
              node_count || !largest
                  ? fmt::format("{} nodes imply", nodes)
                  : fmt::format("node id {} implies {} nodes and", *largest, nodes));
  if (nodes > max_nodes(0)) {
    raise_error(Error{fmt::format("{} nodes: more than node ids can number", nodes),
                      at_field(ErrorField::kGraph)},
                "graph");
  }
  return make_spec(take(Graph::from_edges(static_cast<NodeId>(nodes), list, directed), "graph"));
}

// The bytes of `text` as they were given, for the reader to judge: bytes and bytearray as they
// are, so that an error names the byte that is there (0xFF, not the 0xEF of a replacement
// character); a str as UTF-8, where one decoded with errors="surrogateescape" (os.fsdecode,
// sys.argv) gets back the bytes that were not UTF-8, and any other lone surrogate stays as
// surrogatepass writes it, for the reader to refuse by its byte and place.
std::string text_bytes(const py::handle& text) {
  if (PyBytes_Check(text.ptr())) {
    return {PyBytes_AS_STRING(text.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(text.ptr()))};
  }
  if (PyByteArray_Check(text.ptr())) {
    return {PyByteArray_AS_STRING(text.ptr()),
            static_cast<std::size_t>(PyByteArray_GET_SIZE(text.ptr()))};
  }
  if (!PyUnicode_Check(text.ptr())) throw py::type_error("text: give a str or bytes");
  Py_ssize_t size = 0;
  if (const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size)) {
    return {utf8, static_cast<std::size_t>(size)};
  }
  PyErr_Clear();  // a lone surrogate
  PyObject* encoded = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogateescape");
  if (encoded == nullptr) {
    PyErr_Clear();
    encoded = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogatepass");
  }
  if (encoded == nullptr) throw py::error_already_set();
  const py::object owner = py::reinterpret_steal<py::object>(encoded);
  return {PyBytes_AS_STRING(encoded), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded))};
}

GameSpec read(const py::handle& text, const std::string& source,
              const std::optional<std::string>& format, bool directed, std::uint64_t memory_limit) {
  const std::string bytes = text_bytes(text);
  ReadOptions options;
  options.memory_limit = memory_limit;
  if (format) options.format = take(parse_input_format(*format), "graph");
  options.directed = directed;
  return take(read_game(bytes, source, options), "graph");
}

}  // namespace

void bind_spec(py::module_& m) {
  m.attr("rule_words") = rule_words();
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
          "first", [](const Rules& r) { return std::string(rule_word(r.first)); },
          [](Rules& r, const std::string& w) { r.first = from_word<Side>(w, "first"); })
      .def_property(
          "stuck", [](const Rules& r) { return std::string(rule_word(r.stuck)); },
          [](Rules& r, const std::string& w) { r.stuck = from_word<StuckRule>(w, "stuck"); })
      .def_property(
          "limit_outcome", [](const Rules& r) { return std::string(rule_word(r.limit_outcome)); },
          [](Rules& r, const std::string& w) {
            r.limit_outcome = from_word<LimitOutcome>(w, "limit_outcome");
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

  // Every reader takes the memory limit of the solve to come (0: none), and refuses a game that
  // could not be solved within it before allocating anything of its size (io/limits.hpp).
  m.def("read_game", &read, py::arg("text"), py::arg("source"), py::arg("format") = py::none(),
        py::arg("directed") = false, py::arg("memory_limit") = 0,
        "read_game() of game_reader.hpp: any text (str or bytes, read as given) to a GameSpec.");
  m.def("from_adjacency", &from_adjacency, py::arg("lists"), py::arg("memory_limit") = 0,
        "A game on the graph of LeetCode adjacency lists (node ids), with LeetCode's rules.");
  m.def("from_csr", &from_csr, py::arg("degrees"), py::arg("targets"), py::arg("directed") = false,
        py::arg("memory_limit") = 0,
        "A game on the graph whose node a has the next degrees[a] entries of targets as "
        "neighbours (arcs from a when directed).");
  m.def("from_edges", &from_edges, py::arg("edges"), py::arg("directed") = false,
        py::arg("memory_limit") = 0, py::arg("node_count") = py::none(),
        "A game on the graph of an edge list (node ids); its nodes are 0 to the largest id "
        "unless node_count says.");
  m.def("available_memory", &available_memory,
        "Bytes this process may still take (io/limits.hpp): the default memory limit.");
  m.attr("MAX_THREADS") = kMaxThreads;
  m.attr("MAX_JUMP") = kMaxJump;
}

}  // namespace catmouse::python
