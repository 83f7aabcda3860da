// Graph construction and validation: every malformed input is refused with the node and entry.
#include "catmouse/core/graph.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string_view>
#include <vector>

#include "catmouse/core/rules.hpp"

namespace catmouse {
namespace {

Error adjacency_error(const std::vector<std::vector<NodeId>>& lists) {
  Result<Graph> g = Graph::from_adjacency(lists);
  EXPECT_FALSE(g.ok());
  return g.ok() ? Error{} : g.error();
}

TEST(Graph, BuildsCsrFromAdjacencyLists) {
  Result<Graph> g = Graph::from_adjacency({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->node_count(), 6u);
  EXPECT_EQ(g->edge_count(), 7u);
  EXPECT_EQ(g->max_degree(), 3u);
  EXPECT_EQ(g->degree(1), 1u);
  const std::vector<NodeId> two(g->neighbours(2).begin(), g->neighbours(2).end());
  EXPECT_EQ(two, (std::vector<NodeId>{0, 4, 5}));
  EXPECT_EQ(g->to_adjacency()[5], (std::vector<NodeId>{0, 2, 3}));
}

// The upper lists (each node's larger neighbours) give the graph the full lists give.
TEST(Graph, BuildsFromUpperLists) {
  const std::vector<std::vector<NodeId>> full{{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}};
  std::vector<std::uint64_t> offsets{0};
  std::vector<NodeId> targets;
  for (NodeId a = 0; a < full.size(); ++a) {
    for (NodeId b : full[a]) {
      if (b > a) targets.push_back(b);
    }
    offsets.push_back(targets.size());
  }
  Result<Graph> g = Graph::from_upper_lists(offsets, targets);
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  EXPECT_EQ(g->to_adjacency(), full);
  EXPECT_EQ(g->edge_count(), 7u);
  EXPECT_EQ(g->max_degree(), 3u);
}

TEST(Graph, UpperListsRefuseWhatTheirFormCannotHold) {
  // Node 1 lists 0 (not larger), then node 1 lists 2 twice, then a neighbour out of range.
  const auto refused = [](std::vector<std::uint64_t> offsets, std::vector<NodeId> targets) {
    Result<Graph> g = Graph::from_upper_lists(std::move(offsets), std::move(targets));
    EXPECT_FALSE(g.ok());
    return g.ok() ? Error{} : g.error();
  };
  Error e = refused({0, 1, 2, 2}, {1, 0});
  EXPECT_EQ(e.where.node, 1u);
  EXPECT_EQ(e.where.field_text(), "neighbour 0");
  e = refused({0, 1, 3, 3}, {1, 2, 2});
  EXPECT_EQ(e.where.node, 1u);
  EXPECT_EQ(e.where.field_text(), "neighbour 1");
  e = refused({0, 1, 2, 2}, {1, 3});
  EXPECT_NE(e.message.find("out of range"), std::string::npos);
  e = refused({0, 1, 1}, {1});
  EXPECT_NE(e.message.find("at least 3"), std::string::npos);
}

TEST(Graph, SortsUnsortedLists) {
  Result<Graph> g = Graph::from_adjacency({{2, 1}, {0}, {0}});
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->neighbours(0)[0], 1u);
}

TEST(Graph, RejectsOutOfRange) {
  const Error e = adjacency_error({{1}, {0, 7}, {1}});
  EXPECT_EQ(e.where.node, 1u);
  EXPECT_EQ(e.where.field_text(), "neighbour 1");
  EXPECT_NE(e.message.find("out of range"), std::string::npos);
}

TEST(Graph, RejectsSelfLoop) {
  const Error e = adjacency_error({{1}, {0}, {2, 1}, {}});
  EXPECT_EQ(e.where.node, 2u);
  EXPECT_EQ(e.where.field_text(), "neighbour 0");
  EXPECT_NE(e.message.find("self-loop"), std::string::npos);
}

TEST(Graph, RejectsRepeatedNeighbour) {
  const Error e = adjacency_error({{1, 2, 1}, {0}, {0}});
  EXPECT_EQ(e.where.node, 0u);
  EXPECT_EQ(e.where.field_text(), "neighbour 2");
  EXPECT_NE(e.message.find("twice"), std::string::npos);
}

TEST(Graph, RejectsAsymmetricLists) {
  const Error e = adjacency_error({{1, 2}, {0}, {}});
  EXPECT_EQ(e.where.node, 0u);
  EXPECT_EQ(e.where.field_text(), "neighbour 1");
  EXPECT_EQ(e.to_string(),
            "node 0, neighbour 1: asymmetric lists: node 0 lists 2, but node 2 does not list 0");
}

TEST(Graph, RejectsFewerThanThreeNodes) {
  const Error e = adjacency_error({{1}, {0}});
  EXPECT_NE(e.message.find("at least 3"), std::string::npos);
}

TEST(Graph, FromEdgesNamesTheEdge) {
  const std::vector<Edge> repeated{{0, 1}, {1, 2}, {2, 1}};
  Result<Graph> g = Graph::from_edges(3, repeated);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().where.field_text(), "edge 2");
  const std::vector<Edge> loop{{0, 1}, {2, 2}};
  g = Graph::from_edges(3, loop);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().where.field_text(), "edge 1");
  const std::vector<Edge> far{{0, 3}};
  g = Graph::from_edges(3, far);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message.find("out of range"), std::string::npos);
}

TEST(Graph, DirectedArcs) {
  const std::vector<Edge> arcs{{0, 1}, {1, 2}, {2, 0}, {1, 0}};
  Result<Graph> g = Graph::from_edges(3, arcs, true);
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(g->directed());
  EXPECT_EQ(g->edge_count(), 4u);
  const std::vector<NodeId> out1(g->neighbours(1).begin(), g->neighbours(1).end());
  EXPECT_EQ(out1, (std::vector<NodeId>{0, 2}));
  const std::vector<NodeId> in0(g->in_neighbours(0).begin(), g->in_neighbours(0).end());
  EXPECT_EQ(in0, (std::vector<NodeId>{1, 2}));
  const std::vector<Edge> twice{{0, 1}, {1, 2}, {0, 1}};
  Result<Graph> bad = Graph::from_edges(3, twice, true);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().where.field_text(), "edge 2");
  EXPECT_NE(bad.error().message.find("repeated arc"), std::string::npos);
}

TEST(Graph, IsolatedNodesAreAllowed) {
  const std::vector<Edge> edges{{0, 1}};
  Result<Graph> g = Graph::from_edges(4, edges);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->degree(3), 0u);
}

TEST(Rules, ValidateNamesTheField) {
  Result<Graph> g = Graph::from_adjacency({{1}, {0, 2}, {1}});
  ASSERT_TRUE(g.ok());
  Rules rules;
  EXPECT_TRUE(validate(rules, *g).ok());
  rules.cat_start = 0;
  Status s = validate(rules, *g);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().where.field_text(), "cat start");
  rules.cat_start = 2;
  rules.mouse_start = 9;
  s = validate(rules, *g);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().where.field_text(), "mouse start");
}

// Every kind has words of its own, an error is bad input unless made otherwise, and a hint is
// shown after the message, apart from it.
TEST(Errors, KindsAndHintsAreValues) {
  const ErrorKind kinds[] = {ErrorKind::kBadInput,    ErrorKind::kRefusedMemory,
                             ErrorKind::kOutOfMemory, ErrorKind::kResources,
                             ErrorKind::kOutputLost,  ErrorKind::kCancelled,
                             ErrorKind::kInternal};
  std::set<std::string_view> words;
  for (const ErrorKind kind : kinds) words.insert(kind_name(kind));
  EXPECT_EQ(words.size(), std::size(kinds));
  EXPECT_EQ(kind_name(ErrorKind::kRefusedMemory), "refused for memory");
  EXPECT_EQ(Error("bad").kind, ErrorKind::kBadInput);
  EXPECT_EQ(Error("gone", {}, ErrorKind::kOutputLost).kind, ErrorKind::kOutputLost);

  Error refused("solving 32 states needs about 2 KiB, over the limit of 1 KiB",
                at_field(ErrorField::kMemoryLimit), ErrorKind::kRefusedMemory);
  EXPECT_EQ(refused.hint_clause(), "");
  refused.hint = {ErrorField::kValuesOnly, "values only would need 1 KiB and fit"};
  EXPECT_EQ(refused.hint_clause(), "; values only would need 1 KiB and fit");
  EXPECT_EQ(refused.message_text(),
            "solving 32 states needs about 2 KiB, over the limit of 1 KiB; values only would "
            "need 1 KiB and fit");
  EXPECT_EQ(refused.to_string(),
            "memory_limit: solving 32 states needs about 2 KiB, over the limit of 1 KiB; values "
            "only would need 1 KiB and fit");
}

// Errors carry their field as an enum with a stable name, its number apart, and the nodes their
// message names as mentions a front end may name its own way.
TEST(Errors, FieldsAndNodesAreValues) {
  const Error loop = adjacency_error({{1}, {0, 1}, {}});
  EXPECT_EQ(loop.where.field, ErrorField::kNeighbour);
  EXPECT_EQ(loop.where.index, 1u);
  EXPECT_EQ(field_name(loop.where.field), "neighbour");
  EXPECT_EQ(loop.to_string(), "node 1, neighbour 1: self-loop: a node may not list itself");
  const auto letter = [](std::uint64_t node) {
    return std::string(1, static_cast<char>('a' + node));
  };
  EXPECT_EQ(loop.to_string(letter), "node b, neighbour 1: self-loop: a node may not list itself");

  Result<Graph> g = Graph::from_adjacency({{1}, {0, 2}, {1, 3}, {2}});
  ASSERT_TRUE(g.ok());
  Rules rules;
  rules.holes = {3, 3};
  const Status twice = validate(rules, *g);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().where.field, ErrorField::kHoles);
  EXPECT_EQ(twice.error().message, "node 3 is listed twice");
  ASSERT_EQ(twice.error().nodes.size(), 1u);
  EXPECT_EQ(twice.error().nodes[0].node, 3u);
  EXPECT_EQ(twice.error().to_string(letter), "holes: node d is listed twice");
  rules.holes = {1};
  const Status start = validate(rules, *g);
  ASSERT_FALSE(start.ok());
  EXPECT_EQ(field_name(start.error().where.field), "mouse_start");
  EXPECT_EQ(start.error().message_text(letter), "the mouse may not start in the hole b");

  const std::vector<Edge> repeated{{0, 1}, {1, 2}, {2, 1}};
  const Result<Graph> edges = Graph::from_edges(3, repeated, false);
  ASSERT_FALSE(edges.ok());
  EXPECT_EQ(edges.error().where.field, ErrorField::kEdge);
  EXPECT_EQ(edges.error().where.index, 2u);
  EXPECT_EQ(edges.error().to_string(letter), "edge 2: repeated edge b c (first given as edge 1)");
}

TEST(Rules, HolesAndForbiddenNodes) {
  Result<Graph> g = Graph::from_adjacency({{1}, {0, 2}, {1, 3}, {2}});
  ASSERT_TRUE(g.ok());
  Rules rules;
  rules.holes = {0, 3};
  EXPECT_TRUE(validate(rules, *g).ok());
  rules.holes = {0, 0};
  Status s = validate(rules, *g);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().where.field_text(), "holes");
  rules.holes = {1};
  s = validate(rules, *g);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().where.field_text(), "mouse start");
  rules.holes = {0};
  rules.cat_forbidden = std::vector<NodeId>{2};
  s = validate(rules, *g);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().where.field_text(), "cat start");
  rules.cat_forbidden = std::vector<NodeId>{9};
  s = validate(rules, *g);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().where.field_text(), "cat forbidden");
  // No hole at all is a game the mouse cannot win.
  rules.holes.clear();
  rules.cat_forbidden.reset();
  EXPECT_TRUE(validate(rules, *g).ok());
}

}  // namespace
}  // namespace catmouse
