// Reading and writing graphs. Three text forms:
//  - LeetCode: JSON adjacency lists, "[[2,5],[3],[0,4,5],...]", or an object {"graph": [[...]]}.
//  - Edges: one "u v" pair per line (undirected), '#' starts a comment, blank lines are ignored,
//    and an optional "nodes N" line fixes the node count (otherwise it is the largest id + 1).
//  - graph6: nauty's compact form of an undirected graph, one graph per line ("IheA@GUAo" is the
//    Petersen graph), so that graphs from geng and other nauty tools can be read as they come.
// Every error names the place: source name, line and column, and the node or entry where known.
//
// `memory_limit` (bytes, 0: none) bounds the graph a reader builds: a node count the text implies
// (an edge list's largest id or "nodes N" line, a graph6 header, the number of adjacency lists)
// beyond io/limits.hpp's max_nodes() is refused, naming its line and column, before anything of
// that size is allocated. Errors about it carry ErrorField::kMemoryLimit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/graph.hpp"

namespace catmouse {

// The forms of input text, for graphs and for whole games (game_reader.hpp). One enum for both:
// a graph's formats are the first three, and a LeetCode 1728 map is read as a game only.
enum class InputFormat : std::uint8_t {
  kLeetCode,  // JSON adjacency lists, or {"graph": [...], "rules": {...}}
  kEdges,     // edge-list text
  kGraph6,    // nauty graph6, one undirected graph per line (a file may hold many)
  kGrid,      // a LeetCode 1728 map: {"grid": [...], "catJump": J, "mouseJump": J}
};
// "leetcode" / "edges" / "graph6" / "grid"; anything else is an error naming the accepted words.
Result<InputFormat> parse_input_format(std::string_view name);
std::string_view input_format_name(InputFormat format);

// Picks the format for text read from `source`: LeetCode for LeetCode's own line
// `graph = [[...],...]` (it is no other format's text), else by suffix (.json -> LeetCode; .txt,
// .edges, .el -> edges; .g6, .graph6 -> graph6), else by content (text opening with the
// ">>graph6<<" header -> graph6; first non-blank, non-comment character '[' or '{' -> LeetCode;
// else edges). A graph6 file without the header and suffix is not recognised: its lines could as
// well be the start of an edge list, so its format must be named. Never kGrid: whether JSON is a
// map is for its members to say (read_game).
InputFormat detect_format(std::string_view source, std::string_view text);

// Parses `text`, the adjacency lists alone or after `graph =` as LeetCode writes them; `source`
// is the name used in error locations ("graph.json", "<stdin>").
Result<Graph> parse_leetcode(std::string_view text, std::string_view source,
                             std::uint64_t memory_limit = 0);
// With `directed`, each line "u v" is an arc u -> v (edge lists only).
Result<Graph> parse_edges(std::string_view text, std::string_view source, bool directed = false,
                          std::uint64_t memory_limit = 0);
// Reads the single graph in `text`. For graph6 that is parse_graph6_file() holding exactly one
// graph: several graphs are an error, since a command reading one graph must not silently drop
// the rest. graph6 holds undirected graphs only, so `directed` with graph6 is an error; kGrid is
// an error too (a map is a game: read_game).
Result<Graph> parse_graph(std::string_view text, std::string_view source, InputFormat format,
                          bool directed = false, std::uint64_t memory_limit = 0);

// One graph6 graph: `line` is one line without its newline (a trailing '\r' is ignored).
// `source` and `line_number` only label errors, whose column points into `line`. Refused: a byte
// outside 63..126 (sparse6 ':' and digraph6 '&' lines are named as such), a truncated node
// count, a node count beyond 32-bit ids or below Graph::kMinNodes, edge bytes of the wrong
// length for the node count, and nonzero padding bits in the last byte. Never reads out of
// bounds or allocates before the length has been checked, whatever the bytes.
Result<Graph> parse_graph6(std::string_view line, std::string_view source,
                           std::uint64_t line_number = 1, std::uint64_t memory_limit = 0);
// A graph6 file: one graph per line. The optional header ">>graph6<<" may open the first line,
// alone or (as nauty writes it) directly followed by the first graph; a UTF-8 byte-order mark,
// blank lines and '\r' line ends are ignored. The first bad line fails the whole file.
Result<std::vector<Graph>> parse_graph6_file(std::string_view text, std::string_view source,
                                             std::uint64_t memory_limit = 0);

// Compact LeetCode form on one line, without a trailing newline: "[[1,2],[0],[0]]".
std::string to_leetcode(const Graph& graph);
// Edge-list text: a "nodes N" line, then one "u v" line per edge with u < v (per arc, directed).
std::string to_edges(const Graph& graph);
// graph6 form of an undirected graph, without header or newline: "C~" for K4. Node counts up to
// 62 take one byte, up to 258047 four, beyond that eight. A directed graph is written as its
// underlying undirected graph (an edge wherever an arc goes either way); refuse it beforehand if
// that loses meaning.
std::string to_graph6(const Graph& graph);

}  // namespace catmouse
