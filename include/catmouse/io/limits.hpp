// How large a game a reader may build under a memory limit. A few bytes of input can name a huge
// graph ("2 100000000" in an edge list, "nodes 300000000", a graph6 header, a wide grid map), so
// the readers check the size the input implies against these bounds *before* they allocate
// anything of that size, and refuse with a message that names the place and the numbers.
//
// The bounds are floors, not estimates: a game on n nodes has at least 2·n² states (one cat: the
// mouse's node, the cat's node, the side to move), and every engine keeps at least one bit per
// state (plan.hpp's SolvePlan::memory_bytes() gives the real, larger need once the game is built).
// A game refused here could not have been solved within the limit by any engine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"
#include "catmouse/core/format_bytes.hpp"  // format_bytes(), for the limits' messages

namespace catmouse {

// 2·n², the states of the one-cat game on n nodes (saturating at UINT64_MAX).
std::uint64_t game_states(std::uint64_t nodes);

// The fewest bytes any engine needs to solve a game on n nodes: one bit per state, plus the
// graph's node index (8 bytes per node). Saturates at UINT64_MAX.
std::uint64_t min_solve_bytes(std::uint64_t nodes);

// Bytes that building a graph of n nodes and e edges takes at its peak (Graph::from_edges): the
// edge list, its arcs being sorted and the neighbour lists, 32 bytes per edge, and 16 per node.
// For readers whose input is much smaller than the graph it implies (a grid map's jumps).
std::uint64_t graph_bytes(std::uint64_t nodes, std::uint64_t edges);

// The largest node count whose game min_solve_bytes() lets fit in `memory_limit` bytes; with no
// limit (0), every count a 32-bit node id allows.
std::uint64_t max_nodes(std::uint64_t memory_limit);

// How many bytes of text are worth reading for one game under `memory_limit` (0: no limit, then
// UINT64_MAX): parsing takes up to about kParseBytesPerInputByte bytes per byte of text (a JSON
// document's values, an edge list's edges and their sort), so longer text could not be parsed
// within the limit. Readers of endless input (a pipe, a device) stop there. Text up to
// kMinInputBytes is always worth reading (parsing it takes at most 1 MiB), so that a tiny limit
// is refused by the solve's own estimate, which says more.
inline constexpr std::uint64_t kParseBytesPerInputByte = 16;
inline constexpr std::uint64_t kMinInputBytes = std::uint64_t{64} << 10;
std::uint64_t max_input_bytes(std::uint64_t memory_limit);

// Whether a game of `nodes` nodes fits under `memory_limit` by min_solve_bytes(); the error says
// "<what> <S> states: solving them needs at least B, more than the memory limit of L", with
// ErrorKind::kRefusedMemory, ErrorField::kMemoryLimit and no place (the caller adds the line and
// column). `what` leads up to the count of states and names the cause: "node id 100000000 implies
// 100000001 nodes and", "300000000 nodes imply", "the graph6 header gives 100000000 nodes and".
Status check_node_count(std::uint64_t nodes, std::uint64_t memory_limit, std::string_view what);

// Whether `bytes` of input text fit under max_input_bytes(memory_limit); the error names the
// size and the limit, with ErrorKind::kRefusedMemory and ErrorField::kMemoryLimit.
Status check_input_size(std::uint64_t bytes, std::uint64_t memory_limit);

// Running out of memory (std::bad_alloc caught at a reader's boundary) as an error value:
// "out of memory while reading <what>", ErrorKind::kOutOfMemory and ErrorField::kMemoryLimit, as
// solve() reports it. Its kind tells it from a refusal by the limit (kRefusedMemory), so that a
// front end can report the one as exhausted resources and the other as a request too large.
Error out_of_memory(std::string_view what, std::string_view source);

// The memory a process may still take, in bytes: MemAvailable of /proc/meminfo, and no more than
// the address space `ulimit -v` leaves this process (its limit less what is mapped already); 0
// when unknown. Every front end's default memory limit, so that a game too large for the machine
// is refused before it is read or solved rather than met by the kernel's OOM killer.
std::uint64_t available_memory();

// A count as messages give it: exact below a billion ("2000000"), else "2.0e16".
std::string format_count(std::uint64_t count);

}  // namespace catmouse
