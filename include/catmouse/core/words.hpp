// The words an enumeration is written as (in messages, on the command line, in JSON and in
// Python), kept as one table of {value, word} pairs per enumeration: the value's word and the
// word's value are both read from it, so writing and reading cannot drift apart.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace catmouse {

template <class E>
struct Word {
  E value;
  std::string_view word;
};

// The word of `value`, or `fallback` for a value the table does not hold. The default fallback
// is a literal, so that .data() of any answer is a NUL-terminated string.
template <class E, std::size_t N>
constexpr std::string_view word_of(const Word<E> (&table)[N], E value,
                                   std::string_view fallback = "") {
  for (const Word<E>& entry : table) {
    if (entry.value == value) return entry.word;
  }
  return fallback;
}

// The value that `word` names (exactly, case and all), or nothing for a word not in the table.
template <class E, std::size_t N>
constexpr std::optional<E> parse_word(const Word<E> (&table)[N], std::string_view word) {
  for (const Word<E>& entry : table) {
    if (entry.word == word) return entry.value;
  }
  return std::nullopt;
}

}  // namespace catmouse
