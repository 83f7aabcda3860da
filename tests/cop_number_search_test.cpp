// The census's search (CopNumberSearch, catmouse/census/cop_number.hpp) and its bounds
// (tiny_cop_bounds(), catmouse/solve/cop_bounds.hpp) against the full game (SmallCops): on every
// connected graph of 1 to 9 nodes (nauty's geng; skipped with a message where it is missing) and
// on random graphs of up to 20 nodes,
//  - a search without parts answers every graph's cop number and capture time as the game does;
//  - the bounds hold the game's cop number and capture time, in every kernel (the build's own
//    instruction set, AVX2 where the processor has it, and the portable ones);
//  - with parts, every capture time the search gives is the game's, a skipped one is at most the
//    longest found before it in its part, and the summary of each part (per cop number: count,
//    longest capture time, first graph reaching it) is the game's.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catmouse/census/cop_number.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/solve/cop_bounds.hpp"
#include "solve/tiny_kernel.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using census::CopNumberFound;
using census::CopNumberSearch;

constexpr std::uint32_t kMax = 3;

struct Answer {
  std::uint32_t cops = 0;
  std::optional<std::uint32_t> moves;
  bool operator==(const Answer&) const = default;
};

// The full game's cop number (kMax + 1 above kMax) and capture time.
Answer game(SmallCops& small, const SmallGraph& g) {
  for (std::uint32_t k = 1; k <= kMax; ++k) {
    const CopsResult r = small.solve(g, k).value();
    if (r.win) return {k, r.capture_moves};
  }
  return {kMax + 1, std::nullopt};
}

// Every connected graph of n nodes, in geng's order (Graph has three nodes or more: the one of one
// node and the one of two are made here).
std::vector<SmallGraph> geng(int n) {
  std::vector<SmallGraph> graphs;
  if (n <= 2) {
    SmallGraph g;
    g.node_count = static_cast<NodeId>(n);
    if (n == 2) g.rows = {2, 1};
    return {g};
  }
  const std::string command = "nauty-geng -cq " + std::to_string(n);
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return graphs;
  char buffer[64];
  std::uint64_t line = 0;
  while (std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr) {
    std::string text(buffer);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    graphs.push_back(SmallGraph::of(parse_graph6(text, "geng", ++line, 0).value()).value());
  }
  return graphs;
}

bool have_geng() {
  return std::system("command -v nauty-geng >/dev/null 2>&1") == 0;
}

SmallGraph small_of(const Graph& graph) {
  return SmallGraph::of(graph).value();
}

// A random connected graph: a random tree, then each other pair with probability percent / 100.
SmallGraph random_connected(NodeId n, std::uint32_t percent, testing::Random& random) {
  SmallGraph g;
  g.node_count = n;
  const auto join = [&](NodeId a, NodeId b) {
    g.rows[a] |= std::uint64_t{1} << b;
    g.rows[b] |= std::uint64_t{1} << a;
  };
  for (NodeId v = 1; v < n; ++v) join(v, random.below(v));
  for (NodeId b = 1; b < n; ++b) {
    for (NodeId a = 0; a < b; ++a) {
      if (random.below(100) < percent) join(a, b);
    }
  }
  return g;
}

// A graph that need not be connected, each pair an edge with probability percent / 100.
SmallGraph random_small(NodeId n, std::uint32_t percent, testing::Random& random) {
  SmallGraph g;
  g.node_count = n;
  for (NodeId b = 1; b < n; ++b) {
    for (NodeId a = 0; a < b; ++a) {
      if (random.below(100) >= percent) continue;
      g.rows[a] |= std::uint64_t{1} << b;
      g.rows[b] |= std::uint64_t{1} << a;
    }
  }
  return g;
}

std::string describe(const SmallGraph& g) {
  std::string text = std::to_string(g.node_count) + " nodes:";
  for (NodeId v = 0; v < g.node_count; ++v) text += " " + std::to_string(g.rows[v]);
  return text;
}

// The bounds of every kernel hold the game's answer (cop number, capture time), and agree.
void check_bounds(const SmallGraph& g, const Answer& truth) {
  const CopBounds b = tiny_cop_bounds(g);
  ASSERT_LE(b.lower, truth.cops) << describe(g);
  if (b.upper != 0) {
    ASSERT_GE(b.upper, truth.cops) << describe(g);
  }
  if (b.settled()) {
    ASSERT_TRUE(truth.moves) << describe(g);
    ASSERT_GE(*truth.moves, b.capture_moves_lower) << describe(g);
    if (b.capture_moves_upper) {
      ASSERT_LE(*truth.moves, *b.capture_moves_upper) << describe(g);
    }
  }
  if (g.node_count < 1 || g.node_count > kTinyCopsMaxNodes) return;
  const auto same = [&](const CopBounds& other, const char* kernel) {
    ASSERT_TRUE(other.lower == b.lower && other.upper == b.upper &&
                other.capture_moves_upper == b.capture_moves_upper &&
                other.capture_moves_lower == b.capture_moves_lower)
        << kernel << ", " << describe(g);
  };
  same(tiny::bounds_baseline(g), "baseline");
  if (tiny::avx2_runs()) {
    same(tiny::bounds_avx2(g), "avx2");
  }
  same(tiny::bounds<tiny::LanesWords>(g), "words");
#if defined(__SSE4_1__)
  same(tiny::bounds<tiny::LanesSse41>(g), "sse4.1");
#endif
}

// A part's summary as the census keeps it: per cop number the count, the longest capture time and
// the first graph (its index) reaching it.
struct Entry {
  std::uint64_t count = 0;
  std::optional<std::uint32_t> longest;
  std::size_t first = 0;
  bool operator==(const Entry&) const = default;
};
using Summary = std::map<std::uint32_t, Entry>;

void tally(Summary& s, std::size_t i, const Answer& a) {
  Entry& e = s[a.cops];
  ++e.count;
  if (a.moves && (!e.longest || *a.moves > *e.longest)) {
    e.longest = a.moves;
    e.first = i;
  }
}

// The graphs split into parts at `cuts` (indices where a part begins, after 0): the search with
// begin_part() at each gives every part the game's summary, every capture time it gives is the
// game's, and one it skips is at most the part's longest before it.
void check_parts(const std::vector<SmallGraph>& graphs, const std::vector<Answer>& truth,
                 const std::vector<std::size_t>& cuts) {
  CopNumberSearch search(kMax);
  std::vector<Summary> found, expected;
  std::size_t next_cut = 0, skipped = 0;
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    if (i == 0 || (next_cut < cuts.size() && i == cuts[next_cut])) {
      if (i != 0) ++next_cut;
      search.begin_part();
      found.emplace_back();
      expected.emplace_back();
    }
    const CopNumberFound f = search.answer(graphs[i]).value();
    ASSERT_EQ(f.cops, truth[i].cops) << describe(graphs[i]);
    if (f.capture_moves) {
      ASSERT_EQ(f.capture_moves, truth[i].moves) << describe(graphs[i]);
    } else if (truth[i].moves) {
      ++skipped;
      const std::optional<std::uint32_t> longest = expected.back()[f.cops].longest;
      ASSERT_TRUE(longest && *truth[i].moves <= *longest) << describe(graphs[i]);
    }
    tally(found.back(), i, {f.cops, f.capture_moves});
    tally(expected.back(), i, truth[i]);
  }
  ASSERT_EQ(found.size(), cuts.size() + 1);
  for (std::size_t p = 0; p < found.size(); ++p) EXPECT_EQ(found[p], expected[p]) << "part " << p;
  if (graphs.size() > 1000) {
    EXPECT_GT(skipped, graphs.size() / 100);  // the parts do skip games
  }
}

TEST(CopNumberSearch, EveryConnectedGraphUpTo9NodesAsTheGame) {
  if (!have_geng()) GTEST_SKIP() << "nauty-geng is not installed (scripts/setup installs nauty)";
  SmallCops small;
  std::map<std::uint32_t, std::uint64_t> by_cops;
  for (int n = 1; n <= 9; ++n) {
    const std::vector<SmallGraph> graphs = geng(n);
    std::vector<Answer> truth;
    CopNumberSearch search(kMax);  // no parts: every capture time computed
    for (const SmallGraph& g : graphs) {
      truth.push_back(game(small, g));
      ++by_cops[truth.back().cops];
      const CopNumberFound f = search.answer(g).value();
      ASSERT_EQ((Answer{f.cops, f.capture_moves}), truth.back()) << describe(g);
      check_bounds(g, truth.back());
      if (HasFatalFailure()) return;
    }
    // Uneven parts, the last one alone.
    if (n >= 8) check_parts(graphs, truth, {1, 500, graphs.size() / 3, graphs.size() - 1});
    if (HasFatalFailure()) return;
  }
  // The cop-win counts of n = 1..9 are 1, 1, 2, 5, 16, 68, 403, 3791, 65561.
  EXPECT_EQ(by_cops[1], 1u + 1 + 2 + 5 + 16 + 68 + 403 + 3791 + 65561);
  EXPECT_EQ(by_cops[1] + by_cops[2], 1u + 1 + 2 + 6 + 21 + 112 + 853 + 11117 + 261080);
}

// Random graphs of 10 to 16 nodes, connected, sparse to dense, and the graphs of cop number 3 on
// 10 and 11 nodes (the Petersen graph and the six of docs/census.md).
TEST(CopNumberSearch, RandomGraphsUpTo16NodesAsTheGame) {
  testing::Random random(1729);
  SmallCops small;
  std::vector<SmallGraph> graphs;
  for (const char* g6 : {"IheA@GUAo", "J?`@F?kQck?", "J?`@F?kUck?", "J?`FAqSJ@b?", "J?BDB?{Ucq?",
                         "J?BD@hQYCo_", "JCOf@pSbFC?"}) {
    graphs.push_back(small_of(parse_graph6(g6, "graph", 1, 0).value()));
  }
  for (int t = 0; t < 4000; ++t) {
    const auto n = static_cast<NodeId>(10 + random.below(7));
    graphs.push_back(random_connected(n, 5 + random.below(50), random));
  }
  std::vector<Answer> truth;
  std::map<std::string, int> kinds;
  CopNumberSearch search(kMax);
  for (const SmallGraph& g : graphs) {
    truth.push_back(game(small, g));
    const CopNumberFound f = search.answer(g).value();
    ASSERT_EQ((Answer{f.cops, f.capture_moves}), truth.back()) << describe(g);
    check_bounds(g, truth.back());
    if (HasFatalFailure()) return;
    const CopBounds b = tiny_cop_bounds(g);
    ++kinds[std::to_string(truth.back().cops) + (b.exact()     ? " exact"
                                                 : b.settled() ? " bounded"
                                                               : " open")];
  }
  for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(truth[i].cops, 3u) << i;
  // Every way of answering is exercised.
  EXPECT_GT(kinds["1 exact"], 100);
  EXPECT_GT(kinds["1 bounded"], 100);
  EXPECT_GT(kinds["2 exact"], 100);
  EXPECT_GT(kinds["2 bounded"], 3);
  EXPECT_GT(kinds["2 open"], 3);
  check_parts(graphs, truth, {7, 1000, 2000});
}

// Beyond 16 nodes the search has cop_bounds() and the game: the same answers, parts or not.
TEST(CopNumberSearch, GraphsOf17To20NodesAsTheGame) {
  testing::Random random(99);
  SmallCops small;
  std::vector<SmallGraph> graphs;
  std::vector<Answer> truth;
  CopNumberSearch search(kMax);
  for (int t = 0; t < 300; ++t) {
    graphs.push_back(
        random_connected(static_cast<NodeId>(17 + random.below(4)), 10 + random.below(50), random));
    truth.push_back(game(small, graphs.back()));
    const CopNumberFound f = search.answer(graphs.back()).value();
    ASSERT_EQ(f.cops, truth.back().cops) << describe(graphs.back());
    if (f.capture_moves) {
      ASSERT_EQ(f.capture_moves, truth.back().moves) << describe(graphs.back());
    }
    check_bounds(graphs.back(), truth.back());
    if (HasFatalFailure()) return;
  }
  check_parts(graphs, truth, {100, 200});
}

// The kernels agree on graphs that need not be connected, and the one-cop game of each is
// SmallCops'.
TEST(CopNumberSearch, KernelsAgreeOnAnyGraph) {
  testing::Random random(4);
  SmallCops small;
  for (int t = 0; t < 3000; ++t) {
    const auto n = static_cast<NodeId>(1 + random.below(16));
    const SmallGraph g = random_small(n, 5 + random.below(70), random);
    const CopsResult one = small.solve(g, 1).value();
    const std::optional<std::uint32_t> expected =
        one.win ? std::optional(one.capture_moves) : std::nullopt;
    if (n > 1) {
      ASSERT_EQ(tiny::one_cop_baseline(g), expected) << describe(g);
      if (tiny::avx2_runs()) {
        ASSERT_EQ(tiny::one_cop_avx2(g), expected) << describe(g);
      }
      ASSERT_EQ(tiny::one_cop_capture<tiny::LanesWords>(g), expected) << describe(g);
    }
    Answer truth{1, expected};
    if (!one.win) {
      const CopsResult two = small.solve(g, 2).value();
      truth = two.win ? Answer{2, two.capture_moves} : Answer{3, std::nullopt};
    }
    const CopBounds b = tiny_cop_bounds(g);
    if (truth.cops == 3) {  // three cops or more: only the lower bound speaks
      ASSERT_LE(b.lower, 3u) << describe(g);
      ASSERT_FALSE(b.settled() && b.upper < 3) << describe(g);
      continue;
    }
    check_bounds(g, truth);
    if (HasFatalFailure()) return;
  }
}

// The steps of the kernel against the definitions, by brute force.
template <class L>
void check_steps(const SmallGraph& g, tiny::Mask within) {
  const tiny::Board<L> b(g);
  const auto closed = [&](NodeId v) {
    return static_cast<tiny::Mask>(g.rows[v] | std::uint64_t{1} << v) & b.all;
  };
  bool pair = false;
  for (NodeId u = 0; u < g.node_count; ++u) {
    for (NodeId v = 0; v < g.node_count; ++v) {
      pair = pair || ((within >> u & 1) != 0 && (within >> v & 1) != 0 &&
                      (within & ~(closed(u) | closed(v))) == 0);
    }
  }
  ASSERT_EQ(tiny::dominating_pair(b, within), pair) << describe(g) << ", within " << within;
  // Two cops within two rounds: from some start (a, c), every robber node not next to them has a
  // move (a2, c2) after which all his neighbourhood is next to them.
  bool two_rounds = false;
  for (NodeId a = 0; a < g.node_count && !two_rounds; ++a) {
    for (NodeId c = a; c < g.node_count && !two_rounds; ++c) {
      bool all = true;
      for (NodeId r = 0; r < g.node_count && all; ++r) {
        if (((closed(a) | closed(c)) >> r & 1) != 0) continue;
        bool trapped = false;
        for (NodeId a2 = 0; a2 < g.node_count; ++a2) {
          for (NodeId c2 = 0; c2 < g.node_count; ++c2) {
            trapped = trapped || ((closed(a) >> a2 & 1) != 0 && (closed(c) >> c2 & 1) != 0 &&
                                  (closed(r) & ~(closed(a2) | closed(c2))) == 0);
          }
        }
        all = trapped;
      }
      two_rounds = all;
    }
  }
  ASSERT_EQ(tiny::catch_within_two_rounds(b), two_rounds) << describe(g);
  // The dismantling: cop-win exactly when dismantlable, else it stops where no node left is
  // dominated among those left.
  const tiny::Dismantling d = tiny::dismantle(b);
  ASSERT_EQ(d.cop_win, dismantlable(g)) << describe(g);
  if (!d.cop_win) {
    for (NodeId u = 0; u < g.node_count; ++u) {
      for (NodeId v = 0; v < g.node_count; ++v) {
        const bool left = (d.left >> u & 1) != 0 && (d.left >> v & 1) != 0 && u != v;
        ASSERT_FALSE(left && (closed(u) & d.left & ~closed(v)) == 0) << describe(g);
      }
    }
  }
}

TEST(CopNumberSearch, KernelStepsAsTheirDefinitions) {
  testing::Random random(8);
  for (int t = 0; t < 2000; ++t) {
    const auto n = static_cast<NodeId>(2 + random.below(12));
    const SmallGraph g = random_small(n, 20 + random.below(70), random);
    const auto within = static_cast<tiny::Mask>(random.next() & ((std::uint64_t{1} << n) - 1));
    check_steps<tiny::Lanes>(g, within);
    check_steps<tiny::LanesWords>(g, within);
    if (HasFatalFailure()) return;
  }
}

TEST(CopNumberSearch, DominatingTriple) {
  // Three disjoint triangles, joined in a path: three cops, caught on their first move.
  std::vector<Edge> edges{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3},
                          {6, 7}, {7, 8}, {8, 6}, {2, 3}, {5, 6}};
  const SmallGraph g = small_of(Graph::from_edges(9, edges).value());
  EXPECT_TRUE(dominated_by(g, 3));
  EXPECT_FALSE(dominated_by(g, 2));
  const SmallGraph petersen = small_of(parse_graph6("IheA@GUAo", "petersen", 1, 0).value());
  EXPECT_FALSE(dominated_by(petersen, 2));
  EXPECT_TRUE(dominated_by(petersen, 3));  // its domination number is 3
}

// The loop every front end runs (play_cop_number()): games from one cop up to the first win.
TEST(CopNumberLoop, PlaysUpToTheFirstWin) {
  std::vector<std::uint32_t> played;
  const census::CopsPlay play = [&](std::uint32_t k) -> Result<CopsResult> {
    played.push_back(k);
    CopsResult r;
    r.cops = k;
    r.win = k == 2;
    return r;
  };
  const census::CopNumberTries two = census::play_cop_number(kMax, play).value();
  EXPECT_EQ(two.cop_number, 2u);
  EXPECT_EQ(played, (std::vector<std::uint32_t>{1, 2}));
  ASSERT_EQ(two.tries.size(), 2u);
  EXPECT_TRUE(two.tries[1].win);
  const census::CopNumberTries above = census::play_cop_number(1, play).value();
  EXPECT_FALSE(above.cop_number);
  ASSERT_EQ(above.tries.size(), 1u);
  // A game that fails ends the loop with its error.
  played.clear();
  Result<census::CopNumberTries> failed =
      census::play_cop_number(kMax, [&](std::uint32_t k) -> Result<CopsResult> {
        played.push_back(k);
        if (k == 2) return Error("too big", at_field(ErrorField::kMemoryLimit));
        return CopsResult{};
      });
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().where.field, ErrorField::kMemoryLimit);
  EXPECT_EQ(played, (std::vector<std::uint32_t>{1, 2}));
  for (const std::uint32_t max : {0u, kMaxCops + 1}) {
    Result<census::CopNumberTries> bad = census::play_cop_number(max, play);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().where.field, ErrorField::kCops);
  }
}

// find_cop_number() on graphs of 3 to 20 nodes, within and past the search's 16, directed and
// undirected: the games' answers (solve_cops()), the search agreeing where it runs.
TEST(CopNumberLoop, FindCopNumberIsTheGames) {
  testing::Random random(34);
  for (int t = 0; t < 400; ++t) {
    const auto n = static_cast<NodeId>(3 + random.below(18));
    const bool directed = t % 5 == 0;
    const std::uint32_t percent = 5 + random.below(50);
    const Graph g = directed ? testing::random_digraph(n, percent, random)
                             : testing::random_graph(n, percent, random);
    const CopsVariant variant{t % 7 != 3, true};
    const census::CopNumberTries found = census::find_cop_number(g, kMax, {}, variant).value();
    ASSERT_FALSE(found.tries.empty());
    for (std::size_t i = 0; i < found.tries.size(); ++i) {
      const CopsResult game =
          solve_cops(g, static_cast<std::uint32_t>(i + 1), {}, CopsSweep::kAuto, variant).value();
      ASSERT_EQ(found.tries[i].win, game.win) << t;
      ASSERT_EQ(found.tries[i].placement, game.placement) << t;
      ASSERT_EQ(found.tries[i].capture_moves, game.capture_moves) << t;
      ASSERT_EQ(found.tries[i].states, game.states) << t;
    }
    const bool won = found.tries.back().win;
    EXPECT_EQ(found.cop_number,
              won ? std::optional(static_cast<std::uint32_t>(found.tries.size())) : std::nullopt);
    if (!won) {
      EXPECT_EQ(found.tries.size(), kMax);
    }
    if (!directed && n <= kTinyCopsMaxNodes && variant == CopsVariant{}) {
      CopNumberSearch search(kMax);
      EXPECT_EQ(search.answer(small_of(g)).value().cops, found.cop_number.value_or(kMax + 1));
    }
  }
}

}  // namespace
}  // namespace catmouse
