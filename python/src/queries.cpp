#include "queries.hpp"

#include "explain_text.hpp"

namespace catmouse::python {

PyPosition to_python(const Position& p) {
  return {p.mouse, p.cats, static_cast<int>(p.turn)};
}

PyValue to_python(const StateValue& v) {
  return {static_cast<int>(v.value), v.remoteness};
}

py::object move_to_python(const Move& move) {
  return py::make_tuple(to_python(move.child), to_python(move.value));
}

py::dict counts_to_python(const Counts& counts) {
  py::dict out;
  out["states"] = counts.states;
  out["mouse_wins"] = counts.mouse_wins;
  out["cat_wins"] = counts.cat_wins;
  out["draws"] = counts.draws;
  out["max_remoteness"] = counts.max_remoteness;
  return out;
}

std::string explain(const Solution& solution, const Line& line,
                    const std::optional<std::vector<std::string>>& names, bool moves) {
  const cli::LineLayout layout = moves ? cli::LineLayout::kMoves : cli::LineLayout::kPositions;
  if (!names) return cli::explain_text(solution, line, layout);
  if (names->size() != solution.game().node_count()) {
    throw py::value_error("names: one per node");
  }
  return cli::explain_text(
      solution, line, [&names](NodeId v) { return (*names)[v]; }, layout);
}

}  // namespace catmouse::python
