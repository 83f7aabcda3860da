// stream_table (tablebase/export.hpp): a one-cat file's rows in order, read block by block.
//
// The rows want each state's best move, which depends on its children, and a state's children
// are far from it in the numbering: (m, c) with the mouse to move has its children (m', c) in the
// cat's half, in row c of that half (StateSpace: the mouse's half is numbered mouse-major, the
// cat's half cat-major), and (m, c) with the cat to move has its children in row m of the mouse's
// half. So every child of the states of one column x of a band of rows lies in one row x of the
// other half. The stream takes a band of rows of one half, as many as the memory allows, reads
// the other half once, row by row, working out the best move of the band's states column by
// column, then writes the band's rows. Small boards take one pass per half; a board of 10^9
// states and more takes a few.
#include "catmouse/tablebase/export.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <new>
#include <vector>

#include "catmouse/core/rules.hpp"
#include "solve/queries.hpp"
#include "tablebase/reader.hpp"

namespace catmouse {

// The one reader of a Tablebase's inside outside its own member functions (a friend).
struct TablebaseAccess {
  static const Tablebase::Impl& impl(const Tablebase& tablebase) { return *tablebase.impl_; }
};

namespace {

namespace tb = tablebase;
using queries::StateEntry;

constexpr std::uint64_t kDefaultBandBytes = std::uint64_t{96} << 20;
constexpr std::uint32_t kNoMove = UINT32_MAX;

// Reads states in order of their numbers, decoding each block once while the reads go forward.
class BlockReader {
 public:
  explicit BlockReader(const Tablebase::Impl& impl)
      : impl_(impl), decompressor_(impl.header.dictionary) {}

  // States [first, first + out.size()) as entries.
  Status read(StateIndex first, std::span<StateEntry> out) {
    const std::uint64_t per_block = impl_.header.block_states;
    std::size_t done = 0;
    while (done < out.size()) {
      const StateIndex i = first + done;
      if (Status ok = load(i / per_block); !ok) return ok;
      const auto j = static_cast<std::size_t>(i % per_block);
      const std::size_t take = std::min(out.size() - done, codes_.size() - j);
      for (std::size_t k = 0; k < take; ++k) {
        out[done + k] = tb::state_entry(codes_[j + k], impl_.header.remoteness);
      }
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
        half_(StateIndex{game.node_count()} * game.node_count()) {}

  // Values only: no best moves, the rows straight from the blocks.
  Status values_only() {
    std::vector<StateEntry> row(n_);
    for (StateIndex r = 0; r < 2 * StateIndex{n_}; ++r) {
      if (Status ok = reader_.read(r * n_, row); !ok) return ok;
      if (!emit(r * n_, row, {})) return {};
    }
    return {};
  }

  // With remoteness: each half in bands of `band` rows (see the top of the file).
  Status with_best_moves(std::uint64_t band_bytes) {
    const std::uint64_t per_row = std::uint64_t{n_} * (sizeof(std::uint32_t) + 1);
    const auto band = static_cast<NodeId>(std::clamp<std::uint64_t>(band_bytes / per_row, 1, n_));
    own_.resize(std::size_t{band} * n_);
    best_.resize(std::size_t{band} * n_);
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
    std::vector<StateEntry> row(n_);
    for (NodeId r = r0; r < r1; ++r) {
      if (Status ok = reader_.read(row_start(side, r), row); !ok) return ok;
      for (NodeId x = 0; x < n_; ++x) own_[std::size_t{r - r0} * n_ + x] = row[x].value;
    }
    // Column x of the band has its children in row x of the other half.
    const Side other = side == Side::kMouse ? Side::kCat : Side::kMouse;
    for (NodeId x = 0; x < n_; ++x) {
      if (Status ok = reader_.read(row_start(other, x), row); !ok) return ok;
      for (NodeId r = r0; r < r1; ++r) {
        const std::size_t at = std::size_t{r - r0} * n_ + x;
        best_[at] = best_move(state_at(side, r, x), own_[at], row_start(other, x), row);
      }
    }
    if (layout_error_) {
      return impl_.error({}, "a move leaves the row of the table it should be in");
    }
    for (NodeId r = r0; r < r1 && !stopped_; ++r) {
      if (Status ok = reader_.read(row_start(side, r), row); !ok) return ok;
      if (!emit(row_start(side, r), row, std::span(best_).subspan(std::size_t{r - r0} * n_, n_))) {
        return {};
      }
    }
    return {};
  }

  // The queries' source for one state's best move: the state's own value, and its children in
  // the other half's row that holds every one of them (a child elsewhere is a layout error).
  struct RowSource {
    StateIndex at;
    Value own;
    StateIndex row_first;
    const std::vector<StateEntry>& row;
    bool& layout_error;
    bool has_remoteness() const { return true; }
    StateEntry entry(StateIndex i) const {
      if (i == at) return {own, 0};
      if (i < row_first || i - row_first >= row.size()) {
        layout_error = true;
        return {Value::kDraw, kNoRemoteness};
      }
      return row[static_cast<std::size_t>(i - row_first)];
    }
  };

  // Solution::best_child's choice (queries::best_child), as the node the mover goes to.
  std::uint32_t best_move(const State& s, Value value, StateIndex row_first,
                          const std::vector<StateEntry>& row) {
    const StateIndex at = game_.space().index(s);
    const std::optional<StateIndex> child =
        queries::best_child(game_, RowSource{at, value, row_first, row, layout_error_}, at);
    if (!child) return kNoMove;
    const State to = game_.space().state(*child);
    return s.turn == Side::kMouse ? to.mouse : to.cat;
  }

  // Hands the valid states of one row to the caller; false when it stops the stream.
  bool emit(StateIndex first, const std::vector<StateEntry>& row,
            std::span<const std::uint32_t> best) {
    out_.clear();
    for (std::size_t x = 0; x < row.size(); ++x) {
      const State s = game_.space().state(first + x);
      if (!game_.valid(s)) continue;
      TableRow& out = out_.emplace_back();
      out.state = s;
      out.value = row[x].value;
      if (row[x].remoteness != kNoRemoteness) out.remoteness = row[x].remoteness;
      if (!best.empty() && best[x] != kNoMove) out.best_move = best[x];
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
  std::vector<Value> own_;           // the band's own values
  std::vector<std::uint32_t> best_;  // the band's best moves (kNoMove: none)
  std::vector<TableRow> out_;
  bool layout_error_ = false;
  bool stopped_ = false;
};

}  // namespace

Status stream_table(const Tablebase& tablebase,
                    const std::function<bool(std::span<const TableRow>)>& rows,
                    const TableStreamOptions& options) try {
  const Tablebase::Impl& impl = TablebaseAccess::impl(tablebase);
  const Game& game = tablebase.game();
  if (game.cats() != 1) {
    return impl.error(at_field(ErrorField::kCats),
                      fmt::format("a game of {} cats; only one cat's table streams", game.cats()));
  }
  if (Status ok = check_checksums(impl); !ok) return ok;
  Stream stream(impl, game, rows);
  if (!impl.header.remoteness) return stream.values_only();
  return stream.with_best_moves(options.memory_bytes == 0 ? kDefaultBandBytes
                                                          : options.memory_bytes);
} catch (const std::bad_alloc&) {
  return Error{"out of memory while streaming the table", at_field(ErrorField::kMemoryLimit)};
}

}  // namespace catmouse
