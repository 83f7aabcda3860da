// Cops and robbers, the classical game: the game of k cats (rules.hpp) with the cops as cats, the
// robber as the mouse, no hole, and both sides allowed to stay (cops_rules()); CopsVariant takes
// the staying away from either side. The cops place first, then the robber;
// then the cops move (all at once), then the robber, and so on. The cops win when one of them is
// on the robber; the robber wins by escaping forever (a draw).
//
// The robber never wins, so no counters are needed, and the engine here is bit-parallel over the
// robber's node: each cops' placement owns rows of bits (won with the cops to move, with the
// robber to move, the last level's robber losses, and an accumulator). A level ORs each
// placement's new robber losses into the placements one cops' move away, then checks the robber's
// moves with a few word operations. It stops at the first level where a placement wins against
// every robber start, which is therefore a placement of least capture time. solve() (solve.hpp)
// runs the same engine to the end for the value and remoteness of every state.
//
// Cost: time O(L * P * (d + 1)^k * n / 64) for P = C(n + k - 1, k) placements, L levels and
// maximum degree d (only placements with new robber losses push); memory 32 bytes per placement
// and 64 robber nodes, plus the placements themselves (cops_memory_estimate()).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/solve/options.hpp"

namespace catmouse {

inline constexpr std::uint32_t kMaxCops = 8;   // the engine's limit on k
inline constexpr NodeId kMaxCopsNodes = 4096;  // and on the graph's size

// Who may stay where he is as his move. The classical game lets both; without it a player with
// no edge out of his node is stuck, and loses (Rules::stuck).
struct CopsVariant {
  bool cop_stays = true;     // each cop may stay (the cops move at once, each or not)
  bool robber_stays = true;  // the robber may stay
  friend bool operator==(const CopsVariant&, const CopsVariant&) = default;
};

// The rules of cops and robbers with k cops.
Rules cops_rules(std::uint32_t k, CopsVariant variant = {});

// The answer for k cops: whether they win, and then a placement of least capture time.
struct CopsResult {
  std::uint32_t cops = 0;
  bool win = false;
  std::vector<NodeId> placement;    // sorted; empty when the cops lose
  std::uint32_t capture_moves = 0;  // plies from the cops' first move against the best robber
  NodeId robber = 0;                // a robber start that lasts capture_moves
  std::uint64_t states = 0;         // states solved
};

// Bytes solve_cops() allocates for k cops on a graph of node_count nodes (UINT64_MAX when huge).
std::uint64_t cops_memory_estimate(NodeId node_count, std::uint32_t k, CopsVariant variant = {});

// How a level finds the cops' new wins. Both give identical answers; the choice is for tests and
// benchmarks.
enum class CopsSweep {
  kAuto,   // per level, whichever costs fewer joint moves
  kPush,   // push each placement's new robber losses to the placements one move away
  kDense,  // one sweep over every placement, one cop at a time (docs/algorithm.md)
};

// Answers the cops' question for k cops with at most options.threads threads. Fails when k or the
// graph is out of the limits above, when the estimate exceeds options.memory_limit (before
// allocating), for options.values_only (the answer is a capture time), and for an engine other
// than kAuto or kCops: this is the cops engine's own question. A graph of at most 64 nodes whose
// k-tuples of nodes are few goes to the tiny path (SmallCops) whatever the sweep.
Result<CopsResult> solve_cops(const Graph& graph, std::uint32_t k, const SolveOptions& options = {},
                              CopsSweep sweep = CopsSweep::kAuto, CopsVariant variant = {});

// A graph of at most 64 nodes as rows of bits: bit u of rows[v] is set when v -> u is an edge
// (both ways for an undirected graph). Unlike Graph it may have one or two nodes, as the graph6
// collections of every graph on n nodes do.
struct SmallGraph {
  static constexpr NodeId kMaxNodes = 64;
  NodeId node_count = 0;
  std::array<std::uint64_t, kMaxNodes> rows{};
  // The graph's rows; fails beyond kMaxNodes nodes.
  static Result<SmallGraph> of(const Graph& graph);
};

// Whether the graph is dismantlable: its nodes can be removed one by one, each dominated when
// removed (its closed neighbourhood inside another remaining node's). For a finite undirected
// graph that is exactly "one cop wins" in the classical game (Nowakowski and Winkler 1983;
// Quilliot 1978), a check on the engine that shares none of its code.
bool dismantlable(const SmallGraph& graph);

// The cops' question for one small graph after another on the calling thread, keeping its
// buffers from one to the next, so that a collection of tiny graphs costs no allocation per
// graph: a 10-node graph takes microseconds. Rows are one word (a bit per robber node), one per
// k-tuple of cop nodes, as long as there are at most kMaxTuples of them; beyond that it runs the
// cops engine (one thread). The answers are solve_cops()'s, bit for bit.
class SmallCops {
 public:
  static constexpr std::uint64_t kMaxTuples = 1u << 16;
  SmallCops();
  ~SmallCops();
  SmallCops(SmallCops&& other) noexcept;
  SmallCops& operator=(SmallCops&& other) noexcept;

  // Fails as solve_cops() does: k out of 1..kMaxCops, or more memory than memory_limit (0: none).
  // `cancelled`, when given, is polled after each level as SolveOptions::cancelled is.
  Result<CopsResult> solve(const SmallGraph& graph, std::uint32_t k, CopsVariant variant = {},
                           std::uint64_t memory_limit = 0,
                           const std::function<bool()>& cancelled = {});

 private:
  struct Buffers;
  std::unique_ptr<Buffers> buffers_;
};

// Cop moves in `moves` plies from the cops' first move: they move on the odd plies.
constexpr std::uint32_t cop_rounds(std::uint32_t moves) {
  return (moves + 1) / 2;
}

}  // namespace catmouse
