// detect_format (io/format.hpp): which reader an input goes to, from LeetCode's `graph = [...]`
// line, the file's suffix, then its content.
#include <gtest/gtest.h>

#include <vector>

#include "catmouse/io/format.hpp"
#include "catmouse/io/game_reader.hpp"

namespace catmouse {
namespace {

using Lists = std::vector<std::vector<NodeId>>;

TEST(FormatDetect, SuffixWinsOverContent) {
  EXPECT_EQ(detect_format("g.json", "0 1\n"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("dir/G.JSON", ""), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("g.edges", "{"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("g.el", "["), InputFormat::kEdges);
  EXPECT_EQ(detect_format("g.g6", "0 1\n"), InputFormat::kGraph6);
  EXPECT_EQ(detect_format("dir/G.G6", ""), InputFormat::kGraph6);
  EXPECT_EQ(detect_format("geng.graph6", "[[1,2],[0],[0]]"), InputFormat::kGraph6);
  EXPECT_EQ(detect_format("g.g6.json", "C~"), InputFormat::kLeetCode);
}

// A .txt file is what a user pasted into it: LeetCode's list as often as an edge list.
TEST(FormatDetect, ATxtFileGoesByItsContent) {
  EXPECT_EQ(detect_format("g.txt", "[[1,2],[0],[0]]"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("G.TXT", "# pasted\n\n  [[1,2],[0],[0]]\n"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("g.txt", "{\"graph\": [[1], [0]]}"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("g.txt", "0 1\n1 2\n"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("g.txt", ">>graph6<<C~"), InputFormat::kGraph6);
  EXPECT_EQ(detect_format("g.txt", ""), InputFormat::kEdges);
}

TEST(FormatDetect, LeetCodesInputLineWinsOverTheSuffix) {
  for (const char* source : {"input.txt", "input.edges", "input.g6", "input", "<stdin>"}) {
    EXPECT_EQ(detect_format(source, "graph = [[1,2],[0],[0]]\n"), InputFormat::kLeetCode) << source;
    EXPECT_EQ(detect_format(source, "\n graph=[[1,2],[0],[0]]"), InputFormat::kLeetCode) << source;
  }
  EXPECT_EQ(detect_format("input.txt", "graph = 0 1\n"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", "graph 0 1\n"), InputFormat::kEdges);
  const Result<GameSpec> game = read_game("graph = [[1,3],[0],[3],[0,2]]\n", "input.txt");
  ASSERT_TRUE(game.ok()) << game.error().to_string();
  EXPECT_EQ(game->graph.to_adjacency(), (Lists{{1, 3}, {0}, {3}, {0, 2}}));
}

TEST(FormatDetect, ContentDecidesOtherwise) {
  EXPECT_EQ(detect_format("<stdin>", "[[1,2],[0],[0]]"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("<stdin>", "\n  \t{\"graph\": []}"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("graph", "# a comment [\n\n  [[1]]"), InputFormat::kLeetCode);
  EXPECT_EQ(detect_format("graph", "# [not json]\n0 1\n"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("graph.dat", "nodes 3\n"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", ""), InputFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", "# only a comment"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", ">>graph6<<IheA@GUAo\n"), InputFormat::kGraph6);
  EXPECT_EQ(detect_format("graph", "\xEF\xBB\xBF>>graph6<<\nC~\n"), InputFormat::kGraph6);
  // Without header or suffix, graph6 is not guessed: only the header is a sure sign.
  EXPECT_EQ(detect_format("<stdin>", "C~\n"), InputFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", " >>graph6<<C~"), InputFormat::kEdges);
}

}  // namespace
}  // namespace catmouse
