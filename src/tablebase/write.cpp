// The size estimates of zstd's contexts (ZSTD_estimate*) are in its advanced API, which the
// shared library exports.
#define ZSTD_STATIC_LINKING_ONLY
#include <fmt/format.h>
#include <zstd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "catmouse/io/atomic_file.hpp"
#include "catmouse/tablebase/save.hpp"
#include "solve/engines.hpp"
#include "solve/worker_pool.hpp"
#include "tablebase/codec.hpp"
#include "tablebase/format.hpp"
#include "tablebase/writer.hpp"

namespace catmouse::tablebase {

namespace {

// A dictionary is tried once a table has this many blocks, trained on at most this many of them,
// of at most zstd's default size (the best in docs/performance.md), and at most a sixteenth of
// the samples; it is kept only when it pays for itself on the samples.
constexpr std::uint64_t kMinDictionaryBlocks = 64;
constexpr std::uint64_t kDictionarySamples = 4096;
constexpr std::size_t kDictionaryCapacity = 112640;
constexpr std::size_t kMinDictionary = 1024;
// Blocks filled at once, then compressed over the threads: enough that a worker woken late on
// a busy machine still finds its share (64 left the second of two threads a tenth of the
// blocks at n = 100,000 under a load of 6).
constexpr std::size_t kBatchBlocksPerThread = 256;
// What zstd's dictionary trainer (fastCover, as ZDICT_trainFromBuffer runs it: 2^20 hash
// buckets) allocates besides the samples: a table of counts, its copy and a table of segment
// counts per try (10 MiB), the dictionary three times over, and a context to score each try.
constexpr std::uint64_t kTrainerBytes = std::uint64_t{10} << 20;

std::uint32_t code_bytes_for(std::uint64_t max_code) {
  return max_code < (1u << 8) ? 1 : max_code < (1u << 16) ? 2 : 4;
}

// The most bytes a block's payload takes when no code is wider than `code_bytes`: each plane
// takes at least a quarter of the states left (codec.cpp), so the bitmaps add up to at most half
// a byte a state, and the codes left take `code_bytes` each.
std::uint64_t payload_bound(std::uint32_t states, std::uint32_t code_bytes) {
  return 2 + kMaxPlanes * 5 + states / 2 + std::uint64_t{code_bytes} * states;
}

std::uint64_t context_bytes(int level, std::uint64_t payload) {
  return ZSTD_estimateCCtxSize_usingCParams(ZSTD_getCParams(level, payload, 0));
}

std::uint64_t trainer_bytes(std::uint64_t sample_bytes, std::size_t samples, int level,
                            std::uint64_t largest) {
  return kTrainerBytes + 3 * kDictionaryCapacity + 16 * std::uint64_t{samples} + sample_bytes +
         context_bytes(level, largest) + ZSTD_compressBound(largest);
}

Error option_error(const std::string& path, std::string message) {
  Error error{std::move(message), {}};
  error.where.source = path;
  error.where.field = ErrorField::kOption;
  return error;
}

Status check_options(const std::string& path, const TableDescription& table,
                     const TablebaseWriteOptions& options) {
  const std::uint32_t b = options.block_states;
  if (b < 64 || b > (1u << 20) || b % 64 != 0) {
    return option_error(path, fmt::format("{} states per block; give a multiple of 64 from 64 to "
                                          "1048576",
                                          b));
  }
  if (options.level < ZSTD_minCLevel() || options.level > ZSTD_maxCLevel()) {
    return option_error(path, fmt::format("zstd level {} out of range ({}..{})", options.level,
                                          ZSTD_minCLevel(), ZSTD_maxCLevel()));
  }
  if (table.counts.max_remoteness.value_or(0) > kMaxStoredRemoteness) {
    return option_error(path, "a remoteness beyond what the format can store");
  }
  return {};
}

// The block's states: all of them but in the last block.
std::uint32_t block_size(const TableDescription& table, std::uint32_t block_states,
                         std::uint64_t block) {
  return static_cast<std::uint32_t>(
      std::min<StateIndex>(block_states, table.states - block * block_states));
}

// The dictionary's samples: every step-th block's payload, one after another in `joined`.
struct Samples {
  std::string joined;
  std::vector<std::size_t> sizes;
  std::size_t largest = 0;
};

// Trains a dictionary on the blocks' payloads when it pays for itself; none when `memory_budget`
// (0: no bound) cannot hold the samples and the trainer's memory.
Result<std::string> dictionary_for(const TableDescription& table, const CodeSource& source,
                                   std::uint64_t blocks, const TablebaseWriteOptions& options,
                                   std::uint64_t memory_budget) {
  if (!options.dictionary || blocks < kMinDictionaryBlocks) return std::string();
  const std::uint64_t step = std::max<std::uint64_t>(1, blocks / kDictionarySamples);
  Samples samples;
  std::vector<std::uint32_t> codes;
  for (std::uint64_t b = 0; b < blocks; b += step) {
    codes.resize(block_size(table, options.block_states, b));
    if (Status ok = source(b * options.block_states, codes); !ok) return ok.error();
    const std::size_t before = samples.joined.size();
    encode_payload(codes, samples.joined);
    samples.sizes.push_back(samples.joined.size() - before);
    samples.largest = std::max(samples.largest, samples.sizes.back());
    // The string doubles as it grows: its capacity is what it holds.
    if (memory_budget != 0 && trainer_bytes(samples.joined.capacity(), samples.sizes.size(),
                                            options.level, samples.largest) > memory_budget) {
      return std::string();
    }
  }
  const std::size_t capacity = std::min(kDictionaryCapacity, samples.joined.size() / 16);
  if (capacity < kMinDictionary) return std::string();
  std::string dictionary = train_dictionary(samples.joined, samples.sizes, capacity);
  if (dictionary.empty()) return dictionary;
  // The samples' bytes with and without it, scaled to the whole table.
  const CompressionDictionary with(dictionary, options.level), without({}, options.level);
  Compressor small(options.level, with), plain(options.level, without);
  std::uint64_t with_bytes = 0, without_bytes = 0;
  std::string frame;
  std::size_t at = 0;
  for (const std::size_t size : samples.sizes) {
    const std::string_view sample(samples.joined.data() + at, size);
    at += size;
    if (Status ok = small.compress(sample, frame); !ok) return ok.error();
    with_bytes += frame.size();
    if (Status ok = plain.compress(sample, frame); !ok) return ok.error();
    without_bytes += frame.size();
  }
  if (with_bytes * step + dictionary.size() >= without_bytes * step) return std::string();
  return dictionary;
}

// Runs one job at a time on a thread of its own: the source filling the next batch of codes.
class Prefetcher {
 public:
  Prefetcher() : thread_([this] { loop(); }) {}
  Prefetcher(const Prefetcher&) = delete;
  Prefetcher& operator=(const Prefetcher&) = delete;
  ~Prefetcher() {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();  // after the job under way, whose data outlive this
  }
  void start(std::function<Status()> job) {
    {
      const std::lock_guard lock(mutex_);
      job_ = std::move(job);
      done_ = false;
    }
    changed_.notify_all();
  }
  // The status of the job started last, once it has run.
  Status wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return done_; });
    return result_;
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return stop_ || job_ != nullptr; });
      if (stop_) return;
      const std::function<Status()> job = std::exchange(job_, nullptr);
      lock.unlock();
      Status result = job();
      lock.lock();
      result_ = std::move(result);
      done_ = true;
      changed_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<Status()> job_;
  Status result_;
  bool done_ = true;
  bool stop_ = false;
  std::thread thread_;  // last: it starts once the rest exists
};

Header header_for(const TableDescription& table, std::uint64_t blocks,
                  const TablebaseWriteOptions& options, std::string dictionary) {
  Header h;
  h.remoteness = table.remoteness;
  h.engine = table.engine;
  h.cats = table.spec->rules.cats;
  h.nodes = table.spec->graph.node_count();
  h.block_states = options.block_states;
  h.states = table.states;
  h.blocks = blocks;
  h.counts = table.counts;
  h.level = options.level;
  h.spec = *table.spec;
  h.spec->source.clear();
  h.dictionary = std::move(dictionary);
  return h;
}

// Blocks per thread in a batch: as many as make the writer fast, as few as fit `memory_budget`
// (0: no bound) beside the dictionary's digest.
std::uint64_t batch_blocks_per_thread(const TableDescription& table,
                                      const TablebaseWriteOptions& options, unsigned threads,
                                      const std::string& dictionary, std::uint64_t memory_budget) {
  if (memory_budget == 0) return kBatchBlocksPerThread;
  const std::uint32_t width =
      code_bytes_for(max_code(table.remoteness, table.counts.max_remoteness));
  const std::uint64_t digest =
      dictionary.empty() ? 0 : ZSTD_estimateCDictSize(dictionary.size(), options.level);
  std::uint64_t blocks = kBatchBlocksPerThread;
  while (blocks > kMinBatchBlocksPerThread &&
         digest + threads * write_memory(options, width, blocks) > memory_budget) {
    blocks /= 2;
  }
  return std::max(blocks, kMinBatchBlocksPerThread);
}

}  // namespace

std::uint64_t write_memory(const TablebaseWriteOptions& options, std::uint32_t code_bytes,
                           std::uint64_t blocks_per_thread) {
  const std::uint64_t payload = payload_bound(options.block_states, code_bytes);
  const std::uint64_t block = 2 * 4 * std::uint64_t{options.block_states} + payload +
                              ZSTD_compressBound(static_cast<std::size_t>(payload));
  return context_bytes(options.level, payload) + blocks_per_thread * block;
}

namespace {

Status write_blocks(const std::string& path, const TableDescription& table,
                    const CodeSource& source, const TablebaseWriteOptions& options,
                    std::uint64_t memory_budget) try {
  if (Status ok = check_options(path, table, options); !ok) return ok;
  const std::uint64_t blocks = (table.states + options.block_states - 1) / options.block_states;
  Result<std::string> dictionary = dictionary_for(table, source, blocks, options, memory_budget);
  if (!dictionary.ok()) return dictionary.error();
#ifdef __GLIBC__
  // The samples and the trainer's tables leave holes in the heap that glibc would keep: handed
  // back before the batches are allocated, they are not counted twice.
  malloc_trim(0);
#endif
  Header header = header_for(table, blocks, options, std::move(dictionary).value());
  const std::string header_bytes = encode_header(header);

  Result<AtomicFile> file = AtomicFile::create(path);
  if (!file.ok()) return file.error();
  if (Status ok = file->write(header_bytes); !ok) return ok;

  const unsigned threads = resolve_threads(options.threads);
  detail::WorkerPool pool(threads);
  const CompressionDictionary shared(header.dictionary, options.level);
  std::vector<Compressor> compressors;
  for (unsigned t = 0; t < threads; ++t) compressors.emplace_back(options.level, shared);

  ByteWriter index;
  std::uint64_t offset = header_bytes.size();
  const std::size_t batch = static_cast<std::size_t>(
      batch_blocks_per_thread(table, options, threads, header.dictionary, memory_budget) * threads);
  // Two batches of codes: the source fills one on a thread of its own while the other is
  // compressed (the source is asked one batch at a time, in order, as before).
  std::vector<std::vector<std::uint32_t>> batches[2] = {
      std::vector<std::vector<std::uint32_t>>(batch),
      std::vector<std::vector<std::uint32_t>>(batch)};
  const auto fill = [&](std::uint64_t first, std::vector<std::vector<std::uint32_t>>& codes) {
    const std::size_t count =
        static_cast<std::size_t>(std::min<std::uint64_t>(batch, blocks - first));
    for (std::size_t i = 0; i < count; ++i) {
      codes[i].resize(block_size(table, options.block_states, first + i));
      if (Status ok = source((first + i) * options.block_states, codes[i]); !ok) return ok;
    }
    return Status();
  };
  std::vector<std::string> payloads(batch), frames(batch);
  // Every buffer of the batches is allocated here, at its largest, so that it lies in this
  // thread's heap: blocks grown by the filling and compressing threads would lie in theirs,
  // which glibc does not hand back when the writer is done.
  const std::uint64_t payload =
      payload_bound(options.block_states,
                    code_bytes_for(max_code(table.remoteness, table.counts.max_remoteness)));
  for (auto& codes : batches) {
    for (std::vector<std::uint32_t>& block : codes) block.reserve(options.block_states);
  }
  for (std::size_t i = 0; i < batch; ++i) {
    payloads[i].reserve(static_cast<std::size_t>(payload));
    frames[i].reserve(ZSTD_compressBound(static_cast<std::size_t>(payload)));
  }
  std::vector<Status> failures(batch);
  Prefetcher filler;
  if (blocks > 0) filler.start([&] { return fill(0, batches[0]); });
  for (std::uint64_t first = 0, turn = 0; first < blocks; first += batch, turn ^= 1) {
    if (Status ok = filler.wait(); !ok) return ok;
    const std::size_t count =
        static_cast<std::size_t>(std::min<std::uint64_t>(batch, blocks - first));
    const std::vector<std::vector<std::uint32_t>>& codes = batches[turn];
    if (first + batch < blocks) {
      filler.start([&fill, &batches, next = first + batch, other = turn ^ 1] {
        return fill(next, batches[other]);
      });
    }
    pool.run(true, count, 1, [&](std::size_t lo, std::size_t hi, unsigned thread) {
      for (std::size_t i = lo; i < hi; ++i) {
        payloads[i].clear();
        encode_payload(codes[i], payloads[i]);
        failures[i] = compressors[thread].compress(payloads[i], frames[i]);
      }
    });
    for (std::size_t i = 0; i < count; ++i) {
      if (!failures[i].ok()) return option_error(path, failures[i].error().message);
      index.u64(offset);
      index.u64(checksum(frames[i], first + i));
      if (Status ok = file->write(frames[i]); !ok) return ok;
      offset += frames[i].size();
    }
  }
  index.u64(offset);
  Footer footer;
  footer.index_offset = offset;
  footer.blocks = blocks;
  footer.index_checksum = checksum(index.bytes());
  footer.header_checksum = header.checksum;
  if (Status ok = file->write(index.bytes()); !ok) return ok;
  if (Status ok = file->write(encode_footer(footer)); !ok) return ok;
  return file->commit();
} catch (const std::system_error& failure) {
  // The compressing pool or the prefetching thread could not start (the system has no threads
  // left): an error, never a wait for workers that do not exist.
  return detail::thread_error(resolve_threads(options.threads), failure.code().message());
}

}  // namespace

Status write_file(const std::string& path, const TableDescription& table, const CodeSource& source,
                  const TablebaseWriteOptions& options, std::uint64_t memory_budget) {
  Status written = write_blocks(path, table, source, options, memory_budget);
#ifdef __GLIBC__
  // The batches' blocks are small allocations, spread over the threads' heaps: handed back, so
  // that what runs next (a stream of the file's rows) does not stack its memory on theirs.
  malloc_trim(0);
#endif
  return written;
}

}  // namespace catmouse::tablebase

namespace catmouse {

Status write_tablebase(const std::string& path, const Solution& solution,
                       const TablebaseWriteOptions& options) {
  const Table& table = solution.table();
  tablebase::TableDescription description;
  description.spec = &solution.spec();
  description.engine = solution.engine();
  description.remoteness = table.has_remoteness();
  description.counts = solution.counts();
  description.states = table.state_count();
  const bool remoteness = description.remoteness;
  const auto codes = [&](StateIndex first, std::span<std::uint32_t> out) -> Status {
    for (std::size_t j = 0; j < out.size(); ++j) {
      const StateIndex i = first + j;
      out[j] = tablebase::state_code({table.value(i), table.remoteness_raw(i)}, remoteness);
    }
    return {};
  };
  return tablebase::write_file(path, description, codes, options);
}

}  // namespace catmouse
