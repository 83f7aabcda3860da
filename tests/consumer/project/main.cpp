// A program that uses catmouse the way a user of the package does: only the public headers and
// the target catmouse::catmouse. Prints LeetCode's answer for LeetCode 913's first example (0).
#include <catmouse/catmouse.hpp>
#include <iostream>

int main() {
  auto graph = catmouse::parse_leetcode("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]", "<consumer>");
  if (!graph) {
    std::cerr << graph.error().to_string() << '\n';
    return 1;
  }
  catmouse::Game game(*graph, catmouse::Rules{});
  auto table = catmouse::solve(game);
  if (!table) {
    std::cerr << table.error().to_string() << '\n';
    return 1;
  }
  std::cout << static_cast<int>(table->value(game.start())) << '\n';
  return 0;
}
