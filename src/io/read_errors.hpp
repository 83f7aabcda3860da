// The last line of defence of the readers' promise that no exception crosses the library's API:
// an exception nothing else caught (a bug, since every input has a worded error) becomes an error
// value naming the source. Internal to src/io; the fuzz targets treat it as a finding.
#pragma once

#include <exception>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"

namespace catmouse {

inline constexpr std::string_view kUnexpectedReadError = "internal error while reading: ";

inline Error unexpected_error(const std::exception& e, std::string_view source) {
  Error error{std::string(kUnexpectedReadError) + e.what(), {}};
  error.where.source = std::string(source);
  return error;
}

}  // namespace catmouse
