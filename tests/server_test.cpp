// catmouse serve: the JSON API of docs/server.md called directly (every endpoint, every error
// status), the page's files, the layout, the game cache and the gate of the solves; then the
// same over real sockets (paths with dots and encodings, a body over the limit, 50 requests at
// once), and the program itself (the address it prints, a clean exit on SIGINT and SIGTERM).
#include "server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "api.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/solve/solve.hpp"
#include "game_cache.hpp"
#include "layout.hpp"
#include "solve_gate.hpp"
#include "static_files.hpp"

extern char** environ;

namespace catmouse::server {
namespace {

using Json = nlohmann::json;

const char* const kLeetCode1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";
const char* const kLeetCode2 = "[[1,3],[0],[3],[0,2]]";
const char* const kGrid = R"({"grid": ["####F", "#C...", "M...."], "catJump": 1, "mouseJump": 2})";

std::vector<Example> examples() {
  Result<std::vector<Example>> list = load_examples(CATMOUSE_EXAMPLES_DIR);
  EXPECT_TRUE(list.ok()) << list.error().to_string();
  return list.ok() ? std::move(list).value() : std::vector<Example>{};
}

ApiOptions small_options() {
  ApiOptions options;
  options.memory = std::uint64_t{256} << 20;
  options.solves = 2;
  options.queue = 64;
  return options;
}

Response call(Api& api, const std::string& method, const std::string& path,
              const std::string& body = "", std::map<std::string, std::string> query = {}) {
  return api.handle(Request{method, path, std::move(query), body});
}

Json json_of(const Response& r) {
  EXPECT_EQ(r.content_type, "application/json");
  return Json::parse(r.body);
}

std::string header(const Response& r, const std::string& name) {
  for (const auto& [key, value] : r.headers) {
    if (key == name) return value;
  }
  return "";
}

// POSTs a body; expects 201 and returns the game.
Json post(Api& api, const Json& body) {
  const Response r = call(api, "POST", "/api/games", body.dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.status == 201 ? json_of(r) : Json::object({{"id", ""}});
}

// The status and `where` of a refused request.
void expect_error(const Response& r, int status, const std::string& where,
                  const std::string& words = "") {
  EXPECT_EQ(r.status, status) << r.body;
  const Json error = json_of(r);
  EXPECT_EQ(error.size(), 2u) << r.body;
  EXPECT_EQ(error["where"], where) << r.body;
  EXPECT_TRUE(error["error"].is_string());
  if (!words.empty()) {
    EXPECT_NE(error["error"].get<std::string>().find(words), std::string::npos) << r.body;
  }
}

std::map<std::string, std::string> at(const std::string& mouse, const std::string& cats,
                                      const std::string& turn = "mouse",
                                      const std::string& played = "0") {
  return {{"mouse", mouse}, {"cats", cats}, {"turn", turn}, {"played", played}};
}

// The same game solved here, for the expected values.
Solution local(const std::string& text, const Rules* rules = nullptr) {
  GameSpec spec = read_game(text, "test").value();
  if (rules) spec.rules = *rules;
  return solve(std::move(spec)).value();
}

Json position_json_of(const Position& p) {
  return {{"mouse", p.mouse}, {"cats", p.cats}, {"turn", side_name(p.turn)}};
}

TEST(ServerApi, ExamplesInNameOrder) {
  Api api(small_options(), examples());
  const Response r = call(api, "GET", "/api/examples");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(header(r, "Cache-Control"), "no-store");
  const Json list = json_of(r);
  ASSERT_EQ(list.size(), 4u);
  const std::vector<std::pair<std::string, std::string>> expected = {{"grid1728", "grid"},
                                                                     {"leetcode1", "leetcode"},
                                                                     {"leetcode2", "leetcode"},
                                                                     {"petersen", "graph6"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(list[i]["name"], expected[i].first);
    EXPECT_EQ(list[i]["format"], expected[i].second);
    EXPECT_FALSE(list[i]["title"].get<std::string>().empty());
    EXPECT_FALSE(list[i]["text"].get<std::string>().empty());
  }
  EXPECT_EQ(list[2]["title"], "LeetCode 913, example 2: the mouse wins");
  const Response wrong = call(api, "POST", "/api/examples", "{}");
  expect_error(wrong, 405, "/api/examples");
  EXPECT_EQ(header(wrong, "Allow"), "GET");
}

TEST(ServerApi, AGameIsParsedSolvedAndLaidOut) {
  Api api(small_options(), examples());
  const Json game = post(api, {{"text", kLeetCode2}});
  EXPECT_TRUE(std::regex_match(game["id"].get<std::string>(), std::regex("[A-Za-z0-9_-]{1,64}")));
  EXPECT_EQ(game["title"], "");
  EXPECT_EQ(game["nodes"], 4);
  EXPECT_EQ(game["edges"], Json::parse("[[0,1],[0,3],[2,3]]"));
  EXPECT_EQ(game["directed"], false);
  EXPECT_EQ(game["holes"], Json::parse("[0]"));
  EXPECT_EQ(game["cat_forbidden"], Json::parse("[0]"));
  EXPECT_EQ(game["cats"], 1);
  EXPECT_EQ(game["start"], Json::parse(R"({"mouse":1,"cats":[2],"turn":"mouse"})"));
  EXPECT_EQ(game["rules"], Json::parse(R"({"holes":[0],"cat_forbidden":[0],"mouse":1,"cat":[2],
      "cats":1,"first":"mouse","stuck":"lose","mouse_stays":false,"cat_stays":false,
      "cat_wins_in_hole":false,"move_limit":0,"limit_outcome":"draw"})"));
  ASSERT_EQ(game["layout"].size(), 4u);
  for (const Json& point : game["layout"]) {
    ASSERT_EQ(point.size(), 2u);
    EXPECT_GE(point[0].get<double>(), 0.0);
    EXPECT_LE(point[1].get<double>(), 1.0);
  }
  EXPECT_TRUE(game["grid"].is_null());
  EXPECT_EQ(game["states"], 24);
  EXPECT_GE(game["seconds"].get<double>(), 0.0);
  const std::string id = game["id"];
  // The members in the order of docs/server.md.
  std::vector<std::string> keys;
  const auto ordered = nlohmann::ordered_json::parse(call(api, "GET", "/api/games/" + id).body);
  for (const auto& [key, value] : ordered.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"id", "title", "nodes", "edges", "directed", "holes",
                                            "cat_forbidden", "cats", "start", "rules", "layout",
                                            "grid", "states", "seconds"}));
  const Response again = call(api, "GET", "/api/games/" + id);
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(json_of(again), game);
  // The same request gives the same game.
  EXPECT_EQ(post(api, {{"text", kLeetCode2}}), game);
  // Forgotten on DELETE.
  const Response gone = call(api, "DELETE", "/api/games/" + id);
  EXPECT_EQ(gone.status, 204);
  EXPECT_EQ(gone.body, "");
  expect_error(call(api, "GET", "/api/games/" + id), 404, "id");
  expect_error(call(api, "GET", "/api/games/" + id + "/position", "", at("1", "2")), 404, "id");
  expect_error(call(api, "DELETE", "/api/games/" + id), 404, "id");
}

TEST(ServerApi, EveryInputFormatAndSource) {
  Api api(small_options(), examples());
  const Json edges = post(api, {{"text", "# a path\n0 1\n1 2\n2 3\n"}});
  EXPECT_EQ(edges["edges"], Json::parse("[[0,1],[1,2],[2,3]]"));
  const Json arcs = post(api, {{"text", "0 1\n1 2\n2 0\n2 3\n"}, {"directed", true}});
  EXPECT_EQ(arcs["directed"], true);
  EXPECT_EQ(arcs["edges"], Json::parse("[[0,1],[1,2],[2,0],[2,3]]"));
  const Json petersen = post(api, {{"text", "IheA@GUAo\n"}});  // graph6 without its header
  EXPECT_EQ(petersen["nodes"], 10);
  EXPECT_EQ(petersen["edges"].size(), 15u);
  const Json named = post(api, {{"text", "IheA@GUAo"}, {"format", "graph6"}});
  EXPECT_EQ(named["edges"], petersen["edges"]);
  const Json map = post(api, {{"text", kGrid}});
  EXPECT_EQ(map["nodes"], 15);
  EXPECT_EQ(map["edges"], Json::array());
  EXPECT_EQ(map["grid"],
            Json::parse(R"({"rows":["####F","#C...","M...."],"mouse_jump":2,"cat_jump":1})"));
  EXPECT_EQ(map["rules"]["move_limit"], 1000);
  EXPECT_EQ(map["rules"]["limit_outcome"], "cat");
  EXPECT_EQ(map["rules"]["cat_wins_in_hole"], true);
  EXPECT_EQ(map["holes"], Json::parse("[4]"));
  // Cells laid out as a board: node r * 5 + c at ((c + 0.5) / 5, (r + 0.5) / 5).
  EXPECT_EQ(map["layout"][7], Json::parse("[0.5, 0.3]"));
  const Json example = post(api, {{"example", "leetcode1"}});
  EXPECT_EQ(example["title"], "LeetCode 913, example 1: a draw");
  const Json grid = post(api, {{"generate", {{"family", "grid"}, {"nodes", 12}, {"seed", 3}}}});
  EXPECT_EQ(grid["title"], "grid, 12 nodes, seed 3");
  EXPECT_EQ(grid["layout"][5], Json::parse("[0.375, 0.375]"));  // 4 columns: row 1, column 1
  const Json random =
      post(api, {{"generate", {{"family", "random"}, {"nodes", 20}, {"degree", 3}}}});
  EXPECT_EQ(random["title"], "random, 20 nodes, seed 1");
  EXPECT_EQ(random["edges"].size(), 30u);
  // A JSON text's own rules, and the request's over them.
  const Json ruled = post(api, {{"text", R"({"graph": [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]],
                                              "rules": {"holes": [0, 4], "first": "cat"}})"},
                                {"rules", {{"first", "mouse"}, {"cat", {2, 5}}}}});
  EXPECT_EQ(ruled["holes"], Json::parse("[0,4]"));
  EXPECT_EQ(ruled["rules"]["first"], "mouse");
  EXPECT_EQ(ruled["cats"], 2);
  EXPECT_EQ(ruled["start"]["cats"], Json::parse("[2,5]"));
  const Json three = post(api, {{"text", kLeetCode1}, {"rules", {{"cats", 3}}}});
  EXPECT_EQ(three["start"]["cats"], Json::parse("[2,2,2]"));
}

TEST(ServerApi, RefusedBodies) {
  ApiOptions options = small_options();
  options.max_nodes = 100;
  Api api(options, examples());
  const auto post_text = [&](const std::string& body) {
    return call(api, "POST", "/api/games", body);
  };
  expect_error(post_text("{\"text\": [[1]"), 400, "body, line 1, column 14", "not valid JSON");
  expect_error(post_text("[1, 2]"), 400, "body", "object");
  expect_error(post_text("{}"), 400, "body", "exactly one");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"example", "leetcode1"}}.dump()), 400, "body");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"colour", "red"}}.dump()), 400, "colour",
               "unknown member");
  expect_error(post_text(Json{{"text", 5}}.dump()), 400, "text");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"format", "xml"}}.dump()), 400, "format");
  expect_error(post_text(Json{{"example", "leetcode1"}, {"format", "edges"}}.dump()), 400,
               "format");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"directed", true}}.dump()), 400, "directed");
  expect_error(post_text(Json{{"text", "IheA@GUAo\nIheA@GUAo\n"}, {"format", "graph6"}}.dump()),
               400, "", "2 graphs");
  expect_error(post_text(Json{{"text", "[[1,3],[0],[3],[0,1]]"}}.dump()), 400,
               "line 1, column 13, node 2, neighbour 0", "asymmetric");
  expect_error(post_text(Json{{"text", "0 1\n1 x\n"}}.dump()), 400, "line 2, column 3");
  expect_error(
      post_text(
          Json{{"text", R"({"grid": ["####F", "#C.x.", "M...."], "catJump": 1, "mouseJump": 2})"}}
              .dump()),
      400, "line 1, column 20, grid row 1, column 3");
  expect_error(post_text(Json{{"example", "nothing"}}.dump()), 400, "example");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"rules", 3}}.dump()), 400, "rules");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"rules", {{"holes", "zero"}}}}.dump()), 400,
               "rules.holes");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"rules", {{"speed", 2}}}}.dump()), 400,
               "rules.speed", "unknown rule");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"rules", {{"mouse", 0}}}}.dump()), 400,
               "rules.mouse");
  expect_error(post_text(Json{{"text", kLeetCode2}, {"rules", {{"holes", {9}}}}}.dump()), 400,
               "rules.holes");
  expect_error(post_text(Json{{"text", kGrid}, {"rules", {{"cats", 2}}}}.dump()), 400,
               "rules.cats");
  expect_error(post_text(Json{{"generate", {{"family", "spiral"}, {"nodes", 10}}}}.dump()), 400,
               "generate.family");
  expect_error(post_text(Json{{"generate", {{"family", "grid"}, {"nodes", 2}}}}.dump()), 400,
               "generate.nodes");
  expect_error(post_text(Json{{"generate", {{"nodes", 10}, {"seed", -1}}}}.dump()), 400,
               "generate.seed");
  expect_error(post_text(Json{{"generate", {{"nodes", 10}, {"degree", 50}}}}.dump()), 400,
               "generate.degree");
  expect_error(post_text(Json{{"generate", {{"nodes", 10}, {"size", 5}}}}.dump()), 400,
               "generate.size");
  // Beyond what the server draws: 413.
  expect_error(post_text(Json{{"generate", {{"family", "cycle"}, {"nodes", 101}}}}.dump()), 413,
               "generate.nodes");
  expect_error(post_text(Json{{"text", "nodes 101\n0 1\n1 2\n"}}.dump()), 413, "", "101 nodes");
  EXPECT_EQ(api.cache().size(), 0u);
}

TEST(ServerApi, GamesBeyondTheLimitsAreRefusedBeforeSolving) {
  ApiOptions options = small_options();
  options.memory = std::uint64_t{1} << 20;
  options.max_states = 2000;
  Api api(options, examples());
  // 2 * 500^2 states of one cat need about 1.4 MB: more than the server's memory.
  expect_error(call(api, "POST", "/api/games",
                    Json{{"generate", {{"family", "cycle"}, {"nodes", 500}}}}.dump()),
               413, "", "memory");
  // 2 * 40 * 39 = 3120 positions: more than the server solves.
  expect_error(call(api, "POST", "/api/games",
                    Json{{"generate", {{"family", "cycle"}, {"nodes", 40}}}}.dump()),
               422, "", "3120 positions");
  EXPECT_EQ(api.cache().size(), 0u);
  EXPECT_EQ(call(api, "POST", "/api/games", Json{{"text", kLeetCode1}}.dump()).status, 201);
}

TEST(ServerApi, PositionsAgreeWithTheSolution) {
  Api api(small_options(), examples());
  const std::string id = post(api, {{"text", kLeetCode1}})["id"];
  const Solution solution = local(kLeetCode1);
  // Every valid position: value, moves in Solution::moves order, best = best_move.
  for (StateIndex i = 0; i < solution.game().state_count(); ++i) {
    if (!solution.game().valid_at(i)) continue;
    const Position p = solution.game().space().position(i);
    const Response r = call(
        api, "GET", "/api/games/" + id + "/position", "",
        at(std::to_string(p.mouse), std::to_string(p.cats[0]), std::string(side_name(p.turn))));
    ASSERT_EQ(r.status, 200) << r.body;
    const Json got = json_of(r);
    const StateValue v = solution.value(p);
    EXPECT_EQ(got["value"], value_name(v.value));
    EXPECT_EQ(got["remoteness"], v.remoteness ? Json(*v.remoteness) : Json(nullptr));
    EXPECT_EQ(got["played"], 0);
    const std::vector<Move> moves =
        solution.game().outcome(p) ? std::vector<Move>{} : solution.moves(p);
    ASSERT_EQ(got["moves"].size(), moves.size()) << r.body;
    for (std::size_t k = 0; k < moves.size(); ++k) {
      EXPECT_EQ(got["moves"][k]["mouse"], moves[k].child.mouse);
      EXPECT_EQ(got["moves"][k]["cats"], moves[k].child.cats);
      EXPECT_EQ(got["moves"][k]["value"], value_name(moves[k].value.value));
    }
    const auto best = solution.best_move(p);
    if (best) {
      ASSERT_TRUE(got["best"].is_number()) << r.body;
      EXPECT_EQ(moves[got["best"].get<std::size_t>()].child, best->child);
    } else {
      EXPECT_TRUE(got["best"].is_null());
    }
  }
  const Json start = json_of(call(api, "GET", "/api/games/" + id + "/position", "", at("1", "2")));
  EXPECT_EQ(start["sentence"], "draw");
  EXPECT_TRUE(start["finished"].is_null());
  const Json caught = json_of(call(api, "GET", "/api/games/" + id + "/position", "", at("4", "4")));
  EXPECT_EQ(caught["finished"], "capture");
  EXPECT_EQ(caught["sentence"], "cat wins: the cat caught the mouse");
  EXPECT_EQ(caught["moves"], Json::array());
  EXPECT_TRUE(caught["best"].is_null());
}

TEST(ServerApi, MovesForTheMoverAndTheMoveLimit) {
  Api api(small_options(), examples());
  const std::string id = post(api, {{"text", kLeetCode2}})["id"];
  const Json start = json_of(call(api, "GET", "/api/games/" + id + "/position", "", at("1", "2")));
  EXPECT_EQ(start["sentence"], "mouse wins in 1 move");
  EXPECT_EQ(
      start["moves"],
      Json::parse(
          R"([{"mouse":0,"cats":[2],"turn":"cat","value":"mouse","remoteness":0,"for_mover":"win"}])"));
  EXPECT_EQ(start["best"], 0);
  const Json cat =
      json_of(call(api, "GET", "/api/games/" + id + "/position", "", at("1", "3", "cat")));
  for (const Json& m : cat["moves"]) {
    EXPECT_EQ(m["for_mover"], m["value"] == "cat" ? "win" : m["value"] == "draw" ? "draw" : "loss");
  }
  // A move limit of 2 that the cat wins at: values with `played` moves made.
  const std::string limited = post(
      api, {{"text", kLeetCode1}, {"rules", {{"move_limit", 2}, {"limit_outcome", "cat"}}}})["id"];
  const auto query = [&](const std::string& played) {
    return json_of(
        call(api, "GET", "/api/games/" + limited + "/position", "", at("1", "2", "mouse", played)));
  };
  const Json first = query("0");
  EXPECT_EQ(first["value"], "cat");
  EXPECT_EQ(first["remoteness"], 2);
  EXPECT_TRUE(first["finished"].is_null());
  EXPECT_FALSE(first["moves"].empty());
  const Json over = query("2");
  EXPECT_EQ(over["finished"], "move limit");
  EXPECT_EQ(over["remoteness"], 0);
  EXPECT_EQ(over["sentence"], "cat wins: the move limit of 2 moves is reached");
  EXPECT_EQ(over["moves"], Json::array());
  EXPECT_TRUE(over["best"].is_null());
}

TEST(ServerApi, SeveralCats) {
  Api api(small_options(), examples());
  const Json game = post(api, {{"text", kLeetCode1}, {"rules", {{"cat", {5, 2}}}}});
  EXPECT_EQ(game["start"]["cats"], Json::parse("[2,5]"));
  const std::string id = game["id"];
  Rules rules;
  rules.cats = 2;
  rules.cat_starts = {2, 5};
  const Solution solution = local(kLeetCode1, &rules);
  const Position p(3, {2, 5}, Side::kCat);
  const Json got =
      json_of(call(api, "GET", "/api/games/" + id + "/position", "", at("3", "5,2", "cat")));
  EXPECT_EQ(got["cats"], Json::parse("[2,5]"));
  const std::vector<Move> moves = solution.moves(p);
  ASSERT_EQ(got["moves"].size(), moves.size());
  // In increasing state index: the placements in their colex numbering.
  std::optional<StateIndex> previous;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    EXPECT_EQ(got["moves"][k], [&] {
      Json m = position_json_of(moves[k].child);
      m["value"] = value_name(moves[k].value.value);
      m["remoteness"] =
          moves[k].value.remoteness ? Json(*moves[k].value.remoteness) : Json(nullptr);
      m["for_mover"] = moves[k].value.value == Value::kCatWin ? "win"
                       : moves[k].value.value == Value::kDraw ? "draw"
                                                              : "loss";
      return m;
    }());
    const StateIndex index = *solution.game().space().index(moves[k].child);
    if (previous) {
      EXPECT_LT(*previous, index);
    }
    previous = index;
  }
  EXPECT_EQ(moves[got["best"].get<std::size_t>()].child, solution.best_move(p)->child);
  expect_error(call(api, "GET", "/api/games/" + id + "/valuemap", "", {{"mouse", "1"}}), 400,
               "cats");
  expect_error(call(api, "GET", "/api/games/" + id + "/position", "", at("1", "2")), 400, "cats");
}

TEST(ServerApi, LinesAreExplainsLines) {
  Api api(small_options(), examples());
  for (const char* text : {kLeetCode1, kLeetCode2, kGrid}) {
    const std::string id = post(api, {{"text", text}})["id"];
    const Solution solution = local(text);
    const Position start = solution.start();
    const Line line = solution.line(start).value();
    const Json got = json_of(call(api, "GET", "/api/games/" + id + "/line", "",
                                  at(std::to_string(start.mouse), std::to_string(start.cats[0]))));
    ASSERT_EQ(got["positions"].size(), line.positions.size()) << text;
    for (std::size_t i = 0; i < line.positions.size(); ++i) {
      const Json& p = got["positions"][i];
      EXPECT_EQ(p["mouse"], line.positions[i].mouse);
      EXPECT_EQ(p["cats"], line.positions[i].cats);
      const StateValue v = solution.value(line.positions[i], static_cast<std::uint32_t>(i));
      EXPECT_EQ(p["value"], value_name(v.value));
      EXPECT_EQ(p["finished"].is_null(),
                i + 1 < line.positions.size() || line.end == LineEnd::kRepetition);
    }
    EXPECT_EQ(got["end"], line_end_name(line.end));
    EXPECT_EQ(got["cycle_start"], line.cycle_start ? Json(*line.cycle_start) : Json(nullptr));
  }
  const std::string map = post(api, {{"text", kGrid}})["id"];
  const Json food = json_of(call(api, "GET", "/api/games/" + map + "/line", "", at("10", "6")));
  EXPECT_EQ(food["end"], "hole");
  EXPECT_EQ(food["positions"].back()["sentence"], "mouse wins: the mouse is on the food");
  // Long lines are cut.
  ApiOptions options = small_options();
  options.max_line = 3;
  Api short_lines(options, examples());
  const std::string draw =
      post(short_lines, {{"text", kLeetCode1}, {"rules", {{"move_limit", 50}}}})["id"];
  const Json cut =
      json_of(call(short_lines, "GET", "/api/games/" + draw + "/line", "", at("1", "2")));
  EXPECT_EQ(cut["end"], "cut");
  EXPECT_EQ(cut["positions"].size(), 4u);
}

TEST(ServerApi, ValueMap) {
  Api api(small_options(), examples());
  const std::string id = post(api, {{"text", kLeetCode1}})["id"];
  const Solution solution = local(kLeetCode1);
  const Json map = json_of(
      call(api, "GET", "/api/games/" + id + "/valuemap", "", {{"mouse", "4"}, {"turn", "cat"}}));
  EXPECT_EQ(map["mouse"], 4);
  EXPECT_EQ(map["turn"], "cat");
  ASSERT_EQ(map["cats"].size(), 6u);
  EXPECT_TRUE(map["cats"][0].is_null());
  for (NodeId c = 1; c < 6; ++c) {
    const StateValue v = solution.value(Position(4, {c}, Side::kCat));
    EXPECT_EQ(map["cats"][c]["node"], c);
    EXPECT_EQ(map["cats"][c]["value"], value_name(v.value));
  }
  expect_error(call(api, "GET", "/api/games/" + id + "/valuemap"), 400, "mouse");
  expect_error(call(api, "GET", "/api/games/" + id + "/valuemap", "", {{"mouse", "6"}}), 400,
               "mouse");
}

TEST(ServerApi, BadPositionsAndPaths) {
  Api api(small_options(), examples());
  const std::string id = post(api, {{"text", kLeetCode1}})["id"];
  const std::string position = "/api/games/" + id + "/position";
  expect_error(call(api, "GET", position, "", {{"cats", "2"}}), 400, "mouse");
  expect_error(call(api, "GET", position, "", at("6", "2")), 400, "mouse");
  expect_error(call(api, "GET", position, "", at("-1", "2")), 400, "mouse");
  expect_error(call(api, "GET", position, "", at("1", "")), 400, "cats");
  expect_error(call(api, "GET", position, "", at("1", "2,3")), 400, "cats");
  expect_error(call(api, "GET", position, "", at("1", "x")), 400, "cats");
  expect_error(call(api, "GET", position, "", at("1", "0")), 400, "cats", "may not");
  expect_error(call(api, "GET", position, "", at("1", "2", "dog")), 400, "turn");
  expect_error(call(api, "GET", position, "", at("1", "2", "mouse", "many")), 400, "played");
  expect_error(call(api, "GET", "/api/games/g999999/line", "", at("1", "2")), 404, "id");
  expect_error(call(api, "GET", "/api/games/" + id + "/other"), 404, "/api/games/" + id + "/other");
  expect_error(call(api, "GET", "/api/nothing"), 404, "/api/nothing");
  expect_error(call(api, "GET", "/api"), 404, "/api");
  const Response put = call(api, "PUT", "/api/games", "{}");
  expect_error(put, 405, "/api/games");
  EXPECT_EQ(header(put, "Allow"), "POST");
  const Response post_game = call(api, "POST", "/api/games/" + id, "{}");
  expect_error(post_game, 405, "/api/games/" + id);
  EXPECT_EQ(header(post_game, "Allow"), "GET, DELETE");
  EXPECT_EQ(header(call(api, "DELETE", position), "Allow"), "GET");
}

TEST(ServerApi, BusyServersSay503) {
  ApiOptions options = small_options();
  options.solves = 1;
  options.queue = 0;
  Api api(options, examples());
  {
    auto held = api.gate().enter();  // a solve under way
    ASSERT_TRUE(held);
    const Response busy = call(api, "POST", "/api/games", Json{{"text", kLeetCode2}}.dump());
    expect_error(busy, 503, "");
    EXPECT_EQ(header(busy, "Retry-After"), "1");
  }
  EXPECT_EQ(call(api, "POST", "/api/games", Json{{"text", kLeetCode2}}.dump()).status, 201);
}

TEST(ServerApi, OldGamesGiveWayWithinTheMemory) {
  ApiOptions options = small_options();
  options.memory = 200'000;
  Api api(options, examples());
  std::vector<std::string> ids;
  for (int seed = 0; seed < 30; ++seed) {
    ids.push_back(
        post(api, {{"generate", {{"family", "random"}, {"nodes", 40}, {"seed", seed}}}})["id"]);
    EXPECT_LE(api.cache().cached_bytes(), options.memory);
  }
  EXPECT_LT(api.cache().size(), ids.size());
  EXPECT_GT(api.cache().size(), 1u);
  expect_error(call(api, "GET", "/api/games/" + ids.front()), 404, "id");
  EXPECT_EQ(call(api, "GET", "/api/games/" + ids.back()).status, 200);
}

TEST(GameCache, LeastRecentlyUsedFirstOut) {
  GameCache<int> cache(100);
  const auto add = [&](const std::string& id, std::uint64_t bytes) {
    auto room = cache.reserve(bytes);
    ASSERT_TRUE(room);
    cache.insert(id, "key " + id, std::make_shared<const int>(static_cast<int>(bytes)), bytes,
                 std::move(*room));
  };
  add("a", 40);
  add("b", 40);
  EXPECT_EQ(*cache.find("a"), 40);  // a is now the most recent
  add("c", 30);                     // b goes
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_FALSE(cache.find_key("key b"));
  EXPECT_EQ(cache.find_key("key a"), "a");
  EXPECT_EQ(cache.cached_bytes(), 70u);
  EXPECT_FALSE(cache.reserve(101));  // never fits
  {
    auto held = cache.reserve(90);  // evicts a and c
    ASSERT_TRUE(held);
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_FALSE(cache.reserve(20));  // the solve under way holds the room
  }
  EXPECT_TRUE(cache.reserve(100));
  add("d", 10);
  EXPECT_TRUE(cache.erase("d"));
  EXPECT_FALSE(cache.erase("d"));
  EXPECT_EQ(cache.cached_bytes(), 0u);
}

TEST(SolveGate, RunsThenQueuesThenRefuses) {
  SolveGate gate(1, 1);
  auto first = gate.enter();
  ASSERT_TRUE(first);
  std::atomic<bool> second_ran = false;
  std::thread second([&] {
    auto ticket = gate.enter();  // waits for the first
    second_ran = ticket.has_value();
  });
  while (gate.waiting() == 0) std::this_thread::yield();
  EXPECT_FALSE(gate.enter());  // the queue is full
  first.reset();
  second.join();
  EXPECT_TRUE(second_ran);
  EXPECT_TRUE(gate.enter());
}

TEST(Layout, ForceDirectedIsFixedAndFillsTheSquare) {
  const Graph graph = read_game(kLeetCode1, "t").value().graph;
  const std::vector<Point> a = force_layout(graph);
  EXPECT_EQ(a, force_layout(graph));
  ASSERT_EQ(a.size(), 6u);
  double x0 = 1, x1 = 0, y0 = 1, y1 = 0;
  for (const Point& p : a) {
    x0 = std::min(x0, p[0]), x1 = std::max(x1, p[0]);
    y0 = std::min(y0, p[1]), y1 = std::max(y1, p[1]);
  }
  EXPECT_NEAR(std::max(x1 - x0, y1 - y0), 0.9, 1e-4);
  EXPECT_NEAR((x0 + x1) / 2, 0.5, 1e-4);
  EXPECT_NEAR((y0 + y1) / 2, 0.5, 1e-4);
  // The same numbers as the mock's reference implementation (tests/browser/mock/layout.mjs).
  const Graph four = read_game(kLeetCode2, "t").value().graph;
  const std::vector<Point> expected = {
      {0.3658, 0.6568}, {0.05, 0.8675}, {0.95, 0.1325}, {0.679, 0.3987}};
  EXPECT_EQ(force_layout(four), expected);
}

TEST(Layout, GridFamiliesOnTheirBoard) {
  const Graph grid = read_game("0 1\n1 2\n0 3\n1 4\n2 5\n3 4\n4 5\n", "t.txt").value().graph;
  // 6 nodes: 3 columns, 2 rows.
  const auto board = grid_family_layout(grid);
  ASSERT_TRUE(board);
  EXPECT_EQ((*board)[4], (Point{0.5, 0.5}));
  const Graph other = read_game("0 2\n1 2\n2 3\n", "t.txt").value().graph;
  EXPECT_FALSE(grid_family_layout(other));
}

TEST(StaticFiles, OnlyThePagesFiles) {
  const StaticFiles files = StaticFiles::load(CATMOUSE_WEB_DIR).value();
  const auto get = [&](const std::string& path, const std::string& method = "GET") {
    return files.serve(Request{method, path, {}, ""});
  };
  const Response index = get("/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_NE(index.body.find("<html"), std::string::npos);
  EXPECT_EQ(header(index, "Cache-Control"), "no-cache");
  EXPECT_EQ(get("/static/app.js").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(get("/static/style.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(get("/static/icon.svg").content_type, "image/svg+xml");
  EXPECT_EQ(get("/static/index.html").status, 200);
  EXPECT_EQ(get("/", "HEAD").status, 200);
  for (const char* path :
       {"/static/../CMakeLists.txt", "/static/../../etc/passwd", "/../CMakeLists.txt",
        "/static//etc/passwd", "/etc/passwd", "/static/", "/static/.hidden", "/static/./app.js",
        "/static/a/../app.js", "/static/app.js/", "/index.html", "/app.js", "/static/nothing.js",
        "/static/app.js\\..", "/static/%2e%2e/x.js"}) {
    EXPECT_EQ(get(path).status, 404) << path;
  }
  const Response post = get("/", "POST");
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(header(post, "Allow"), "GET, HEAD");
  EXPECT_FALSE(StaticFiles::load(CATMOUSE_EXAMPLES_DIR).ok());  // no index.html
}

// The site on a real socket, in this process.
class ServerOverHttp : public ::testing::Test {
 protected:
  void SetUp() override {
    api_ = std::make_unique<Api>(small_options(), examples());
    files_ = std::make_unique<StaticFiles>(StaticFiles::load(CATMOUSE_WEB_DIR).value());
    http_ = std::make_unique<HttpServer>(*api_, *files_, 16);
    const Result<int> port = http_->bind("127.0.0.1", 0);
    ASSERT_TRUE(port.ok());
    port_ = *port;
    thread_ = std::thread([this] { http_->run(); });
  }
  void TearDown() override {
    http_->stop();
    thread_.join();
  }

  // Sends `request` as it is, bytes and all, and returns the whole answer.
  std::string raw(const std::string& request) const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    for (std::size_t sent = 0; sent < request.size();) {
      const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<std::size_t>(n);
    }
    std::string answer;
    char buffer[65536];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, n);
    ::close(fd);
    return answer;
  }
  std::string get(const std::string& target) const {
    return raw("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  }

  std::unique_ptr<Api> api_;
  std::unique_ptr<StaticFiles> files_;
  std::unique_ptr<HttpServer> http_;
  int port_ = 0;
  std::thread thread_;
};

std::string status_line(const std::string& answer) {
  return answer.substr(0, answer.find("\r\n"));
}
std::string body_of(const std::string& answer) {
  const std::size_t at = answer.find("\r\n\r\n");
  return at == std::string::npos ? "" : answer.substr(at + 4);
}

TEST_F(ServerOverHttp, NoPathOutsideThePage) {
  EXPECT_EQ(status_line(get("/")), "HTTP/1.1 200 OK");
  EXPECT_EQ(status_line(get("/static/app.js")), "HTTP/1.1 200 OK");
  for (const char* target : {"/static/../CMakeLists.txt", "/static/%2e%2e/CMakeLists.txt",
                             "/static/%2E%2E/%2E%2E/etc/passwd", "/static/..%2f..%2fetc%2fpasswd",
                             "/static/%2fetc%2fpasswd", "/static//etc/passwd", "//etc/passwd",
                             "/%2e%2e/%2e%2e/etc/passwd", "/static/app.js%00.png", "/etc/passwd",
                             "/static/..\\..\\etc\\passwd", "/static/%2e/app.js"}) {
    const std::string answer = get(target);
    EXPECT_EQ(status_line(answer), "HTTP/1.1 404 Not Found") << target;
    EXPECT_EQ(answer.find("root:"), std::string::npos) << target;
    EXPECT_EQ(answer.find("cmake_minimum_required"), std::string::npos) << target;
  }
  // An absolute URI in the request line names no file either.
  EXPECT_NE(status_line(get("http://x/etc/passwd")), "HTTP/1.1 200 OK");
}

TEST_F(ServerOverHttp, ABodyOverTheLimitIsRefusedWithJson) {
  const std::string text(api_->options().max_body + 1000, ' ');
  const std::string body = "{\"text\": \"" + text + "\"}";
  const std::string answer =
      raw("POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: "
          "application/json\r\nContent-Length: " +
          std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_EQ(status_line(answer), "HTTP/1.1 413 Payload Too Large");
  const Json error = Json::parse(body_of(answer));
  EXPECT_EQ(error["where"], "body");
  // Malformed JSON over HTTP too.
  const std::string bad = raw(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\n{nope");
  EXPECT_EQ(status_line(bad), "HTTP/1.1 400 Bad Request");
  EXPECT_EQ(Json::parse(body_of(bad))["error"], "the body is not valid JSON");
}

TEST_F(ServerOverHttp, FiftyRequestsAtOnceAreAllAnswered) {
  httplib::Client client("127.0.0.1", port_);
  auto first = client.Post("/api/games", Json{{"text", kLeetCode1}}.dump(), "application/json");
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 201);
  const std::string id = Json::parse(first->body)["id"];
  std::atomic<int> answered = 0;
  std::mutex failures_mutex;
  std::vector<std::string> failures;
  std::vector<std::thread> clients;
  for (int k = 0; k < 50; ++k) {
    clients.emplace_back([&, k] {
      httplib::Client c("127.0.0.1", port_);
      c.set_read_timeout(120);
      const auto request = [&]() -> std::pair<httplib::Result, int> {
        switch (k % 5) {
          case 0:  // a new game to solve
            return {
                c.Post(
                    "/api/games",
                    Json{{"generate", {{"family", "random"}, {"nodes", 30}, {"seed", k}}}}.dump(),
                    "application/json"),
                201};
          case 1:
            return {c.Get("/api/games/" + id + "/line?mouse=1&cats=2&turn=mouse"), 200};
          case 2:
            return {c.Get("/static/app.js"), 200};
          case 3:
            return {c.Get("/api/games/" + id + "/valuemap?mouse=3"), 200};
          default:
            return {c.Get("/api/games/" + id + "/position?mouse=" + std::to_string(1 + k % 5) +
                          "&cats=2&turn=cat"),
                    200};
        }
      };
      const auto [r, expected] = request();
      if (r && r->status == expected) {
        ++answered;
      } else {
        const std::lock_guard lock(failures_mutex);
        failures.push_back(fmt::format(
            "request {}: {}", k,
            r ? fmt::format("{} {}", r->status, r->body) : httplib::to_string(r.error())));
      }
    });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(answered, 50) << fmt::format("{}", fmt::join(failures, "\n"));
}

TEST(ServerStop, RequestsUnderWayAreAnswered) {
  ApiOptions options = small_options();
  options.solves = 1;
  options.queue = 1;
  Api api(options, examples());
  const StaticFiles files = StaticFiles::load(CATMOUSE_WEB_DIR).value();
  HttpServer http(api, files, 4);
  const int port = http.bind("127.0.0.1", 0).value();
  std::thread server([&] { http.run(); });
  auto held = api.gate().enter();  // the one solve under way: the next POST waits for its turn
  int status = 0;
  std::thread client([&] {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(120);
    const auto r = c.Post("/api/games", Json{{"text", kLeetCode2}}.dump(), "application/json");
    status = r ? r->status : -1;
  });
  while (api.gate().waiting() == 0) std::this_thread::yield();
  http.stop();    // as on SIGINT or SIGTERM: no new connection, but the POST under way ...
  held.reset();   // ... gets its turn, is solved and answered before run() returns
  server.join();
  client.join();
  EXPECT_EQ(status, 201);
}

// The program: `catmouse serve --port 0` prints where it listens, answers, and exits 0 on a
// signal.
struct Child {
  pid_t pid = -1;
  FILE* out = nullptr;
};

Child start_serve(const std::vector<std::string>& extra, const std::string& port = "0") {
  std::vector<std::string> args = {CATMOUSE_CLI, "serve", "--port", port, "--memory", "64M"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int pipe_fds[2];
  EXPECT_EQ(::pipe(pipe_fds), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  Child child;
  EXPECT_EQ(posix_spawn(&child.pid, CATMOUSE_CLI, &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  child.out = ::fdopen(pipe_fds[0], "r");
  return child;
}

std::string read_line(FILE* in) {
  std::string line;
  for (int c; (c = std::fgetc(in)) != EOF && c != '\n';) line += static_cast<char>(c);
  return line;
}

int exit_code(Child& child) {
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  std::fclose(child.out);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ServeProgram, ListensOnTheLoopbackAndStopsCleanlyOnASignal) {
  for (const int signal : {SIGTERM, SIGINT}) {
    Child child = start_serve({CATMOUSE_EXAMPLES_DIR "/leetcode2.json"});
    const std::string line = read_line(child.out);
    std::smatch match;
    ASSERT_TRUE(
        std::regex_match(line, match, std::regex(R"(listening on http://127\.0\.0\.1:(\d+)/)")))
        << line;
    const int port = std::stoi(match[1]);
    EXPECT_EQ(read_line(child.out),
              "open http://127.0.0.1:" + std::to_string(port) + "/?example=leetcode2");
    httplib::Client client("127.0.0.1", port);
    const auto examples = client.Get("/api/examples");
    ASSERT_TRUE(examples);
    EXPECT_EQ(examples->status, 200);
    EXPECT_EQ(Json::parse(examples->body)[0]["name"], "leetcode2");  // the graph given comes first
    const auto page = client.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    ::kill(child.pid, signal);
    EXPECT_EQ(exit_code(child), 0) << "signal " << signal;
  }
}

TEST(ServeProgram, ABadBoardIsAUsageErrorAndATakenPortAFailure) {
  // Each must exit at once; one that serves anyway is stopped, so that the test fails, not hangs.
  const auto refused = [](Child& child) {
    const std::string line = read_line(child.out);
    if (!line.empty()) ::kill(child.pid, SIGTERM);
    return line;
  };
  Child bad = start_serve({CATMOUSE_TEST_DATA "/../../README.md"});
  EXPECT_EQ(refused(bad), "");
  EXPECT_EQ(exit_code(bad), 2);
  // A port another server holds.
  Api api(small_options(), examples());
  const StaticFiles files = StaticFiles::load(CATMOUSE_WEB_DIR).value();
  HttpServer holder(api, files, 2);
  const Result<int> port = holder.bind("127.0.0.1", 0);
  ASSERT_TRUE(port.ok());
  Child taken = start_serve({}, std::to_string(*port));
  EXPECT_EQ(refused(taken), "");
  EXPECT_EQ(exit_code(taken), 1);
}

}  // namespace
}  // namespace catmouse::server
