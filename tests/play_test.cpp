// play.hpp: whether a position is over and why, the sentences the front ends print, and the
// optimal line from a position with moves already made (move limits, cycles, cuts); and
// `catmouse play` played through a pipe.
#include "catmouse/solve/play.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "catmouse/core/grid.hpp"
#include "catmouse/solve/solve.hpp"
#include "cli_util.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_lists;

// LeetCode 913's examples: a draw on six nodes, a mouse win in one move on four.
const std::vector<std::vector<NodeId>> kDraw = {{2, 5},    {3},    {0, 4, 5},
                                                {1, 4, 5}, {2, 3}, {0, 2, 3}};
const std::vector<std::vector<NodeId>> kMouseWins = {{1, 3}, {0}, {3}, {0, 2}};

Solution solved(GameSpec spec) {
  Result<Solution> solution = solve(std::move(spec));
  EXPECT_TRUE(solution.ok()) << solution.error().to_string();
  return std::move(solution).value();
}
Solution solved(const std::vector<std::vector<NodeId>>& lists, const Rules& rules = {}) {
  return solved(make_spec(graph_from_lists(lists), rules));
}

TEST(Play, FinishedSaysWhyInTheOrderOfTheRules) {
  Rules limited;
  limited.move_limit = 4;
  const Solution s = solved(kDraw, limited);
  EXPECT_EQ(finished(s, Position(0, {2}, Side::kCat)), LineEnd::kHole);
  EXPECT_EQ(finished(s, Position(4, {4}, Side::kMouse)), LineEnd::kCapture);
  EXPECT_EQ(finished(s, s.start(), 3), std::nullopt);
  EXPECT_EQ(finished(s, s.start(), 4), LineEnd::kMoveLimit);
  EXPECT_EQ(finished(s, s.start(), 9), LineEnd::kMoveLimit);
  // A finished position stays what it is at the limit.
  EXPECT_EQ(finished(s, Position(0, {2}, Side::kCat), 4), LineEnd::kHole);
}

TEST(Play, AStuckSideIsOver) {
  // No hole, and node 0 alone: a mouse there cannot move, and by the stuck rule it loses.
  Rules rules;
  rules.holes = {};
  rules.mouse_start = 0;
  rules.cat_start = 1;
  Result<Graph> g = Graph::from_edges(4, std::vector<Edge>{{1, 2}, {2, 3}});
  ASSERT_TRUE(g.ok());
  const Solution s = solved(make_spec(std::move(g).value(), rules));
  EXPECT_EQ(finished(s, Position(0, {1}, Side::kMouse)), LineEnd::kStuck);
  EXPECT_EQ(finished_sentence(s, Position(0, {1}, Side::kMouse), LineEnd::kStuck),
            "cat wins: the mouse has no legal move");
  EXPECT_EQ(finished(s, Position(0, {1}, Side::kCat)), std::nullopt);
}

TEST(Play, ValueSentences) {
  EXPECT_EQ(value_sentence({Value::kMouseWin, 3}), "mouse wins in 3 moves");
  EXPECT_EQ(value_sentence({Value::kCatWin, 1}), "cat wins in 1 move");
  EXPECT_EQ(value_sentence({Value::kCatWin, std::nullopt}), "cat wins");
  EXPECT_EQ(value_sentence({Value::kDraw, std::nullopt}), "draw");
}

TEST(Play, FinishedSentences) {
  const Solution s = solved(kDraw);
  EXPECT_EQ(finished_sentence(s, Position(0, {2}, Side::kCat), LineEnd::kHole),
            "mouse wins: the mouse is in the hole");
  EXPECT_EQ(finished_sentence(s, Position(4, {4}, Side::kMouse), LineEnd::kCapture),
            "cat wins: the cat caught the mouse");
  Rules two;
  two.cats = 2;
  two.cat_starts = {2, 5};
  const Solution k2 = solved(kDraw, two);
  EXPECT_EQ(finished_sentence(k2, Position(4, {2, 4}, Side::kMouse), LineEnd::kCapture),
            "cat wins: a cat caught the mouse");
  Rules limited;
  limited.move_limit = 20;
  const Solution l = solved(kDraw, limited);
  EXPECT_EQ(finished_sentence(l, l.start(), LineEnd::kMoveLimit, 20),
            "draw: the move limit of 20 moves is reached");
  EXPECT_EQ(finished_sentence(l, l.start(), LineEnd::kRepetition), "draw: a position repeats");

  // LeetCode 1728: food instead of a hole, the cat wins by reaching it first or at the limit.
  GridMap map{{"####F", "#C...", "M...."}, 1, 2};
  const Solution grid = solved(grid_spec(map));
  const NodeId food = map.find('F');
  EXPECT_EQ(finished_sentence(grid, Position(food, {map.node(1, 1)}, Side::kCat), LineEnd::kHole),
            "mouse wins: the mouse is on the food");
  EXPECT_EQ(
      finished_sentence(grid, Position(map.node(2, 0), {food}, Side::kMouse), LineEnd::kCapture),
      "cat wins: the cat reached the food first");
  EXPECT_EQ(finished_sentence(grid, grid.start(), LineEnd::kMoveLimit, 1000),
            "cat wins: the move limit of 1000 moves is reached");
}

TEST(Play, LineWithoutALimitIsTheSolutionsLine) {
  for (const auto& lists : {kDraw, kMouseWins}) {
    const Solution s = solved(lists);
    const Line expected = s.line(s.start()).value();
    const PlayedLine got = line_from(s, s.start(), 7, 10000).value();
    EXPECT_FALSE(got.cut);
    EXPECT_EQ(got.line.positions, expected.positions);
    EXPECT_EQ(got.line.end, expected.end);
    EXPECT_EQ(got.line.cycle_start, expected.cycle_start);
  }
}

TEST(Play, UnderAMoveLimitTheLineGoesRoundTheCycleToTheLimit) {
  const Solution free = solved(kDraw);
  const Line cycle = free.line(free.start()).value();
  ASSERT_EQ(cycle.end, LineEnd::kRepetition);
  Rules limited;
  limited.move_limit = 12;
  const Solution s = solved(kDraw, limited);
  for (const std::uint32_t played : {0u, 5u, 12u, 20u}) {
    const PlayedLine got = line_from(s, s.start(), played, 10000).value();
    const std::size_t left = played < 12 ? 12 - played : 0;
    ASSERT_EQ(got.line.positions.size(), left + 1) << played;
    EXPECT_EQ(got.line.end, LineEnd::kMoveLimit);
    EXPECT_FALSE(got.line.cycle_start.has_value());
    EXPECT_FALSE(got.cut);
    // The positions are the unlimited line's, round its cycle.
    const std::size_t start = *cycle.cycle_start;
    const std::size_t length = cycle.positions.size() - start;
    for (std::size_t i = 0; i < got.line.positions.size(); ++i) {
      const std::size_t j = i < cycle.positions.size() ? i : start + (i - start) % length;
      EXPECT_EQ(got.line.positions[i], cycle.positions[j]) << played << " " << i;
    }
  }
}

TEST(Play, AWinBeforeTheLimitEndsTheLine) {
  Rules limited;
  limited.move_limit = 5;
  const Solution s = solved(kMouseWins, limited);
  const PlayedLine got = line_from(s, s.start(), 4, 10000).value();
  ASSERT_EQ(got.line.positions.size(), 2u);
  EXPECT_EQ(got.line.end, LineEnd::kHole);
}

TEST(Play, AnEndOnTheLimitsMoveIsTheGamesOwn) {
  // A capture exactly on the third move, with a limit of 3: the line ends in the capture.
  Rules rules;
  rules.move_limit = 3;
  rules.mouse_stays = true;
  rules.cat_stays = true;
  Result<Graph> g = Graph::from_edges(5, std::vector<Edge>{{0, 1}, {0, 2}, {1, 2}, {1, 4}, {2, 3}});
  ASSERT_TRUE(g.ok());
  const Solution s = solved(make_spec(std::move(g).value(), rules));
  const Position start(3, {1}, Side::kCat);
  ASSERT_EQ(s.value(start), (StateValue{Value::kCatWin, 3}));
  const PlayedLine got = line_from(s, start, 0, 10000).value();
  ASSERT_EQ(got.line.positions.size(), 4u);
  EXPECT_EQ(got.line.end, LineEnd::kCapture);
  EXPECT_EQ(s.line(start).value().end, LineEnd::kCapture);
}

TEST(Play, LongLinesAreCut) {
  const Solution free = solved(kDraw);
  const PlayedLine cut = line_from(free, free.start(), 0, 2).value();
  EXPECT_TRUE(cut.cut);
  EXPECT_EQ(cut.line.positions.size(), 3u);
  EXPECT_FALSE(cut.line.cycle_start.has_value());
  Rules limited;
  limited.move_limit = 1000;
  const Solution s = solved(kDraw, limited);
  const PlayedLine long_line = line_from(s, s.start(), 0, 50).value();
  EXPECT_TRUE(long_line.cut);
  EXPECT_EQ(long_line.line.positions.size(), 51u);
  // The cut falls exactly on the limit: the limit ends the line, nothing is cut.
  const PlayedLine exact = line_from(s, s.start(), 950, 50).value();
  EXPECT_FALSE(exact.cut);
  EXPECT_EQ(exact.line.end, LineEnd::kMoveLimit);
  EXPECT_EQ(exact.line.positions.size(), 51u);
}

// `catmouse play FILE ARGS` with `keys` piped in, one move or command a line.
cli_test::CliRun play_piped(const std::string& file, const std::string& keys,
                            const std::string& args = "") {
  const auto input =
      std::filesystem::temp_directory_path() / ("catmouse_play_keys_" + std::to_string(::getpid()));
  std::ofstream(input) << keys;
  cli_test::CliRun run =
      cli_test::catmouse("play '" + cli_test::example(file) + "' " + args, input.string());
  std::filesystem::remove(input);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  return run;
}

std::size_t count_lines(const std::string& text, const std::string& line) {
  const std::vector<std::string> lines = cli_test::lines_of(text);
  return static_cast<std::size_t>(std::count(lines.begin(), lines.end(), line));
}

constexpr const char* kAfterTheEnd = "u takes your last move back, r restarts, q quits: ";

TEST(PlayPiped, TheLosingMoveCanBeTakenBack) {
  // The mouse walks into the cat on its third move; u at the end takes that move back, u again
  // goes one turn further back, and the game goes on from there (into the cat again).
  const auto run = play_piped("leetcode1.json", "3\n1\n3\nu\nu\n5\nq\n");
  EXPECT_EQ(count_lines(run.out, "Game over: cat wins: the cat caught the mouse. You lose."), 2u)
      << run.out;
  EXPECT_EQ(count_lines(run.out, std::string(kAfterTheEnd) + "u"), 1u) << run.out;
  EXPECT_EQ(count_lines(run.out, "Move 4: mouse on 1, cat on 3, mouse to move."), 2u) << run.out;
  EXPECT_EQ(count_lines(run.out, "Move 2: mouse on 3, cat on 5, mouse to move."), 2u) << run.out;
  EXPECT_EQ(count_lines(run.out, "Move 3: mouse on 5, cat on 5, cat to move."), 1u) << run.out;
  EXPECT_EQ(cli_test::lines_of(run.out).back(), std::string(kAfterTheEnd) + "q");
}

TEST(PlayPiped, AfterTheEndRestartQuitOrTheEndOfInput) {
  const auto run = play_piped("leetcode2.json", "0\nx\nr\n0\nq\n");
  EXPECT_EQ(count_lines(run.out, "Game over: mouse wins: the mouse is in the hole. You win!"), 2u)
      << run.out;
  EXPECT_EQ(count_lines(run.out, "The game is over: type u, r or q."), 1u) << run.out;
  EXPECT_EQ(count_lines(run.out, "Move 0: mouse on 1, cat on 2, mouse to move."), 2u) << run.out;
  EXPECT_EQ(cli_test::lines_of(run.out).back(), std::string(kAfterTheEnd) + "q");
  // The input ends at the end of the game: the game is over, nothing else happens.
  const auto eof = play_piped("leetcode2.json", "0\n");
  EXPECT_EQ(count_lines(eof.out, "Game over: mouse wins: the mouse is in the hole. You win!"), 1u)
      << eof.out;
  // As the cat, an engine's win from the start leaves nothing to take back.
  const auto lost = play_piped("leetcode2.json", "u\nq\n", "--as cat");
  EXPECT_EQ(count_lines(lost.out, "Game over: mouse wins: the mouse is in the hole. You lose."), 1u)
      << lost.out;
  EXPECT_EQ(count_lines(lost.out, "Nothing to undo."), 1u) << lost.out;
}

TEST(PlayPiped, MovesByNodeOrByTheirNumberWithAHash) {
  const std::string after = "Move 1: mouse on 3, cat on 2, cat to move.";
  EXPECT_EQ(count_lines(play_piped("leetcode1.json", "3\nq\n").out, after), 1u);
  EXPECT_EQ(count_lines(play_piped("leetcode1.json", "#1\nq\n").out, after), 1u);
  // "1" is the list's first number but not a node the mouse can reach: a plain number is always
  // a node, so it is refused rather than read as the first move.
  const auto refused = play_piped("leetcode1.json", "1\n#2\n#x\nq\n");
  EXPECT_EQ(count_lines(refused.out, after), 0u) << refused.out;
  EXPECT_EQ(count_lines(refused.out,
                        "'1' is not one of your moves: type a node of the list, #1 to "
                        "#1, u to undo, r to restart or q to quit."),
            1u)
      << refused.out;
  EXPECT_EQ(count_lines(refused.out, "Your move (a node, #1-#1, u, r, q): #2"), 1u) << refused.out;
  EXPECT_NE(refused.out.find("'#x' is not one of your moves"), std::string::npos) << refused.out;
  // On a map, cells as row,column with or without brackets and spaces.
  const std::string cell = "Move 1: mouse on (2, 2), cat on (1, 1), cat to move.";
  for (const char* keys : {"2,2\nq\n", "(2, 2)\nq\n", " ( 2 ,2 ) \nq\n", "#3\nq\n"}) {
    const auto run = play_piped("grid1728.json", keys);
    EXPECT_EQ(count_lines(run.out, cell), 1u) << keys << run.out;
  }
}

TEST(PlayPiped, AStayIsCalledAStay) {
  const auto run = play_piped("grid1728.json", "2,2\nstay\nq\n");
  EXPECT_EQ(count_lines(run.out, "  #1   stay on (2, 0)"), 1u) << run.out;
  EXPECT_EQ(count_lines(run.out, "  #4   stay on (2, 2)"), 2u) << run.out;
  EXPECT_EQ(count_lines(run.out, "  #1   to (2, 0)"), 0u) << run.out;
  EXPECT_EQ(count_lines(run.out, "The engine plays: the cat stays on (1, 1)."), 2u) << run.out;
  EXPECT_EQ(run.out.find("(1, 1) -> (1, 1)"), std::string::npos) << run.out;
  EXPECT_EQ(count_lines(run.out, "Move 3: mouse on (2, 2), cat on (1, 1), cat to move."), 1u)
      << run.out;
}

TEST(PlayPiped, StaysOnGraphsAndTwoCatsSwapping) {
  const auto graph = play_piped("leetcode1.json", "stay\nq\n", "--mouse-stays");
  EXPECT_EQ(count_lines(graph.out, "  #1   stay on 1"), 2u) << graph.out;
  EXPECT_EQ(count_lines(graph.out, "Move 1: mouse on 1, cat on 2, cat to move."), 1u) << graph.out;
  // Two cats on 2 and 4 that swap end where they started, but neither stayed; the cats' nodes
  // are typed together.
  const auto two = play_piped("leetcode1.json", "3,4\nq\n", "--cats 2 --cat 2,4 --as cat");
  EXPECT_EQ(count_lines(two.out, "  #1   to 2,4"), 1u) << two.out;
  EXPECT_EQ(two.out.find("stay on"), std::string::npos) << two.out;
  EXPECT_EQ(count_lines(two.out, "Move 2: mouse on 3, cats on 3,4, mouse to move."), 1u) << two.out;
}

// The value sentence of one position, as the server's JSON and Python give it too
// (server_api_test.cpp, tests/python/test_sentence.py).
TEST(PlayPiped, HintsSayTheLibrarysSentence) {
  const auto run =
      play_piped("leetcode1.json", "q\n", "--hints --as cat --mouse 4 --cat 1 --turn cat");
  EXPECT_EQ(count_lines(run.out, "Value: mouse wins in 4 moves"), 1u) << run.out;
}

TEST(PlayPiped, ValuesOnlyWithHints) {
  const auto plain = play_piped("leetcode1.json", "3\nq\n");
  EXPECT_EQ(plain.out.find("Value"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("draw"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("best"), std::string::npos) << plain.out;
  const auto hints = play_piped("leetcode1.json", "3\nq\n", "--hints");
  EXPECT_EQ(count_lines(hints.out, "Value: draw"), 3u) << hints.out;
  EXPECT_NE(hints.out.find("draw  * best"), std::string::npos) << hints.out;
}

}  // namespace
TEST(PlayPiped, StayIsOfferedOnlyWhereTheRulesAllowIt) {
  // LeetCode's rules: nobody stays. The introduction does not offer it, and typing it says why.
  const auto plain = play_piped("leetcode1.json", "stay\nq\n");
  EXPECT_EQ(plain.out.find("stay to stay"), std::string::npos) << plain.out;
  EXPECT_EQ(count_lines(plain.out, "The rules do not let the mouse stay (--mouse-stays does)."), 1u)
      << plain.out;
  // With --mouse-stays the mouse may, and the cat still may not.
  const auto mouse = play_piped("leetcode1.json", "q\n", "--mouse-stays");
  EXPECT_NE(mouse.out.find("stay to stay"), std::string::npos) << mouse.out;
  const auto cat = play_piped("leetcode1.json", "stay\nq\n", "--mouse-stays --as cat");
  EXPECT_EQ(cat.out.find("stay to stay"), std::string::npos) << cat.out;
  // A 1728 map: both may stay (a jump of 0).
  const auto map = play_piped("grid1728.json", "q\n");
  EXPECT_NE(map.out.find("stay to stay"), std::string::npos) << map.out;
}

}  // namespace catmouse
