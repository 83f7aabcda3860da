#include "errors.hpp"

#include <fmt/format.h>

#include <utility>

#include "catmouse/io/limits.hpp"

namespace catmouse::cli {

void throw_read_error(const Error& error) {
  if (error.where.field == ErrorField::kDirected) {
    throw InputError(fmt::format("--directed: {}", error.message));
  }
  if (is_out_of_memory(error)) {
    Error located = error;
    located.where.field = ErrorField::kNone;
    throw ResourceError(located.to_string());
  }
  if (error.where.field == ErrorField::kMemoryLimit) {
    Error located = error;
    located.where.field = ErrorField::kNone;
    located.message += " (see --memory)";
    throw InputError(located);
  }
  throw InputError(error);
}

InputError solve_error(const Error& error, const std::string& source, bool values_only_option) {
  static const std::pair<ErrorField, const char*> kOptions[] = {
      {ErrorField::kMemoryLimit, "--memory"}, {ErrorField::kValuesOnly, "--values-only"},
      {ErrorField::kEngine, "--engine"},      {ErrorField::kThreads, "--threads"},
      {ErrorField::kCats, "--cats"},          {ErrorField::kCops, "--cops"}};
  const std::string prefix = source.empty() ? "" : source + ": ";
  if (is_out_of_memory(error) || error.where.field == ErrorField::kResources) {
    throw ResourceError(prefix + error.message);
  }
  if (error.where.field == ErrorField::kMemoryLimit) {
    // The library says whether values only would fit; a command without --values-only cannot
    // take the advice, so it is not given.
    std::string message = error.message;
    if (!values_only_option) {
      for (const char* hint : {"; values only", "; even values only"}) {
        if (const std::size_t at = message.find(hint); at != std::string::npos) message.resize(at);
      }
    }
    const bool hint = message.find("values only") != std::string::npos;
    return InputError(
        fmt::format("{}{} (see --memory{})", prefix, message, hint ? ", --values-only" : ""));
  }
  for (const auto& [field, option] : kOptions) {
    if (error.where.field == field) return InputError(fmt::format("{}: {}", option, error.message));
  }
  Error located = error;
  if (located.where.source.empty()) located.where.source = source;
  return InputError(located);
}

}  // namespace catmouse::cli
