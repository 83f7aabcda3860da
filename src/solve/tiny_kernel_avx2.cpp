// The kernels of tiny_kernel.hpp compiled for AVX2 (this file alone gets -mavx2; CMakeLists.txt),
// run by tiny_cop_bounds() and tiny_cops_capture() where tiny::avx2_runs().
#include "tiny_kernel.hpp"

namespace catmouse::tiny {

CopBounds bounds_avx2(const SmallGraph& graph) {
  return bounds<Lanes>(graph);
}

std::optional<std::uint32_t> one_cop_avx2(const SmallGraph& graph) {
  return one_cop_capture<Lanes>(graph);
}

}  // namespace catmouse::tiny
