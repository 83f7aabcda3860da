// catmouse._core: the module, errors as Python exceptions, and the guard that runs a solve
// without the GIL and stops it between levels on Ctrl-C.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "catmouse/io/limits.hpp"
#include "catmouse/version.hpp"

namespace catmouse::python {

namespace {

// Text for Python whatever its bytes: a message may quote input that is not valid UTF-8, and
// pybind11's strict decoding would raise UnicodeDecodeError in place of the error itself.
py::str text(std::string_view bytes) {
  PyObject* decoded =
      PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "backslashreplace");
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

// The message as text and node ids in turn, so that Python names the nodes by their labels.
py::list message_parts(const Error& error) {
  py::list parts;
  std::size_t at = 0;
  for (const NodeMention& mention : error.nodes) {
    if (mention.offset < at || mention.offset + mention.length > error.message.size()) continue;
    parts.append(text(std::string_view(error.message).substr(at, mention.offset - at)));
    parts.append(py::int_(mention.node));
    at = mention.offset + mention.length;
  }
  parts.append(text(error.message.substr(at) + error.hint_clause()));
  return parts;
}

// What ran out, when the error is not the caller's: "memory", "resources" or "".
const char* exhausted(const Error& error) {
  if (error.kind == ErrorKind::kOutOfMemory) return "memory";
  const ErrorKind kind = error.kind;
  const bool callers = kind == ErrorKind::kBadInput || kind == ErrorKind::kRefusedMemory ||
                       kind == ErrorKind::kCancelled;
  return callers ? "" : "resources";
}

}  // namespace

void raise_error(const Error& error, std::string_view kind) {
  const Location& where = error.where;
  py::object node = where.node ? py::int_(*where.node) : py::object(py::none());
  py::object index = where.index ? py::int_(*where.index) : py::object(py::none());
  Location shown = where;  // the field as the command line shows it, for str(error)
  shown.source.clear();
  shown.line = shown.column = 0;
  shown.node.reset();
  py::object exception =
      py::module_::import("catmouse._errors")
          .attr("from_library")(text(kind), message_parts(error), text(where.source), where.line,
                                where.column, node, text(field_name(where.field)), index,
                                text(shown.to_string()), exhausted(error));
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())), exception.ptr());
  throw py::error_already_set();
}

SolveOptions SolveGuard::attach(SolveOptions options) {
  // Both run on the thread that called the solve, which released the GIL for it.
  options.progress = [this](const SolveProgress& p) { report([&p] { return py::cast(p); }); };
  options.cancelled = [this] { return cancelled(); };
  return options;
}

void SolveGuard::report(const std::function<py::object()>& argument) {
  if (pending_ || progress_.is_none()) return;
  py::gil_scoped_acquire gil;
  try {
    progress_(argument());
  } catch (py::error_already_set& e) {
    pending_ = std::move(e);
  } catch (
      const std::exception& e) {  // pybind11's own (a cast that failed): never into the library
    PyErr_SetString(PyExc_RuntimeError, e.what());
    pending_ = py::error_already_set();
  }
}

bool SolveGuard::cancelled() {
  if (pending_) return true;
  py::gil_scoped_acquire gil;
  // SIGINT's handler raises KeyboardInterrupt.
  if (PyErr_CheckSignals() != 0) pending_ = py::error_already_set();
  return pending_.has_value();
}

void SolveGuard::raise_pending() {
  if (!pending_) return;
  py::error_already_set error = std::move(*pending_);
  pending_.reset();
  throw error;
}

}  // namespace catmouse::python

PYBIND11_MODULE(_core, m) {
  namespace python = catmouse::python;
  m.doc() = "catmouse's C++ library in node ids; use the package catmouse, not this module.";
  m.attr("__version__") = catmouse::kVersion;
  python::bind_spec(m);
  python::bind_arrays(m);
  python::bind_solution(m);
  python::bind_tablebase(m);
  python::bind_check(m);
  python::bind_census(m);
}
