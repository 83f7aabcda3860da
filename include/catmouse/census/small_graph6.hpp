// graph6 lines of small graphs, read straight into rows of bits and written back: the one graph6
// decoder for small boards (a census reads millions of lines; copnumber and cops read their
// collections through it too). Anything else (a graph of more than 62 nodes, nauty's header, a
// bad line) is left to the io library's graph6 reader, which names what is wrong.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

// The largest node count written in graph6's one-byte form.
inline constexpr NodeId kMaxSmallGraph6Nodes = 62;

// Reads one graph6 line (no newline) into `graph`, clearing its rows first: whether the line is
// a graph of 1 to kMaxSmallGraph6Nodes nodes (its bytes in '?'..'~', its length that of its node
// count, its padding bits zero). Only the set bits are visited.
bool read_small_graph6(std::string_view line, SmallGraph& graph);

// The same into a new graph; nullopt for anything else.
std::optional<SmallGraph> small_graph6(std::string_view line);

// The graph6 line of an undirected graph of 1 to kMaxSmallGraph6Nodes nodes (rows[v] bit u and
// rows[u] bit v alike), without a newline: what geng writes for the same labelled graph.
std::string small_graph6_text(const SmallGraph& graph);

}  // namespace catmouse::census
