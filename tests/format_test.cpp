#include "catmouse/io/format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catmouse/io/game_reader.hpp"
#include "test_util.hpp"

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
  EXPECT_EQ(error.where.field_text(), want.field) << error.to_string();
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

// LeetCode's page shows the input as `graph = [[2,5],...]`: the line reads as it is copied.
TEST(FormatLeetCode, AcceptsLeetCodesInputLine) {
  const Lists example1 = {{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}};
  for (const std::string prefix : {"graph = ", "graph=", "  graph\t =\n", "\xEF\xBB\xBFgraph = "}) {
    SCOPED_TRACE(prefix);
    EXPECT_EQ(lists_of(parse_leetcode(prefix + kExample1 + "\n", "input.txt")), example1);
    EXPECT_EQ(lists_of(parse_graph(prefix + kExample1, "input", InputFormat::kLeetCode)), example1);
    const Result<GameSpec> game = read_game(prefix + kExample1, "input");
    ASSERT_TRUE(game.ok()) << game.error().to_string();
    EXPECT_EQ(game->graph.to_adjacency(), example1);
  }
}

TEST(FormatLeetCode, ErrorsAfterTheInputLinesPrefixPointIntoTheLineAsGiven) {
  const std::vector<BadCase> cases = {
      {"graph = [[1,2],[0", "invalid JSON: unexpected end of input", 1, 18},
      {"graph = [[1,2],[0],[0,-1]]", "neighbour -1 is negative", 1, 23, 2, "neighbour 1"},
      {"graph =\n[[1,2],[0],[0,-1]]", "neighbour -1 is negative", 2, 15, 2, "neighbour 1"},
      {"graph = [[1,2],[0],[0]] x", "invalid JSON: invalid literal", 1, 25},
  };
  for (const auto& c : cases) expect_error(parse_leetcode(c.text, "bad.txt"), c, "bad.txt");
  // Only `graph =` before '[' is LeetCode's line; another name or no '[' stays an error.
  for (const char* text : {"adj = [[1,2],[0],[0]]", "graph = {\"graph\": [[1,2],[0],[0]]}",
                           "graph [[1,2],[0],[0]]", "graphs = [[1,2],[0],[0]]", "graph = "}) {
    EXPECT_FALSE(parse_leetcode(text, "bad.json").ok()) << text;
  }
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
    EXPECT_EQ(lists_of(parse_graph(to_edges(*graph), "x", InputFormat::kEdges)), lists);
    EXPECT_EQ(lists_of(parse_graph(to_leetcode(*graph), "x", InputFormat::kLeetCode)), lists);
  }
}

// ---- Format names and detection ------------------------------------------------------------

TEST(FormatNames, ParsesKnownNamesOnly) {
  for (InputFormat f :
       {InputFormat::kLeetCode, InputFormat::kEdges, InputFormat::kGraph6, InputFormat::kGrid}) {
    const auto named = parse_input_format(input_format_name(f));
    ASSERT_TRUE(named.ok()) << input_format_name(f);
    EXPECT_EQ(*named, f);
  }
  EXPECT_EQ(input_format_name(InputFormat::kLeetCode), "leetcode");
  EXPECT_EQ(input_format_name(InputFormat::kEdges), "edges");
  EXPECT_EQ(input_format_name(InputFormat::kGraph6), "graph6");
  EXPECT_EQ(input_format_name(InputFormat::kGrid), "grid");
  for (const char* bad : {"json", "LeetCode", "", "edge", "g6", "Graph6", "map"}) {
    const auto result = parse_input_format(bad);
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_NE(result.error().message.find("'leetcode', 'edges', 'graph6' or 'grid'"),
              std::string::npos);
  }
}

TEST(FormatNames, AMapIsNoGraph) {
  const auto map = parse_graph(R"({"grid": ["M.F", "C.."]})", "m.json", InputFormat::kGrid);
  ASSERT_FALSE(map.ok());
  EXPECT_NE(map.error().message.find("a LeetCode 1728 map is a game"), std::string::npos);
  EXPECT_EQ(map.error().where.source, "m.json");
}

TEST(FormatDetect, ParseGraphDispatches) {
  EXPECT_EQ(lists_of(parse_graph("0 1\n0 2\n", "<stdin>", InputFormat::kEdges)),
            (Lists{{1, 2}, {0}, {0}}));
  const auto wrong = parse_graph("0 1\n0 2\n", "<stdin>", InputFormat::kLeetCode);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message.find("invalid JSON"), std::string::npos);
}

// ---- graph6 ---------------------------------------------------------------------------------

// The Petersen graph as usually drawn: outer cycle 0..4, spokes i - i+5, inner pentagram.
const Lists kPetersen = {{1, 4, 5}, {0, 2, 6}, {1, 3, 7}, {2, 4, 8}, {0, 3, 9},
                         {0, 7, 8}, {1, 8, 9}, {2, 5, 9}, {3, 5, 6}, {4, 6, 7}};

Graph graph_of(NodeId n, const std::vector<Edge>& edges) {
  Result<Graph> graph = Graph::from_edges(n, edges);
  EXPECT_TRUE(graph.ok()) << graph.error().to_string();
  return std::move(graph).value();
}

TEST(FormatGraph6, DecodesKnownGraphs) {
  const auto petersen = parse_graph6("IheA@GUAo", "p.g6", 1);
  ASSERT_TRUE(petersen.ok()) << petersen.error().to_string();
  EXPECT_EQ(petersen->node_count(), 10u);
  EXPECT_EQ(petersen->edge_count(), 15u);
  for (NodeId v = 0; v < 10; ++v) EXPECT_EQ(petersen->degree(v), 3u) << "node " << v;
  EXPECT_EQ(petersen->to_adjacency(), kPetersen);

  const auto k4 = parse_graph6("C~", "k4.g6", 1);
  ASSERT_TRUE(k4.ok());
  EXPECT_EQ(k4->to_adjacency(), (Lists{{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}}));
  // nauty's own example: n = 5, edges 0-2, 0-4, 1-3, 3-4; bits 0 10 010 1001 (+ 2 padding).
  EXPECT_EQ(lists_of(parse_graph6("DQc", "x", 1)), (Lists{{2, 4}, {3}, {0}, {1, 4}, {0, 3}}));
  EXPECT_EQ(lists_of(parse_graph6("Bg", "x", 1)), (Lists{{1}, {0, 2}, {1}}));  // path 0-1-2
  EXPECT_EQ(lists_of(parse_graph6("Bo", "x", 1)), (Lists{{1, 2}, {0}, {0}}));  // path 1-0-2
  EXPECT_EQ(lists_of(parse_graph6("B?", "x", 1)), (Lists{{}, {}, {}}));
  // A trailing '\r' (CRLF files) is ignored.
  EXPECT_EQ(lists_of(parse_graph6("Bg\r", "x", 1)), (Lists{{1}, {0, 2}, {1}}));
}

TEST(FormatGraph6, EncodesKnownGraphs) {
  EXPECT_EQ(to_graph6(testing::graph_from_lists(kPetersen)), "IheA@GUAo");
  EXPECT_EQ(to_graph6(graph_of(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}})), "C~");
  EXPECT_EQ(to_graph6(graph_of(5, {{0, 2}, {0, 4}, {1, 3}, {3, 4}})), "DQc");
  EXPECT_EQ(to_graph6(graph_of(3, {{0, 1}, {1, 2}})), "Bg");
  EXPECT_EQ(to_graph6(graph_of(3, {})), "B?");
  // 62 nodes still take one byte; 63 take '~' and 18 bits: 000000 000000 111111.
  EXPECT_EQ(to_graph6(graph_of(62, {})).substr(0, 1), "}");
  EXPECT_EQ(to_graph6(graph_of(63, {})).substr(0, 4), "~??~");
  EXPECT_EQ(to_graph6(graph_of(200, {})).substr(0, 4), "~?BG");  // 000000 000011 001000
}

TEST(FormatGraph6, DirectedGraphIsWrittenAsItsUnderlyingGraph) {
  Result<Graph> arcs = Graph::from_edges(3, std::vector<Edge>{{1, 0}, {0, 2}, {2, 0}}, true);
  ASSERT_TRUE(arcs.ok());
  EXPECT_EQ(to_graph6(*arcs), "Bo");
}

TEST(FormatGraph6, RoundTripsRandomGraphs) {
  testing::Random random(6);
  for (const NodeId n : {3u, 4u, 5u, 6u, 7u, 10u, 61u, 62u, 63u, 64u, 200u}) {
    for (const std::uint32_t percent : {0u, 5u, 50u, 95u, 100u}) {
      SCOPED_TRACE(::testing::Message() << n << " nodes, " << percent << "% of pairs");
      const Graph graph = testing::random_graph(n, percent, random);
      const std::string text = to_graph6(graph);
      const std::size_t count_bytes = n <= 62 ? 1 : 4;
      EXPECT_EQ(text.size(), count_bytes + (std::size_t{n} * (n - 1) / 2 + 5) / 6);
      EXPECT_TRUE(
          std::all_of(text.begin(), text.end(), [](char c) { return c >= 63 && c <= 126; }));
      const auto again = parse_graph6(text, "r.g6", 1);
      ASSERT_TRUE(again.ok()) << again.error().to_string();
      EXPECT_EQ(again->to_adjacency(), graph.to_adjacency());
      EXPECT_EQ(to_graph6(*again), text);
    }
  }
}

TEST(FormatGraph6, NodeCountsOfAnyFormAreDecoded) {
  // Graphs below Graph::kMinNodes decode, but a Graph cannot hold them: the error comes from the
  // builder and points at the node count.
  for (const auto& [text, nodes] :
       std::vector<std::pair<std::string, std::string>>{{"?", "0 nodes"},
                                                        {"@", "1 node;"},
                                                        {"A?", "2 nodes"},
                                                        {"A_", "2 nodes"},
                                                        {"~???", "0 nodes"},
                                                        {"~~??????", "0 nodes"}}) {
    expect_error(parse_graph6(text, "s.g6", 4),
                 {text, "the graph has " + nodes, 4, 1, std::nullopt, ""}, "s.g6");
  }
  // Longer count forms than needed are accepted, as nauty accepts them: K4 three ways.
  const Lists k4 = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  EXPECT_EQ(lists_of(parse_graph6("~??C~", "x", 1)), k4);
  EXPECT_EQ(lists_of(parse_graph6("~~?????C~", "x", 1)), k4);
  // The 8-byte form is read in full: 2^32 - 1 nodes is a valid count, 2^32 is not.
  expect_error(
      parse_graph6("~~B~~~~~", "x", 1),
      {"", "expected 1537228671735387478 bytes of edges for 4294967295 nodes, got 0", 1, 9}, "x");
  expect_error(parse_graph6("~~C?????", "x", 1),
               {"", "node count 4294967296 is too big for 32-bit node ids", 1, 1}, "x");
  expect_error(parse_graph6("~~~~~~~~", "x", 1), {"", "node count 68719476735 is too big", 1, 1},
               "x");
}

TEST(FormatGraph6, ErrorsNameLineColumnAndCause) {
  const std::vector<BadCase> cases = {
      {"", "empty line: expected a graph6 graph", 7, 1},
      {"\r", "empty line: expected a graph6 graph", 7, 1},
      {"C~ ", "byte ' ' (32) is outside the graph6 range 63..126 ('?'..'~')", 7, 3},
      {"Ihe A@GUAo", "byte ' ' (32) is outside the graph6 range", 7, 4},
      {"C>", "byte '>' (62) is outside", 7, 2},
      {"C\x7F", "byte 0x7F is outside", 7, 2},
      {"C\xC3\xA9", "byte 0xC3 is outside", 7, 2},
      {std::string("C\0", 2), "byte 0x00 is outside", 7, 2},
      {"C~\r\r", "byte 0x0D is outside", 7, 3},
      {"7", "byte '7' (55) is outside", 7, 1},
      {":Fa@x^", "this is sparse6, not graph6", 7, 1},
      {";Fa", "this is sparse6, not graph6", 7, 1},
      {"&C~", "this is digraph6, not graph6", 7, 1},
      {">>graph6<<C~", "the \">>graph6<<\" header may only open the first line of a file", 7, 1},
      {"~", "truncated node count: '~' starts a 4-byte count, but the line holds only 1 byte", 7,
       2},
      {"~?A", "truncated node count: '~' starts a 4-byte count, but the line holds only 3 bytes", 7,
       4},
      {"~~????", "truncated node count: '~~' starts an 8-byte count", 7, 7},
      {"C", "expected 1 byte of edges for 4 nodes, got 0", 7, 2},
      {"C~~", "expected 1 byte of edges for 4 nodes, got 2", 7, 3},
      {"IheA@GUA", "expected 8 bytes of edges for 10 nodes, got 7", 7, 9},
      {"IheA@GUAo?", "expected 8 bytes of edges for 10 nodes, got 9", 7, 10},
      {"@?", "expected 0 bytes of edges for 1 node, got 1", 7, 2},
      {"B@", "nonzero padding bits in the last byte '@' (64): its low 3 bits must be 0", 7, 2},
      {"DQd", "nonzero padding bits in the last byte 'd' (100): its low 2 bits must be 0", 7, 3},
      {"IheA@GUAp", "nonzero padding bits in the last byte 'p' (112): its low 3 bits", 7, 9},
  };
  for (const auto& c : cases) expect_error(parse_graph6(c.text, "bad.g6", 7), c, "bad.g6");
}

TEST(FormatGraph6, FileSkipsHeaderAndBlankLines) {
  // nauty writes the header with no newline after it; a header on a line of its own is fine too.
  for (const char* text :
       {">>graph6<<IheA@GUAo\nC~\n", ">>graph6<<\n\nIheA@GUAo\r\n \t \nC~",
        "\xEF\xBB\xBF>>graph6<<IheA@GUAo\r\nC~\r\n\r\n", "\nIheA@GUAo\n\n\nC~\n"}) {
    SCOPED_TRACE(text);
    const auto graphs = parse_graph6_file(text, "many.g6");
    ASSERT_TRUE(graphs.ok()) << graphs.error().to_string();
    ASSERT_EQ(graphs->size(), 2u);
    EXPECT_EQ((*graphs)[0].to_adjacency(), kPetersen);
    EXPECT_EQ((*graphs)[1].edge_count(), 6u);
  }
  for (const char* text : {"", "\n\n", ">>graph6<<", ">>graph6<<\n", "\xEF\xBB\xBF"}) {
    const auto graphs = parse_graph6_file(text, "none.g6");
    ASSERT_TRUE(graphs.ok()) << graphs.error().to_string();
    EXPECT_TRUE(graphs->empty());
  }
}

TEST(FormatGraph6, FileErrorsNameTheLine) {
  const auto check = [](const char* text, const BadCase& want) {
    const auto graphs = parse_graph6_file(text, "many.g6");
    ASSERT_FALSE(graphs.ok()) << text;
    expect_error(Result<Graph>(graphs.error()), want, "many.g6");
  };
  check(">>graph6<<C~\n\nIheA@GUA\n", {"", "expected 8 bytes of edges for 10 nodes, got 7", 3, 9});
  check("C~\r\nC~ \r\n", {"", "byte ' ' (32)", 2, 3});
  // Columns count the header, and the byte-order mark takes none.
  check(">>graph6<<C~ ", {"", "byte ' ' (32)", 1, 13});
  check("\xEF\xBB\xBF>>graph6<<C~ ", {"", "byte ' ' (32)", 1, 13});
  check(
      "\xEF\xBB\xBF"
      "C~ ",
      {"", "byte ' ' (32)", 1, 3});
  check("C~\n>>graph6<<C~\n", {"", "header may only open the first line", 2, 1});
  check("C~\r\r\n", {"", "byte 0x0D", 1, 3});
  check("A_\n", {"", "the graph has 2 nodes", 1, 1});
}

TEST(FormatGraph6, ParseGraphTakesExactlyOneUndirectedGraph) {
  EXPECT_EQ(lists_of(parse_graph(">>graph6<<IheA@GUAo\n", "p.g6", InputFormat::kGraph6)),
            kPetersen);
  EXPECT_EQ(lists_of(parse_graph("\n\nBg\n\n", "p.g6", InputFormat::kGraph6)),
            (Lists{{1}, {0, 2}, {1}}));
  const std::vector<BadCase> cases = {
      {"C~\nIheA@GUAo\nBg\n", "3 graphs in graph6 input; this command reads one graph"},
      {">>graph6<<C~\nC~", "2 graphs in graph6 input; this command reads one graph"},
      {"", "empty input"},
      {">>graph6<<\n\n", "empty input"},
      {"C~\nC", "expected 1 byte of edges for 4 nodes, got 0", 2, 2},
  };
  for (const auto& c : cases) {
    expect_error(parse_graph(c.text, "in.g6", InputFormat::kGraph6), c, "in.g6");
  }
  expect_error(parse_graph("C~", "in.g6", InputFormat::kGraph6, true),
               {"C~", "graph6 holds undirected graphs"}, "in.g6");
}

TEST(FormatGraph6, RandomBytesNeverCrash) {
  testing::Random random(66);
  // Bytes mostly from the graph6 range, with '~' and some outside bytes, so that the fuzz reaches
  // the count, length and padding checks and not only the byte check.
  const auto random_byte = [&]() -> char {
    const std::uint32_t roll = random.below(100);
    if (roll < 10) return '~';
    if (roll < 15) return static_cast<char>(random.below(256));
    return static_cast<char>(63 + random.below(64));
  };
  const auto check_line = [](const std::string& line, const Result<Graph>& result) {
    if (result.ok()) {
      // Whatever parses is a real graph whose encoding parses to the same graph.
      const auto again = parse_graph6(to_graph6(*result), "again", 1);
      ASSERT_TRUE(again.ok()) << line;
      EXPECT_EQ(again->to_adjacency(), result->to_adjacency()) << line;
      return;
    }
    const Location& where = result.error().where;
    EXPECT_EQ(where.source, "fuzz");
    EXPECT_EQ(where.line, 3u);
    EXPECT_GE(where.column, 1u);
    EXPECT_LE(where.column, line.size() + 1);
    EXPECT_FALSE(result.error().message.empty());
  };
  std::size_t parsed = 0;
  for (int round = 0; round < 100000; ++round) {
    std::string line;
    const std::uint32_t length = random.below(round % 10 == 0 ? 200 : 24);
    for (std::uint32_t i = 0; i < length; ++i) line.push_back(random_byte());
    const auto result = parse_graph6(line, "fuzz", 3);
    parsed += result.ok();
    check_line(line, result);
  }
  // Mutations of valid graphs: one byte changed, cut short, or one byte added.
  for (int round = 0; round < 5000; ++round) {
    const NodeId n = 3 + random.below(70);
    std::string line = to_graph6(testing::random_graph(n, random.below(101), random));
    const std::size_t at = random.below(static_cast<std::uint32_t>(line.size()));
    switch (random.below(3)) {
      case 0:
        line[at] = random_byte();
        break;
      case 1:
        line.resize(at);
        break;
      default:
        line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), random_byte());
    }
    const auto result = parse_graph6(line, "fuzz", 3);
    parsed += result.ok();
    check_line(line, result);
  }
  EXPECT_GT(parsed, 0u);  // the fuzz did reach the decoder's end
  // Whole files of random lines.
  for (int round = 0; round < 1000; ++round) {
    std::string text = round % 2 == 0 ? ">>graph6<<" : "";
    const std::uint32_t length = random.below(300);
    for (std::uint32_t i = 0; i < length; ++i) {
      text.push_back(random.below(8) == 0 ? '\n' : random_byte());
    }
    const auto graphs = parse_graph6_file(text, "fuzz");
    if (!graphs.ok()) {
      EXPECT_GE(graphs.error().where.line, 1u);
      EXPECT_GE(graphs.error().where.column, 1u);
    }
    (void)parse_graph(text, "fuzz", InputFormat::kGraph6);
  }
}

// ---- Messages are valid UTF-8 ----------------------------------------------------------------

}  // namespace
}  // namespace catmouse
