#include "catmouse/format.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace catmouse {
namespace {

using Lists = std::vector<std::vector<NodeId>>;

constexpr const char* kExample1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]";
constexpr const char* kExample2 = "[[1,3],[0],[3],[0,2]]";

// One bad input and everything its error must say. Line/column 0 means "no position".
struct BadCase {
  std::string text;
  std::string message;  // a substring of Error::message
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  std::optional<std::uint64_t> node = std::nullopt;
  std::string field = "";
};

void expect_error(const Result<Graph>& result, const BadCase& want, const std::string& source) {
  SCOPED_TRACE("input: " + want.text);
  ASSERT_FALSE(result.ok()) << "parsed, but should fail with: " << want.message;
  const Error& error = result.error();
  EXPECT_NE(error.message.find(want.message), std::string::npos)
      << "message: " << error.message << "\nwanted: " << want.message;
  EXPECT_EQ(error.where.source, source) << error.to_string();
  EXPECT_EQ(error.where.line, want.line) << error.to_string();
  EXPECT_EQ(error.where.column, want.column) << error.to_string();
  EXPECT_EQ(error.where.node, want.node) << error.to_string();
  EXPECT_EQ(error.where.field, want.field) << error.to_string();
}

Lists lists_of(const Result<Graph>& result) {
  EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().to_string());
  return result.ok() ? result->to_adjacency() : Lists{};
}

// ---- LeetCode JSON ---------------------------------------------------------------------------

TEST(FormatLeetCode, ParsesBothLeetCodeExamples) {
  const auto first = parse_leetcode(kExample1, "ex1.json");
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->node_count(), 6u);
  EXPECT_EQ(first->edge_count(), 7u);
  EXPECT_EQ(first->to_adjacency(), (Lists{{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}}));

  const auto second = parse_leetcode(kExample2, "ex2.json");
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->node_count(), 4u);
  EXPECT_EQ(second->edge_count(), 3u);
  EXPECT_EQ(second->to_adjacency(), (Lists{{1, 3}, {0}, {3}, {0, 2}}));
}

TEST(FormatLeetCode, AcceptsWhitespaceUnsortedListsAndIsolatedNodes) {
  EXPECT_EQ(lists_of(parse_leetcode(" [\n  [2, 1],\n  [0],\r\n  [0],\t[]\n]\n", "g.json")),
            (Lists{{1, 2}, {0}, {0}, {}}));
}

TEST(FormatLeetCode, AcceptsObjectFormAndIgnoresOtherMembers) {
  const char* text = R"({"rules": {"mouse": 1, "graph": [[9]]}, "graph": [[1,2],[0],[0]]})";
  EXPECT_EQ(lists_of(parse_leetcode(text, "g.json")), (Lists{{1, 2}, {0}, {0}}));
  EXPECT_EQ(lists_of(parse_leetcode(R"({"graph": [[1,3],[0],[3],[0,2]], "rules": null})", "g")),
            (Lists{{1, 3}, {0}, {3}, {0, 2}}));
}

TEST(FormatLeetCode, SyntaxErrorsGiveLineAndColumn) {
  const std::vector<BadCase> cases = {
      {"[[1,2],[0", "invalid JSON: unexpected end of input", 1, 10},
      {"[[1,2],\n [0],\n [0]] x", "invalid JSON: invalid literal", 3, 7},
      {"[[1,2],[0],[0],]", "invalid JSON: unexpected ']'", 1, 16},
      {"[[1 2]]", "invalid JSON: unexpected number literal", 1, 5},
      {"[[1,2],[0],\n[0]]]", "invalid JSON:", 2, 5},
  };
  for (const auto& c : cases) expect_error(parse_leetcode(c.text, "bad.json"), c, "bad.json");
}

TEST(FormatLeetCode, ShapeErrors) {
  const std::vector<BadCase> cases = {
      {"", "empty input"},
      {" \n\t ", "empty input"},
      {"5", "expected an array of adjacency lists or an object with a \"graph\" member, found 5", 1,
       1},
      {R"({"rules": {}})", "missing \"graph\" member"},
      {R"({"graph": "x"})", "\"graph\" must be an array of adjacency lists, found \"x\"", 1, 11},
      {"[[1,2],[0],5]", "expected a list of neighbours, found 5", 1, 12, 2},
      {"[[1,2],{},[0]]", "expected a list of neighbours, found an object", 1, 8, 1},
  };
  for (const auto& c : cases) expect_error(parse_leetcode(c.text, "g.json"), c, "g.json");
}

TEST(FormatLeetCode, BadEntriesNameNodeAndNeighbour) {
  const std::string not_id = "expected a node id (a non-negative integer), found ";
  const std::vector<BadCase> cases = {
      {R"([[1,2],[0],[0,"a"]])", not_id + "\"a\"", 1, 15, 2, "neighbour 1"},
      {"[[1,2],[0],[0,2.5]]", not_id + "2.5", 1, 15, 2, "neighbour 1"},
      {"[[1,2],[0],[0,2.0]]", not_id + "2.0", 1, 15, 2, "neighbour 1"},
      {"[[1,2],[0],[0,true]]", not_id + "true", 1, 15, 2, "neighbour 1"},
      {"[[1,2],[0],[null,0]]", not_id + "null", 1, 13, 2, "neighbour 0"},
      {"[[1,2],[0],[0,[1]]]", not_id + "an array", 1, 15, 2, "neighbour 1"},
      {"[[1,-1],[0],[0]]", "neighbour -1 is negative", 1, 5, 0, "neighbour 1"},
      {"[[1,2],[0,-1e3],[0]]", "neighbour -1e3 is negative", 1, 11, 1, "neighbour 1"},
      {"[[1,2],[0],[0,4294967296]]", "neighbour 4294967296 is too big for a 32-bit node id", 1, 15,
       2, "neighbour 1"},
      {"[[1,2],[0],[0, 99999999999999999999999]]",
       "neighbour 99999999999999999999999 is too big for a 32-bit node id", 1, 16, 2,
       "neighbour 1"},
      {"[[1,2],[0],[0,1e30]]", "neighbour 1e30 is too big", 1, 15, 2, "neighbour 1"},
      // Positions on later lines, and in object form after a member that looks alike.
      {"[\n  [1, 2],\n  [0],\n  [0, \"x\"]\n]", not_id + "\"x\"", 4, 7, 2, "neighbour 1"},
      {R"({"rules": {"graph": [[0, "y"]]}, "graph": [[1,2],[0],[0,"z"]]})", not_id + "\"z\"", 1, 57,
       2, "neighbour 1"},
      // Columns count characters, not bytes: "é" is two bytes but one column.
      {R"({"é": 0, "graph": [[1,2],[0],[0,-1]]})", "neighbour -1 is negative", 1, 33, 2,
       "neighbour 1"},
  };
  for (const auto& c : cases) expect_error(parse_leetcode(c.text, "g.json"), c, "g.json");
}

TEST(FormatLeetCode, ByteOrderMarkTakesNoColumn) {
  expect_error(parse_leetcode("\xEF\xBB\xBF[[1,2],[0],[0,-1]]", "g.json"),
               {"", "neighbour -1 is negative", 1, 15, 2, "neighbour 1"}, "g.json");
  expect_error(parse_edges("\xEF\xBB\xBF"
                           "0 x",
                           "g.txt"),
               {"", "found 'x'", 1, 3}, "g.txt");
}

TEST(FormatLeetCode, GraphErrorsGetSourceAndPosition) {
  const std::vector<BadCase> cases = {
      {"[[1,2],[0],[0,7]]", "neighbour 7 is out of range (nodes are 0..2)", 1, 15, 2,
       "neighbour 1"},
      {"[[1,2],[0],[0,1]]", "asymmetric lists: node 2 lists 1, but node 1 does not list 2", 1, 15,
       2, "neighbour 1"},
      {"[[1,2],[0],[2,0]]", "self-loop", 1, 13, 2, "neighbour 0"},
      {"[[1,2,2],[0],[0]]", "neighbour 2 is listed twice", 1, 7, 0, "neighbour 2"},
      {"[\n [1,2],\n [0, 2],\n [0]\n]", "asymmetric lists: node 1 lists 2", 3, 6, 1, "neighbour 1"},
      {"[[1],[0]]", "the graph has 2 nodes; at least 3 are needed"},
      {"[]", "the graph has 0 nodes"},
  };
  for (const auto& c : cases) expect_error(parse_leetcode(c.text, "<stdin>"), c, "<stdin>");
}

TEST(FormatLeetCode, ErrorStringShowsEverything) {
  const auto result = parse_leetcode("[[1,2],[0],[0,-1]]", "g.json");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().to_string(),
            "g.json:1:15: node 2, neighbour 1: neighbour -1 is negative");
}

// ---- Edge lists -----------------------------------------------------------------------------

TEST(FormatEdges, ParsesCommentsBlankLinesTabsAndCrLf) {
  const char* text = "# LeetCode 913, example 2\n\n0\t1   # first\r\n  0 3\r\n\n2 3";
  EXPECT_EQ(lists_of(parse_edges(text, "g.txt")), (Lists{{1, 3}, {0}, {3}, {0, 2}}));
}

TEST(FormatEdges, NodesLineSetsTheCountAnywhere) {
  EXPECT_EQ(lists_of(parse_edges("nodes 5\n0 1\n1 2\n", "g.txt")),
            (Lists{{1}, {0, 2}, {1}, {}, {}}));
  EXPECT_EQ(lists_of(parse_edges("0 1\nnodes 4 # trailing\n1 2\n", "g.txt")),
            (Lists{{1}, {0, 2}, {1}, {}}));
  EXPECT_EQ(lists_of(parse_edges("nodes 3\n", "g.txt")), (Lists{{}, {}, {}}));
}

TEST(FormatEdges, TokenErrors) {
  const std::vector<BadCase> cases = {
      {"0 1\n1 abc\n", "expected a node id, found 'abc'", 2, 3},
      {"0 1\n  x2 1\n", "expected a node id, found 'x2'", 2, 3},
      {"0 1.5", "expected a node id, found '1.5'", 1, 3},
      {"0 +1", "expected a node id, found '+1'", 1, 3},
      {"0 -1", "node id -1 is negative", 1, 3},
      {"0 1\n\t4294967296 1", "node id 4294967296 is too big (the limit is 4294967294)", 2, 2},
      {"0 99999999999999999999999", "node id 99999999999999999999999 is too big", 1, 3},
      {"5", "an edge line holds two node ids, found 1", 1, 1},
      {"0 1\n0 1 2", "an edge line holds two node ids, found 3", 2, 5},
      {"0 1 2 3 # c", "an edge line holds two node ids, found 4", 1, 5},
      {"nodes", "a 'nodes' line holds one node count, found 0", 1, 1},
      {"nodes 3 4", "a 'nodes' line holds one node count, found 2", 1, 9},
      {"nodes x", "expected a node count, found 'x'", 1, 7},
      {"nodes -3", "node count -3 is negative", 1, 7},
      {"nodes 3\n0 1\nnodes 3\n", "repeated 'nodes' line (the first is on line 1)", 3, 1},
  };
  for (const auto& c : cases) expect_error(parse_edges(c.text, "g.txt"), c, "g.txt");
}

TEST(FormatEdges, GraphErrors) {
  const std::vector<BadCase> cases = {
      {"", "empty input"},
      {"# nothing here\n\n   \n", "empty input"},
      {"0 1", "the graph has 2 nodes; at least 3 are needed"},
      {"# c\nnodes 2\n0 1", "the graph has 2 nodes", 2, 7},
      {"nodes 3\n0 1\n1  3", "node 3 is out of range (nodes are 0..2, from 'nodes 3' on line 1)", 3,
       4},
      {"0 1\n1 2\nnodes 3\n5 0", "node 5 is out of range", 4, 1},
      {"0 1\n 2 2\n", "self-loop on node 2", 2, 2, std::nullopt, "edge 1"},
      {"0 1\n1 2\n# again\n1 0\n", "repeated edge 0 1 (first given as edge 0)", 4, 1, std::nullopt,
       "edge 2"},
  };
  for (const auto& c : cases) expect_error(parse_edges(c.text, "g.txt"), c, "g.txt");
}

// ---- Writing and round trips ----------------------------------------------------------------

TEST(FormatWrite, LeetCodeIsCompact) {
  const auto graph = parse_leetcode(kExample1, "g.json");
  ASSERT_TRUE(graph.ok());
  EXPECT_EQ(to_leetcode(*graph), kExample1);
  const auto small = parse_edges("0 1\n0 2\nnodes 4", "g.txt");
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(to_leetcode(*small), "[[1,2],[0],[0],[]]");
}

TEST(FormatWrite, EdgesAreSortedWithSmallerIdFirst) {
  const auto graph = parse_leetcode(kExample2, "g.json");
  ASSERT_TRUE(graph.ok());
  EXPECT_EQ(to_edges(*graph), "nodes 4\n0 1\n0 3\n2 3\n");
}

TEST(FormatWrite, RoundTripsThroughBothForms) {
  for (const char* text : {kExample1, kExample2, "[[1,2],[0],[0],[],[]]"}) {
    SCOPED_TRACE(text);
    const auto graph = parse_leetcode(text, "g.json");
    ASSERT_TRUE(graph.ok());
    const Lists lists = graph->to_adjacency();
    EXPECT_EQ(lists_of(parse_leetcode(to_leetcode(*graph), "again.json")), lists);
    EXPECT_EQ(lists_of(parse_edges(to_edges(*graph), "again.txt")), lists);
    EXPECT_EQ(lists_of(parse_graph(to_edges(*graph), "x", GraphFormat::kEdges)), lists);
    EXPECT_EQ(lists_of(parse_graph(to_leetcode(*graph), "x", GraphFormat::kLeetCode)), lists);
  }
}

// ---- Format names and detection ------------------------------------------------------------

TEST(FormatNames, ParsesKnownNamesOnly) {
  const auto leetcode = parse_format_name("leetcode");
  ASSERT_TRUE(leetcode.ok());
  EXPECT_EQ(*leetcode, GraphFormat::kLeetCode);
  const auto edges = parse_format_name("edges");
  ASSERT_TRUE(edges.ok());
  EXPECT_EQ(*edges, GraphFormat::kEdges);
  for (const char* bad : {"json", "LeetCode", "", "edge"}) {
    const auto result = parse_format_name(bad);
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_NE(result.error().message.find("'leetcode' or 'edges'"), std::string::npos);
  }
}

TEST(FormatDetect, SuffixWinsOverContent) {
  EXPECT_EQ(detect_format("g.json", "0 1\n"), GraphFormat::kLeetCode);
  EXPECT_EQ(detect_format("dir/G.JSON", ""), GraphFormat::kLeetCode);
  EXPECT_EQ(detect_format("g.txt", "[[1,2],[0],[0]]"), GraphFormat::kEdges);
  EXPECT_EQ(detect_format("g.edges", "{"), GraphFormat::kEdges);
  EXPECT_EQ(detect_format("g.el", "["), GraphFormat::kEdges);
}

TEST(FormatDetect, ContentDecidesOtherwise) {
  EXPECT_EQ(detect_format("<stdin>", "[[1,2],[0],[0]]"), GraphFormat::kLeetCode);
  EXPECT_EQ(detect_format("<stdin>", "\n  \t{\"graph\": []}"), GraphFormat::kLeetCode);
  EXPECT_EQ(detect_format("graph", "# a comment [\n\n  [[1]]"), GraphFormat::kLeetCode);
  EXPECT_EQ(detect_format("graph", "# [not json]\n0 1\n"), GraphFormat::kEdges);
  EXPECT_EQ(detect_format("graph.dat", "nodes 3\n"), GraphFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", ""), GraphFormat::kEdges);
  EXPECT_EQ(detect_format("<stdin>", "# only a comment"), GraphFormat::kEdges);
}

TEST(FormatDetect, ParseGraphDispatches) {
  EXPECT_EQ(lists_of(parse_graph("0 1\n0 2\n", "<stdin>", GraphFormat::kEdges)),
            (Lists{{1, 2}, {0}, {0}}));
  const auto wrong = parse_graph("0 1\n0 2\n", "<stdin>", GraphFormat::kLeetCode);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message.find("invalid JSON"), std::string::npos);
}

}  // namespace
}  // namespace catmouse
