#include "catmouse/core/error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace catmouse {

namespace {
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
}  // namespace

// Line and column (both 1-based) of byte `offset`. Columns count UTF-8 characters, not bytes,
// so they match what an editor shows.
std::pair<std::uint64_t, std::uint64_t> position_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const std::uint64_t line =
      1 + static_cast<std::uint64_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t newline = before.rfind('\n');
  const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
  // A byte-order mark is invisible in editors, so it takes no column.
  std::uint64_t column = line_start == 0 && before.starts_with(kByteOrderMark) ? 0 : 1;
  for (std::size_t i = line_start; i < offset; ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  }
  return {line, column};
}

std::string Location::to_string() const {
  std::string out = source;
  if (line > 0) {
    out += fmt::format("{}{}", out.empty() ? "line " : ":", line);
    if (column > 0) out += fmt::format(":{}", column);
  }
  auto append = [&out](const std::string& part) {
    if (!out.empty()) out += ": ";
    out += part;
  };
  if (node) append(fmt::format("node {}", *node));
  if (!field.empty()) {
    if (node) {
      out += ", " + field;
    } else {
      append(field);
    }
  }
  return out;
}

std::string Error::to_string() const {
  std::string where_text = where.to_string();
  return where_text.empty() ? message : where_text + ": " + message;
}

}  // namespace catmouse
