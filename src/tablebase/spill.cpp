// The size estimates of zstd's contexts (ZSTD_estimate*) are in its advanced API, which the
// shared library exports.
#define ZSTD_STATIC_LINKING_ONLY
#include "tablebase/spill.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <utility>

#include "catmouse/io/atomic_file.hpp"  // write_failure_kind
#include "tablebase/format.hpp"

namespace catmouse::tablebase {

namespace {

constexpr std::uint8_t kMaxSparse = 6;
constexpr std::uint8_t kDenseCat = 0x40, kDenseMouse = 0x41, kDenseMixed = 0x42;
constexpr std::uint8_t kMouseBit = 0x40;
// The most bytes one entry takes: a varint gap, a tag, two words.
constexpr std::size_t kMaxEntryBytes = 10 + 1 + 16;

// The spill file is the save's own: what fails in it is output lost (a full disk, an I/O error, a
// frame that does not read back as written), unless `kind` says otherwise.
Error spill_error(const std::string& path, std::string message,
                  ErrorKind kind = ErrorKind::kOutputLost) {
  Error error{std::move(message), {}, kind};
  error.where.source = path;
  error.where.field = ErrorField::kSpill;
  return error;
}

Error errno_error(const std::string& path, const char* what) {
  return spill_error(path, fmt::format("{}: {}", what, std::strerror(errno)));
}

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(0x80 | (v & 0x7f)));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void put_word(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace

namespace {

// The most bytes a frame of entries holds for a table of `states` states (a small table's
// frames hold all of it).
std::uint64_t frame_bytes(StateIndex states) {
  return std::min<std::uint64_t>(kSpillFrameBytes, (states + 63) / 64 * kMaxEntryBytes) +
         kMaxEntryBytes;
}

}  // namespace

std::uint64_t spill_write_memory(StateIndex states) {
  const std::uint64_t raw = frame_bytes(states);
  // The frame being filled is a string, which doubles as it grows.
  return 2 * raw + ZSTD_compressBound(raw) +
         ZSTD_estimateCCtxSize_usingCParams(ZSTD_getCParams(kSpillLevel, raw, 0));
}

std::uint64_t spill_read_memory(std::size_t levels, StateIndex states) {
  const std::uint64_t raw = frame_bytes(states);
  return levels * raw + ZSTD_compressBound(raw) + ZSTD_estimateDCtxSize();
}

// ---- SpillIndex -------------------------------------------------------------------------------

Counts SpillIndex::counts(StateIndex valid_states, bool remoteness) const {
  Counts counts;
  counts.states = valid_states;
  for (std::size_t level = 0; level < levels.size(); ++level) {
    const SpillLevel& l = levels[level];
    counts.mouse_wins += l.mouse_wins;
    counts.cat_wins += l.states - l.mouse_wins;
    if (remoteness && l.states > 0) counts.max_remoteness = static_cast<std::uint32_t>(level);
  }
  counts.draws = valid_states - counts.mouse_wins - counts.cat_wins;
  return counts;
}

StateIndex SpillIndex::decided() const {
  StateIndex total = 0;
  for (const SpillLevel& l : levels) total += l.states;
  return total;
}

// ---- SpillFile --------------------------------------------------------------------------------

Result<SpillFile> SpillFile::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    // Where the file goes is at fault (a folder that is not there, one not writable), as for
    // any output file.
    Location where;
    where.source = path;
    return Error{fmt::format("cannot write: {}", std::strerror(errno)), std::move(where),
                 write_failure_kind(errno)};
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const bool busy = errno == EWOULDBLOCK;
    Error error = busy ? spill_error(path, "another catmouse is saving with this spill file",
                                     ErrorKind::kResources)
                       : errno_error(path, "cannot lock the spill file");
    ::close(fd);
    return error;
  }
  return SpillFile(path, fd);
}

SpillFile::SpillFile(SpillFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)), end_(other.end_) {}

SpillFile& SpillFile::operator=(SpillFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
    end_ = other.end_;
  }
  return *this;
}

SpillFile::~SpillFile() {
  if (fd_ >= 0) ::close(fd_);
}

Result<std::uint64_t> SpillFile::size() const {
  struct stat st {};
  if (::fstat(fd_, &st) != 0) return errno_error(path_, "cannot read the spill file");
  return static_cast<std::uint64_t>(st.st_size);
}

Status SpillFile::truncate(std::uint64_t bytes) {
  if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0) {
    return errno_error(path_, "cannot cut the spill file");
  }
  end_ = bytes;
  return {};
}

Status SpillFile::append(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::pwrite(fd_, bytes.data(), bytes.size(), static_cast<off_t>(end_));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return errno_error(path_, "write error");
    bytes.remove_prefix(static_cast<std::size_t>(n));
    end_ += static_cast<std::uint64_t>(n);
  }
  return {};
}

Status SpillFile::sync() {
  if (::fdatasync(fd_) != 0) return errno_error(path_, "write error");
  return {};
}

Status SpillFile::read(std::uint64_t offset, std::span<char> out) const {
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n =
        ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno_error(path_, "read error");
    if (n == 0) return spill_error(path_, "the spill file is shorter than its index says");
    done += static_cast<std::size_t>(n);
  }
  return {};
}

void SpillFile::remove() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());
  ::close(std::exchange(fd_, -1));
}

// ---- SpillWriter ------------------------------------------------------------------------------

SpillWriter::SpillWriter(SpillFile& file, SpillIndex& index, StateIndex states,
                         std::function<Status(std::uint32_t)> level_done)
    : file_(file),
      index_(index),
      states_(states),
      level_done_(std::move(level_done)),
      context_(ZSTD_createCCtx()) {
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_compressionLevel, kSpillLevel);
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_checksumFlag, 0);
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_dictIDFlag, 0);
}

void SpillWriter::add(const LevelWord& word) {
  if (error_ || word.states == 0) return;
  const std::uint64_t w = word.first >> 6;
  const unsigned shift = word.first & 63;
  put(w, word.states << shift, word.mouse << shift);
  if (shift != 0) put(w + 1, word.states >> (64 - shift), word.mouse >> (64 - shift));
}

void SpillWriter::add_state(StateIndex state, bool mouse) {
  if (!error_) unordered_.push_back(state << 1 | (mouse ? 1 : 0));
}

void SpillWriter::put(std::uint64_t word, std::uint64_t states, std::uint64_t mouse) {
  if (states == 0 || error_) return;
  const bool out_of_order = pending_word_ != UINT64_MAX && word < pending_word_;
  if (out_of_order || word >= (states_ + 63) / 64) {
    error_ = spill_error(file_.path(), fmt::format("state {} handed out of order", word * 64),
                         ErrorKind::kInternal);
    return;
  }
  if (word != pending_word_) {
    if (pending_word_ != UINT64_MAX) encode(pending_word_, pending_states_, pending_mouse_);
    pending_word_ = word;
    pending_states_ = pending_mouse_ = 0;
  }
  pending_states_ |= states;
  pending_mouse_ |= mouse & states;
}

void SpillWriter::encode(std::uint64_t word, std::uint64_t states, std::uint64_t mouse) {
  if (error_) return;
  if (raw_.empty()) {
    frame_first_ = word;
    put_varint(raw_, word);
  } else {
    put_varint(raw_, word - last_word_ - 1);
  }
  last_word_ = word;
  const int count = std::popcount(states);
  level_.states += static_cast<std::uint64_t>(count);
  level_.mouse_wins += static_cast<std::uint64_t>(std::popcount(mouse));
  if (count <= kMaxSparse) {
    raw_.push_back(static_cast<char>(count));
    for (std::uint64_t b = states; b != 0; b &= b - 1) {
      const int j = std::countr_zero(b);
      raw_.push_back(static_cast<char>(j | ((mouse >> j) & 1 ? kMouseBit : 0)));
    }
  } else if (mouse == 0 || mouse == states) {
    raw_.push_back(static_cast<char>(mouse == 0 ? kDenseCat : kDenseMouse));
    put_word(raw_, states);
  } else {
    raw_.push_back(static_cast<char>(kDenseMixed));
    put_word(raw_, states);
    put_word(raw_, mouse);
  }
  if (raw_.size() >= kSpillFrameBytes) {
    if (Status ok = flush_frame(); !ok) error_ = ok.error();
  }
}

Status SpillWriter::flush_frame() {
  if (raw_.empty()) return {};
  compressed_.resize(ZSTD_compressBound(raw_.size()));
  const std::size_t n = ZSTD_compress2(context_.get(), compressed_.data(), compressed_.size(),
                                       raw_.data(), raw_.size());
  if (ZSTD_isError(n)) {
    return spill_error(file_.path(), std::string("compression failed: ") + ZSTD_getErrorName(n));
  }
  compressed_.resize(n);
  SpillFrame frame;
  frame.first_word = frame_first_;
  frame.offset = index_.bytes;
  frame.bytes = static_cast<std::uint32_t>(n);
  frame.checksum = checksum(compressed_, index_.levels.size());
  if (Status ok = file_.append(compressed_); !ok) return ok;
  index_.bytes += n;
  level_.frames.push_back(frame);
  raw_.clear();
  return {};
}

Status SpillWriter::finish_level(std::uint32_t level) {
  if (level != index_.levels.size()) {
    return spill_error(
        file_.path(),
        fmt::format("level {} handed out after level {}", level, index_.levels.size()),
        ErrorKind::kInternal);
  }
  if (!unordered_.empty()) {
    std::sort(unordered_.begin(), unordered_.end());
    for (std::uint64_t entry : unordered_) {
      const StateIndex state = entry >> 1;
      const std::uint64_t bit = std::uint64_t{1} << (state & 63);
      put(state >> 6, bit, entry & 1 ? bit : 0);
    }
    unordered_.clear();
    unordered_.shrink_to_fit();
  }
  if (pending_word_ != UINT64_MAX) encode(pending_word_, pending_states_, pending_mouse_);
  pending_word_ = UINT64_MAX;
  if (error_) return *error_;
  if (Status ok = flush_frame(); !ok) return ok;
  index_.levels.push_back(std::move(level_));
  level_ = SpillLevel();
  return level_done_ ? level_done_(level) : Status();
}

bool SpillWriter::end_level(std::uint32_t level) {
  if (error_) return false;
  if (Status ok = finish_level(level); !ok) {
    error_ = ok.error();
    return false;
  }
  return true;
}

// ---- Reading ----------------------------------------------------------------------------------

void SpillFrameReader::reset(std::span<const std::uint8_t> raw, std::uint64_t words) {
  raw_ = raw;
  at_ = 0;
  words_ = words;
  last_ = 0;
  first_ = true;
  failed_ = false;
}

bool SpillFrameReader::next(LevelWord& entry) {
  if (failed_ || at_ >= raw_.size()) return false;
  const auto fail = [&] {
    failed_ = true;
    return false;
  };
  std::uint64_t gap = 0;
  for (int shift = 0;; shift += 7) {
    if (at_ >= raw_.size() || shift > 63) return fail();
    const std::uint8_t byte = raw_[at_++];
    gap |= std::uint64_t{byte & 0x7fu} << shift;
    if ((byte & 0x80) == 0) break;
  }
  const std::uint64_t word = first_ ? gap : last_ + 1 + gap;
  if (word < gap || word >= words_ || (!first_ && word <= last_)) return fail();
  first_ = false;
  last_ = word;
  if (at_ >= raw_.size()) return fail();
  const std::uint8_t tag = raw_[at_++];
  std::uint64_t states = 0, mouse = 0;
  const auto read_word = [&](std::uint64_t& out) {
    if (raw_.size() - at_ < 8) return false;
    out = 0;
    for (int i = 0; i < 8; ++i) out |= std::uint64_t{raw_[at_ + i]} << (8 * i);
    at_ += 8;
    return true;
  };
  if (tag >= 1 && tag <= kMaxSparse) {
    if (raw_.size() - at_ < tag) return fail();
    int previous = -1;
    for (int k = 0; k < tag; ++k) {
      const std::uint8_t byte = raw_[at_++];
      const int j = byte & 63;
      if (byte > (63 | kMouseBit) || j <= previous) return fail();
      previous = j;
      states |= std::uint64_t{1} << j;
      if (byte & kMouseBit) mouse |= std::uint64_t{1} << j;
    }
  } else if (tag == kDenseCat || tag == kDenseMouse || tag == kDenseMixed) {
    if (!read_word(states) || std::popcount(states) <= kMaxSparse) return fail();
    if (tag == kDenseMouse) mouse = states;
    if (tag == kDenseMixed && (!read_word(mouse) || (mouse & ~states) != 0)) return fail();
  } else {
    return fail();
  }
  entry = {word * 64, states, mouse};
  return true;
}

SpillFrameLoader::SpillFrameLoader(const SpillFile& file)
    : file_(file), context_(ZSTD_createDCtx()) {
  compressed_.reserve(ZSTD_compressBound(kSpillFrameBytes + kMaxEntryBytes));
}

Status SpillFrameLoader::load(std::uint32_t level, const SpillFrame& frame,
                              std::vector<std::uint8_t>& raw) {
  const auto corrupt = [&](const std::string& what) {
    return spill_error(file_.path(),
                       fmt::format("level {}, frame at byte {}: {}", level, frame.offset, what));
  };
  compressed_.resize(frame.bytes);
  if (Status ok = file_.read(frame.offset, compressed_); !ok) return ok;
  const std::string_view bytes(compressed_.data(), compressed_.size());
  if (checksum(bytes, level) != frame.checksum) return corrupt("checksum mismatch");
  const unsigned long long size = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN ||
      size > kSpillFrameBytes + kMaxEntryBytes) {
    return corrupt("not a frame of entries");
  }
  raw.resize(static_cast<std::size_t>(size));
  const std::size_t n =
      ZSTD_decompressDCtx(context_.get(), raw.data(), raw.size(), bytes.data(), bytes.size());
  if (ZSTD_isError(n) || n != size) return corrupt("cannot be decompressed");
  return {};
}

SpillReplay::SpillReplay(const SpillFile& file, const SpillIndex& index, StateIndex states)
    : file_(file), index_(index), states_(states) {}

std::uint32_t SpillReplay::last_level() const {
  return static_cast<std::uint32_t>(index_.levels.size() - 1);
}

bool SpillReplay::replay(const Visitor& f) {
  SpillFrameLoader loader(file_);
  SpillFrameReader reader;
  std::vector<std::uint8_t> raw;
  std::vector<LevelWord> words;
  const std::uint64_t total_words = (states_ + 63) / 64;
  for (std::uint32_t level = 0; level < index_.levels.size(); ++level) {
    for (const SpillFrame& frame : index_.levels[level].frames) {
      if (Status ok = loader.load(level, frame, raw); !ok) {
        error_ = ok.error();
        return false;
      }
      reader.reset(raw, total_words);
      words.clear();
      for (LevelWord word; reader.next(word);) words.push_back(word);
      if (reader.failed() || words.empty() || words.front().first != frame.first_word * 64) {
        error_ = spill_error(file_.path(), fmt::format("level {}, frame at byte {}: malformed "
                                                       "entries",
                                                       level, frame.offset));
        return false;
      }
      f(level, words);
    }
  }
  return true;
}

// ---- SpillCodes -------------------------------------------------------------------------------

SpillCodes::SpillCodes(const SpillFile& file, const SpillIndex& index, StateIndex states,
                       bool remoteness)
    : path_(file.path()), index_(index), states_(states), remoteness_(remoteness), loader_(file) {
  // Each cursor's frame is allocated here, at its largest, so that it lies in this thread's heap:
  // the writer fills its blocks on a thread of its own, whose heap glibc does not hand back.
  cursors_.resize(index.levels.size());
  for (std::uint32_t level = 0; level < cursors_.size(); ++level) {
    cursors_[level].level = level;
    cursors_[level].raw.reserve(kSpillFrameBytes + kMaxEntryBytes);
  }
  restart();
}

void SpillCodes::restart() {
  heap_.clear();
  for (Cursor& c : cursors_) {
    c.frame = 0;
    c.loaded = false;
    const auto& frames = index_.levels[c.level].frames;
    if (frames.empty()) continue;
    c.word = frames.front().first_word;
    heap_.push_back(c.level);
  }
  std::make_heap(heap_.begin(), heap_.end(), [&](std::uint32_t a, std::uint32_t b) {
    return cursors_[a].word > cursors_[b].word;
  });
  next_ = 0;
}

Status SpillCodes::load(Cursor& c) {
  const SpillFrame& frame = index_.levels[c.level].frames[c.frame];
  if (Status ok = loader_.load(c.level, frame, c.raw); !ok) return ok;
  c.reader.reset(c.raw, (states_ + 63) / 64);
  c.loaded = true;
  if (!c.reader.next(c.next) || c.next.first != frame.first_word * 64) {
    return spill_error(
        path_, fmt::format("level {}, frame at byte {}: malformed entries", c.level, frame.offset));
  }
  c.word = c.next.first / 64;
  return {};
}

Result<bool> SpillCodes::advance(Cursor& c) {
  if (c.reader.next(c.next)) {
    c.word = c.next.first / 64;
    return true;
  }
  const auto& frames = index_.levels[c.level].frames;
  if (c.reader.failed()) {
    return spill_error(path_, fmt::format("level {}, frame at byte {}: malformed entries", c.level,
                                          frames[c.frame].offset));
  }
  c.loaded = false;
  if (++c.frame == frames.size()) return false;
  c.word = frames[c.frame].first_word;
  return true;
}

Result<bool> SpillCodes::seek(Cursor& c, std::uint64_t target) {
  const auto& frames = index_.levels[c.level].frames;
  // The last frame that starts at or before the target; frames start in increasing order.
  const auto after = std::upper_bound(
      frames.begin() + static_cast<std::ptrdiff_t>(c.frame) + 1, frames.end(), target,
      [](std::uint64_t t, const SpillFrame& f) { return t < f.first_word; });
  const auto frame = static_cast<std::size_t>(after - frames.begin()) - 1;
  if (frame != c.frame) {
    c.frame = frame;
    c.loaded = false;
    c.word = frames[frame].first_word;
  }
  while (c.word < target) {
    if (!c.loaded) {
      if (Status ok = load(c); !ok) return ok.error();
      if (c.word >= target) break;
    }
    Result<bool> more = advance(c);
    if (!more.ok() || !*more) return more;
  }
  return true;
}

Status SpillCodes::fill(StateIndex first, std::span<std::uint32_t> codes) {
  if (first < next_) restart();
  next_ = first + codes.size();
  std::fill(codes.begin(), codes.end(), 0);
  const std::uint64_t lo = first / 64, hi = (first + codes.size() + 63) / 64;
  const auto later = [&](std::uint32_t a, std::uint32_t b) {
    return cursors_[a].word > cursors_[b].word;
  };
  std::vector<std::uint32_t> done;
  while (!heap_.empty() && cursors_[heap_.front()].word < hi) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    Cursor& c = cursors_[heap_.back()];
    heap_.pop_back();
    Result<bool> more = c.word < lo ? seek(c, lo) : Result<bool>(true);
    while (more.ok() && *more && c.word < hi) {
      if (!c.loaded) {
        if (Status ok = load(c); !ok) return ok;
        if (c.word >= hi) break;
      }
      const std::uint32_t cat = remoteness_ ? 2 + 2 * c.level : 2;
      const StateIndex at = c.next.first - first;
      const std::uint64_t states = c.next.states, mouse = c.next.mouse;
      if (at + 64 - std::countl_zero(states) > codes.size()) {
        return spill_error(path_, "a state past the table's end");
      }
      std::uint32_t* out = codes.data() + at;
      if (states == ~std::uint64_t{0} && (mouse == 0 || mouse == states)) {
        std::fill_n(out, 64, mouse == 0 ? cat : cat - 1);  // a word decided whole, one value
      } else {
        for (std::uint64_t b = states; b != 0; b &= b - 1) {
          const int j = std::countr_zero(b);
          out[j] = cat - ((mouse >> j) & 1);
        }
      }
      more = advance(c);
    }
    if (!more.ok()) return more.error();
    if (*more) done.push_back(c.level);
  }
  for (std::uint32_t level : done) {
    heap_.push_back(level);
    std::push_heap(heap_.begin(), heap_.end(), later);
  }
  return {};
}

}  // namespace catmouse::tablebase
