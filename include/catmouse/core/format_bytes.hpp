// Amounts of memory as every message words them. In core, the lowest layer that writes them:
// the readers' limits (io) and the engines' memory refusals (solve) both do, and the programs
// reuse it, so that one amount reads the same wherever it is refused.
#pragma once

#include <cstdint>
#include <string>

namespace catmouse {

// "512 bytes", "3.2 KiB", "1.5 GiB", "4.4 PiB": binary units, one decimal.
std::string format_bytes(std::uint64_t bytes);

}  // namespace catmouse
