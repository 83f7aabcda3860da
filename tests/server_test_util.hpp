// Helpers of the server's tests: the repository's examples, an Api with small limits, calling it
// directly, and reading its answers.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/solve/solve.hpp"

namespace catmouse::server::test {

using Json = nlohmann::json;

inline const char* const kLeetCode1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";
inline const char* const kLeetCode2 = "[[1,3],[0],[3],[0,2]]";
inline const char* const kGrid =
    R"({"grid": ["####F", "#C...", "M...."], "catJump": 1, "mouseJump": 2})";

inline std::vector<Example> examples() {
  Result<std::vector<Example>> list = load_examples(CATMOUSE_EXAMPLES_DIR);
  EXPECT_TRUE(list.ok()) << list.error().to_string();
  return list.ok() ? std::move(list).value() : std::vector<Example>{};
}

inline ApiOptions small_options() {
  ApiOptions options;
  options.memory = std::uint64_t{256} << 20;
  options.solves = 2;
  options.queue = 64;
  return options;
}

inline Response call(Api& api, const std::string& method, const std::string& path,
                     const std::string& body = "", std::map<std::string, std::string> query = {}) {
  return api.handle(Request{method, path, std::move(query), body});
}

inline Json json_of(const Response& r) {
  EXPECT_EQ(r.content_type, "application/json");
  return Json::parse(r.body);
}

inline std::string header(const Response& r, const std::string& name) {
  for (const auto& [key, value] : r.headers) {
    if (key == name) return value;
  }
  return "";
}

// POSTs a body; expects 201 and returns the game.
inline Json post(Api& api, const Json& body) {
  const Response r = call(api, "POST", "/api/games", body.dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.status == 201 ? json_of(r) : Json::object({{"id", ""}});
}

// The status and `where` of a refused request (and the library's field, when the refusal is a
// library error, beside them).
inline void expect_error(const Response& r, int status, const std::string& where,
                         const std::string& words = "") {
  EXPECT_EQ(r.status, status) << r.body;
  const Json error = json_of(r);
  EXPECT_EQ(error.size(), error.contains("field") ? 3u : 2u) << r.body;
  EXPECT_EQ(error["where"], where) << r.body;
  EXPECT_TRUE(error["error"].is_string());
  if (!words.empty()) {
    EXPECT_NE(error["error"].get<std::string>().find(words), std::string::npos) << r.body;
  }
}

inline std::map<std::string, std::string> at(const std::string& mouse, const std::string& cats,
                                             const std::string& turn = "mouse",
                                             const std::string& played = "0") {
  return {{"mouse", mouse}, {"cats", cats}, {"turn", turn}, {"played", played}};
}

// The same game solved here, for the expected values.
inline Solution local(const std::string& text, const Rules* rules = nullptr) {
  GameSpec spec = read_game(text, "test").value();
  if (rules) spec.rules = *rules;
  return solve(std::move(spec)).value();
}

inline Json position_json_of(const Position& p) {
  return {{"mouse", p.mouse}, {"cats", p.cats}, {"turn", side_name(p.turn)}};
}

}  // namespace catmouse::server::test
