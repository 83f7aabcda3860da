// catmouse serve's JSON API (docs/server.md), called directly: every endpoint, every refusal and
// its status and place, the values against the Solution's, several cats, move limits, lines,
// value maps, the 503 of a busy server and the cache's memory bound.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>

#include "api_error.hpp"
#include "catmouse/solve/play.hpp"
#include "server_test_util.hpp"

namespace catmouse::server {
namespace {

using namespace catmouse::server::test;  // NOLINT: the helpers of these tests

// A library error's status comes from its kind, whatever its message or field says; the field
// names the request member of bad input.
TEST(ServerApi, TheStatusIsTheErrorsKind) {
  const auto status = [](ErrorKind kind, ErrorField field = ErrorField::kNone) {
    return answer_of(Error("the heap is exhausted", at_field(field), kind)).status;
  };
  EXPECT_EQ(status(ErrorKind::kOutOfMemory), 413);
  EXPECT_EQ(status(ErrorKind::kRefusedMemory, ErrorField::kMemoryLimit), 413);
  EXPECT_EQ(status(ErrorKind::kResources), 503);
  EXPECT_EQ(status(ErrorKind::kCancelled), 503);
  EXPECT_EQ(status(ErrorKind::kOutputLost), 503);
  EXPECT_EQ(status(ErrorKind::kInternal), 503);
  EXPECT_EQ(status(ErrorKind::kBadInput, ErrorField::kHoles), 400);
  EXPECT_EQ(status(ErrorKind::kBadInput, ErrorField::kEngine), 422);
  // Bad input about the memory limit or resources is still the request's fault.
  EXPECT_EQ(status(ErrorKind::kBadInput, ErrorField::kMemoryLimit), 422);
  EXPECT_EQ(answer_of(Error("x", at_field(ErrorField::kHoles))).where, "rules.holes");
  try {
    Error refused("solving 8 states needs about 2 KiB", at_field(ErrorField::kMemoryLimit),
                  ErrorKind::kRefusedMemory);
    refused.hint = {ErrorField::kValuesOnly, "values only would fit"};
    fail(refused);
    FAIL() << "no ApiError thrown";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status, 413);
    EXPECT_EQ(e.message, "solving 8 states needs about 2 KiB; values only would fit");
  }
}

TEST(ServerApi, ExamplesInNameOrder) {
  Api api(small_options(), examples());
  const Response r = call(api, "GET", "/api/examples");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(header(r, "Cache-Control"), "no-store");
  const Json list = json_of(r);
  ASSERT_EQ(list.size(), 5u);
  const std::vector<std::pair<std::string, std::string>> expected = {{"grid1728", "grid"},
                                                                     {"leetcode1", "leetcode"},
                                                                     {"leetcode2", "leetcode"},
                                                                     {"long50", "leetcode"},
                                                                     {"petersen", "graph6"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(list[i]["name"], expected[i].first);
    EXPECT_EQ(list[i]["format"], expected[i].second);
    EXPECT_FALSE(list[i]["title"].get<std::string>().empty());
    EXPECT_FALSE(list[i]["text"].get<std::string>().empty());
  }
  // A title names the board; the value is the game's `start.sentence`, the library's words.
  EXPECT_EQ(list[1]["title"], "LeetCode 913, example 1");
  EXPECT_EQ(list[2]["title"], "LeetCode 913, example 2");
  EXPECT_EQ(list[3]["title"], "A long forced win (50 nodes)");
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
  EXPECT_EQ(game["start"], Json::parse(R"({"mouse":1,"cats":[2],"turn":"mouse","value":"mouse",
      "remoteness":1,"sentence":"mouse wins in 1 move","finished":null})"));
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

// The start's value in the game object is in the library's words (value_sentence of play.hpp, as
// catmouse play and Python say it), and the same as `position` says of the start.
TEST(ServerApi, TheStartsSentenceIsTheLibrarys) {
  Api api(small_options(), examples());
  struct Case {
    const char* text;
    Value value;
    const char* words;
  };
  // LeetCode's example 2, a path where the mouse must step onto the cat, LeetCode's example 1.
  const Case cases[] = {{kLeetCode2, Value::kMouseWin, "mouse wins in 1 move"},
                        {"[[2],[2],[0,1]]", Value::kCatWin, "cat wins in 1 move"},
                        {kLeetCode1, Value::kDraw, "draw"}};
  for (const Case& c : cases) {
    const Json game = post(api, {{"text", c.text}});
    const Json& start = game["start"];
    const Solution solution = local(c.text);
    const StateValue value = solution.value(start_position(solution.spec().rules));
    EXPECT_EQ(value.value, c.value) << c.text;
    EXPECT_EQ(start["value"], value_name(value.value)) << c.text;
    EXPECT_EQ(start["remoteness"], value.remoteness ? Json(*value.remoteness) : Json(nullptr));
    EXPECT_EQ(start["sentence"], value_sentence(value)) << c.text;
    EXPECT_EQ(start["sentence"], c.words) << c.text;
    EXPECT_TRUE(start["finished"].is_null()) << c.text;
    const Json at_start =
        json_of(call(api, "GET", "/api/games/" + game["id"].get<std::string>() + "/position", "",
                     at(start["mouse"].dump(), start["cats"][0].dump())));
    EXPECT_EQ(at_start["sentence"], start["sentence"]) << c.text;
  }
  // Under the rules the request gives: LeetCode's example 1 with a move limit the cat wins at.
  const Json limited = post(
      api, {{"example", "leetcode1"}, {"rules", {{"move_limit", 2}, {"limit_outcome", "cat"}}}});
  EXPECT_EQ(limited["title"], "LeetCode 913, example 1");
  EXPECT_EQ(limited["start"]["sentence"], "cat wins in 2 moves");
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
  EXPECT_EQ(example["title"], "LeetCode 913, example 1");
  const Json grid = post(api, {{"generate", {{"family", "grid"}, {"nodes", 12}, {"seed", 3}}}});
  EXPECT_EQ(grid["title"], "grid, 12 nodes, seed 3");
  EXPECT_EQ(grid["layout"][5], Json::parse("[0.375, 0.375]"));  // 4 columns: row 1, column 1
  const Json random =
      post(api, {{"generate", {{"family", "random"}, {"nodes", 20}, {"degree", 3}}}});
  EXPECT_EQ(random["title"], "random, 20 nodes, seed 1");
  EXPECT_EQ(random["edges"].size(), 30u);
  // catmouse gen's long family, and the example made with it: a forced win of 101 moves.
  const Json deep = post(api, {{"generate", {{"family", "long"}, {"nodes", 50}}}});
  EXPECT_EQ(deep["title"], "long, 50 nodes, seed 1");
  const Json long50 = post(api, {{"example", "long50"}});
  EXPECT_EQ(deep["edges"], long50["edges"]);
  EXPECT_EQ(long50["start"]["sentence"], "mouse wins in 101 moves");
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

// A library error answers with its field's name beside the place, from the server's one table of
// fields; nodes are the graph's ids, as the request gave them.
TEST(ServerApi, LibraryErrorsNameTheirField) {
  Api api(small_options(), examples());
  const auto field_of = [](const Response& r) {
    const Json error = json_of(r);
    return error.contains("field") ? error["field"].get<std::string>() : "(none)";
  };
  const Response lists =
      call(api, "POST", "/api/games", Json{{"text", "[[1,3],[0],[3],[0,1]]"}}.dump());
  expect_error(lists, 400, "line 1, column 13, node 2, neighbour 0", "node 2 lists 3");
  EXPECT_EQ(field_of(lists), "neighbour");
  const Response mouse =
      call(api, "POST", "/api/games",
           Json{{"text", kLeetCode2}, {"rules", {{"holes", {1}}, {"mouse", 1}}}}.dump());
  expect_error(mouse, 400, "rules.mouse", "the mouse may not start in the hole 1");
  EXPECT_EQ(field_of(mouse), "mouse_start");
  const Response cat =
      call(api, "POST", "/api/games",
           Json{{"text", kLeetCode2}, {"rules", {{"holes", {2}}, {"cat", 2}}}}.dump());
  expect_error(cat, 400, "rules.cat", "node 2");
  EXPECT_EQ(field_of(cat), "cat_start");
  // Refusals of the server's own make have no library field.
  EXPECT_EQ(field_of(call(api, "POST", "/api/games", "[1, 2]")), "(none)");
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

// Ten cats on a 16-node random graph: more joint moves than the pack engine plays. A valid game
// the server will not solve (422, naming rules.cats), refused by the plan at once and without a
// turn of the solves: here the only turn is taken. (It was 400 after 12 s of a solve's turn.)
TEST(ServerApi, TooManyJointMovesAreRefusedAtOnceWithoutASolveTurn) {
  ApiOptions options = small_options();
  options.memory = std::uint64_t{1} << 30;
  options.solves = 1;
  options.queue = 0;
  Api api(options, examples());
  auto held = api.gate().enter();
  const auto start = std::chrono::steady_clock::now();
  const Response r = call(
      api, "POST", "/api/games",
      Json{{"generate", {{"family", "random"}, {"nodes", 16}}}, {"rules", {{"cats", 10}}}}.dump());
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  expect_error(r, 422, "rules.cats", "joint moves");
  EXPECT_EQ(json_of(r)["field"], "cats");
  EXPECT_LT(took.count(), 5.0);
  EXPECT_EQ(api.cache().reserved_bytes(), 0u);
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
      EXPECT_EQ(got["moves"][k]["sentence"], value_sentence(moves[k].value));
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
  EXPECT_EQ(start["moves"],
            Json::parse(
                R"([{"mouse":0,"cats":[2],"turn":"cat","value":"mouse","remoteness":0,
              "sentence":"mouse wins in 0 moves","for_mover":"win"}])"));
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
      m["sentence"] = value_sentence(moves[k].value);
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
    EXPECT_EQ(map["cats"][c]["sentence"], value_sentence(v));
  }
  // The words catmouse play and Python give this position (play_test.cpp, test_sentence.py).
  EXPECT_EQ(map["cats"][1]["sentence"], "mouse wins in 4 moves");
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

}  // namespace
}  // namespace catmouse::server
