#include "errors.hpp"

#include <fmt/format.h>

#include <utility>

namespace catmouse::cli {

namespace {

// The command line's name of each option a library error can name.
constexpr std::pair<ErrorField, const char*> kOptions[] = {
    {ErrorField::kMemoryLimit, "--memory"}, {ErrorField::kValuesOnly, "--values-only"},
    {ErrorField::kEngine, "--engine"},      {ErrorField::kThreads, "--threads"},
    {ErrorField::kCats, "--cats"},          {ErrorField::kCops, "--cops"}};

const char* option_of(ErrorField field) {
  for (const auto& [named, option] : kOptions) {
    if (named == field) return option;
  }
  return nullptr;
}

}  // namespace

int exit_code(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kBadInput:
    case ErrorKind::kRefusedMemory:
    case ErrorKind::kCancelled:
      return 2;
    case ErrorKind::kOutOfMemory:
    case ErrorKind::kResources:
    case ErrorKind::kOutputLost:
    case ErrorKind::kInternal:
      break;
  }
  return 1;
}

void throw_read_error(const Error& error) {
  if (error.where.field == ErrorField::kDirected) {
    throw InputError(fmt::format("--directed: {}", error.message_text()));
  }
  Error located = error;
  located.where.field = ErrorField::kNone;
  if (exit_code(error.kind) == 1) throw ResourceError(located.to_string());
  if (error.kind == ErrorKind::kRefusedMemory) {
    located.message += " (see --memory)";
    throw InputError(located);
  }
  throw InputError(error);
}

InputError solve_error(const Error& error, const std::string& source, bool values_only_option) {
  const std::string prefix = source.empty() ? "" : source + ": ";
  if (error.kind == ErrorKind::kOutputLost) {
    // The file that was lost is the place to name (a temporary, a spill file), not the game's.
    Error located = error;
    located.where.field = ErrorField::kNone;
    if (located.where.source.empty()) located.where.source = source;
    throw ResourceError(located.to_string());
  }
  if (exit_code(error.kind) == 1) throw ResourceError(prefix + error.message_text());
  if (error.kind == ErrorKind::kRefusedMemory) {
    // The library says what would fit; a command without the option the advice names (no
    // --values-only) cannot take it, so it is not given.
    const bool advice = !error.hint.text.empty() &&
                        (values_only_option || error.hint.option != ErrorField::kValuesOnly);
    const char* option = advice ? option_of(error.hint.option) : nullptr;
    return InputError(fmt::format("{}{}{} (see --memory{}{})", prefix, error.message,
                                  advice ? error.hint_clause() : "", option ? ", " : "",
                                  option ? option : ""));
  }
  if (const char* option = option_of(error.where.field)) {
    return InputError(fmt::format("{}: {}", option, error.message_text()));
  }
  Error located = error;
  if (located.where.source.empty()) located.where.source = source;
  return InputError(located);
}

}  // namespace catmouse::cli
