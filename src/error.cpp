#include "catmouse/error.hpp"

#include <fmt/format.h>

namespace catmouse {

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
