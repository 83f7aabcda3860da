// A solver under test for catmouse check's tests: the 2n-capped DP of capped_dp.hpp as a program.
// Reads a LeetCode graph on stdin and prints 0, 1 or 2; with --batch, one graph per line, one
// answer per line.
#include <iostream>
#include <string>

#include "capped_dp.hpp"
#include "catmouse/io/format.hpp"

int main(int argc, char** argv) {
  const bool batch = argc > 1 && std::string(argv[1]) == "--batch";
  std::string text, line;
  while (std::getline(std::cin, line)) {
    if (!batch) {
      text += line;
      continue;
    }
    const auto graph = catmouse::parse_leetcode(line, "stdin");
    if (!graph.ok()) return 3;
    std::cout << catmouse::testing::capped_dp(*graph, 2 * graph->node_count()) << std::endl;
  }
  if (batch) return 0;
  const auto graph = catmouse::parse_leetcode(text, "stdin");
  if (!graph.ok()) return 3;
  std::cout << catmouse::testing::capped_dp(*graph, 2 * graph->node_count()) << "\n";
  return 0;
}
