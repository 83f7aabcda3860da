// Strict JSON for games: a key written twice in one object, and a rules switch that is not a
// boolean, are refused with the key or field named and placed, never read as the last value or
// as true.
#include <gtest/gtest.h>

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
      EXPECT_EQ(game.error().where.field, "rules." + field);
      EXPECT_NE(game.error().message.find("true or false"), std::string::npos)
          << game.error().message;
    }
  }
}

}  // namespace
}  // namespace catmouse
