// Errors as values. The library never prints or exits: every fallible call returns a Result that
// holds either the value or an Error with a message and the place it refers to.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace catmouse {

// Where an error was found. Every field is optional; to_string() joins the ones that are set,
// e.g. "graph.json:3:14: node 7, neighbour 2".
struct Location {
  std::string source;                 // file name, "<stdin>", or empty
  std::uint64_t line = 0;             // 1-based line in source; 0 when unknown
  std::uint64_t column = 0;           // 1-based column in source; 0 when unknown
  std::optional<std::uint64_t> node;  // graph node the error is about
  std::string field;                  // finer detail: "neighbour 2", "edge 5", "--mouse", ...

  std::string to_string() const;
};

// Line and column (both 1-based) of byte `offset` of `text`, for error locations. Columns count
// UTF-8 characters, as editors show them, and a leading byte-order mark takes none.
std::pair<std::uint64_t, std::uint64_t> position_of(std::string_view text, std::size_t offset);

// A failure that is the caller's to report: bad input, inconsistent rules, not enough memory.
struct Error {
  std::string message;  // what is wrong, as a sentence fragment without the location
  Location where;

  // "<location>: <message>", or just the message when no location is known.
  std::string to_string() const;
};

// Either a T or an Error. Minimal on purpose (C++20 has no std::expected).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

// Success or an Error, for calls with nothing to return.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }

 private:
  std::optional<Error> error_;
};

}  // namespace catmouse
