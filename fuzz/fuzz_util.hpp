// What every fuzz target checks besides memory safety (AddressSanitizer) and undefined behaviour
// (UBSan): the readers' promises. An error is a value with a message and a source, never an
// exception (the readers turn a stray one into "internal error while reading", a finding here),
// and a graph that was read survives a round trip through the writers unchanged.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "io/read_errors.hpp"

namespace catmouse::fuzz {

// The memory limit the targets read under: the CLI always passes one (--memory, or the available
// memory), so a node id of 10^9 is refused, not built. 64 MiB allows about 16,000 nodes.
inline constexpr std::uint64_t kMemoryLimit = std::uint64_t{64} << 20;

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Stops the run with `what`: libFuzzer saves the input as a crash.
[[noreturn]] inline void finding(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz finding: %s: %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

inline void require(bool condition, const char* what, std::string_view detail = {}) {
  if (!condition) finding(what, detail);
}

// An error as the readers promise it: worded, naming the source, not a caught stray exception.
inline void check_error(const Error& error, std::string_view source) {
  require(!error.message.empty(), "an error without a message");
  require(error.where.source == source, "an error not naming its source", error.to_string());
  require(!error.message.starts_with(kUnexpectedReadError), "an exception escaped a reader",
          error.message);
}

inline bool same_graph(const Graph& a, const Graph& b) {
  return a.directed() == b.directed() && a.to_adjacency() == b.to_adjacency();
}

}  // namespace catmouse::fuzz
