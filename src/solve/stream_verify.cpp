#include "solve/stream_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>
#include <mutex>
#include <span>

namespace catmouse::detail {

namespace {

// Keys of width K (stream_verify.hpp): the mover's win in r is r, a draw kDraw, the opponent's
// win in r kTop - r; the minimum over a state's children then says what the state is worth.
template <class K>
struct Keys {
  static constexpr K kTop = std::numeric_limits<K>::max();
  static constexpr K kDraw = kTop / 2;

  // The key of a child's code, seen by the mover (mover_cat: 1 when the cat moves).
  static K of(std::uint32_t code, bool remoteness, std::uint32_t mover_cat) {
    if (code == 0) return kDraw;
    const std::uint32_t r = remoteness ? (code - 1) >> 1 : 0;
    return ((code - 1) & 1) == mover_cat ? static_cast<K>(r) : static_cast<K>(kTop - r);
  }
  // The code the mover's state must hold when its children's keys have minimum k.
  static std::uint32_t expected(K k, bool remoteness, std::uint32_t mover_cat) {
    if (k == kDraw) return 0;
    const bool win = k < kDraw;
    const std::uint32_t winner_cat = win ? mover_cat : 1 - mover_cat;
    const std::uint32_t r = (win ? std::uint32_t{k} : std::uint32_t{kTop} - k) + 1;
    return remoteness ? 1 + 2 * r + winner_cat : 1 + winner_cat;
  }
};

// out[k] = min(out[k], in[k]): byte stores may alias anything, so the pointers are said not to,
// for the loop to run in vector registers.
template <class K>
void min_into(K* __restrict out, const K* __restrict in, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) out[k] = std::min(out[k], in[k]);
}

// The valid states' counts, one per thread: a histogram of the codes below 256 (every code when
// the keys take a byte), the others counted one by one.
struct CountParts {
  std::array<std::uint64_t, 256> small{};
  std::uint64_t states = 0, mouse_wins = 0, cat_wins = 0;
  std::uint32_t max_remoteness = 0;
  bool any_remoteness = false;

  void add(std::uint32_t code, bool remoteness) {
    if (code < small.size()) {
      ++small[code];
      return;
    }
    add_one(code, 1, remoteness);
  }
  void add_one(std::uint32_t code, std::uint64_t times, bool remoteness) {
    states += times;
    if (code == 0 || times == 0) return;
    if ((code - 1) & 1) {
      cat_wins += times;
    } else {
      mouse_wins += times;
    }
    if (!remoteness) return;
    any_remoteness = true;
    max_remoteness = std::max(max_remoteness, (code - 1) >> 1);
  }
  // Folds the histogram into the counts.
  void fold(bool remoteness) {
    for (std::uint32_t code = 0; code < small.size(); ++code) {
      add_one(code, small[code], remoteness);
      small[code] = 0;
    }
  }
};

// One pass: the held half in memory, transposed, as keys; the other half streamed and checked.
template <class K>
class Pass {
 public:
  Pass(const Game& game, const CodeSource& source, WorkerPool& pool, Side mover,
       ZeroedVector<K>& held, bool count)
      : game_(game),
        source_(source),
        pool_(pool),
        n_(game.node_count()),
        half_(source.states() / 2),
        mover_cat_(mover == Side::kCat ? 1 : 0),
        held_base_(mover == Side::kMouse ? half_ : 0),
        stream_base_(mover == Side::kMouse ? 0 : half_),
        remoteness_(source.remoteness()),
        held_(held),
        count_(count),
        readers_(pool.threads()),
        codes_(pool.threads()),
        scratch_(pool.threads()),
        counts_(pool.threads()) {
    for (auto& reader : readers_) reader = source.reader();
    const std::uint64_t max_code = remoteness_ ? 2 + 2 * std::uint64_t{source.max_remoteness()} : 2;
    if (max_code < 256) {
      key_of_code_.resize(max_code + 1);
      for (std::uint32_t c = 0; c <= max_code; ++c) {
        key_of_code_[c] = Keys<K>::of(c, remoteness_, mover_cat_);
      }
    }
    if constexpr (sizeof(K) == 1) {
      for (std::uint32_t k = 0; k < 256; ++k) {
        expected_of_key_[k] = Keys<K>::expected(static_cast<K>(k), remoteness_, mover_cat_);
      }
    }
    special_.resize(n_);
    for (NodeId v = 0; v < n_; ++v) special_[v] = game.is_hole(v) || game.cat_forbidden(v);
  }

  // Loads the held half, then checks the streamed one; the first failure of each kind is kept.
  void run(bool skip_after_failure) {
    skip_ = skip_after_failure;
    const std::uint64_t bs = source_.block_states();
    // Groups of blocks that hold about kTile columns, so that the transpose writes whole cache
    // lines of the held rows.
    const std::uint64_t group = std::max<std::uint64_t>(1, (kTile * StateIndex{n_}) / bs);
    const std::uint64_t first = held_base_ / bs;
    const std::uint64_t last = (held_base_ + half_ + bs - 1) / bs;
    const std::uint64_t groups = (last - first + group - 1) / group;
    pool_.run(true, static_cast<std::size_t>(groups), 1,
              [&](std::size_t g0, std::size_t g1, unsigned thread) {
                for (std::size_t g = g0; g < g1; ++g) {
                  const std::uint64_t b0 = first + g * group;
                  load(b0, std::min(last, b0 + group), thread);
                }
              });
    const std::uint64_t sfirst = stream_base_ / bs;
    const std::uint64_t slast = (stream_base_ + half_ + bs - 1) / bs;
    pool_.run(true, static_cast<std::size_t>(slast - sfirst), 1,
              [&](std::size_t b0, std::size_t b1, unsigned thread) {
                for (std::size_t b = b0; b < b1; ++b) check(sfirst + b, thread);
              });
  }

  std::optional<StreamFailure>& read_failure() { return read_failure_; }
  std::optional<StreamFailure>& state_failure() { return state_failure_; }
  Counts counts() {
    Counts out;
    std::uint32_t max_r = 0;
    bool any = false;
    for (CountParts& part : counts_) {
      part.fold(remoteness_);
      out.states += part.states;
      out.mouse_wins += part.mouse_wins;
      out.cat_wins += part.cat_wins;
      max_r = std::max(max_r, part.max_remoteness);
      any = any || part.any_remoteness;
    }
    out.draws = out.states - out.mouse_wins - out.cat_wins;
    if (any) out.max_remoteness = max_r;
    return out;
  }

 private:
  static constexpr std::uint64_t kTile = 64;

  bool read(std::uint64_t b, unsigned thread) {
    Status ok = readers_[thread]->read(b, codes_[thread]);
    if (ok) return true;
    const std::lock_guard lock(mutex_);
    if (!read_failure_ || b < read_failure_->block) {
      read_failure_ = StreamFailure{StreamFailure::Kind::kRead, ok.error(), b, 0};
    }
    return false;
  }

  // Reads blocks [b0, b1), counts their states (first pass) and writes their held states into
  // the held rows: held entry (row r, column col) is the table's state held_base + col * n + r.
  void load(std::uint64_t b0, std::uint64_t b1, unsigned thread) {
    const std::uint64_t bs = source_.block_states();
    const StateIndex lo = std::max(held_base_, b0 * bs);
    const StateIndex hi = std::min(held_base_ + half_, std::min(source_.states(), b1 * bs));
    std::vector<K>& keys = scratch_[thread];
    keys.resize(static_cast<std::size_t>(hi - lo));
    for (std::uint64_t b = b0; b < b1; ++b) {
      if (!read(b, thread)) continue;
      const std::vector<std::uint32_t>& codes = codes_[thread];
      const StateIndex start = b * bs;
      if (count_) count(start, codes, thread);
      const StateIndex from = std::max(lo, start);
      const StateIndex to = std::min(hi, start + codes.size());
      for (StateIndex i = from; i < to; ++i) {
        keys[i - lo] = key(codes[i - start]);
      }
    }
    if (hi <= lo) return;
    // Tiled transpose: kTile held rows at a time, column by column.
    const StateIndex j0 = lo - held_base_, j1 = hi - held_base_;
    const StateIndex col0 = j0 / n_, col1 = (j1 - 1) / n_;
    for (StateIndex r0 = 0; r0 < n_; r0 += kTile) {
      const StateIndex r1 = std::min<StateIndex>(n_, r0 + kTile);
      for (StateIndex col = col0; col <= col1; ++col) {
        const StateIndex base = col * n_;
        const StateIndex from = std::max(r0, base < j0 ? j0 - base : 0);
        const StateIndex to = std::min(r1, j1 - base);
        K* const out = held_.data() + col;
        // keys[i] is held state j0 + i; from >= j0 - base keeps the index from wrapping.
        for (StateIndex r = from; r < to; ++r) out[r * n_] = keys[base + r - j0];
      }
    }
  }

  // Counts the valid states of a block that lie in the held half (the streamed half's are
  // counted when checked), so that each state counts once in the first pass. Row by row: in the
  // cat's half a row is one cat node, in the mouse's half a column is.
  void count(StateIndex start, const std::vector<std::uint32_t>& codes, unsigned thread) {
    CountParts& part = counts_[thread];
    const StateIndex lo = std::max(held_base_, start);
    const StateIndex hi = std::min(held_base_ + half_, start + codes.size());
    for (StateIndex i = lo; i < hi;) {
      const StateIndex j = i - held_base_;
      const auto row = static_cast<NodeId>(j / n_);
      const StateIndex a = j % n_;
      const StateIndex e = std::min<StateIndex>(n_, a + (hi - i));
      const std::uint32_t* row_codes = &codes[i - start];
      for (StateIndex col = a; col < e; ++col) {
        const NodeId cat = held_base_ == half_ ? row : static_cast<NodeId>(col);
        if (!game_.cat_forbidden(cat)) part.add(row_codes[col - a], remoteness_);
      }
      i += e - a;
    }
  }

  // Reads block b and checks its states of the streamed half, row segment by row segment.
  void check(std::uint64_t b, unsigned thread) {
    const std::uint64_t bs = source_.block_states();
    const StateIndex start = b * bs;
    if (skip_ && start > first_bad_.load(std::memory_order_relaxed)) return;
    if (!read(b, thread)) return;
    const std::vector<std::uint32_t>& codes = codes_[thread];
    const StateIndex lo = std::max(stream_base_, start);
    const StateIndex hi = std::min(stream_base_ + half_, start + codes.size());
    std::vector<K>& keys = scratch_[thread];
    keys.resize(n_);
    bool checking = true;  // until the block's first failure
    for (StateIndex i = lo; i < hi;) {
      const StateIndex j = i - stream_base_;
      const auto row = static_cast<NodeId>(j / n_);
      const StateIndex a = j % n_;
      const StateIndex e = std::min<StateIndex>(n_, a + (hi - i));
      const std::span<const NodeId> moves =
          mover_cat_ ? game_.cat_moves(row) : game_.mouse_moves(row);
      if (!moves.empty()) {
        const K* first = held_.data() + StateIndex{moves[0]} * n_;
        std::copy(first + a, first + e, keys.begin() + static_cast<std::ptrdiff_t>(a));
        for (std::size_t k = 1; k < moves.size(); ++k) {
          const K* other = held_.data() + StateIndex{moves[k]} * n_;
          min_into(keys.data() + a, other + a, static_cast<std::size_t>(e - a));
        }
      }
      if (!check_row(row, a, e, &codes[i - start], keys, moves.empty(), checking, thread)) return;
      i += e - a;
    }
  }

  // Checks columns [a, e) of streamed row `row` while `checking`, counting them in the first
  // pass; false at a failure when there is nothing left to count. A state on no hole and no
  // forbidden node, the cat off the mouse, is neither finished nor excluded: it takes the short
  // way.
  bool check_row(NodeId row, StateIndex a, StateIndex e, const std::uint32_t* codes,
                 const std::vector<K>& keys, bool stuck, bool& checking, unsigned thread) {
    const Side turn = mover_cat_ ? Side::kCat : Side::kMouse;
    const std::uint32_t stuck_code = state_code(stuck_value(game_.rules(), turn), 0, remoteness_);
    const bool row_special = special_[row] != 0;
    for (StateIndex col = a; col < e; ++col) {
      const std::uint32_t code = codes[col - a];
      std::uint32_t want = 0;
      if (row_special || special_[col] != 0 || col == row) {
        const State s = state(row, col);
        if (game_.cat_forbidden(s.cat)) {
          if (!checking) continue;
          want = 0;
        } else {
          if (count_) counts_[thread].add(code, remoteness_);
          if (!checking) continue;
          if (auto outcome = game_.outcome(s)) {
            want = state_code(*outcome, 0, remoteness_);
          } else {
            want = stuck ? stuck_code : expected(keys[col]);
          }
        }
      } else {
        if (count_) counts_[thread].add(code, remoteness_);
        if (!checking) continue;
        want = stuck ? stuck_code : expected(keys[col]);
      }
      if (code == want) continue;
      fail(state(row, col), code, stuck ? std::nullopt : std::optional<K>(keys[col]));
      checking = false;
      // The first pass still reads and counts every block.
      if (!count_) return false;
    }
    return true;
  }

  State state(NodeId row, StateIndex col) const {
    const auto node = static_cast<NodeId>(col);
    return mover_cat_ ? State{node, row, Side::kCat} : State{row, node, Side::kMouse};
  }
  // A child's key, and the code its parent must hold for a minimum key: from tables when small.
  K key(std::uint32_t code) const {
    return code < key_of_code_.size() ? key_of_code_[code]
                                      : Keys<K>::of(code, remoteness_, mover_cat_);
  }
  std::uint32_t expected(K k) const {
    if constexpr (sizeof(K) == 1) return expected_of_key_[k];
    return Keys<K>::expected(k, remoteness_, mover_cat_);
  }

  void fail(const State& s, std::uint32_t code, std::optional<K> key) {
    const StateIndex index = game_.space().index(s);
    const std::lock_guard lock(mutex_);
    if (state_failure_ && state_failure_->state <= index) return;
    // The minimum of the children's keys says what they hold; the rule broken is named in the
    // words of the per-state check (queries::broken_rule), so that both name a fault alike.
    queries::Children children;
    if (key) {
      children.any = true;
      children.win = *key < Keys<K>::kDraw;
      children.draw = *key == Keys<K>::kDraw;
      children.loss = !children.win && !children.draw;
      children.fastest = *key;
      children.slowest = std::uint32_t{Keys<K>::kTop} - *key;
    }
    std::string message = queries::broken_rule(
        game_, index, queries::state_entry(code, remoteness_), remoteness_, children);
    Error error{std::move(message), {}};
    error.where.field = ErrorField::kState;
    error.where.detail = describe(game_.space().position(index));
    state_failure_ = StreamFailure{StreamFailure::Kind::kState, std::move(error),
                                   index / source_.block_states(), index};
    first_bad_.store(index, std::memory_order_relaxed);
  }

  const Game& game_;
  const CodeSource& source_;
  WorkerPool& pool_;
  const NodeId n_;
  const StateIndex half_;
  const std::uint32_t mover_cat_;
  const StateIndex held_base_;
  const StateIndex stream_base_;
  const bool remoteness_;
  ZeroedVector<K>& held_;
  const bool count_;
  bool skip_ = false;
  std::vector<std::unique_ptr<CodeSource::Reader>> readers_;
  std::vector<std::vector<std::uint32_t>> codes_;
  std::vector<std::vector<K>> scratch_;
  std::vector<CountParts> counts_;
  std::vector<K> key_of_code_;                        // by code, when every code is below 256
  std::array<std::uint32_t, 256> expected_of_key_{};  // by key, for keys of a byte
  std::vector<std::uint8_t> special_;                 // per node: a hole, or forbidden to the cat
  std::mutex mutex_;
  std::atomic<StateIndex> first_bad_{UINT64_MAX};
  std::optional<StreamFailure> read_failure_;
  std::optional<StreamFailure> state_failure_;
};

bool same_counts(const Counts& a, const Counts& b) {
  return a.states == b.states && a.mouse_wins == b.mouse_wins && a.cat_wins == b.cat_wins &&
         a.draws == b.draws && a.max_remoteness == b.max_remoteness;
}

template <class K>
std::optional<StreamFailure> run_passes(const Game& game, const CodeSource& source,
                                        WorkerPool& pool, const Counts* expected) {
  const StateIndex n = game.node_count();
  ZeroedVector<K> held(static_cast<std::size_t>(n * n));
  {
    Pass<K> first(game, source, pool, Side::kMouse, held, true);
    first.run(false);
    if (first.read_failure()) return first.read_failure();
    if (expected && !same_counts(first.counts(), *expected)) {
      return StreamFailure{StreamFailure::Kind::kCounts, std::nullopt, 0, 0};
    }
    if (first.state_failure()) return first.state_failure();
  }
  Pass<K> second(game, source, pool, Side::kCat, held, false);
  second.run(true);
  if (second.read_failure()) return second.read_failure();
  return second.state_failure();
}

// The key width the source's remoteness needs: 1, 2 or 4 bytes.
std::uint32_t key_bytes(const CodeSource& source) {
  const std::uint32_t r = source.remoteness() ? source.max_remoteness() : 0;
  if (r < Keys<std::uint8_t>::kDraw) return 1;
  if (r < Keys<std::uint16_t>::kDraw) return 2;
  return 4;
}

class TableReader : public CodeSource::Reader {
 public:
  TableReader(const Table& table, std::uint64_t block_states)
      : table_(table), block_states_(block_states) {}
  Status read(std::uint64_t b, std::vector<std::uint32_t>& codes) override {
    const StateIndex first = b * block_states_;
    const StateIndex last = std::min(table_.state_count(), first + block_states_);
    codes.resize(static_cast<std::size_t>(last - first));
    const bool remoteness = table_.has_remoteness();
    for (StateIndex i = first; i < last; ++i) {
      codes[i - first] = state_code(table_.value(i), table_.remoteness_raw(i), remoteness);
    }
    return {};
  }

 private:
  const Table& table_;
  std::uint64_t block_states_;
};

std::uint32_t table_max_remoteness(const Table& table) {
  std::uint32_t max_r = 0;
  if (!table.has_remoteness()) return 0;
  for (StateIndex i = 0; i < table.state_count(); ++i) {
    const std::uint32_t r = table.remoteness_raw(i);
    if (r != kNoRemoteness) max_r = std::max(max_r, r);
  }
  return max_r;
}

}  // namespace

TableCodeSource::TableCodeSource(const Table& table, std::uint64_t block_states)
    : CodeSource(table.state_count(), block_states, table.has_remoteness(),
                 table_max_remoteness(table)),
      table_(table) {}

std::unique_ptr<CodeSource::Reader> TableCodeSource::reader() const {
  return std::make_unique<TableReader>(table_, block_states());
}

bool streamable(const Game& game, const CodeSource& source) {
  return game.cats() == 1 && source.states() == game.state_count() && source.states() > 0 &&
         source.block_states() > 0 &&
         (!source.remoteness() || source.max_remoteness() < Keys<std::uint32_t>::kDraw);
}

std::uint64_t stream_verify_bytes(NodeId nodes, const CodeSource& source, unsigned threads) {
  const std::uint64_t width = key_bytes(source);
  const std::uint64_t held = std::uint64_t{nodes} * nodes * width;
  // Per thread: a block's codes, and the keys of a group of blocks (about 64 columns).
  const std::uint64_t group =
      std::max<std::uint64_t>(source.block_states(), 64 * std::uint64_t{nodes});
  const std::uint64_t scratch = source.block_states() * 4 + (group + source.block_states()) * width;
  return held + std::uint64_t{threads} * scratch;
}

std::optional<StreamFailure> stream_verify(const Game& game, const CodeSource& source,
                                           WorkerPool& pool, const Counts* expected) {
  switch (key_bytes(source)) {
    case 1:
      return run_passes<std::uint8_t>(game, source, pool, expected);
    case 2:
      return run_passes<std::uint16_t>(game, source, pool, expected);
    default:
      return run_passes<std::uint32_t>(game, source, pool, expected);
  }
}

}  // namespace catmouse::detail
