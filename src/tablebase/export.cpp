// stream_table (tablebase/export.hpp): a one-cat file's rows in order, read block by block.
//
// The rows want each state's best move, and its check, both of which depend on its children, and
// a state's children are far from it in the numbering: (m, c) with the mouse to move has its
// children (m', c) in the cat's half, in row c of that half (StateSpace: the mouse's half is
// numbered mouse-major, the cat's half cat-major), and (m, c) with the cat to move has its
// children in row m of the mouse's half. So every child of the states of one column x of a band
// of rows lies in one row x of the other half. The stream takes a band of rows of one half, as
// many as the memory allows, reads the other half once, row by row, checking the band's states
// and working out their best moves column by column, then writes the band's rows. Small boards
// take one pass per half; a board of 10^9 states and more takes a few.
#include "catmouse/tablebase/export.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "catmouse/core/rules.hpp"
#include "solve/engines.hpp"
#include "solve/queries.hpp"
#include "tablebase/reader.hpp"

namespace catmouse {

// The one reader of a Tablebase's inside outside its own member functions (a friend).
struct TablebaseAccess {
  static const Tablebase::Impl& impl(const Tablebase& tablebase) { return *tablebase.impl_; }
};

namespace {

namespace tb = tablebase;

// The most the best moves of a band of rows take.
constexpr std::uint64_t kMaxBandBytes = std::uint64_t{96} << 20;
constexpr std::uint32_t kNoMove = UINT32_MAX;

// Reads states in order of their numbers, decoding each block once while the reads go forward.
class BlockReader {
 public:
  explicit BlockReader(const Tablebase::Impl& impl)
      : impl_(impl), decompressor_(impl.header.dictionary) {}

  // The codes of states [first, first + out.size()).
  Status read(StateIndex first, std::span<std::uint32_t> out) {
    const std::uint64_t per_block = impl_.header.block_states;
    std::size_t done = 0;
    while (done < out.size()) {
      const StateIndex i = first + done;
      if (Status ok = load(i / per_block); !ok) return ok;
      const auto j = static_cast<std::size_t>(i % per_block);
      const std::size_t take = std::min(out.size() - done, codes_.size() - j);
      std::copy_n(codes_.begin() + static_cast<std::ptrdiff_t>(j), take, out.begin() + done);
      done += take;
    }
    return {};
  }

 private:
  Status load(std::uint64_t b) {
    if (b == block_) return {};
    Result<tb::BlockPlace> place = [&] {
      const std::lock_guard lock(impl_.mutex);  // place_of reads the shared index pages
      return impl_.place_of(b);
    }();
    if (!place.ok()) return place.error();
    if (Status ok = impl_.read_block(b, *place, decompressor_, payload_, frame_); !ok) return ok;
    codes_.resize(payload_.states());
    payload_.decode(codes_);
    block_ = b;
    return {};
  }

  const Tablebase::Impl& impl_;
  tb::Decompressor decompressor_;
  tb::Payload payload_;
  std::vector<std::uint8_t> frame_;
  std::vector<std::uint32_t> codes_;
  std::uint64_t block_ = UINT64_MAX;
};

// Every block's checksum, before any row goes out: a damaged file is refused whole, as load()
// refuses it, instead of after part of its rows.
Status check_checksums(const Tablebase::Impl& impl) {
  {
    // The index first, as load() checks it (16 bytes a block: freed before the rows' memory).
    std::vector<std::uint8_t> index(static_cast<std::size_t>(tb::index_bytes(impl.header.blocks)));
    if (Status ok = impl.bytes.read(impl.footer.index_offset, index); !ok) {
      return impl.error(at_field(ErrorField::kIndex), ok.error().message);
    }
    if (tb::checksum(index) != impl.footer.index_checksum) {
      return impl.error(at_field(ErrorField::kIndex), "checksum mismatch: the index is corrupt");
    }
  }
  std::vector<std::uint8_t> frame;
  for (std::uint64_t b = 0; b < impl.info.blocks; ++b) {
    Result<tb::BlockPlace> place = [&] {
      const std::lock_guard lock(impl.mutex);
      return impl.place_of(b);
    }();
    if (!place.ok()) return place.error();
    frame.resize(static_cast<std::size_t>(place->end - place->offset));
    if (Status ok = impl.bytes.read(place->offset, frame); !ok) {
      return impl.error(at_field(ErrorField::kBlock, b), ok.error().message);
    }
    if (tb::checksum(frame, b) != place->checksum) {
      return impl.error(at_field(ErrorField::kBlock, b), "checksum mismatch: the block is corrupt");
    }
  }
  return {};
}

class Stream {
 public:
  using Rows = std::function<bool(std::span<const TableRow>)>;
  Stream(const Tablebase::Impl& impl, const Game& game, const Rows& rows)
      : impl_(impl),
        game_(game),
        rows_(rows),
        reader_(impl),
        n_(game.node_count()),
        half_(StateIndex{game.node_count()} * game.node_count()),
        remoteness_(impl.header.remoteness) {}

  // Each half in bands of as many rows as `band_bytes` holds (see the top of the file).
  Status run(std::uint64_t band_bytes) {
    const std::uint64_t per_row = std::uint64_t{n_} * sizeof(std::uint32_t);
    const auto band = static_cast<NodeId>(std::clamp<std::uint64_t>(band_bytes / per_row, 1, n_));
    band_.resize(std::size_t{band} * n_);
    row_.resize(n_);
    for (const Side side : {Side::kMouse, Side::kCat}) {
      for (NodeId r0 = 0; r0 < n_; r0 += std::min<NodeId>(band, n_ - r0)) {
        const NodeId r1 = std::min<NodeId>(n_, r0 + band);
        if (Status ok = band_rows(side, r0, r1); !ok) return ok;
        if (stopped_) return {};
      }
    }
    return {};
  }

 private:
  StateIndex row_start(Side side, NodeId r) const {
    return (side == Side::kMouse ? 0 : half_) + StateIndex{r} * n_;
  }
  static State state_at(Side side, NodeId r, NodeId x) {
    return side == Side::kMouse ? State{r, x, Side::kMouse} : State{x, r, Side::kCat};
  }

  Status band_rows(Side side, NodeId r0, NodeId r1) {
    // The band's own codes, each replaced by its state's best move once it is checked.
    for (NodeId r = r0; r < r1; ++r) {
      const std::span<std::uint32_t> own(band_.data() + std::size_t{r - r0} * n_, n_);
      if (Status ok = reader_.read(row_start(side, r), own); !ok) return ok;
    }
    // Column x of the band has its children in row x of the other half.
    const Side other = side == Side::kMouse ? Side::kCat : Side::kMouse;
    for (NodeId x = 0; x < n_; ++x) {
      if (Status ok = reader_.read(row_start(other, x), row_); !ok) return ok;
      for (NodeId r = r0; r < r1; ++r) {
        std::uint32_t& slot = band_[std::size_t{r - r0} * n_ + x];
        slot = settle(state_at(side, r, x), slot, row_start(other, x));
      }
    }
    if (layout_error_) {
      return impl_.error({}, "a move leaves the row of the table it should be in");
    }
    // The rows, up to the first state that failed its check.
    for (NodeId r = r0; r < r1 && !stopped_; ++r) {
      const StateIndex first = row_start(side, r);
      if (Status ok = reader_.read(first, row_); !ok) return ok;
      const std::size_t count =
          bad_ && *bad_ < first + n_ ? static_cast<std::size_t>(*bad_ - first) : n_;
      const std::span<const std::uint32_t> best(band_.data() + std::size_t{r - r0} * n_, count);
      if (!emit(first, std::span<const std::uint32_t>(row_).first(count), best)) return {};
      if (count < n_) {
        return impl_.error(
            at_field(ErrorField::kState, std::nullopt, describe(game_.space().position(*bad_))),
            "certificate check failed: " + bad_message_);
      }
    }
    return {};
  }

  // The queries' source for one state's children: the other half's row that holds every one of
  // them (a child elsewhere is a layout error).
  struct RowSource {
    StateIndex row_first;
    const std::vector<std::uint32_t>& row;
    bool remoteness;
    bool& layout_error;
    queries::StateEntry entry(StateIndex i) const {
      if (i < row_first || i - row_first >= row.size()) {
        layout_error = true;
        return {};
      }
      return tb::state_entry(row[static_cast<std::size_t>(i - row_first)], remoteness);
    }
  };

  // Checks state s, holding `code`, against its children in the other half's row that starts at
  // `row_first` (the first state that fails is kept), and gives its best move: Solution::
  // best_child's choice, as the node the mover goes to (kNoMove: none, or values only).
  std::uint32_t settle(const State& s, std::uint32_t code, StateIndex row_first) {
    const queries::StateEntry own = tb::state_entry(code, remoteness_);
    const bool valid = game_.valid(s);
    const queries::StateFacts facts{valid, valid ? game_.outcome(s) : std::nullopt, s.turn};
    queries::Children children;
    if (valid && !facts.outcome) {
      children =
          queries::children_of(game_, RowSource{row_first, row_, remoteness_, layout_error_}, s);
    }
    const queries::StateEntry expected =
        queries::expected_entry(game_.rules(), facts, remoteness_, children);
    if (!queries::same_entry(own, expected)) {
      const StateIndex at = game_.space().index(s);
      if (!bad_ || at < *bad_) {
        bad_ = at;
        bad_message_ = queries::broken_rule(game_.rules(), facts, own, remoteness_, children);
      }
    }
    if (!remoteness_ || !valid || facts.outcome) return kNoMove;
    const std::optional<StateIndex> best = queries::best_of(children, own.value, s.turn);
    // The row holds the mover's every destination, in order: the child's place in it is the node.
    return best && *best - row_first < n_ ? static_cast<std::uint32_t>(*best - row_first) : kNoMove;
  }

  // Hands the valid states of `codes`, states first, first + 1, ..., to the caller; false when it
  // stops the stream.
  bool emit(StateIndex first, std::span<const std::uint32_t> codes,
            std::span<const std::uint32_t> best) {
    out_.clear();
    for (std::size_t x = 0; x < codes.size(); ++x) {
      const State s = game_.space().state(first + x);
      if (!game_.valid(s)) continue;
      const queries::StateEntry e = tb::state_entry(codes[x], remoteness_);
      TableRow& out = out_.emplace_back();
      out.state = s;
      out.value = e.value;
      if (e.remoteness != kNoRemoteness) out.remoteness = e.remoteness;
      if (best[x] != kNoMove) out.best_move = best[x];
    }
    if (!out_.empty() && !rows_(out_)) stopped_ = true;
    return !stopped_;
  }

  const Tablebase::Impl& impl_;
  const Game& game_;
  const Rows& rows_;
  BlockReader reader_;
  NodeId n_;
  StateIndex half_;
  bool remoteness_;
  std::vector<std::uint32_t> band_;  // the band's codes, then their best moves (kNoMove: none)
  std::vector<std::uint32_t> row_;   // one row's codes
  std::vector<TableRow> out_;
  std::optional<StateIndex> bad_;  // the first state that failed its check, and why
  std::string bad_message_;
  bool layout_error_ = false;
  bool stopped_ = false;
};

// What the stream allocates besides its band: the game, the index read whole and its pages
// cached, a block's frame read for its checksum, the reader's decoder, frame, payload and codes,
// a row's codes and the rows handed over.
std::uint64_t fixed_stream_bytes(const Tablebase::Impl& impl) {
  const std::uint64_t n = impl.header.nodes;
  const std::uint64_t index = tb::index_bytes(impl.header.blocks);
  const std::uint64_t pages =
      index + (impl.header.blocks / Tablebase::Impl::kIndexPageEntries + 1) *
                  sizeof(std::vector<std::uint8_t>);
  const std::uint64_t reader = impl.decompressor_bytes() + impl.frame_bytes() +
                               impl.payload_bytes() +
                               std::uint64_t{impl.header.block_states} * sizeof(std::uint32_t);
  return impl.game_bytes() + index + pages + impl.frame_bytes() + reader +
         n * (sizeof(std::uint32_t) + sizeof(TableRow));
}

}  // namespace

std::uint64_t stream_table_bytes(const Tablebase& tablebase) {
  const Tablebase::Impl& impl = TablebaseAccess::impl(tablebase);
  return fixed_stream_bytes(impl) + std::uint64_t{impl.header.nodes} * sizeof(std::uint32_t);
}

Status stream_table(const Tablebase& tablebase,
                    const std::function<bool(std::span<const TableRow>)>& rows,
                    const TableStreamOptions& options) try {
  const Tablebase::Impl& impl = TablebaseAccess::impl(tablebase);
  const Game& game = tablebase.game();
  if (game.cats() != 1) {
    return impl.error(at_field(ErrorField::kCats),
                      fmt::format("a game of {} cats; only one cat's table streams", game.cats()));
  }
  std::uint64_t band_bytes = kMaxBandBytes;
  if (options.memory_limit != 0) {
    const std::uint64_t least = stream_table_bytes(tablebase) + options.caller_bytes;
    if (options.memory_limit < least) {
      Error error =
          detail::memory_error(fmt::format("streaming the table of {} nodes", game.node_count()),
                               least, options.memory_limit);
      error.where.source = impl.source;
      return error;
    }
    band_bytes = std::min(band_bytes,
                          options.memory_limit - options.caller_bytes - fixed_stream_bytes(impl));
  }
  if (Status ok = check_checksums(impl); !ok) return ok;
  Stream stream(impl, game, rows);
  return stream.run(band_bytes);
} catch (const std::bad_alloc&) {
  return detail::out_of_memory_error("out of memory while streaming the table");
}

}  // namespace catmouse
