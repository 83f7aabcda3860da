// MouseKernel's levels with the 16 rows in one 256-bit vector: this file is compiled for AVX2 on
// x86-64 (src/CMakeLists.txt), and solve() calls it only where the processor has AVX2. Elsewhere
// it is compiled for the build's target, and wide_compiled() says so.
#include "mouse_kernel_levels.hpp"

namespace catmouse::census {

void MouseKernel::solve_wide(NodeId hole, StuckRule stuck) {
  solve_rows<rows_simd::Lanes16, 1>(hole, stuck);
}

bool MouseKernel::wide_compiled() {
#if defined(__AVX2__)
  return true;
#else
  return false;
#endif
}

}  // namespace catmouse::census
