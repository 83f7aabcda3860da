// Edge lists (parse_edges), undirected or, when the first byte is odd, directed; a graph read must
// come back unchanged from to_edges().
#include "catmouse/io/format.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kSource = "fuzz.edges";
  if (size == 0) return 0;
  const bool directed = (data[0] & 1) != 0;
  const std::string_view text = fuzz::text_of(data + 1, size - 1);
  const Result<Graph> graph = parse_edges(text, kSource, directed, fuzz::kMemoryLimit);
  if (!graph.ok()) {
    fuzz::check_error(graph.error(), kSource);
    return 0;
  }
  const std::string written = to_edges(*graph);
  const Result<Graph> again = parse_edges(written, kSource, directed);
  fuzz::require(again.ok() && fuzz::same_graph(*graph, *again), "to_edges round trip", written);
  return 0;
}
