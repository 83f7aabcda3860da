// MouseKernel's levels with the 16 rows in one 256-bit vector: this file is compiled for AVX2 on
// x86-64 (src/CMakeLists.txt), and solve() calls it only where the processor has AVX2. Compiled
// for another target, wide_compiled() says so and the 128-bit levels stand in.
#include "mouse_kernel_levels.hpp"

namespace catmouse::census {

#if defined(__AVX2__)
void MouseKernel::solve_wide(NodeId hole, StuckRule stuck) {
  solve_rows<rows_simd::Lanes16, 1>(hole, stuck);
}
bool MouseKernel::wide_compiled() {
  return true;
}
#else
void MouseKernel::solve_wide(NodeId hole, StuckRule stuck) {
  solve_rows<rows_simd::Lanes8, 2>(hole, stuck);
}
bool MouseKernel::wide_compiled() {
  return false;
}
#endif

}  // namespace catmouse::census
