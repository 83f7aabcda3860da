// catmouse check --grid: the command's options for the library's map domain
// (catmouse/testing/check.hpp): LeetCode 1728 maps, answered true or false.
#include "check.hpp"

namespace catmouse::cli {

std::unique_ptr<CheckDomain> grid_domain(const CheckCommand& cmd, std::uint64_t seed) {
  return take(grid_check_domain(shared_options(cmd, seed)));
}

}  // namespace catmouse::cli
