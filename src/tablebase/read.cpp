#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "catmouse/tablebase/tablebase.hpp"
#include "solve/engines.hpp"
#include "solve/queries.hpp"
#include "tablebase/reader.hpp"

namespace catmouse {

namespace tablebase {

Result<FileBytes> FileBytes::open(const std::string& path) {
  const auto fail = [&](int error) {
    Error e{fmt::format("cannot open: {}", std::strerror(error)), {}};
    e.where.source = path;
    return e;
  };
  FileBytes file;
  file.fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file.fd_ < 0) return fail(errno);
  struct stat info {};
  if (::fstat(file.fd_, &info) != 0) return fail(errno);
  if (!S_ISREG(info.st_mode)) return fail(S_ISDIR(info.st_mode) ? EISDIR : EINVAL);
  file.size_ = static_cast<std::uint64_t>(info.st_size);
  return file;
}

FileBytes FileBytes::memory(std::string bytes) {
  FileBytes file;
  file.size_ = bytes.size();
  file.memory_ = std::move(bytes);
  return file;
}

FileBytes::FileBytes(FileBytes&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), memory_(std::move(other.memory_)), size_(other.size_) {}

FileBytes& FileBytes::operator=(FileBytes&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    memory_ = std::move(other.memory_);
    size_ = other.size_;
  }
  return *this;
}

FileBytes::~FileBytes() {
  if (fd_ >= 0) ::close(fd_);
}

Status FileBytes::read(std::uint64_t offset, std::span<std::uint8_t> out) const {
  if (offset > size_ || out.size() > size_ - offset) {
    return Error{"read past the end of the file", {}};
  }
  if (out.empty()) return {};  // memcpy may not be given the null data of empty bytes
  if (fd_ < 0) {
    std::memcpy(out.data(), memory_.data() + offset, out.size());
    return {};
  }
  for (std::size_t done = 0; done < out.size();) {
    const ssize_t got =
        ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return Error{fmt::format("read error: {}", std::strerror(errno)), {}};
    if (got == 0) return Error{"the file is shorter than when it was opened", {}};
    done += static_cast<std::size_t>(got);
  }
  return {};
}

}  // namespace tablebase

namespace tb = tablebase;

std::uint32_t Tablebase::Impl::block_states(std::uint64_t b) const {
  const std::uint64_t first = b * header.block_states;
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(header.block_states, header.states - first));
}

Error Tablebase::Impl::error(Location part, std::string message) const {
  Error e{std::move(message), std::move(part)};
  e.where.source = source;
  return e;
}

Status Tablebase::Impl::check_place(std::uint64_t b, const tb::BlockPlace& place) const {
  // Blocks follow the header and each other without a gap, and end where the index starts, so
  // that a checksum covers every byte of the file.
  const bool first_ok = b != 0 || place.offset == header.size;
  const bool last_ok = b + 1 != header.blocks || place.end == footer.index_offset;
  if (!first_ok || !last_ok || place.offset < header.size || place.end <= place.offset ||
      place.end > footer.index_offset ||
      place.end - place.offset > ZSTD_compressBound(tb::max_payload_bytes(block_states(b)))) {
    return error(at_field(ErrorField::kBlock, b), "corrupt index entry: the block is out of place");
  }
  return {};
}

Result<tb::BlockPlace> Tablebase::Impl::place_of(std::uint64_t b) const {
  std::array<std::uint8_t, tb::kIndexEntryBytes + 8> entry{};
  const std::uint64_t page = b / kIndexPageEntries;
  if (index_pages.empty())
    index_pages.resize((header.blocks + kIndexPageEntries - 1) / kIndexPageEntries);
  std::vector<std::uint8_t>& bytes_of_page = index_pages[page];
  if (bytes_of_page.empty()) {
    const std::uint64_t first = page * kIndexPageEntries;
    const std::uint64_t size =
        std::min(kIndexPageEntries, header.blocks - first) * tb::kIndexEntryBytes + 8;
    if (index_cached_bytes + size <= index_cache_bytes) {
      bytes_of_page.resize(size);
      if (Status ok = bytes.read(footer.index_offset + first * tb::kIndexEntryBytes, bytes_of_page);
          !ok) {
        bytes_of_page.clear();
        return error(at_field(ErrorField::kIndex), ok.error().message);
      }
      index_cached_bytes += size;
    }
  }
  if (!bytes_of_page.empty()) {
    const std::size_t at = (b - page * kIndexPageEntries) * tb::kIndexEntryBytes;
    std::copy_n(bytes_of_page.begin() + static_cast<std::ptrdiff_t>(at), entry.size(),
                entry.begin());
  } else if (Status ok = bytes.read(footer.index_offset + b * tb::kIndexEntryBytes, entry); !ok) {
    return error(at_field(ErrorField::kIndex), ok.error().message);
  }
  tb::ByteReader in(entry);
  tb::BlockPlace place;
  place.offset = in.u64();
  place.checksum = in.u64();
  place.end = in.u64();
  if (Status ok = check_place(b, place); !ok) return ok.error();
  return place;
}

Status Tablebase::Impl::read_block(std::uint64_t b, const tb::BlockPlace& place,
                                   tb::Decompressor& decompressor, tb::Payload& payload,
                                   std::vector<std::uint8_t>& frame) const {
  const auto fail = [&](std::string message) {
    return error(at_field(ErrorField::kBlock, b), std::move(message));
  };
  frame.resize(static_cast<std::size_t>(place.end - place.offset));
  if (Status ok = bytes.read(place.offset, frame); !ok) return fail(ok.error().message);
  if (tb::checksum(frame, b) != place.checksum) {
    return fail("checksum mismatch: the block is corrupt");
  }
  if (Status ok = decompressor.decompress(frame, block_states(b), max_code, payload); !ok) {
    return fail(ok.error().message);
  }
  return {};
}

Result<const tb::Payload*> Tablebase::Impl::cached(std::uint64_t b) const {
  // Fibonacci hashing spreads blocks over the slots: the two halves of a one-cat table (a state
  // and its moves) sit a power of two apart and would share slots by the low bits alone.
  static_assert(kCacheSlots == 64);
  const std::uint64_t hash = b * 0x9e3779b97f4a7c15ull;
  Slot& slot = cache[cache_bits == 0 ? 0 : hash >> (64 - cache_bits)];
  if (slot.block == b) return &slot.payload;
  slot.block = UINT64_MAX;
  Result<tb::BlockPlace> place = place_of(b);
  if (!place.ok()) return place.error();
  if (!decompressor) decompressor.emplace(header.dictionary);
  if (Status ok = read_block(b, *place, *decompressor, slot.payload, frame); !ok) {
    return ok.error();
  }
  slot.block = b;
  return &slot.payload;
}

namespace {

// The file as a source of values for the queries (solve/queries.hpp).
class FileSource {
 public:
  explicit FileSource(const Tablebase::Impl& impl) : impl_(impl) {}
  queries::StateEntry entry(StateIndex i) const {
    if (error_ || i >= impl_.header.states) return {};
    const Result<const tb::Payload*> payload = impl_.cached(i / impl_.header.block_states);
    if (!payload.ok()) {
      error_ = payload.error();
      return {};
    }
    const auto j = static_cast<std::uint32_t>(i % impl_.header.block_states);
    return tb::state_entry((*payload)->code(j), impl_.header.remoteness);
  }
  bool has_remoteness() const { return impl_.header.remoteness; }
  bool failed() const { return error_.has_value(); }
  const Error& error() const { return *error_; }

 private:
  const Tablebase::Impl& impl_;
  mutable std::optional<Error> error_;
};

// Runs a query over the file with the cache locked; a failed read replaces its answer.
template <class Query>
auto answer(const Tablebase::Impl& impl, const Query& query)
    -> Result<decltype(query(std::declval<const FileSource&>()))> {
  const std::lock_guard lock(impl.mutex);
  const FileSource source(impl);
  auto out = query(source);
  if (source.failed()) return source.error();
  return out;
}

Error located(Error error, const std::string& source) {
  error.where.source = source;
  return error;
}

Result<std::unique_ptr<Tablebase::Impl>> open_impl(std::unique_ptr<Tablebase::Impl> impl) {
  const tb::FileBytes& bytes = impl->bytes;
  const std::uint64_t size = bytes.size();
  std::vector<std::uint8_t> preamble(
      static_cast<std::size_t>(std::min<std::uint64_t>(size, tb::kPreambleBytes)));
  if (Status ok = bytes.read(0, preamble); !ok) return located(ok.error(), impl->source);
  const Result<std::uint64_t> header_size = tb::header_size(preamble, size);
  if (!header_size.ok()) return located(header_size.error(), impl->source);
  std::vector<std::uint8_t> footer(tb::kFooterBytes);
  if (Status ok = bytes.read(size - tb::kFooterBytes, footer); !ok) {
    return located(ok.error(), impl->source);
  }
  Result<tb::Footer> decoded_footer = tb::decode_footer(footer);
  if (!decoded_footer.ok()) return located(decoded_footer.error(), impl->source);
  impl->footer = *decoded_footer;
  std::vector<std::uint8_t> header(static_cast<std::size_t>(*header_size));
  if (Status ok = bytes.read(0, header); !ok) return located(ok.error(), impl->source);
  Result<tb::Header> decoded = tb::decode_header(header);
  if (!decoded.ok()) return located(decoded.error(), impl->source);
  impl->header = std::move(decoded).value();
  const tb::Header& h = impl->header;
  const tb::Footer& f = impl->footer;
  if (f.blocks != h.blocks || f.header_checksum != h.checksum || f.index_offset < h.size ||
      f.index_offset > size || f.blocks > size / tb::kIndexEntryBytes ||
      f.index_offset + tb::index_bytes(f.blocks) + tb::kFooterBytes != size) {
    return impl->error(at_field(ErrorField::kFooter),
                       "the footer does not match the header and the file's size");
  }
  // Every block takes bytes (format.cpp, min_blocks_bytes): a header that claims more states than
  // the file's blocks can hold is refused before anything of its size is built or allocated.
  const std::uint64_t blocks_bytes = f.index_offset - h.size;
  if (const std::uint64_t least = tb::min_blocks_bytes(h.states, h.block_states);
      least > blocks_bytes) {
    return impl->error(
        at_field(ErrorField::kHeader),
        fmt::format("the file is too small for the table its header claims: {} states in {} "
                    "blocks take {} bytes at least, the file's blocks {} bytes",
                    h.states, h.blocks, least, blocks_bytes));
  }
  Result<OwnedGame> game = own_game(*h.spec);
  if (!game.ok()) return located(game.error(), impl->source);
  impl->game.emplace(std::move(game).value());
  if (impl->game->game().state_count() != h.states ||
      impl->game->game().valid_state_count() != h.counts.states) {
    return impl->error(at_field(ErrorField::kHeader), "the table's size does not match its game");
  }
  TablebaseInfo& info = impl->info;
  info.format_version = h.version;
  info.engine = h.engine;
  info.has_remoteness = h.remoteness;
  info.states = h.states;
  info.counts = h.counts;
  info.block_states = h.block_states;
  info.blocks = h.blocks;
  info.level = h.level;
  info.dictionary_bytes = h.dictionary.size();
  info.board_hash = h.board_hash;
  info.file_bytes = size;
  impl->max_code = tb::max_code(h.remoteness, h.counts.max_remoteness);
  return impl;
}

}  // namespace

bool is_tablebase(std::string_view bytes) {
  return bytes.size() >= tb::kMagic.size() &&
         std::equal(tb::kMagic.begin(), tb::kMagic.end(), bytes.begin(),
                    [](std::uint8_t m, char c) { return m == static_cast<std::uint8_t>(c); });
}

Tablebase::Tablebase(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Tablebase::Tablebase(Tablebase&&) noexcept = default;
Tablebase& Tablebase::operator=(Tablebase&&) noexcept = default;
Tablebase::~Tablebase() = default;

Result<Tablebase> Tablebase::open(const std::string& path) {
  Result<tb::FileBytes> bytes = tb::FileBytes::open(path);
  if (!bytes.ok()) return bytes.error();
  Result<std::unique_ptr<Impl>> impl =
      open_impl(std::make_unique<Impl>(path, std::move(bytes).value()));
  if (!impl.ok()) return impl.error();
  return Tablebase(std::move(impl).value());
}

Result<Tablebase> Tablebase::from_bytes(std::string bytes, std::string source) {
  Result<std::unique_ptr<Impl>> impl =
      open_impl(std::make_unique<Impl>(std::move(source), tb::FileBytes::memory(std::move(bytes))));
  if (!impl.ok()) return impl.error();
  return Tablebase(std::move(impl).value());
}

const std::string& Tablebase::source() const {
  return impl_->source;
}
const TablebaseInfo& Tablebase::info() const {
  return impl_->info;
}
const GameSpec& Tablebase::spec() const {
  return *impl_->header.spec;
}
const Game& Tablebase::game() const {
  return impl_->game->game();
}

Status Tablebase::check(const Position& p) const {
  return queries::check(game(), p);
}

Result<StateValue> Tablebase::value(const Position& p, std::uint32_t played) const {
  return answer(*impl_, [&](const FileSource& s) { return queries::value(game(), s, p, played); });
}

Result<std::vector<Move>> Tablebase::moves(const Position& p, std::uint32_t played) const {
  return answer(*impl_, [&](const FileSource& s) { return queries::moves(game(), s, p, played); });
}

Result<std::optional<Move>> Tablebase::best_move(const Position& p, std::uint32_t played) const {
  return answer(*impl_,
                [&](const FileSource& s) { return queries::best_move(game(), s, p, played); });
}

Result<Line> Tablebase::line(const Position& p) const {
  Result<Result<Line>> line =
      answer(*impl_, [&](const FileSource& s) { return queries::line(game(), s, p); });
  if (!line.ok()) return line.error();
  return std::move(line).value();
}

Status Tablebase::verify_state(const Position& p) const {
  if (Status ok = check(p); !ok) return ok;
  const std::optional<StateIndex> at = game().space().index(p);
  if (!at) return Error{"not a position of the game", at_field(ErrorField::kState)};
  Result<std::string> broken = answer(*impl_, [&](const FileSource& s) {
    std::vector<StateIndex> scratch;
    return queries::broken_rule_at(game(), s, *at, scratch);
  });
  if (!broken.ok()) return broken.error();
  if (broken->empty()) return {};
  return impl_->error(at_field(ErrorField::kState, std::nullopt, describe(p)),
                      "certificate check failed: " + *broken);
}

namespace {

// A graph's arrays: offsets (8 bytes a node, and again for a directed graph's in-lists) and
// arcs (4 bytes each, an undirected edge both ways, a directed one out and in).
std::uint64_t graph_bytes_of(const Graph& graph) {
  const std::uint64_t offsets = 8 * (std::uint64_t{graph.node_count()} + 1);
  return 2 * offsets + 8 * graph.edge_count();
}

}  // namespace

std::uint64_t Tablebase::Impl::game_bytes() const {
  // The header's spec and the game's copy of it (the graphs twice), the game's move lists (a
  // graph's arrays and a self-move a node), its per-node flags and placements' binomials.
  const GameSpec& spec = *header.spec;
  const std::uint64_t n = spec.graph.node_count(), k = spec.rules.cats;
  const Graph& cat_graph = spec.cat_graph ? *spec.cat_graph : spec.graph;
  std::uint64_t graphs =
      graph_bytes_of(spec.graph) + (spec.cat_graph ? graph_bytes_of(cat_graph) : 0);
  if (spec.grid) graphs += std::uint64_t{spec.grid->row_count()} * spec.grid->column_count();
  return 2 * graphs + graph_bytes_of(spec.graph) + graph_bytes_of(cat_graph) + 8 * 2 * n + 2 * n +
         8 * n + 8 * k * (n + k);
}

std::uint64_t Tablebase::Impl::decompressor_bytes() const {
  constexpr std::uint64_t kZstdContext = std::uint64_t{256} << 10;
  return kZstdContext + 2 * header.dictionary.size();
}

std::uint64_t Tablebase::Impl::frame_bytes() const {
  return ZSTD_compressBound(tb::max_payload_bytes(header.block_states));
}

std::uint64_t Tablebase::Impl::payload_bytes() const {
  // A payload's bytes (and padding) and the planes' prefix counts.
  const std::uint64_t states = header.block_states;
  return tb::max_payload_bytes(header.block_states) + 64 +
         4 * std::uint64_t{tb::kMaxPlanes} * ((states + 63) / 64);
}

namespace {

// What the queries keep whatever the caches: the game, the zstd context and dictionary, the
// scratch frame of one block, the index pages' table, and the longest line a probe follows.
std::uint64_t fixed_query_bytes(const Tablebase::Impl& impl) {
  const std::uint64_t k = impl.header.spec->rules.cats;
  const std::uint64_t pages = (impl.header.blocks / Tablebase::Impl::kIndexPageEntries + 1) *
                              sizeof(std::vector<std::uint8_t>);
  const std::uint64_t longest =
      std::min<std::uint64_t>(impl.header.counts.max_remoteness.value_or(0), impl.header.states);
  const std::uint64_t line = (longest + 2) * (sizeof(Position) + 4 * k);
  return impl.game_bytes() + impl.decompressor_bytes() + impl.frame_bytes() + pages + line;
}

}  // namespace

Status Tablebase::limit_query_memory(std::uint64_t memory_limit) {
  Impl& impl = *impl_;
  const std::lock_guard lock(impl.mutex);
  const std::uint64_t fixed = fixed_query_bytes(impl);
  const std::uint64_t slot = impl.payload_bytes();
  int bits = 6;
  std::uint64_t index = Impl::kIndexCacheBytes;
  if (memory_limit != 0) {
    if (fixed + slot > memory_limit) {
      Error error = detail::memory_error(
          fmt::format("probing the file's game of {} nodes and {} cat{}", game().node_count(),
                      game().cats(), game().cats() == 1 ? "" : "s"),
          fixed + slot, memory_limit);
      error.where.source = impl.source;
      return error;
    }
    const std::uint64_t left = memory_limit - fixed;
    while (bits > 0 && (std::uint64_t{1} << bits) * slot > left) --bits;
    index = std::min(index, left - (std::uint64_t{1} << bits) * slot);
  }
  impl.cache_bits = bits;
  for (std::size_t s = std::size_t{1} << bits; s < Impl::kCacheSlots; ++s) impl.cache[s] = {};
  impl.index_cache_bytes = index;
  if (impl.index_cached_bytes > index) {
    impl.index_pages.clear();
    impl.index_cached_bytes = 0;
  }
  return {};
}

Status Tablebase::check_board(const GameSpec& spec) const {
  const std::string given = tb::encode_board(spec);
  if (tb::checksum(given) == impl_->header.board_hash && given == tb::encode_board(this->spec())) {
    return {};
  }
  const Graph& mine = this->spec().graph;
  return Error{fmt::format("the tablebase is for another board: its graph has {} nodes and {} "
                           "edges (board hash {:016x}), this one {} nodes and {} edges (board "
                           "hash {:016x})",
                           mine.node_count(), mine.edge_count(), impl_->header.board_hash,
                           spec.graph.node_count(), spec.graph.edge_count(), tb::checksum(given)),
               {}};
}

}  // namespace catmouse
