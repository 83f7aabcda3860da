// A program that uses catmouse the way a user of the package does: only the public headers and
// the target catmouse::catmouse, through the seam (text -> GameSpec -> solve -> Solution). Prints
// LeetCode's answer for LeetCode 913's first example (0).
#include <catmouse/catmouse.hpp>
#include <iostream>

int main() {
  auto spec = catmouse::read_game("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]", "<consumer>");
  if (!spec) {
    std::cerr << spec.error().to_string() << '\n';
    return 1;
  }
  auto solution = catmouse::solve(std::move(spec).value());
  if (!solution) {
    std::cerr << solution.error().to_string() << '\n';
    return 1;
  }
  std::cout << static_cast<int>(solution->value(solution->start()).value) << '\n';
  return 0;
}
