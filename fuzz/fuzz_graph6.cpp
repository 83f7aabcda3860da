// graph6 files (parse_graph6_file: header, byte-order mark, blank lines, one graph per line) and
// single lines (parse_graph6); every graph read must come back unchanged from to_graph6().
#include "catmouse/io/format.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kSource = "fuzz.g6";
  const std::string_view text = fuzz::text_of(data, size);
  const Result<std::vector<Graph>> graphs = parse_graph6_file(text, kSource, fuzz::kMemoryLimit);
  if (!graphs.ok()) {
    fuzz::check_error(graphs.error(), kSource);
  } else {
    for (const Graph& graph : *graphs) {
      const std::string line = to_graph6(graph);
      const Result<Graph> again = parse_graph6(line, kSource);
      fuzz::require(again.ok() && fuzz::same_graph(graph, *again), "to_graph6 round trip", line);
    }
  }
  // The first line alone, as a batch reads it.
  const Result<Graph> one =
      parse_graph6(text.substr(0, text.find('\n')), kSource, 1, fuzz::kMemoryLimit);
  if (!one.ok()) fuzz::check_error(one.error(), kSource);
  return 0;
}
