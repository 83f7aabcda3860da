// The word tables of enumerations (core/words.hpp), and the vocabularies written with them: the
// words the command line, the JSON and Python read and write, which must not change.
#include "catmouse/core/words.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {
namespace {

enum class Shade : std::uint8_t { kLight, kDark, kNone, kUnnamed };

constexpr Word<Shade> kShadeWords[] = {
    {Shade::kLight, "light"}, {Shade::kDark, "dark"}, {Shade::kNone, ""}};

TEST(Words, EveryWordParsesBackToItsValue) {
  for (const Word<Shade>& entry : kShadeWords) {
    EXPECT_EQ(word_of(kShadeWords, entry.value), entry.word);
    EXPECT_EQ(parse_word(kShadeWords, entry.word), entry.value) << entry.word;
  }
  static_assert(word_of(kShadeWords, Shade::kDark) == "dark");
  static_assert(parse_word(kShadeWords, "light") == Shade::kLight);
}

TEST(Words, UnknownWordsAreRefusedAndUnknownValuesFallBack) {
  for (const char* word : {"Light", "dar", "darker", " dark", "x"}) {
    EXPECT_EQ(parse_word(kShadeWords, word), std::nullopt) << word;
  }
  EXPECT_EQ(word_of(kShadeWords, Shade::kUnnamed), "");
  EXPECT_NE(word_of(kShadeWords, Shade::kUnnamed).data(), nullptr);  // kind_name's const char*
  EXPECT_EQ(word_of(kShadeWords, Shade::kUnnamed, "other"), "other");
}

// The public vocabularies keep their words: word i names the enumeration's value i, and parses
// back to it (where the library parses the enumeration).
template <class E>
void expect_words(const std::vector<std::string>& words, std::string_view (*name)(E),
                  Result<E> (*parse)(std::string_view)) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto value = static_cast<E>(i);
    EXPECT_EQ(name(value), words[i]);
    Result<E> parsed = parse(words[i]);
    ASSERT_TRUE(parsed.ok()) << words[i];
    EXPECT_EQ(*parsed, value);
  }
}

// A word not among them is refused, with the accepted ones named.
TEST(Words, EnginesAndFormatsRoundTrip) {
  expect_words<Engine>({"auto", "small", "general", "pack", "cops"}, engine_name,
                       parse_engine_name);
  Result<Engine> bad_engine = parse_engine_name("Auto");
  ASSERT_FALSE(bad_engine.ok());
  EXPECT_EQ(bad_engine.error().message,
            "unknown engine 'Auto' (expected auto, small, general, pack or cops)");

  expect_words<InputFormat>({"leetcode", "edges", "graph6", "grid"}, input_format_name,
                            parse_input_format);
  EXPECT_FALSE(parse_input_format("json").ok());
  EXPECT_FALSE(parse_input_format("").ok());
}

TEST(Words, ValuesLineEndsAndFieldsKeepTheirWords) {
  EXPECT_EQ(value_name(Value::kDraw), "draw");
  EXPECT_EQ(value_name(Value::kMouseWin), "mouse");
  EXPECT_EQ(value_name(Value::kCatWin), "cat");
  const std::vector<std::string> ends = {"hole", "capture", "stuck", "repetition", "move limit"};
  for (std::size_t i = 0; i < ends.size(); ++i) {
    EXPECT_EQ(line_end_name(static_cast<LineEnd>(i)), ends[i]);
  }
  // Every field but kNone has a word of its own, up to the last one, kGenerator.
  EXPECT_EQ(field_name(ErrorField::kNone), "");
  std::set<std::string_view> fields;
  const auto last = static_cast<unsigned>(ErrorField::kGenerator);
  for (unsigned i = 1; i <= last; ++i) {
    const std::string_view word = field_name(static_cast<ErrorField>(i));
    EXPECT_FALSE(word.empty()) << i;
    fields.insert(word);
  }
  EXPECT_EQ(fields.size(), last);
  EXPECT_EQ(field_name(ErrorField::kCatForbidden), "cat_forbidden");
  EXPECT_EQ(field_name(ErrorField::kCheckpointEvery), "checkpoint_every");
  EXPECT_EQ(kind_name(ErrorKind::kInternal), "internal");
}

}  // namespace
}  // namespace catmouse
