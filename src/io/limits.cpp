#include "catmouse/io/limits.hpp"

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string_view>

namespace catmouse {

namespace {

constexpr std::uint64_t kSaturated = UINT64_MAX;

// a * b, or UINT64_MAX when the product does not fit.
std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kSaturated / a) return kSaturated;
  return a * b;
}

// The value of `key` ("MemAvailable:") in a /proc file of "key value kB" lines, in bytes; 0 when
// unknown.
std::uint64_t proc_bytes(const char* file, std::string_view key) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with(key)) continue;
    std::istringstream fields(line.substr(key.size()));
    std::uint64_t kib = 0;
    if (fields >> kib) return saturating_product(kib, 1024);
  }
  return 0;
}

}  // namespace

std::uint64_t available_memory() {
  std::uint64_t available = proc_bytes("/proc/meminfo", "MemAvailable:");
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t mapped = proc_bytes("/proc/self/status", "VmSize:");
    const std::uint64_t left = limit.rlim_cur > mapped ? limit.rlim_cur - mapped : 1;
    available = available == 0 ? left : std::min<std::uint64_t>(available, left);
  }
  return available;
}

// Exact below a billion ("2000000"), else "2.0e16": a count a reader can take in at a glance.
std::string format_count(std::uint64_t count) {
  if (count == kSaturated) return "more than 1.8e19";
  if (count < 1'000'000'000) return fmt::to_string(count);
  const int exponent = static_cast<int>(std::floor(std::log10(static_cast<double>(count))));
  return fmt::format("{:.1f}e{}", static_cast<double>(count) / std::pow(10.0, exponent), exponent);
}

std::uint64_t game_states(std::uint64_t nodes) {
  return saturating_product(2, saturating_product(nodes, nodes));
}

std::uint64_t min_solve_bytes(std::uint64_t nodes) {
  const std::uint64_t states = game_states(nodes);
  if (states == kSaturated) return kSaturated;
  const std::uint64_t bits = states / 8 + (states % 8 != 0);
  const std::uint64_t index = saturating_product(8, nodes + 1);
  return bits > kSaturated - index ? kSaturated : bits + index;
}

std::uint64_t graph_bytes(std::uint64_t nodes, std::uint64_t edges) {
  const std::uint64_t for_edges = saturating_product(32, edges);
  const std::uint64_t for_nodes = saturating_product(16, nodes);
  return for_edges > kSaturated - for_nodes ? kSaturated : for_edges + for_nodes;
}

std::uint64_t max_nodes(std::uint64_t memory_limit) {
  constexpr std::uint64_t kMaxIds = std::uint64_t{UINT32_MAX};
  if (memory_limit == 0) return kMaxIds;
  // n²/4 + 8n ≈ limit: start from the square root and step to the exact boundary.
  auto n = static_cast<std::uint64_t>(std::sqrt(4.0 * static_cast<double>(memory_limit)));
  n = std::min(n, kMaxIds);
  while (n > 0 && min_solve_bytes(n) > memory_limit) --n;
  while (n < kMaxIds && min_solve_bytes(n + 1) <= memory_limit) ++n;
  return n;
}

std::uint64_t max_input_bytes(std::uint64_t memory_limit) {
  if (memory_limit == 0) return kSaturated;
  return std::max(memory_limit / kParseBytesPerInputByte, kMinInputBytes);
}

Status check_node_count(std::uint64_t nodes, std::uint64_t memory_limit, std::string_view what) {
  if (memory_limit == 0 || nodes <= max_nodes(memory_limit)) return {};
  const std::uint64_t needed = min_solve_bytes(nodes);
  Error error{fmt::format("{} {} states: solving them needs at least {}, more than the memory "
                          "limit of {}",
                          what, format_count(game_states(nodes)),
                          needed == kSaturated ? "more than 16 EiB" : format_bytes(needed),
                          format_bytes(memory_limit)),
              {},
              ErrorKind::kRefusedMemory};
  error.where.field = ErrorField::kMemoryLimit;
  error.memory = MemoryFigures{needed, memory_limit};
  return error;
}

Error out_of_memory(std::string_view what, std::string_view source) {
  Error error{fmt::format("out of memory while reading {}", what), {}, ErrorKind::kOutOfMemory};
  error.where.source = std::string(source);
  error.where.field = ErrorField::kMemoryLimit;
  return error;
}

Status check_input_size(std::uint64_t bytes, std::uint64_t memory_limit) {
  const std::uint64_t most = max_input_bytes(memory_limit);
  if (bytes <= most) return {};
  Error error{fmt::format("the input is longer than {}, the most that can be parsed within the "
                          "memory limit of {} (parsing takes up to {} bytes per byte of text)",
                          format_bytes(most), format_bytes(memory_limit), kParseBytesPerInputByte),
              {},
              ErrorKind::kRefusedMemory};
  error.where.field = ErrorField::kMemoryLimit;
  return error;
}

}  // namespace catmouse
