// LeetCode JSON adjacency lists (parse_leetcode): the fast path for plain lists and the full JSON
// path behind it; a graph read must come back unchanged from to_leetcode().
#include "catmouse/io/format.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kSource = "fuzz.json";
  const Result<Graph> graph =
      parse_leetcode(fuzz::text_of(data, size), kSource, fuzz::kMemoryLimit);
  if (!graph.ok()) {
    fuzz::check_error(graph.error(), kSource);
    return 0;
  }
  const std::string text = to_leetcode(*graph);
  const Result<Graph> again = parse_leetcode(text, kSource);
  fuzz::require(again.ok() && fuzz::same_graph(*graph, *again), "to_leetcode round trip", text);
  return 0;
}
