// LeetCode's page writes problem 913's input as `graph = [[2,5],[3],[0,4,5],...]`. The readers take
// that line as it is copied: the `graph =` before the adjacency lists counts as white space. No
// other input format can start so, so the prefix also decides the format (detect_format).
// Internal to src/io.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace catmouse {

// The bytes before the '[' when `text` starts with an optional UTF-8 byte-order mark, white space,
// `graph`, white space, `=`, white space and '['; 0 otherwise.
inline std::size_t leetcode_prefix_length(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  constexpr std::string_view kSpace = " \t\r\n";
  std::size_t at = text.starts_with(kBom) ? kBom.size() : 0;
  const auto skip_space = [&] {
    while (at < text.size() && kSpace.find(text[at]) != std::string_view::npos) ++at;
  };
  const auto take = [&](std::string_view word) {
    skip_space();
    if (!text.substr(at).starts_with(word)) return false;
    at += word.size();
    return true;
  };
  if (!take("graph") || !take("=")) return 0;
  skip_space();
  return at < text.size() && text[at] == '[' ? at : 0;
}

// `text` with the first `prefix` bytes but the byte-order mark and the line breaks turned into
// spaces: the JSON that follows keeps its lines and columns, so errors point into the line as it
// was given.
inline std::string blank_leetcode_prefix(std::string_view text, std::size_t prefix) {
  std::string out(text);
  const std::size_t from = out.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  for (std::size_t i = from; i < prefix; ++i) {
    if (out[i] != '\n' && out[i] != '\r') out[i] = ' ';
  }
  return out;
}

}  // namespace catmouse
