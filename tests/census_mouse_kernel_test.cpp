// The Cat and Mouse census kernel (src/census/mouse_kernel.hpp) against the reference engine,
// state by state (value and remoteness, both sides to move): every connected graph of 3 to 7
// nodes (nauty's geng; skipped with a message where it is missing), every labelled graph of 3 to
// 5 nodes (connected or not: isolated mice, stuck cats), boards where the cat is stuck, and
// thousands of random graphs of 8 to 16 nodes; every hole, both stuck rules, both vector widths.
// Its summary against a loop over the placements, and summed over the connected graphs of 3 to 7
// nodes against the census's published counts.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "catmouse/io/format.hpp"
#include "catmouse/solve/reference.hpp"
#include "census/mouse_kernel.hpp"
#include "test_util.hpp"

namespace catmouse::census {
namespace {

using ::catmouse::testing::Random;

struct Coverage {
  std::uint64_t tables = 0;
  std::uint64_t states = 0;
  std::uint64_t stuck_cats = 0;  // cat-to-move states whose cat has no move
  std::uint64_t draws = 0;
  std::uint32_t longest = 0;  // the greatest remoteness met
};

bool is_connected(const SmallGraph& g) {
  std::uint64_t seen = 1, frontier = 1;
  while (frontier != 0) {
    std::uint64_t next = 0;
    for (NodeId v = 0; v < g.node_count; ++v)
      if (frontier >> v & 1) next |= g.rows[v];
    frontier = next & ~seen;
    seen |= next;
  }
  return seen == (std::uint64_t{1} << g.node_count) - 1;
}

// The summary by a loop over the placements, as the census counted before it had one: hole h
// fixed, mouse then cat in increasing order, the first strictly longer win kept.
MouseTableSummary summary_by_loop(const MouseKernel& kernel, NodeId n, NodeId hole) {
  MouseTableSummary out;
  for (NodeId m = 0; m < n; ++m) {
    for (NodeId c = 0; c < n; ++c) {
      if (m == hole || c == hole || c == m) continue;
      const std::uint8_t v = kernel.value(m, c);
      ++out.placements[v];
      if (v == 0) continue;
      const std::uint16_t r = kernel.remoteness(m, c);
      auto& longest = out.longest[v];
      if (out.placements[v] == 1 || r > longest.plies) longest = {r, m, c};
    }
  }
  return out;
}

// The kernel with the widest vectors the processor has, and with the build's own: both are
// checked against the reference (they differ on graphs of more than 8 nodes where the processor
// has AVX2).
struct Kernels {
  MouseKernel widest{MouseKernel::Simd::kAuto};
  MouseKernel baseline{MouseKernel::Simd::kBaseline};
};

// Checks every state of one kernel's table and its summary against the reference's table; false
// at the first difference (reported).
bool check_kernel(const MouseKernel& kernel, const Table& table, NodeId n, NodeId hole,
                  const std::string& name) {
  for (Side turn : {Side::kMouse, Side::kCat}) {
    for (NodeId m = 0; m < n; ++m) {
      for (NodeId c = 0; c < n; ++c) {
        if (c == hole) continue;
        const State s{m, c, turn};
        const auto value = static_cast<std::uint8_t>(table.value(s));
        const std::optional<std::uint32_t> r = table.remoteness(s);
        const std::uint32_t remoteness = r ? *r : MouseKernel::kNoRemoteness;
        if (kernel.value(m, c, turn) != value || kernel.remoteness(m, c, turn) != remoteness) {
          ADD_FAILURE() << name << ", mouse " << m << " cat " << c << " " << side_name(turn)
                        << " to move: kernel " << int{kernel.value(m, c, turn)} << " in "
                        << kernel.remoteness(m, c, turn) << ", reference " << int{value} << " in "
                        << remoteness;
          return false;
        }
      }
    }
  }
  const MouseTableSummary expected = summary_by_loop(kernel, n, hole);
  const MouseTableSummary summary = kernel.summary();
  EXPECT_EQ(summary, expected) << name;
  return summary == expected;
}

// Solves (graph, hole, stuck) with both kernels and checks them against the reference engine.
bool check_table(Kernels& kernels, const Graph& graph, const SmallGraph& small, NodeId hole,
                 StuckRule stuck, const std::string& name, Coverage& coverage) {
  Rules rules;
  rules.holes = {hole};
  rules.stuck = stuck;
  const Table table = solve_reference(graph, rules);
  const NodeId n = graph.node_count();
  ++coverage.tables;
  for (NodeId m = 0; m < n; ++m) {
    for (NodeId c = 0; c < n; ++c) {
      if (c == hole) continue;
      for (Side turn : {Side::kMouse, Side::kCat}) {
        const State s{m, c, turn};
        ++coverage.states;
        coverage.draws += table.value(s) == Value::kDraw;
        if (const auto r = table.remoteness(s)) coverage.longest = std::max(coverage.longest, *r);
      }
      if (m != hole && m != c && (small.rows[c] & ~(1ull << hole)) == 0) ++coverage.stuck_cats;
    }
  }
  const std::string where = name + " hole " + std::to_string(hole) + " stuck " +
                            (stuck == StuckRule::kLose ? "lose" : "draw");
  for (MouseKernel* kernel : {&kernels.widest, &kernels.baseline}) {
    kernel->solve(small, hole, stuck);
    if (!check_kernel(*kernel, table, n, hole,
                      where + (kernel == &kernels.widest ? " (widest)" : " (baseline)")))
      return false;
  }
  return true;
}

// Every hole, both stuck rules.
bool check_graph(Kernels& kernels, const Graph& graph, const std::string& name,
                 Coverage& coverage) {
  const SmallGraph small = SmallGraph::of(graph).value();
  for (StuckRule stuck : {StuckRule::kLose, StuckRule::kDraw}) {
    for (NodeId hole = 0; hole < graph.node_count(); ++hole) {
      if (!check_table(kernels, graph, small, hole, stuck, name, coverage)) return false;
    }
  }
  return true;
}

// The census's counts of one node count (docs/census.md, Results): placements won by the mouse
// and the cat, under each stuck rule, summed over every connected graph and hole.
struct CensusRow {
  std::uint64_t mouse = 0, cat = 0, mouse_stuck_draw = 0, draws_stuck_draw = 0;
  friend bool operator==(const CensusRow&, const CensusRow&) = default;
};

TEST(CensusMouseKernel, AgreesWithTheReferenceOnEveryConnectedGraphOf3To7Nodes) {
  if (std::system("command -v nauty-geng >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "nauty-geng is not installed (scripts/setup installs nauty)";
  }
  Kernels kernels;
  MouseKernel& kernel = kernels.widest;
  Coverage coverage;
  std::uint64_t graphs = 0;
  for (NodeId n = 3; n <= 7; ++n) {
    const std::string command = "nauty-geng -cq " + std::to_string(n);
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    ASSERT_TRUE(pipe);
    char buffer[256];
    std::uint64_t line = 0;
    CensusRow row;
    while (std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr) {
      std::string text(buffer);
      while (!text.empty() && text.back() == '\n') text.pop_back();
      const Graph graph = parse_graph6(text, "geng", ++line, 0).value();
      ++graphs;
      ASSERT_TRUE(check_graph(kernels, graph, text, coverage));
      const SmallGraph small = SmallGraph::of(graph).value();
      for (NodeId hole = 0; hole < n; ++hole) {
        kernel.solve(small, hole, StuckRule::kLose);
        row.mouse += kernel.summary().placements[1];
        row.cat += kernel.summary().placements[2];
        kernel.solve(small, hole, StuckRule::kDraw);
        row.mouse_stuck_draw += kernel.summary().placements[1];
        row.draws_stuck_draw += kernel.summary().placements[0];
      }
    }
    const std::array<CensusRow, 5> published = {{{10, 2, 10, 0},
                                                 {112, 32, 110, 2},
                                                 {936, 318, 922, 20},
                                                 {9925, 3356, 9803, 281},
                                                 {133813, 42187, 132720, 4223}}};
    EXPECT_EQ(row, published[n - 3]) << n << " nodes";
  }
  EXPECT_EQ(graphs, 2u + 6 + 21 + 112 + 853);  // connected graphs on 3..7 nodes
  EXPECT_GT(coverage.stuck_cats, 1000u);
  EXPECT_EQ(coverage.longest, 12u);  // the longest cat win on 7 nodes
}

// The census's record graphs of 8 to 10 nodes (docs/census.md): the longest forced wins, up to
// 36 plies, checked state by state and as the summary names them.
TEST(CensusMouseKernel, AgreesWithTheReferenceOnTheRecordGraphs) {
  struct Record {
    const char* graph6;
    NodeId hole, mouse, cat;
    std::uint8_t winner;
    std::uint16_t plies;
  };
  const Record records[] = {{"GEjerw", 2, 3, 5, 1, 17},    {"G?bNBo", 3, 4, 2, 2, 16},
                            {"HEhuuX{", 2, 1, 5, 1, 25},   {"HCQbUVk", 3, 2, 6, 2, 24},
                            {"I?bAVRuNo", 3, 5, 6, 1, 33}, {"ICOedHsy_", 4, 3, 2, 2, 36}};
  Kernels kernels;
  Coverage coverage;
  for (const Record& r : records) {
    const Graph graph = parse_graph6(r.graph6, "record", 1, 0).value();
    ASSERT_TRUE(check_graph(kernels, graph, r.graph6, coverage));
    for (StuckRule stuck : {StuckRule::kLose, StuckRule::kDraw}) {
      for (MouseKernel* kernel : {&kernels.widest, &kernels.baseline}) {
        kernel->solve(SmallGraph::of(graph).value(), r.hole, stuck);
        EXPECT_EQ(kernel->summary().longest[r.winner],
                  (MouseTableSummary::Longest{r.plies, r.mouse, r.cat}))
            << r.graph6;
      }
    }
  }
  EXPECT_EQ(coverage.longest, 36u);
}

TEST(CensusMouseKernel, AgreesWithTheReferenceOnEveryLabelledGraphOf3To5Nodes) {
  Kernels kernels;
  Coverage coverage;
  for (NodeId n = 3; n <= 5; ++n) {
    const std::uint64_t masks = std::uint64_t{1} << (n * (n - 1) / 2);
    for (std::uint64_t mask = 0; mask < masks; ++mask) {
      const Graph graph = ::catmouse::testing::graph_from_mask(n, mask);
      ASSERT_TRUE(check_graph(kernels, graph, to_leetcode(graph), coverage));
    }
  }
  EXPECT_EQ(coverage.tables, 2u * (3 * 8 + 4 * 64 + 5 * 1024));
  EXPECT_GT(coverage.stuck_cats, 10000u);
}

// A star with the hole at its centre strands every cat; a path with the hole at an end strands
// the cat next to it; the cat on a leaf hanging off the hole is stuck in a larger graph.
TEST(CensusMouseKernel, AgreesWithTheReferenceWhereTheCatIsStuck) {
  Kernels kernels;
  MouseKernel& kernel = kernels.widest;
  Coverage coverage;
  const std::vector<std::vector<std::vector<NodeId>>> boards = {
      {{1, 2, 3, 4, 5}, {0}, {0}, {0}, {0}, {0}},                      // star, hole 0
      {{1}, {0, 2}, {1, 3}, {2, 4}, {3}},                              // path
      {{1, 2, 3}, {0}, {0, 3, 4}, {0, 2, 5}, {2, 5}, {3, 4, 6}, {5}},  // leaf 1 on the hole
  };
  for (const auto& lists : boards) {
    const Graph graph = ::catmouse::testing::graph_from_lists(lists);
    ASSERT_TRUE(check_graph(kernels, graph, to_leetcode(graph), coverage));
  }
  EXPECT_GT(coverage.stuck_cats, 40u);
  // The star's cat never moves: under kLose every placement is the mouse's, in one ply.
  const SmallGraph star = SmallGraph::of(::catmouse::testing::graph_from_lists(boards[0])).value();
  kernel.solve(star, 0, StuckRule::kLose);
  MouseTableSummary summary = kernel.summary();
  EXPECT_EQ(summary.placements, (std::array<std::uint32_t, 3>{0, 20, 0}));
  EXPECT_EQ(summary.longest[1], (MouseTableSummary::Longest{1, 1, 2}));
  EXPECT_EQ(kernel.value(1, 2, Side::kCat), 1);
  EXPECT_EQ(kernel.remoteness(1, 2, Side::kCat), 0);
  // Under kDraw the mouse still runs into the hole first, but with the cat to move it is a draw.
  kernel.solve(star, 0, StuckRule::kDraw);
  summary = kernel.summary();
  EXPECT_EQ(summary.placements, (std::array<std::uint32_t, 3>{0, 20, 0}));
  EXPECT_EQ(kernel.value(1, 2, Side::kCat), 0);
  EXPECT_EQ(kernel.remoteness(1, 2, Side::kCat), MouseKernel::kNoRemoteness);
}

// Boards of one and two nodes (graph6 collections hold them) have no placement; the states they
// have are ends of the game.
TEST(CensusMouseKernel, BoardsOfOneAndTwoNodesHaveNoPlacement) {
  MouseKernel kernel;
  SmallGraph one;
  one.node_count = 1;
  kernel.solve(one, 0, StuckRule::kLose);
  EXPECT_EQ(kernel.summary(), MouseTableSummary{});
  SmallGraph two;
  two.node_count = 2;
  two.rows[0] = 2;
  two.rows[1] = 1;
  for (StuckRule stuck : {StuckRule::kLose, StuckRule::kDraw}) {
    kernel.solve(two, 0, stuck);
    EXPECT_EQ(kernel.summary(), MouseTableSummary{});
    EXPECT_EQ(kernel.value(1, 1), 2);              // the cat on the mouse
    EXPECT_EQ(kernel.value(0, 1, Side::kCat), 1);  // the mouse in the hole
    EXPECT_EQ(kernel.remoteness(0, 1, Side::kCat), 0);
  }
}

TEST(CensusMouseKernel, AgreesWithTheReferenceOnRandomGraphsOf8To16Nodes) {
  Random random(34);
  Kernels kernels;
  Coverage coverage;
  std::uint64_t connected = 0;
  for (int t = 0; t < 3000; ++t) {
    const auto n = static_cast<NodeId>(8 + random.below(9));
    // Sparse to dense, connected or not.
    const Graph graph = ::catmouse::testing::random_graph(n, 8 + random.below(60), random);
    const SmallGraph small = SmallGraph::of(graph).value();
    connected += is_connected(small);
    const std::string name = to_leetcode(graph);
    // Two holes and both stuck rules per graph, the kernel kept across graphs and holes.
    for (int k = 0; k < 2; ++k) {
      const auto hole = static_cast<NodeId>(random.below(n));
      for (StuckRule stuck : {StuckRule::kLose, StuckRule::kDraw})
        ASSERT_TRUE(check_table(kernels, graph, small, hole, stuck, name, coverage));
    }
  }
  EXPECT_GT(connected, 1000u);
  EXPECT_LT(connected, 2500u);
  EXPECT_GT(coverage.stuck_cats, 1000u);
  EXPECT_GT(coverage.draws, 10000u);
  EXPECT_GE(coverage.longest, 20u);
}

}  // namespace
}  // namespace catmouse::census
