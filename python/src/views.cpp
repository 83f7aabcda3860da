// The arrays of a one-cat table as Python sees them: read-only (2, n, n) NumPy arrays over the
// memory the Solution's DecodedArrays own, or without NumPy memoryviews of the same memory.
#include <pybind11/numpy.h>

#include <string>
#include <variant>
#include <vector>

#include "queries.hpp"

namespace catmouse::python {

namespace {

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

// The arrays hold the states of one cat (the package says so before it asks).
void require_one_cat(const Solution& s) {
  if (s.game().cats() != 1) {
    raise_error(Error{"the arrays hold the states of one cat; use value() with more cats",
                      at_field(ErrorField::kCats)},
                "position");
  }
}

}  // namespace

py::object values_array(const Solution& solution, DecodedArrays& arrays, py::handle owner) {
  require_one_cat(solution);
  const std::vector<std::uint8_t>* data = nullptr;
  {
    py::gil_scoped_release release;
    data = &arrays.values(solution);
  }
  return view(*data, solution.game().node_count(), owner);
}

py::object remoteness_array(const Solution& solution, DecodedArrays& arrays, py::handle owner) {
  require_one_cat(solution);
  if (!solution.has_remoteness()) {
    raise_error(Error{"a values-only table keeps no remoteness", at_field(ErrorField::kValuesOnly)},
                "solve");
  }
  const DecodedArrays::Remoteness* data = nullptr;
  {
    py::gil_scoped_release release;
    data = &arrays.remoteness(solution);
  }
  const NodeId n = solution.game().node_count();
  return std::visit([&](const auto& words) { return view(words, n, owner); }, *data);
}

void bind_arrays(py::module_& m) {
  py::class_<ArrayBuffer>(m, "ArrayBuffer", py::buffer_protocol(),
                          "A (2, n, n) array for memoryview() when NumPy is absent.")
      .def_buffer([](const ArrayBuffer& b) {
        const py::ssize_t side = b.side;
        return py::buffer_info(const_cast<void*>(b.data), b.itemsize, b.format, 3,
                               {py::ssize_t{2}, side, side},
                               {side * side * b.itemsize, side * b.itemsize, b.itemsize},
                               /*readonly=*/true);
      });
}

}  // namespace catmouse::python
