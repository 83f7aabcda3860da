// Tablebase files (.cmtb, tablebase/tablebase.hpp) for Python: open() reads the header, and the
// queries read the blocks they need, as catmouse probe does; explain() and the arrays need the
// whole table, which is loaded once, on first use, within the memory limit given to open().
#include "catmouse/tablebase/tablebase.hpp"

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "queries.hpp"

namespace catmouse::python {

namespace {

// A tablebase as a source of bind_queries(): errors of the file (a corrupt block) are raised as
// "tablebase" errors.
class PyTablebase {
 public:
  PyTablebase(Tablebase tablebase, std::uint64_t memory_limit)
      : tablebase_(std::move(tablebase)), memory_limit_(memory_limit) {}

  const std::string& source() const { return tablebase_.source(); }
  std::uint64_t file_bytes() const { return tablebase_.info().file_bytes; }

  const Game& game() const { return tablebase_.game(); }
  const GameSpec& spec() const { return tablebase_.spec(); }
  bool has_remoteness() const { return tablebase_.has_remoteness(); }
  Engine engine() const { return tablebase_.info().engine; }
  double seconds() const { return 0; }
  // What the table takes in memory: nothing until explain() or the arrays load it.
  std::uint64_t memory_bytes() const {
    const std::lock_guard lock(mutex_);
    return loaded_ ? loaded_->memory_bytes() : 0;
  }
  Counts counts() const { return tablebase_.info().counts; }
  Position start() const { return tablebase_.start(); }
  Status check(const Position& p) const { return tablebase_.check(p); }
  StateValue value(const Position& p, std::uint32_t played) const {
    return take(tablebase_.value(p, played), "tablebase");
  }
  std::vector<Move> moves(const Position& p) const {
    return take(tablebase_.moves(p), "tablebase");
  }
  std::optional<Move> best_move(const Position& p) const {
    return take(tablebase_.best_move(p), "tablebase");
  }
  Line line(const Position& p) const { return take(tablebase_.line(p), "tablebase"); }

  // The whole table, loaded without the GIL on first use (every block checked on the way).
  const Solution& whole() {
    std::optional<Error> failed;
    {
      py::gil_scoped_release release;
      const std::lock_guard lock(mutex_);
      if (!loaded_) {
        Result<Solution> result = tablebase_.load(memory_limit_);
        if (result.ok()) {
          loaded_.emplace(std::move(result).value());
        } else {
          failed = result.error();
        }
      }
    }
    if (failed) raise_error(*failed, "tablebase");
    return *loaded_;
  }
  DecodedArrays& decoded() { return arrays_; }

 private:
  Tablebase tablebase_;
  std::uint64_t memory_limit_;
  mutable std::mutex mutex_;
  std::optional<Solution> loaded_;
  DecodedArrays arrays_;
};

std::unique_ptr<PyTablebase> open(const std::string& path, std::uint64_t memory_limit) {
  std::optional<Result<Tablebase>> opened;
  {
    py::gil_scoped_release release;
    opened.emplace(Tablebase::open(path));
  }
  Tablebase tablebase = take(std::move(*opened), "tablebase");
  if (Status ok = tablebase.limit_query_memory(memory_limit); !ok) {
    raise_error(ok.error(), "tablebase");
  }
  return std::make_unique<PyTablebase>(std::move(tablebase), memory_limit);
}

}  // namespace

void bind_tablebase(py::module_& m) {
  py::class_<PyTablebase> tablebase(
      m, "Tablebase", "A tablebase file (catmouse/tablebase/tablebase.hpp), probed as it is read.");
  bind_queries(tablebase);
  // The path as bytes, as given: the package decodes it as the file system does (os.fsdecode).
  tablebase
      .def_property_readonly("source", [](const PyTablebase& t) { return py::bytes(t.source()); })
      .def_property_readonly("file_bytes", &PyTablebase::file_bytes);
  m.def("open", &open, py::arg("path"), py::arg("memory_limit") = 0,
        "Tablebase::open() without the GIL; the queries keep within memory_limit (0: no limit), "
        "and so does loading the whole table for explain() and the arrays.");
}

}  // namespace catmouse::python
