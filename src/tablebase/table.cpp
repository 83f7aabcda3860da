// The whole table of a tablebase file at once, load(), and its check, verify(): streamed block by
// block for one cat (solve/stream_verify.hpp), the whole table in memory for k cats.
#include <fmt/format.h>

#include <atomic>
#include <mutex>
#include <new>
#include <optional>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

#include "catmouse/solve/verify.hpp"
#include "catmouse/tablebase/tablebase.hpp"
#include "solve/engines.hpp"
#include "solve/queries.hpp"
#include "solve/stream_verify.hpp"
#include "solve/worker_pool.hpp"
#include "tablebase/reader.hpp"

namespace catmouse {

namespace tb = tablebase;

namespace {

// A failure and the block to blame, if one is.
struct Failure {
  Error error;
  std::optional<std::uint64_t> block;
};

// Every block's place, from the whole index checked against the footer's checksum.
std::variant<std::vector<tb::BlockPlace>, Failure> read_index(const Tablebase::Impl& impl) {
  std::vector<std::uint8_t> index(static_cast<std::size_t>(tb::index_bytes(impl.header.blocks)));
  if (Status ok = impl.bytes.read(impl.footer.index_offset, index); !ok) {
    return Failure{impl.error(at_field(ErrorField::kIndex), ok.error().message), std::nullopt};
  }
  if (tb::checksum(index) != impl.footer.index_checksum) {
    return Failure{
        impl.error(at_field(ErrorField::kIndex), "checksum mismatch: the index is corrupt"),
        std::nullopt};
  }
  tb::ByteReader in(index);
  std::vector<tb::BlockPlace> places(static_cast<std::size_t>(impl.header.blocks));
  std::uint64_t offset = in.u64();
  for (std::uint64_t b = 0; b < places.size(); ++b) {
    tb::BlockPlace& place = places[b];
    place.offset = offset;
    place.checksum = in.u64();
    place.end = offset = in.u64();
    if (Status ok = impl.check_place(b, place); !ok) return Failure{ok.error(), b};
  }
  return places;
}

// The table's arrays, filled block by block (solve/table.hpp's layout).
class TableBuilder {
 public:
  explicit TableBuilder(const tb::Header& header)
      : remoteness_(header.remoteness),
        mouse_(words(header.states), 0),
        decided_(remoteness_ ? 0 : words(header.states), 0),
        wide_(header.counts.max_remoteness.value_or(0) >= Table::kDecided16) {
    if (remoteness_ && wide_) r32_.assign(static_cast<std::size_t>(header.states), 0);
    if (remoteness_ && !wide_) r16_.assign(static_cast<std::size_t>(header.states), 0);
  }

  void set(StateIndex i, std::uint32_t code) {
    const queries::StateEntry e = tb::state_entry(code, remoteness_);
    if (e.value == Value::kDraw) return;
    if (e.value == Value::kMouseWin) mouse_[i >> 6] |= std::uint64_t{1} << (i & 63);
    if (!remoteness_) {
      decided_[i >> 6] |= std::uint64_t{1} << (i & 63);
    } else if (wide_) {
      r32_[i] = Table::kDecided32 | e.remoteness;
    } else {
      r16_[i] = static_cast<std::uint16_t>(Table::kDecided16 | e.remoteness);
    }
  }

  Table take(const StateSpace& space) {
    return Table(space, std::move(mouse_), std::move(decided_), std::move(r16_), std::move(r32_));
  }

 private:
  static std::size_t words(StateIndex states) {
    return static_cast<std::size_t>((states + 63) / 64);
  }
  bool remoteness_;
  ZeroedVector<std::uint64_t> mouse_;
  ZeroedVector<std::uint64_t> decided_;
  bool wide_;
  ZeroedVector<std::uint16_t> r16_;
  ZeroedVector<std::uint32_t> r32_;
};

// The stored table, every block checked and decoded.
std::variant<Table, Failure> read_table(const Tablebase::Impl& impl) {
  auto index = read_index(impl);
  if (auto* failure = std::get_if<Failure>(&index)) return std::move(*failure);
  const auto& places = std::get<std::vector<tb::BlockPlace>>(index);
  TableBuilder builder(impl.header);
  tb::Decompressor decompressor(impl.header.dictionary);
  tb::Payload payload;
  std::vector<std::uint32_t> codes;
  std::vector<std::uint8_t> frame;
  for (std::uint64_t b = 0; b < places.size(); ++b) {
    if (Status ok = impl.read_block(b, places[b], decompressor, payload, frame); !ok) {
      return Failure{ok.error(), b};
    }
    codes.resize(payload.states());
    payload.decode(codes);
    const StateIndex first = b * impl.header.block_states;
    for (std::size_t j = 0; j < codes.size(); ++j) builder.set(first + j, codes[j]);
  }
  return builder.take(impl.game->game().space());
}

bool same_counts(const Counts& a, const Counts& b) {
  return a.states == b.states && a.mouse_wins == b.mouse_wins && a.cat_wins == b.cat_wins &&
         a.draws == b.draws && a.max_remoteness == b.max_remoteness;
}

}  // namespace

std::uint64_t Tablebase::table_bytes() const {
  const std::uint64_t states = info().states;
  const std::uint64_t words = (states + 63) / 64 * sizeof(std::uint64_t);
  if (!info().has_remoteness) return 2 * words;
  const bool wide = info().counts.max_remoteness.value_or(0) >= Table::kDecided16;
  const std::uint64_t each = wide ? sizeof(std::uint32_t) : sizeof(std::uint16_t);
  if (states > UINT64_MAX / 8) return UINT64_MAX;
  return words + states * each;
}

namespace {

// The file's blocks as codes for the streaming check, each block checked against its checksum.
class FileCodeSource : public detail::CodeSource {
 public:
  FileCodeSource(const Tablebase::Impl& impl, const std::vector<tb::BlockPlace>& places)
      : CodeSource(impl.header.states, impl.header.block_states, impl.header.remoteness,
                   impl.header.counts.max_remoteness.value_or(0)),
        impl_(impl),
        places_(places) {}

  std::unique_ptr<Reader> reader() const override {
    return std::make_unique<FileReader>(impl_, places_);
  }

 private:
  class FileReader : public Reader {
   public:
    FileReader(const Tablebase::Impl& impl, const std::vector<tb::BlockPlace>& places)
        : impl_(impl), places_(places), decompressor_(impl.header.dictionary) {}
    Status read(std::uint64_t b, std::vector<std::uint32_t>& codes) override {
      if (Status ok = impl_.read_block(b, places_[b], decompressor_, payload_, frame_); !ok) {
        return ok;
      }
      codes.resize(payload_.states());
      payload_.decode(codes);
      return {};
    }

   private:
    const Tablebase::Impl& impl_;
    const std::vector<tb::BlockPlace>& places_;
    tb::Decompressor decompressor_;
    tb::Payload payload_;
    std::vector<std::uint8_t> frame_;
  };

  const Tablebase::Impl& impl_;
  const std::vector<tb::BlockPlace>& places_;
};

// The code source the header describes, without its places (for the memory it needs).
class HeaderShape : public detail::CodeSource {
 public:
  explicit HeaderShape(const tb::Header& header)
      : CodeSource(header.states, header.block_states, header.remoteness,
                   header.counts.max_remoteness.value_or(0)) {}
  std::unique_ptr<Reader> reader() const override { return nullptr; }
};

// The refusal of a check or table needing `needed` bytes over `memory_limit` (0: none), before it
// is allocated.
Status check_memory(const Tablebase& tablebase, std::uint64_t needed, const char* what,
                    std::uint64_t memory_limit) {
  if (memory_limit == 0 || needed <= memory_limit) return {};
  Error error = detail::memory_error(
      fmt::format("{} of {} states the header claims", what, tablebase.info().states), needed,
      memory_limit);
  error.where.source = tablebase.source();
  return error;
}

TablebaseCheck corrupt(Error error, std::optional<std::uint64_t> block) {
  return {TablebaseVerdict::kCorrupt, std::move(error), block};
}

TablebaseCheck unreadable(Error error) {
  return {TablebaseVerdict::kUnreadable, std::move(error), std::nullopt};
}

Error counts_error(const Tablebase::Impl& impl) {
  return impl.error(at_field(ErrorField::kHeader),
                    "the counts of the header do not match the table");
}

Error certificate_error(const Tablebase::Impl& impl, std::uint64_t block, const Error& state) {
  return impl.error(at_field(ErrorField::kBlock, block, state.where.field_text()),
                    "certificate check failed: " + state.message);
}

// k cats: the whole table in memory, then the per-state check of solve/verify.hpp, blocks shared
// out among the threads; the first failing block counts.
TablebaseCheck verify_whole(const Tablebase& tablebase, const Tablebase::Impl& impl,
                            unsigned threads) {
  auto read = read_table(impl);
  if (auto* failure = std::get_if<Failure>(&read)) {
    return corrupt(std::move(failure->error), failure->block);
  }
  const Table& table = std::get<Table>(read);
  const Game& game = tablebase.game();
  const Counts counts = queries::counts(game, queries::TableSource(table));
  if (!same_counts(counts, tablebase.info().counts))
    return corrupt(counts_error(impl), std::nullopt);
  const std::uint64_t block_states = tablebase.info().block_states;
  std::atomic<std::uint64_t> first_failure{UINT64_MAX};
  std::mutex mutex;
  std::optional<Error> failure;
  std::optional<detail::WorkerPool> pool;
  try {
    pool.emplace(resolve_threads(threads));
  } catch (const std::system_error& error) {
    return unreadable(detail::thread_error(resolve_threads(threads), error.code().message()));
  }
  pool->run(true, static_cast<std::size_t>(tablebase.info().blocks), 64,
            [&](std::size_t first, std::size_t last, unsigned) {
              for (std::uint64_t b = first; b < last && b < first_failure.load(); ++b) {
                Status ok = catmouse::verify(game, table, b * block_states, (b + 1) * block_states);
                if (ok) continue;
                const std::lock_guard lock(mutex);
                if (b < first_failure.load()) {
                  first_failure.store(b);
                  failure = certificate_error(impl, b, ok.error());
                }
                return;
              }
            });
  if (failure) return corrupt(std::move(*failure), first_failure.load());
  return {};
}

// One cat: the streaming check over the file's blocks.
TablebaseCheck verify_streaming(const Tablebase& tablebase, const Tablebase::Impl& impl,
                                unsigned threads) {
  auto index = read_index(impl);
  if (auto* failure = std::get_if<Failure>(&index)) {
    return corrupt(std::move(failure->error), failure->block);
  }
  const FileCodeSource source(impl, std::get<std::vector<tb::BlockPlace>>(index));
  std::optional<detail::StreamFailure> failure;
  try {
    detail::WorkerPool pool(resolve_threads(threads));
    failure = detail::stream_verify(tablebase.game(), source, pool, &tablebase.info().counts);
  } catch (const std::system_error& error) {
    return unreadable(detail::thread_error(resolve_threads(threads), error.code().message()));
  } catch (const std::bad_alloc&) {
    Error error = detail::out_of_memory_error("out of memory during the check");
    error.where.source = tablebase.source();
    return unreadable(std::move(error));
  }
  if (!failure) return {};
  switch (failure->kind) {
    case detail::StreamFailure::Kind::kRead:
      return corrupt(std::move(*failure->error), failure->block);
    case detail::StreamFailure::Kind::kCounts:
      return corrupt(counts_error(impl), std::nullopt);
    case detail::StreamFailure::Kind::kState:
      break;
  }
  return corrupt(certificate_error(impl, failure->block, *failure->error), failure->block);
}

}  // namespace

Result<Solution> Tablebase::load(std::uint64_t memory_limit) const {
  if (Status ok = check_memory(*this, table_bytes(), "the table", memory_limit); !ok) {
    return ok.error();
  }
  auto table = read_table(*impl_);
  if (auto* failure = std::get_if<Failure>(&table)) return std::move(failure->error);
  return Solution(impl_->game->copy(), std::move(std::get<Table>(table)), info().engine);
}

std::uint64_t Tablebase::verify_bytes(unsigned threads) const {
  const HeaderShape shape(impl_->header);
  if (!detail::streamable(game(), shape)) return table_bytes();
  // The index is read whole, and its places kept.
  const std::uint64_t index =
      tb::index_bytes(info().blocks) + info().blocks * sizeof(tb::BlockPlace);
  return detail::stream_verify_bytes(game().node_count(), shape, resolve_threads(threads)) + index;
}

TablebaseCheck Tablebase::verify(unsigned threads, std::uint64_t memory_limit) const {
  if (Status ok = detail::check_threads(threads); !ok) return unreadable(ok.error());
  const bool streaming = detail::streamable(game(), HeaderShape(impl_->header));
  if (Status ok = check_memory(*this, verify_bytes(threads), streaming ? "the check" : "the table",
                               memory_limit);
      !ok) {
    return unreadable(ok.error());
  }
  return streaming ? verify_streaming(*this, *impl_, threads)
                   : verify_whole(*this, *impl_, threads);
}

TablebaseCheck verify_tablebase(const std::string& path, unsigned threads) {
  Result<Tablebase> tablebase = Tablebase::open(path);
  if (!tablebase.ok()) {
    return {TablebaseVerdict::kUnreadable, tablebase.error(), std::nullopt};
  }
  return tablebase->verify(threads);
}

}  // namespace catmouse
