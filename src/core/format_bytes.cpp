#include "catmouse/core/format_bytes.hpp"

#include <fmt/format.h>

#include <iterator>

namespace catmouse {

std::string format_bytes(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return fmt::format("{} bytes", bytes);
  double amount = static_cast<double>(bytes) / 1024.0;
  std::size_t unit = 0;
  while (amount >= 1024 && unit + 1 < std::size(kUnits)) {
    amount /= 1024;
    ++unit;
  }
  return fmt::format("{:.1f} {}", amount, kUnits[unit]);
}

}  // namespace catmouse
