// Keys repeated in one JSON object. nlohmann keeps the last value silently; catmouse refuses a
// document that says two things about one member, in board files (the readers of format.hpp) and
// in the server's request bodies alike, naming the key.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace catmouse {

// The first key written twice in one object of `text`, a valid JSON document, and the offset of
// its second occurrence; nullopt when every key of every object is written once.
std::optional<std::pair<std::string, std::size_t>> duplicate_key(std::string_view text);

}  // namespace catmouse
