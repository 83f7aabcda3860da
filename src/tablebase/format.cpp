#include "tablebase/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#define XXH_INLINE_ALL  // header-only: no library to link, none for users of ours to find
#include <xxhash.h>

namespace catmouse::tablebase {

namespace {

constexpr std::uint32_t kRemotenessFlag = 1;
constexpr std::uint8_t kHasCatGraph = 1, kHasGrid = 2;
constexpr std::uint8_t kMouseStays = 1, kCatStays = 2, kCatWinsInHole = 4, kForbiddenGiven = 8;

Error header_error(std::string message) {
  Error error{std::move(message), {}};
  error.where.field = ErrorField::kHeader;
  return error;
}

void write_nodes(ByteWriter& out, const std::vector<NodeId>& nodes) {
  out.u32(static_cast<std::uint32_t>(nodes.size()));
  for (NodeId v : nodes) out.u32(v);
}

std::vector<NodeId> read_nodes(ByteReader& in) {
  const std::uint32_t count = in.u32();
  std::vector<NodeId> nodes;
  if (count > in.left() / 4) {
    in.raw(in.left() + 1);  // too many to be there: fail
    return nodes;
  }
  nodes.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) nodes.push_back(in.u32());
  return nodes;
}

void write_rules(ByteWriter& out, const Rules& rules) {
  out.u32(rules.mouse_start);
  out.u32(rules.cat_start);
  out.u32(rules.cats);
  out.u32(rules.move_limit);
  out.u8(static_cast<std::uint8_t>(rules.first));
  out.u8(static_cast<std::uint8_t>(rules.stuck));
  out.u8(static_cast<std::uint8_t>(rules.limit_outcome));
  out.u8((rules.mouse_stays ? kMouseStays : 0) | (rules.cat_stays ? kCatStays : 0) |
         (rules.cat_wins_in_hole ? kCatWinsInHole : 0) |
         (rules.cat_forbidden ? kForbiddenGiven : 0));
  write_nodes(out, rules.holes);
  write_nodes(out, rules.cat_forbidden ? *rules.cat_forbidden : std::vector<NodeId>{});
  write_nodes(out, rules.cat_starts);
}

Result<Rules> read_rules(Bytes bytes) {
  ByteReader in(bytes);
  Rules rules;
  rules.mouse_start = in.u32();
  rules.cat_start = in.u32();
  rules.cats = in.u32();
  rules.move_limit = in.u32();
  const std::uint8_t first = in.u8(), stuck = in.u8(), outcome = in.u8(), switches = in.u8();
  if (first > 1 || stuck > 1 || outcome > 1 || switches > 15) {
    return header_error("the rules section holds an unknown rule");
  }
  rules.first = static_cast<Side>(first);
  rules.stuck = static_cast<StuckRule>(stuck);
  rules.limit_outcome = static_cast<LimitOutcome>(outcome);
  rules.mouse_stays = switches & kMouseStays;
  rules.cat_stays = switches & kCatStays;
  rules.cat_wins_in_hole = switches & kCatWinsInHole;
  rules.holes = read_nodes(in);
  std::vector<NodeId> forbidden = read_nodes(in);
  if (switches & kForbiddenGiven) {
    rules.cat_forbidden = std::move(forbidden);
  } else if (!forbidden.empty()) {
    return header_error("the rules section lists forbidden nodes it says are not given");
  }
  rules.cat_starts = read_nodes(in);
  if (in.failed() || in.left() != 0) return header_error("the rules section is malformed");
  return rules;
}

// One graph: directedness, nodes, the count of listed arcs, then per node its listed
// neighbours (all for a directed graph, the larger ones for an undirected one) as gaps.
void write_graph(ByteWriter& out, const Graph& graph) {
  out.u8(graph.directed() ? 1 : 0);
  out.u32(graph.node_count());
  ByteWriter lists;
  std::uint64_t listed = 0;
  for (NodeId u = 0; u < graph.node_count(); ++u) {
    const auto neighbours = graph.neighbours(u);
    const auto first = graph.directed() ? neighbours.begin()
                                        : std::upper_bound(neighbours.begin(), neighbours.end(), u);
    lists.varint(static_cast<std::uint64_t>(neighbours.end() - first));
    std::uint64_t base = graph.directed() ? 0 : std::uint64_t{u} + 1;
    for (auto v = first; v != neighbours.end(); ++v) {
      lists.varint(*v - base);
      base = std::uint64_t{*v} + 1;
      ++listed;
    }
  }
  out.u64(listed);
  out.raw(lists.bytes());
}

Result<Graph> read_graph(ByteReader& in) {
  const std::uint8_t directed = in.u8();
  const NodeId n = in.u32();
  const std::uint64_t listed = in.u64();
  // Every node takes a byte at least, and so does every arc: more cannot be there.
  if (in.failed() || directed > 1 || n > in.left() || listed > in.left()) {
    return header_error("the board section is malformed");
  }
  // Each list is increasing by construction (gaps from the last neighbour + 1), so the bytes
  // are the canonical encoding of the graph they decode to. An undirected graph lists each
  // node's larger neighbours only: the form Graph::from_upper_lists takes.
  std::vector<std::uint64_t> offsets(std::size_t{n} + 1, 0);
  std::vector<NodeId> targets;
  targets.reserve(static_cast<std::size_t>(listed));
  for (NodeId u = 0; u < n && !in.failed(); ++u) {
    const std::uint64_t count = in.varint();
    std::uint64_t base = directed ? 0 : std::uint64_t{u} + 1;
    for (std::uint64_t j = 0; j < count && !in.failed(); ++j) {
      const std::uint64_t v = base + in.varint();
      if (v >= n || targets.size() == listed) return header_error("the board section is malformed");
      targets.push_back(static_cast<NodeId>(v));
      base = v + 1;
    }
    offsets[std::size_t{u} + 1] = targets.size();
  }
  if (in.failed() || targets.size() != listed)
    return header_error("the board section is malformed");
  Result<Graph> graph = [&]() -> Result<Graph> {
    if (!directed) return Graph::from_upper_lists(std::move(offsets), std::move(targets));
    std::vector<Edge> arcs;
    arcs.reserve(targets.size());
    for (NodeId u = 0; u < n; ++u) {
      for (std::uint64_t k = offsets[u]; k < offsets[std::size_t{u} + 1]; ++k) {
        arcs.push_back({u, targets[k]});
      }
    }
    return Graph::from_edges(n, arcs, true);
  }();
  if (!graph.ok()) return header_error("the board's graph is invalid: " + graph.error().message);
  return graph;
}

Result<GridMap> read_grid(ByteReader& in) {
  GridMap map;
  const std::uint32_t rows = in.u32(), columns = in.u32();
  map.mouse_jump = in.u32();
  map.cat_jump = in.u32();
  if (in.failed() || rows == 0 || columns == 0 || std::uint64_t{rows} * columns > in.left() ||
      map.mouse_jump > kMaxJump || map.cat_jump > kMaxJump) {
    return header_error("the map is malformed");
  }
  std::array<int, 256> seen{};
  for (std::uint32_t r = 0; r < rows; ++r) {
    const Bytes row = in.raw(columns);
    map.rows.emplace_back(row.begin(), row.end());
    for (const std::uint8_t c : row) ++seen[c];
  }
  const int cells = seen['#'] + seen['.'] + seen['M'] + seen['C'] + seen['F'];
  if (static_cast<std::uint64_t>(cells) != std::uint64_t{rows} * columns || seen['M'] != 1 ||
      seen['C'] != 1 || seen['F'] != 1) {
    return header_error("the map is malformed");
  }
  return map;
}

Result<GameSpec> read_board(Bytes bytes, Rules rules) {
  ByteReader in(bytes);
  const std::uint8_t parts = in.u8();
  if (parts > (kHasCatGraph | kHasGrid)) return header_error("the board section is malformed");
  Result<Graph> graph = read_graph(in);
  if (!graph.ok()) return graph.error();
  GameSpec spec = make_spec(std::move(graph).value(), std::move(rules));
  if (parts & kHasCatGraph) {
    Result<Graph> cat_graph = read_graph(in);
    if (!cat_graph.ok()) return cat_graph.error();
    spec.cat_graph = std::move(cat_graph).value();
  }
  if (parts & kHasGrid) {
    Result<GridMap> map = read_grid(in);
    if (!map.ok()) return map.error();
    spec.grid = std::move(map).value();
  }
  if (in.failed() || in.left() != 0) return header_error("the board section is malformed");
  // A map's graphs are its jumps.
  if (spec.grid) {
    GameSpec from_map = grid_spec(*spec.grid);
    from_map.grid = spec.grid;
    const std::string canonical = encode_board(from_map);
    if (canonical.size() != bytes.size() ||
        std::memcmp(canonical.data(), bytes.data(), bytes.size()) != 0) {
      return header_error("the board's graphs are not the map's jumps");
    }
  }
  return spec;
}

bool same(Bytes bytes, const std::array<std::uint8_t, 8>& magic) {
  return bytes.size() >= magic.size() && std::equal(magic.begin(), magic.end(), bytes.begin());
}

}  // namespace

std::uint64_t checksum(Bytes bytes, std::uint64_t seed) {
  return XXH3_64bits_withSeed(bytes.data(), bytes.size(), seed);
}

void ByteWriter::varint(std::uint64_t v) {
  while (v >= 0x80) {
    u8(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  u8(static_cast<std::uint8_t>(v));
}

std::uint64_t ByteReader::get(int n) {
  if (failed_ || bytes_.size() - at_ < static_cast<std::size_t>(n)) {
    failed_ = true;
    return 0;
  }
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= std::uint64_t{bytes_[at_ + i]} << (8 * i);
  at_ += n;
  return v;
}

std::uint64_t ByteReader::varint() {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64 && !failed_ && at_ < bytes_.size(); shift += 7) {
    const std::uint8_t byte = bytes_[at_++];
    // The last byte of a longer form may not be 0 (overlong), nor carry bits beyond 64.
    if ((shift > 0 && byte == 0) || (shift == 63 && byte > 1)) break;
    v |= std::uint64_t{byte & 0x7fu} << shift;
    if (!(byte & 0x80)) return v;
  }
  failed_ = true;
  return 0;
}

Bytes ByteReader::raw(std::size_t n) {
  if (failed_ || bytes_.size() - at_ < n) {
    failed_ = true;
    return {};
  }
  const Bytes out = bytes_.subspan(at_, n);
  at_ += n;
  return out;
}

std::string encode_board(const GameSpec& spec) {
  ByteWriter out;
  out.u8((spec.cat_graph ? kHasCatGraph : 0) | (spec.grid ? kHasGrid : 0));
  write_graph(out, spec.graph);
  if (spec.cat_graph) write_graph(out, *spec.cat_graph);
  if (spec.grid) {
    const GridMap& map = *spec.grid;
    out.u32(map.row_count());
    out.u32(map.column_count());
    out.u32(map.mouse_jump);
    out.u32(map.cat_jump);
    for (const std::string& row : map.rows) out.raw(row);
  }
  return std::move(out.bytes());
}

std::uint32_t engine_code(Engine engine) {
  return static_cast<std::uint32_t>(engine);
}

std::string encode_rules(const Rules& rules) {
  ByteWriter out;
  write_rules(out, rules);
  return std::move(out.bytes());
}

std::string encode_header(Header& header) {
  ByteWriter rules;
  write_rules(rules, header.spec->rules);
  const std::string board = encode_board(*header.spec);
  header.board_hash = checksum(board);
  header.size =
      kFixedHeaderBytes + rules.bytes().size() + board.size() + header.dictionary.size() + 8;
  ByteWriter out;
  for (std::uint8_t c : kMagic) out.u8(c);
  out.u32(header.version);
  out.u32(static_cast<std::uint32_t>(header.size));
  out.u32(header.remoteness ? kRemotenessFlag : 0);
  out.u32(engine_code(header.engine));
  out.u32(static_cast<std::uint32_t>(header.numbering()));
  out.u32(header.cats);
  out.u32(header.nodes);
  out.u32(header.block_states);
  out.u64(header.states);
  out.u64(header.blocks);
  out.u64(header.counts.states);
  out.u64(header.counts.mouse_wins);
  out.u64(header.counts.cat_wins);
  out.u64(header.counts.draws);
  out.u32(header.counts.max_remoteness.value_or(kNoMaxRemoteness));
  out.u32(static_cast<std::uint32_t>(header.level));
  out.u64(header.board_hash);
  out.u32(static_cast<std::uint32_t>(rules.bytes().size()));
  out.u32(static_cast<std::uint32_t>(board.size()));
  out.u32(static_cast<std::uint32_t>(header.dictionary.size()));
  out.u32(0);
  out.raw(rules.bytes());
  out.raw(board);
  out.raw(header.dictionary);
  header.checksum = checksum(out.bytes());
  out.u64(header.checksum);
  return std::move(out.bytes());
}

Result<std::uint64_t> header_size(Bytes preamble, std::uint64_t file_size) {
  if (!same(preamble, kMagic)) {
    return Error{"not a catmouse tablebase (the file does not start with the .cmtb magic)", {}};
  }
  if (preamble.size() < kPreambleBytes) {
    return Error{fmt::format("truncated: {} bytes, too short for a tablebase", file_size), {}};
  }
  ByteReader in(preamble.subspan(8));
  const std::uint32_t version = in.u32();
  const std::uint32_t size = in.u32();
  if (version > kFormatVersion) {
    return Error{fmt::format("tablebase format version {} is newer than this catmouse reads ({}); "
                             "a newer catmouse is needed",
                             version, kFormatVersion),
                 {}};
  }
  if (version != kFormatVersion) {
    return Error{fmt::format("unknown tablebase format version {}", version), {}};
  }
  if (size < kFixedHeaderBytes + 8) {
    return Error{fmt::format("corrupt: a header of {} bytes is too short", size), {}};
  }
  if (size + kFooterBytes > file_size) {
    return Error{fmt::format("truncated: {} bytes, less than the header ({} bytes) and the footer",
                             file_size, size),
                 {}};
  }
  return std::uint64_t{size};
}

Result<Header> decode_header(Bytes bytes) {
  if (bytes.size() < kFixedHeaderBytes + 8) return header_error("too short");
  const std::size_t body = bytes.size() - 8;
  if (checksum(bytes.first(body)) != ByteReader(bytes.subspan(body)).u64()) {
    return header_error("checksum mismatch: the header is corrupt");
  }
  ByteReader in(bytes.subspan(8));
  Header h;
  h.version = in.u32();
  h.size = in.u32();
  const std::uint32_t flags = in.u32();
  const std::uint32_t engine = in.u32();
  const std::uint32_t numbering = in.u32();
  h.cats = in.u32();
  h.nodes = in.u32();
  h.block_states = in.u32();
  h.states = in.u64();
  h.blocks = in.u64();
  h.counts.states = in.u64();
  h.counts.mouse_wins = in.u64();
  h.counts.cat_wins = in.u64();
  h.counts.draws = in.u64();
  const std::uint32_t max_remoteness = in.u32();
  h.level = static_cast<std::int32_t>(in.u32());
  h.board_hash = in.u64();
  const std::uint64_t rules_bytes = in.u32(), board_bytes = in.u32(), dictionary_bytes = in.u32();
  const std::uint32_t reserved = in.u32();
  h.remoteness = flags & kRemotenessFlag;
  h.engine = static_cast<Engine>(engine);
  if (h.size != bytes.size() || flags > kRemotenessFlag || engine > engine_code(Engine::kCops) ||
      reserved != 0 ||
      kFixedHeaderBytes + rules_bytes + board_bytes + dictionary_bytes + 8 != h.size) {
    return header_error("inconsistent fields");
  }
  if (h.cats == 0 || numbering != static_cast<std::uint32_t>(h.numbering())) {
    return header_error("the state numbering does not match the number of cats");
  }
  if (h.block_states < 64 || h.block_states > (1u << 20) || h.block_states % 64 != 0 ||
      h.blocks != (h.states + h.block_states - 1) / h.block_states) {
    return header_error("inconsistent block layout");
  }
  if (max_remoteness != kNoMaxRemoteness) h.counts.max_remoteness = max_remoteness;
  const bool wins = h.counts.mouse_wins + h.counts.cat_wins > 0;
  if (h.counts.mouse_wins + h.counts.cat_wins + h.counts.draws != h.counts.states ||
      h.counts.max_remoteness.has_value() != (h.remoteness && wins)) {
    return header_error("inconsistent counts");
  }
  const Bytes rules_section = bytes.subspan(kFixedHeaderBytes, rules_bytes);
  const Bytes board_section = bytes.subspan(kFixedHeaderBytes + rules_bytes, board_bytes);
  const Bytes dictionary =
      bytes.subspan(kFixedHeaderBytes + rules_bytes + board_bytes, dictionary_bytes);
  if (checksum(board_section) != h.board_hash) return header_error("the board hash does not match");
  Result<Rules> rules = read_rules(rules_section);
  if (!rules.ok()) return rules.error();
  Result<GameSpec> spec = read_board(board_section, std::move(rules).value());
  if (!spec.ok()) return spec.error();
  h.spec = std::move(spec).value();
  if (Status ok = h.spec->validate(); !ok) {
    return header_error(fmt::format("invalid game: {}", ok.error().to_string()));
  }
  if (h.spec->rules.cats != h.cats || h.spec->graph.node_count() != h.nodes) {
    return header_error("the game does not match the header's cats or nodes");
  }
  h.dictionary.assign(dictionary.begin(), dictionary.end());
  h.checksum = checksum(bytes.first(body));
  return h;
}

namespace {

// The fewest bytes of a block's frame: a payload (codec.cpp) of s states holds its 2-byte head
// and either a first plane (a 4-byte code and s bits) or s codes of a byte at least; its zstd
// frame takes a 4-byte magic, a frame header of 2 bytes at least (the content size is always
// given), and per zstd block, which regenerates at most 128 KiB, a 3-byte block header and a byte
// at least (an RLE block).
std::uint64_t min_frame_bytes(std::uint64_t states) {
  constexpr std::uint64_t kZstdBlock = std::uint64_t{128} << 10;
  const std::uint64_t payload = 2 + std::min(4 + (states + 7) / 8, states);
  return 6 + 4 * ((payload + kZstdBlock - 1) / kZstdBlock);
}

}  // namespace

std::uint64_t min_blocks_bytes(std::uint64_t states, std::uint32_t block_states) {
  if (states == 0 || block_states == 0) return 0;
  const std::uint64_t full = states / block_states;
  const std::uint64_t last = states % block_states;
  return full * min_frame_bytes(block_states) + (last == 0 ? 0 : min_frame_bytes(last));
}

std::string encode_footer(const Footer& footer) {
  ByteWriter out;
  out.u64(footer.index_offset);
  out.u64(footer.blocks);
  out.u64(footer.index_checksum);
  out.u64(footer.header_checksum);
  for (std::uint8_t c : kFooterMagic) out.u8(c);
  out.u64(checksum(out.bytes()));
  return std::move(out.bytes());
}

Result<Footer> decode_footer(Bytes bytes) {
  if (bytes.size() != kFooterBytes || !same(bytes.subspan(32), kFooterMagic)) {
    return Error{
        "unfinished or truncated: no end-of-file footer (the file was cut short, or its "
        "writing never finished)",
        {}};
  }
  ByteReader in(bytes);
  Footer footer;
  footer.index_offset = in.u64();
  footer.blocks = in.u64();
  footer.index_checksum = in.u64();
  footer.header_checksum = in.u64();
  in.raw(kFooterMagic.size());
  if (checksum(bytes.first(40)) != in.u64()) {
    Error error{"checksum mismatch: the footer is corrupt", {}};
    error.where.field = ErrorField::kFooter;
    return error;
  }
  return footer;
}

}  // namespace catmouse::tablebase
