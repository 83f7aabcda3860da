// A relabelling of the nodes that keeps neighbours close (breadth-first from the hole), the move
// lists of both players in those labels, and the word programs of the frontier kernel: "every
// move of the node at bit j lands on a won bit", as a few shifted words per 64 nodes. Internal
// to src/solve.
//
// Why relabel: the kernels keep 64 nodes per machine word and read the rows of a node's
// neighbours. Under a breadth-first order a node's neighbours are a few labels away, so the
// neighbours of 64 consecutive nodes sit in the same or the next word, and a thin frontier (a
// ring of states around the hole, say) fills whole words instead of one bit in each of n words.
// The numbering of the input (a grid row by row, or shuffled at random) then no longer matters.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "catmouse/core/game.hpp"

namespace catmouse::detail {

// order[i] is the input node that gets label i; rank[v] the label of input node v.
struct NodeOrder {
  std::vector<NodeId> order;
  std::vector<NodeId> rank;
};

// Move lists in compressed rows.
struct MoveTable {
  std::vector<std::uint64_t> offsets{0};
  std::vector<NodeId> targets;
  std::span<const NodeId> of(NodeId v) const {
    return {targets.data() + offsets[v], targets.data() + offsets[v + 1]};
  }
  std::uint64_t size() const { return targets.size(); }
};

// Breadth-first from the first hole (node 0 without holes) over the moves of both players taken
// both ways; each further component from its smallest unlabelled node. Within a layer, nodes go
// by the labels of their first and last neighbours in the layer before, so that the order
// follows the structure rather than the input's numbering: along a grid's diagonals, say, in the
// same direction every time (plain breadth-first order would take the input's order of ties).
inline NodeOrder locality_order(const Game& game) {
  const NodeId n = game.node_count();
  std::vector<std::vector<NodeId>> next(n);
  for (NodeId v = 0; v < n; ++v) {
    for (const auto moves : {game.mouse_moves(v), game.cat_moves(v)}) {
      for (NodeId u : moves) {
        if (u == v) continue;
        next[v].push_back(u);
        next[u].push_back(v);
      }
    }
  }
  NodeOrder out;
  out.rank.assign(n, n);
  out.order.reserve(n);
  NodeId root = 0;
  for (NodeId v = 0; v < n; ++v) {
    if (game.is_hole(v)) {
      root = v;
      break;
    }
  }
  struct Candidate {
    NodeId first, last, node;  // labels of the first and last neighbour in the layer before
  };
  std::vector<Candidate> layer;
  std::vector<NodeId> seen(n, n);  // index into `layer` of a node found for the next layer
  for (NodeId start = root, scanned = 0;;) {
    out.rank[start] = static_cast<NodeId>(out.order.size());
    out.order.push_back(start);
    for (std::size_t begin = out.order.size() - 1; begin < out.order.size();) {
      const std::size_t end = out.order.size();
      layer.clear();
      for (std::size_t i = begin; i < end; ++i) {
        const auto from = static_cast<NodeId>(i);
        for (NodeId u : next[out.order[i]]) {
          if (out.rank[u] != n) continue;
          if (seen[u] == n) {
            seen[u] = static_cast<NodeId>(layer.size());
            layer.push_back({from, from, u});
          } else {
            layer[seen[u]].last = from;
          }
        }
      }
      std::sort(layer.begin(), layer.end(), [](const Candidate& a, const Candidate& b) {
        return a.first != b.first ? a.first < b.first
               : a.last != b.last ? a.last < b.last
                                  : a.node < b.node;
      });
      for (const Candidate& c : layer) {
        seen[c.node] = n;
        out.rank[c.node] = static_cast<NodeId>(out.order.size());
        out.order.push_back(c.node);
      }
      begin = end;
    }
    while (scanned < n && out.rank[scanned] != n) ++scanned;
    if (scanned == n) break;
    start = scanned;
  }
  return out;
}

// The moves of one player (mouse_moves or cat_moves) in the new labels, sorted.
template <class Moves>
MoveTable relabelled_moves(NodeId n, const NodeOrder& order, Moves&& moves_of) {
  MoveTable table;
  table.offsets.reserve(n + 1);
  for (NodeId v = 0; v < n; ++v) {
    const std::size_t first = table.targets.size();
    for (NodeId u : moves_of(order.order[v])) table.targets.push_back(order.rank[u]);
    std::sort(table.targets.begin() + static_cast<std::ptrdiff_t>(first), table.targets.end());
    table.offsets.push_back(table.targets.size());
  }
  return table;
}

// The reverse lists: reversed.of(u) holds every v with u in moves.of(v), sorted.
inline MoveTable reversed(const MoveTable& moves, NodeId n) {
  MoveTable table;
  table.offsets.assign(n + 1, 0);
  for (NodeId u : moves.targets) ++table.offsets[u + 1];
  for (NodeId v = 0; v < n; ++v) table.offsets[v + 1] += table.offsets[v];
  table.targets.resize(moves.targets.size());
  std::vector<std::uint64_t> at(table.offsets.begin(), table.offsets.end() - 1);
  for (NodeId v = 0; v < n; ++v) {
    for (NodeId u : moves.of(v)) table.targets[at[u]++] = v;
  }
  return table;
}

// "All moves of node y land on a set bit", 64 nodes y at a time. For output word k (nodes 64k ..
// 64k + 63), each entry is a shift `start` and a mask: bit j of the output depends on input bit
// start + j for the nodes j in the mask (those with a move of offset start - 64k). A node's moves
// with equal offsets share an entry, so a ring or a path numbered along itself needs two entries
// per word and a grid about four to eight, while a tree or a random graph needs about one per
// edge. `readers` maps each input word to the output words whose entries read it.
struct WordProgram {
  struct Entry {
    std::int64_t start;  // >= -63: the window's bit 0 is input bit `start`
    std::uint64_t mask;
  };
  std::vector<std::uint64_t> offsets;  // per output word, into entries
  std::vector<Entry> entries;
  MoveTable readers;

  std::span<const Entry> of(std::uint64_t k) const {
    return {entries.data() + offsets[k], entries.data() + offsets[k + 1]};
  }
};

inline WordProgram word_program(const MoveTable& moves, NodeId n) {
  const std::uint64_t words = (std::uint64_t{n} + 63) / 64;
  WordProgram program;
  program.offsets.assign(1, 0);
  std::vector<std::pair<std::int64_t, int>> shifts;  // (start, bit) of one output word
  std::vector<std::vector<NodeId>> readers(words);
  for (std::uint64_t k = 0; k < words; ++k) {
    shifts.clear();
    for (int j = 0; j < 64 && 64 * k + j < n; ++j) {
      const auto y = static_cast<NodeId>(64 * k + j);
      for (NodeId to : moves.of(y)) {
        shifts.emplace_back(static_cast<std::int64_t>(to) - j, j);
      }
    }
    std::sort(shifts.begin(), shifts.end());
    for (std::size_t a = 0; a < shifts.size();) {
      WordProgram::Entry entry{shifts[a].first, 0};
      for (; a < shifts.size() && shifts[a].first == entry.start; ++a) {
        entry.mask |= std::uint64_t{1} << shifts[a].second;
      }
      program.entries.push_back(entry);
      const std::int64_t word = entry.start >> 6;  // arithmetic: -1 for starts -63..-1
      for (std::int64_t w = std::max<std::int64_t>(word, 0);
           w <= word + 1 && w < static_cast<std::int64_t>(words); ++w) {
        if (w == word + 1 && (entry.start & 63) == 0) break;
        if (readers[w].empty() || readers[w].back() != k) {
          readers[w].push_back(static_cast<NodeId>(k));
        }
      }
    }
    program.offsets.push_back(program.entries.size());
  }
  program.readers.offsets.reserve(words + 1);
  for (auto& list : readers) {
    program.readers.targets.insert(program.readers.targets.end(), list.begin(), list.end());
    program.readers.offsets.push_back(program.readers.targets.size());
  }
  return program;
}

// Input bits start .. start + 63 of a row with a zero guard word on each side (row[-1], row[W]).
inline std::uint64_t window(const std::uint64_t* row, std::int64_t start) {
  const std::int64_t word = start >> 6;
  const int shift = static_cast<int>(start & 63);
  // (x << 1) << (63 - s) is x << (64 - s) without the undefined shift by 64 when s = 0.
  return (row[word] >> shift) | ((row[word + 1] << 1) << (63 - shift));
}

}  // namespace catmouse::detail
