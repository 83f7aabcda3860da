// io/limits.hpp, and the readers' use of it: a game the text implies beyond the memory limit is
// refused with its place, and no reader lets an exception out (numbers beyond a double's range
// included).
#include "catmouse/io/limits.hpp"

#include <gtest/gtest.h>

#include <string>

#include "catmouse/io/format.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/grid_format.hpp"
#include "catmouse/io/rules_json.hpp"

namespace catmouse {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

TEST(Limits, StatesAndBytesOfANodeCount) {
  EXPECT_EQ(game_states(6), 72u);
  EXPECT_EQ(game_states(100000000), 20000000000000000u);
  EXPECT_EQ(game_states(std::uint64_t{1} << 40), UINT64_MAX);
  // One bit per state and 8 bytes per node: 9 + 56.
  EXPECT_EQ(min_solve_bytes(6), 9u + 56u);
  EXPECT_EQ(min_solve_bytes(UINT64_MAX), UINT64_MAX);
}

TEST(Limits, MaxNodesIsTheExactBoundary) {
  EXPECT_EQ(max_nodes(0), std::uint64_t{UINT32_MAX});
  for (const std::uint64_t limit : {std::uint64_t{100}, 64 * kMiB, 100 * kMiB, 20000 * kMiB}) {
    const std::uint64_t n = max_nodes(limit);
    EXPECT_LE(min_solve_bytes(n), limit) << limit;
    EXPECT_GT(min_solve_bytes(n + 1), limit) << limit;
  }
  // 64 MiB: about 16,000 nodes.
  EXPECT_GT(max_nodes(64 * kMiB), 16000u);
  EXPECT_LT(max_nodes(64 * kMiB), 16500u);
}

TEST(Limits, InputBytes) {
  EXPECT_EQ(max_input_bytes(0), UINT64_MAX);
  EXPECT_EQ(max_input_bytes(160 * kMiB), 10 * kMiB);
  EXPECT_EQ(max_input_bytes(100), kMinInputBytes);
  EXPECT_TRUE(check_input_size(kMinInputBytes, 100).ok());
  const Status long_text = check_input_size(kMinInputBytes + 1, 100);
  ASSERT_FALSE(long_text.ok());
  EXPECT_EQ(long_text.error().where.field_text(), "memory_limit");
}

TEST(Limits, Wording) {
  EXPECT_EQ(format_count(999999999), "999999999");
  EXPECT_EQ(format_count(20000000000000000u), "2.0e16");
  EXPECT_EQ(format_bytes(512), "512 bytes");
  EXPECT_EQ(format_bytes(100 * kMiB), "100.0 MiB");
  EXPECT_EQ(format_bytes(std::uint64_t{5} << 50), "5.0 PiB");
  const Status refused = check_node_count(100000, 64 * kMiB, "100000 nodes imply");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "100000 nodes imply 2.0e10 states: solving them needs at least 2.3 GiB, more "
            "than the memory limit of 64.0 MiB");
  EXPECT_TRUE(check_node_count(100000, 0, "").ok());
  EXPECT_TRUE(check_node_count(1000, 64 * kMiB, "").ok());
}

TEST(Limits, OutOfMemoryIsToldFromARefusal) {
  const Error oom = out_of_memory("the graph", "g.json");
  EXPECT_EQ(oom.kind, ErrorKind::kOutOfMemory);
  EXPECT_EQ(oom.to_string(), "g.json: memory_limit: out of memory while reading the graph");
  EXPECT_EQ(check_node_count(100000, kMiB, "x").error().kind, ErrorKind::kRefusedMemory);
  EXPECT_EQ(check_input_size(UINT64_MAX, kMiB).error().kind, ErrorKind::kRefusedMemory);
}

// The error of `result`, which must have failed.
template <class T>
Error error_of(const Result<T>& result) {
  EXPECT_FALSE(result.ok());
  return result.ok() ? Error{} : result.error();
}

TEST(Limits, EdgeListsAreRefusedAtTheLineThatNamesTooManyNodes) {
  const Error far = error_of(parse_edges("0 1\n1 2\n2 100000000\n", "e.txt", false, 100 * kMiB));
  EXPECT_EQ(far.to_string(),
            "e.txt:3:3: memory_limit: node id 100000000 implies 100000001 nodes and 2.0e16 "
            "states: solving them needs at least 2.2 PiB, more than the memory limit of 100.0 MiB");
  const Error first = error_of(parse_edges("4254222 501011261\n", "e.txt", false, 100 * kMiB));
  EXPECT_EQ(first.where.line, 1u);
  EXPECT_EQ(first.where.column, 1u);  // the first id is already too big
  const Error declared =
      error_of(parse_edges("# big\nnodes 300000000\n0 1\n1 2\n", "e.txt", false, 100 * kMiB));
  EXPECT_EQ(declared.where.line, 2u);
  EXPECT_EQ(declared.where.column, 7u);
  EXPECT_EQ(declared.where.field_text(), "memory_limit");
  EXPECT_NE(declared.message.find("300000000 nodes imply 1.8e17 states"), std::string::npos);
  // Within the limit, and without one, the same text reads.
  EXPECT_TRUE(parse_edges("0 1\n1 2\n2 20000\n", "e.txt", false, 100 * kMiB).ok());
  EXPECT_TRUE(parse_edges("0 1\n1 2\n2 20000\n", "e.txt").ok());
  EXPECT_FALSE(parse_edges("0 1\n1 2\n2 30000\n", "e.txt", false, 100 * kMiB).ok());
}

TEST(Limits, Graph6HeadersAndAdjacencyListsAreRefused) {
  // "~~" and six bytes: 100,000,000 nodes, with no edge bytes behind them.
  const Error header = error_of(parse_graph6_file("~~?D|]C?\n", "g.g6", 100 * kMiB));
  EXPECT_EQ(header.where.line, 1u);
  EXPECT_EQ(header.where.column, 1u);
  EXPECT_EQ(header.where.field_text(), "memory_limit");
  EXPECT_NE(header.message.find("the graph6 header gives 100000000 nodes and 2.0e16 states"),
            std::string::npos)
      << header.message;
  EXPECT_EQ(error_of(parse_graph6("~~?D|]C?", "g.g6", 4, kMiB)).where.line, 4u);
  // Without a limit the length is what refuses it.
  EXPECT_NE(error_of(parse_graph6_file("~~?D|]C?\n", "g.g6")).message.find("bytes of edges"),
            std::string::npos);

  std::string lists = "[[1,2],[0,2],[0,1]";
  for (int i = 3; i < 3000; ++i) lists += ",[]";
  lists += "]";
  const Error many = error_of(parse_leetcode(lists, "g.json", kMiB));
  EXPECT_EQ(many.where.line, 1u);
  EXPECT_EQ(many.where.column, 1u);
  EXPECT_NE(many.message.find("3000 adjacency lists imply 18000000 states"), std::string::npos)
      << many.message;
  EXPECT_TRUE(parse_leetcode(lists, "g.json", 64 * kMiB).ok());
  const Error in_object = error_of(parse_leetcode("{\"graph\": " + lists + "}", "g.json", kMiB));
  EXPECT_EQ(in_object.where.column, 11u);
}

TEST(Limits, MapsAreRefusedByCellsAndByJumps) {
  const auto map = [](int cells, int jump) {
    return "{\"grid\": [\"M" + std::string(static_cast<std::size_t>(cells - 3), '.') +
           "CF\"], \"catJump\": " + std::to_string(jump) +
           ", \"mouseJump\": " + std::to_string(jump) + "}";
  };
  const Error cells = error_of(parse_grid(map(100000, 1), "m.json", 64 * kMiB));
  EXPECT_EQ(cells.where.field_text(), "memory_limit");
  EXPECT_EQ(cells.where.column, 2u);
  EXPECT_NE(cells.message.find("a map of 1 x 100000 cells implies 2.0e10 states"),
            std::string::npos)
      << cells.message;
  const Error jumps = error_of(parse_grid(map(10000, 1000), "m.json", 64 * kMiB));
  EXPECT_NE(jumps.message.find("with jumps 1000 (mouse) and 1000 (cat) has up to 20000000 moves"),
            std::string::npos)
      << jumps.message;
  EXPECT_TRUE(parse_grid(map(10000, 1), "m.json", 64 * kMiB).ok());
  ReadOptions options;
  options.memory_limit = 64 * kMiB;
  EXPECT_EQ(error_of(read_game(map(10000, 1000), "m.json", options)).where.field_text(),
            "memory_limit");
}

TEST(Limits, ReadGameBoundsTheTextAndPassesTheLimitOn) {
  ReadOptions options;
  options.memory_limit = 16 * kMiB;  // 1 MiB of text
  const std::string text(kMiB + 1, ' ');
  const Error long_text = error_of(read_game(text, "in", options));
  EXPECT_EQ(long_text.where.source, "in");
  EXPECT_EQ(long_text.where.field_text(), "memory_limit");
  options.format = InputFormat::kEdges;
  EXPECT_EQ(error_of(read_game("0 1\n1 2\n2 100000\n", "in", options)).where.line, 3u);
  options.format = InputFormat::kGraph6;
  EXPECT_EQ(error_of(read_game("~~?D|]C?", "in", options)).where.field_text(), "memory_limit");
  options.format.reset();
  EXPECT_TRUE(read_game("[[1,2],[0,2],[0,1]]", "in", options).ok());
}

TEST(Limits, NumbersBeyondADoubleAreErrorsEverywhere) {
  struct Case {
    std::string text;
    std::uint64_t line, column;
  };
  const Case cases[] = {
      {"[[1e400]]", 1, 3},
      {"[[1,2],[0,2],[0,-1e999]]", 1, 17},
      {"{\"graph\": [[1,2],[0,2],[0,1]],\n \"rules\": {\"move_limit\": 1e400}}", 2, 26},
      {"{\"graph\": [[1,2],[0,2],[0,1]], \"rules\": {\"holes\": [1e400]}}", 1, 52},
      {"{\"grid\": [\"M.C.F\"], \"catJump\": 1e400, \"mouseJump\": 1}", 1, 32},
  };
  for (const Case& c : cases) {
    const Error error = error_of(read_game(c.text, "n.json"));
    EXPECT_NE(error.message.find("invalid JSON: a number is out of range"), std::string::npos)
        << c.text << ": " << error.to_string();
    EXPECT_EQ(error.where.line, c.line) << c.text;
    EXPECT_EQ(error.where.column, c.column) << c.text;
  }
  Rules rules;
  EXPECT_FALSE(read_rules_json("{\"rules\": {\"cats\": 1e999}}", "r.json", rules).ok());
  EXPECT_FALSE(parse_grid("{\"grid\": [\"MCF\"], \"catJump\": 1e999}", "m.json").ok());
  EXPECT_FALSE(parse_leetcode("[[1e999]]", "g.json").ok());
}

}  // namespace
}  // namespace catmouse
