// Strict JSON for games: a key written twice in one object, and a rules switch that is not a
// boolean, are refused with the key or field named and placed, never read as the last value or
// as true.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "catmouse/io/format.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/grid_format.hpp"
#include "catmouse/io/rules_json.hpp"

namespace catmouse {
namespace {

struct Duplicate {
  std::string text;
  std::string key;
  std::uint64_t line;
  std::uint64_t column;
};

TEST(JsonStrict, DuplicateKeysAreRefusedWithKeyAndPosition) {
  const std::vector<Duplicate> cases = {
      {"{\"graph\": [[1,2],[0],[0]],\n \"graph\": [[1,2],[0],[0]]}", "graph", 2, 2},
      {"{\"graph\": [[1,2],[0],[0]], \"rules\": {\"mouse\": 0,\n\"mouse\": 1}}", "mouse", 2, 1},
      {"{\"grid\": [\"M.\",\"CF\"], \"catJump\": 1, \"mouseJump\": 1, \"catJump\": 2}", "catJump",
       1, 53},
      {"{\"graph\": [[1,2],[0],[0]], \"rules\": {\"holes\": [], \"h\\u006fles\": [1]}}", "holes", 1,
       51},
  };
  for (const Duplicate& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<GameSpec> game = read_game(c.text, "g.json");
    ASSERT_FALSE(game.ok());
    EXPECT_NE(game.error().message.find("duplicate key \"" + c.key + "\""), std::string::npos)
        << game.error().message;
    EXPECT_EQ(game.error().where.source, "g.json");
    EXPECT_EQ(game.error().where.line, c.line) << game.error().to_string();
    EXPECT_EQ(game.error().where.column, c.column) << game.error().to_string();
  }
  // Each reader of JSON refuses them, and equal keys in different objects are fine.
  EXPECT_FALSE(parse_leetcode(R"({"graph": [[1,2],[0],[0]], "graph": [[1,2],[0],[0]]})", "g").ok());
  EXPECT_FALSE(parse_grid(R"({"grid":["M.","CF"],"grid":["M.","CF"]})", "m").ok());
  Rules rules;
  EXPECT_FALSE(read_rules_json(R"({"rules":{"cats":1,"cats":2}})", "r", rules).ok());
  EXPECT_TRUE(
      read_game(R"({"graph": [[1,2],[0],[0]], "rules": {"mouse": 0, "cat": 1}})", "g").ok());
  EXPECT_TRUE(
      read_game(R"({"graph": [[1,2],[0],[0]], "x": {"graph": 1}, "y": {"graph": 2}})", "g").ok());
}

TEST(JsonStrict, RulesSwitchesMustBeBooleans) {
  for (const std::string field : {"mouse_stays", "cat_stays", "cat_wins_in_hole"}) {
    for (const std::string value : {"\"no\"", "1", "0", "null", "\"false\""}) {
      SCOPED_TRACE(field + ": " + value);
      const Result<GameSpec> game = read_game(
          R"({"graph": [[1,2],[0],[0]], "rules": {")" + field + "\": " + value + "}}", "g");
      ASSERT_FALSE(game.ok());
      EXPECT_EQ(game.error().where.field_text(), "rules." + field);
      EXPECT_NE(game.error().message.find("true or false"), std::string::npos)
          << game.error().message;
    }
  }
}

// Whether `text` is valid UTF-8 (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80   ? 1
                       : lead < 0xC2 ? 0
                       : lead < 0xE0 ? 2
                       : lead < 0xF0 ? 3
                       : lead < 0xF5 ? 4
                                     : 0;
    if (length == 0 || i + length > text.size()) return false;
    std::uint32_t code = length == 1 ? lead : lead & (0x7F >> length);
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < least[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += length;
  }
  return true;
}

TEST(FormatUtf8, MessagesNeverCutACharacter) {
  const std::string e_acute = "\xC3\xA9";
  std::string long_word = "a";
  for (int i = 0; i < 30; ++i) long_word += e_acute;
  const std::vector<std::string> messages = {
      parse_leetcode("[[" + e_acute + "]]", "g.json").error().message,
      parse_edges("0 " + long_word + "\n", "g.txt").error().message,
      read_game(R"({"grid":[")" + e_acute + R"(.M","CF."],"catJump":1,"mouseJump":1})", "m.json")
          .error()
          .message,
      read_game(R"({"graph":[[1],[0]],"rules":{"mouse_stays":")" + long_word + "\"}}", "r.json")
          .error()
          .message,
  };
  for (const std::string& message : messages) {
    EXPECT_TRUE(valid_utf8(message)) << message;
  }
  EXPECT_NE(messages[2].find("'" + e_acute + "' is not a cell"), std::string::npos) << messages[2];
}

TEST(FormatUtf8, BytesThatAreNotUtf8AreShownEscaped) {
  const std::string message = parse_edges("0 1\n1 \xE9\n", "g.txt").error().message;
  EXPECT_TRUE(valid_utf8(message)) << message;
  EXPECT_NE(message.find("\\xe9"), std::string::npos) << message;
  const std::string grid =
      read_game("{\"grid\":[\"\xE9.M\",\"CF.\"],\"catJump\":1,\"mouseJump\":1}", "m.json")
          .error()
          .message;
  EXPECT_TRUE(valid_utf8(grid)) << grid;
}

}  // namespace
}  // namespace catmouse
