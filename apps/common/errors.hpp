// How the programs' failures become messages and exit codes. Commands report bad input by
// throwing InputError, and exhausted resources or lost output by throwing ResourceError;
// run_program() alone turns them into a message on stderr and exit code 2 or 1, so no command
// prints a partial result.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "catmouse/core/error.hpp"

namespace catmouse::cli {

// Bad input or usage: the program prints "catmouse: <what()>" and exits with 2.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
  explicit InputError(const Error& error) : std::runtime_error(error.to_string()), error_(error) {}
  // The library's error with its location, when it came from one (batch mode relocates it).
  const std::optional<Error>& error() const { return error_; }

 private:
  std::optional<Error> error_;
};

// Resources exhausted (out of memory) or output lost (a write error): the program prints
// "catmouse: <what()>" and exits with 1.
class ResourceError : public std::runtime_error {
 public:
  explicit ResourceError(const std::string& message) : std::runtime_error(message) {}
};

// Thrown by a command that succeeded but must exit with another code (check: 1 when it found a
// failure); run_program() returns `code`.
struct ExitCode {
  int code;
};

// The exit code of a library error of `kind`: 1 when the caller is not at fault (memory ran out,
// a resource could not be had, output was lost, a defect), 2 for bad input or usage (a refusal
// by the memory limit, a cancelled run).
int exit_code(ErrorKind kind);

// Unwraps a Result or throws InputError with its message and location.
template <class T>
T take(Result<T> result) {
  if (!result.ok()) throw InputError(result.error());
  return std::move(result).value();
}

// A reader's error as the command line says it: "--directed: ..." for the option, "(see
// --memory)" after a refusal by the memory limit, and ResourceError when the error's kind is not
// the caller's fault (memory ran out).
[[noreturn]] void throw_read_error(const Error& error);

// Unwraps a reader's Result, or throw_read_error().
template <class T>
T take_read(Result<T> result) {
  if (!result.ok()) throw_read_error(result.error());
  return std::move(result).value();
}

// The library's refusal of a solve as the command line says it: the option named by the error's
// field ("--memory", "--values-only", "--engine", ...), and the file for the game's own faults.
// An error whose kind is not the caller's fault (memory that ran out, threads that could not
// start, output lost) is a ResourceError, thrown from here. Without `values_only_option` (a
// command that has no --values-only) a memory refusal leaves out its hint to keep values only.
InputError solve_error(const Error& error, const std::string& source,
                       bool values_only_option = true);

}  // namespace catmouse::cli
