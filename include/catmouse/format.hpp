// Reading and writing graphs. Two text forms:
//  - LeetCode: JSON adjacency lists, "[[2,5],[3],[0,4,5],...]", or an object {"graph": [[...]]}.
//  - Edges: one "u v" pair per line (undirected), '#' starts a comment, blank lines are ignored,
//    and an optional "nodes N" line fixes the node count (otherwise it is the largest id + 1).
// Every error names the place: source name, line and column, and the node or entry where known.
#pragma once

#include <string>
#include <string_view>

#include "catmouse/error.hpp"
#include "catmouse/graph.hpp"

namespace catmouse {

enum class GraphFormat {
  kLeetCode,  // JSON adjacency lists
  kEdges,     // edge-list text
};

// "leetcode" / "edges" -> format; anything else is an error naming the accepted words.
Result<GraphFormat> parse_format_name(std::string_view name);

// Picks the format for text read from `source`: by suffix (.json -> LeetCode; .txt, .edges,
// .el -> edges), else by content (first non-blank, non-comment character '[' or '{' -> LeetCode).
GraphFormat detect_format(std::string_view source, std::string_view text);

// Parses `text`; `source` is the name used in error locations ("graph.json", "<stdin>").
Result<Graph> parse_leetcode(std::string_view text, std::string_view source);
// With `directed`, each line "u v" is an arc u -> v (edge lists only).
Result<Graph> parse_edges(std::string_view text, std::string_view source, bool directed = false);
Result<Graph> parse_graph(std::string_view text, std::string_view source, GraphFormat format,
                          bool directed = false);

// Compact LeetCode form on one line, without a trailing newline: "[[1,2],[0],[0]]".
std::string to_leetcode(const Graph& graph);
// Edge-list text: a "nodes N" line, then one "u v" line per edge with u < v (per arc, directed).
std::string to_edges(const Graph& graph);

}  // namespace catmouse
