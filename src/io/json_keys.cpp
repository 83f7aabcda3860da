// Keys repeated in one JSON object: nlohmann keeps the last value silently, and a game's file
// that says two things about one member is refused instead (parse_json in format.cpp).
#include "catmouse/io/json_keys.hpp"

#include <string>
#include <unordered_set>
#include <vector>

#include "io/json_text.hpp"

namespace catmouse {

// The first key written twice in one object of `text`, a valid JSON document, and the offset of
// its second occurrence. nlohmann keeps the last value silently; a game's file that says two
// things about one member is refused instead.
std::optional<std::pair<std::string, std::size_t>> duplicate_key(std::string_view text) {
  struct Level {
    bool object = false;
    bool expect_key = false;
    std::unordered_set<std::string> keys;
  };
  std::vector<Level> open;
  for (std::size_t i = 0; i < text.size(); ++i) {
    switch (text[i]) {
      case '{':
      case '[':
        open.push_back({text[i] == '{', text[i] == '{', {}});
        break;
      case '}':
      case ']':
        if (!open.empty()) open.pop_back();
        break;
      case ',':
        if (!open.empty() && open.back().object) open.back().expect_key = true;
        break;
      case '"': {
        std::size_t end = i + 1;
        while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
        if (end >= text.size()) return std::nullopt;  // cannot happen in a valid document
        if (!open.empty() && open.back().expect_key) {
          const std::string_view raw = text.substr(i + 1, end - i - 1);
          // Escapes are decoded so that "a" and "\u0061" are one key.
          std::string key = raw.find('\\') == raw.npos
                                ? std::string(raw)
                                : Json::parse(text.substr(i, end - i + 1)).get<std::string>();
          if (!open.back().keys.insert(key).second) return std::pair{std::move(key), i};
          open.back().expect_key = false;
        }
        i = end;
        break;
      }
      default:
        break;
    }
  }
  return std::nullopt;
}

}  // namespace catmouse
