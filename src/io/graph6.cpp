// graph6, nauty's format for undirected graphs (see docs/formats.md): one graph per line, node
// count then the upper triangle of the adjacency matrix, 6 bits per byte. Kept apart from the other
// formats because it shares nothing with their parsers but the error type.
#include <fmt/format.h>

#include <algorithm>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/io/format.hpp"
#include "catmouse/io/limits.hpp"
#include "io/read_errors.hpp"

namespace catmouse {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kGraph6Header = ">>graph6<<";

}  // namespace

namespace {

// graph6 packs 6 bits into each byte and adds 63, so every byte of a graph is in '?'..'~'.
constexpr unsigned char kGraph6Bias = 63;
constexpr unsigned char kGraph6Max = 126;  // '~': also marks a multi-byte node count

std::string plural(std::uint64_t count, std::string_view word) {
  return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

// "':' (58)" for printable ASCII, else "0xC3": what the user sees in an editor or a hex dump.
std::string describe_byte(unsigned char c) {
  if (c >= 32 && c < 127) return fmt::format("'{}' ({})", static_cast<char>(c), c);
  return fmt::format("0x{:02X}", c);
}

// Decodes the graph6 graph that starts at byte `start` of `line` (after a byte-order mark or the
// header, which keep their columns); the line end, '\r' included, is already cut off. Every check
// on the bytes comes before any allocation, so arbitrary input costs at most one pass over the line
// unless it is a well-formed graph.
Result<Graph> decode_graph6(std::string_view line, std::size_t start, std::string_view source,
                            std::uint64_t line_number, std::uint64_t memory_limit) try {
  const auto fail = [&](std::string message, std::size_t offset) {
    Error error{std::move(message), {}};
    error.where.source = std::string(source);
    error.where.line = line_number;
    error.where.column = position_of(line, offset).second;
    return error;
  };
  const std::string_view g = line.substr(std::min(start, line.size()));
  if (g.empty()) return fail("empty line: expected a graph6 graph", start);
  // nauty's sibling formats share the file layout; name them rather than their first byte.
  if (g.starts_with(':') || g.starts_with(';') || g.starts_with(">>sparse6<<")) {
    return fail("this is sparse6, not graph6 (nauty's 'copyg -g' converts it)", start);
  }
  if (g.starts_with('&') || g.starts_with(">>digraph6<<")) {
    return fail("this is digraph6, not graph6: graph6 holds undirected graphs only", start);
  }
  if (g.starts_with(kGraph6Header)) {
    return fail("the \">>graph6<<\" header may only open the first line of a file", start);
  }
  for (std::size_t i = 0; i < g.size(); ++i) {
    const auto c = static_cast<unsigned char>(g[i]);
    if (c < kGraph6Bias || c > kGraph6Max) {
      return fail(
          fmt::format("byte {} is outside the graph6 range 63..126 ('?'..'~')", describe_byte(c)),
          start + i);
    }
  }

  // Node count: one byte below '~'; or '~' and 3 bytes (18 bits); or "~~" and 6 bytes (36 bits).
  // Longer forms than needed are accepted, as nauty accepts them.
  const auto six_bits = [&](std::size_t i) {
    return static_cast<std::uint64_t>(static_cast<unsigned char>(g[i]) - kGraph6Bias);
  };
  std::uint64_t n = 0;
  std::size_t count_bytes = 1;
  if (static_cast<unsigned char>(g[0]) != kGraph6Max) {
    n = six_bits(0);
  } else {
    const bool long_form = g.size() >= 2 && static_cast<unsigned char>(g[1]) == kGraph6Max;
    count_bytes = long_form ? 8 : 4;
    if (g.size() < count_bytes) {
      return fail(
          fmt::format("truncated node count: '{}' starts {}-byte count, but the line "
                      "holds only {}",
                      long_form ? "~~" : "~", long_form ? "an 8" : "a 4", plural(g.size(), "byte")),
          line.size());
    }
    for (std::size_t i = long_form ? 2 : 1; i < count_bytes; ++i) n = n << 6 | six_bits(i);
  }
  if (n > UINT32_MAX) {
    return fail(fmt::format("node count {} is too big for 32-bit node ids", n), start);
  }
  // The header alone sets the size: refuse it before looking at the edges.
  if (Status fits = check_node_count(
          n, memory_limit, fmt::format("the graph6 header gives {} nodes and", format_count(n)));
      !fits) {
    Error error = fail(fits.error().message, start);
    error.where.field = fits.error().where.field;
    error.kind = fits.error().kind;
    return error;
  }

  // The upper triangle, column by column: bit k is pair (i, j), k = j(j-1)/2 + i, i < j.
  // n < 2^32, so n(n-1) fits in 64 bits.
  const std::uint64_t pairs = n * (n - 1) / 2;
  const std::uint64_t want = (pairs + 5) / 6;
  const std::uint64_t got = g.size() - count_bytes;
  if (got != want) {
    // Too many: point at the first extra byte; too few: at the end, where more should follow.
    return fail(fmt::format("expected {} of edges for {}, got {}", plural(want, "byte"),
                            plural(n, "node"), got),
                got > want ? start + count_bytes + want : line.size());
  }
  if (const std::uint64_t padding = want * 6 - pairs; padding > 0) {
    const std::uint64_t last = six_bits(g.size() - 1);
    if ((last & ((std::uint64_t{1} << padding) - 1)) != 0) {
      return fail(
          fmt::format("nonzero padding bits in the last byte {}: its low {} must be 0",
                      describe_byte(static_cast<unsigned char>(g.back())), plural(padding, "bit")),
          start + g.size() - 1);
    }
  }

  std::vector<Edge> edges;
  const std::string_view bits = g.substr(count_bytes);
  std::uint64_t k = 0;
  for (NodeId j = 1; j < n; ++j) {
    for (NodeId i = 0; i < j; ++i, ++k) {
      const auto byte = static_cast<unsigned char>(bits[k / 6]) - kGraph6Bias;
      if ((byte >> (5 - k % 6) & 1) != 0) edges.push_back({i, j});
    }
  }
  Result<Graph> graph = Graph::from_edges(static_cast<NodeId>(n), edges);
  if (graph.ok()) return graph;
  // Only the node count can be at fault (too few nodes): the bits make no loops or repeats.
  Error error = graph.error();
  error.where = fail("", start).where;
  return error;
} catch (const std::bad_alloc&) {
  Error error = out_of_memory("the graph", source);
  error.where.line = line_number;
  return error;
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

}  // namespace

Result<Graph> parse_graph6(std::string_view line, std::string_view source,
                           std::uint64_t line_number, std::uint64_t memory_limit) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  return decode_graph6(line, 0, source, line_number, memory_limit);
}

Result<std::vector<Graph>> parse_graph6_file(std::string_view text, std::string_view source,
                                             std::uint64_t memory_limit) try {
  std::vector<Graph> graphs;
  std::uint64_t line_number = 0;
  for (std::size_t line_start = 0; line_start < text.size();) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::string_view line = text.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    ++line_number;
    if (line.ends_with('\r')) line.remove_suffix(1);
    std::size_t start = 0;
    if (line_number == 1) {
      if (line.starts_with(kUtf8Bom)) start = kUtf8Bom.size();
      // nauty writes the header with no newline after it; a header alone on its line is fine too.
      if (line.substr(start).starts_with(kGraph6Header)) start += kGraph6Header.size();
    }
    if (line.find_first_not_of(" \t", start) == std::string_view::npos) continue;
    Result<Graph> graph = decode_graph6(line, start, source, line_number, memory_limit);
    if (!graph.ok()) return graph.error();
    graphs.push_back(std::move(graph).value());
  }
  return graphs;
} catch (const std::bad_alloc&) {
  return out_of_memory("the graphs", source);
} catch (const std::exception& e) {
  return unexpected_error(e, source);
}

std::string to_graph6(const Graph& graph) {
  const std::uint64_t n = graph.node_count();
  std::string out;
  const auto put_count = [&](std::size_t bytes) {
    for (std::size_t b = bytes; b-- > 0;) {
      out.push_back(static_cast<char>(kGraph6Bias + ((n >> (6 * b)) & 63)));
    }
  };
  if (n < kGraph6Max - kGraph6Bias) {
    put_count(1);
  } else if (n < (std::uint64_t{1} << 18) - (std::uint64_t{1} << 12)) {
    // 18 bits, but at most 258047 so that the first byte after '~' is never '~' itself.
    out.push_back('~');
    put_count(3);
  } else {
    out += "~~";
    put_count(6);
  }
  const std::size_t head = out.size();
  const std::uint64_t pairs = n * (n - 1) / 2;
  out.append((pairs + 5) / 6, '\0');
  for (NodeId u = 0; u < n; ++u) {
    for (NodeId v : graph.neighbours(u)) {
      // An undirected edge is listed from both ends: take it once. An arc goes either way.
      if (u > v && !graph.directed()) continue;
      const std::uint64_t a = std::min(u, v), b = std::max(u, v);
      const std::uint64_t k = b * (b - 1) / 2 + a;
      out[head + k / 6] = static_cast<char>(out[head + k / 6] | (1 << (5 - k % 6)));
    }
  }
  for (std::size_t i = head; i < out.size(); ++i) out[i] = static_cast<char>(out[i] + kGraph6Bias);
  return out;
}

}  // namespace catmouse
