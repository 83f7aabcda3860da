// The members of the JSON objects a census reads back (its state file's lines, a part's text from
// another process), read with every check a file from outside needs: the type, the range (no
// negative, fractional or out-of-range number read as a count: nlohmann would wrap -1 and truncate
// 2.9), a key written twice, a member nobody asked for. Every error names the file, the line and
// the field in catmouse's words, and shows the value escaped. Internal to the census.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"

namespace catmouse::census {

using Json = nlohmann::ordered_json;

// A line of a state file: where it is and what it holds ("header", "part 3").
struct LinePlace {
  std::string source;
  std::uint64_t line = 0;
  std::string what;
};

// An error at `place`: "<source>:<line>: <what>: <message>".
Error line_error(const LinePlace& place, const std::string& message);

// One line parsed as a JSON object (no key twice), or an error naming the line.
Result<Json> parse_line(std::string_view text, const LinePlace& place);

// A JSON value as a message shows it: compact, ASCII only, at most 40 bytes.
std::string shown(const Json& value);

class Fields {
 public:
  // The members of `object` (a JSON object), named "<prefix><key>" in errors.
  Fields(const Json& object, const LinePlace& place, std::string prefix = {})
      : object_(object), place_(place), prefix_(std::move(prefix)) {}

  bool has(std::string_view key) const { return object_.contains(key); }
  // A whole number from `min` to `max`.
  Result<std::uint64_t> count(std::string_view key, std::uint64_t max, std::uint64_t min = 0);
  // A finite number of seconds, 0 or more.
  Result<double> seconds(std::string_view key);
  // A string of printable ASCII only (graph6, versions, paths).
  Result<std::string> text(std::string_view key);
  // The member itself, of the type asked for; `nullable` admits null (then nullptr).
  Result<const Json*> object(std::string_view key, bool nullable = false);
  Result<const Json*> array(std::string_view key);
  // A member this reader does not know is an error: a state file says nothing it is not asked.
  Status finish() const;

  Error error(std::string_view key, const std::string& message) const;
  const LinePlace& place() const { return place_; }
  const std::string& prefix() const { return prefix_; }

 private:
  Result<const Json*> member(std::string_view key);

  const Json& object_;
  const LinePlace& place_;
  std::string prefix_;
  std::set<std::string, std::less<>> read_;
};

}  // namespace catmouse::census
