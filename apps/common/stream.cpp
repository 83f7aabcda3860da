#include "stream.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "errors.hpp"
#include "input.hpp"
#include "output.hpp"

namespace catmouse::cli {

namespace {

constexpr std::size_t kReadSize = std::size_t{1} << 20;
constexpr std::string_view kGraph6Header = ">>graph6<<";
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

}  // namespace

// ---- Reading ----------------------------------------------------------------------------------

LineReader::LineReader(const std::string& path) : source_(path == "-" ? "<stdin>" : path) {
  if (path == "-") {
    fd_ = STDIN_FILENO;
  } else {
    fd_ = open_input(path);  // a FIFO without a writer yet: waited for, saying so
    own_fd_ = true;
  }
  struct stat info {};
  if (::fstat(fd_, &info) == 0 && S_ISDIR(info.st_mode)) {
    if (own_fd_) ::close(fd_);
    throw InputError(fmt::format("{}: is a directory, not a file of graphs", source_));
  }
}

LineReader::~LineReader() {
  if (own_fd_) ::close(fd_);
}

bool LineReader::fill() {
  if (eof_) return false;
  if (begin_ > 0) {
    buffer_.erase(0, begin_);
    begin_ = 0;
  }
  const std::size_t old = buffer_.size();
  buffer_.resize(old + kReadSize);
  ssize_t got = 0;
  do {
    got = ::read(fd_, buffer_.data() + old, kReadSize);
  } while (got < 0 && errno == EINTR);
  if (got < 0) {
    const int error = errno;
    buffer_.resize(old);
    throw InputError(fmt::format("{}: read error: {}", source_, std::strerror(error)));
  }
  buffer_.resize(old + static_cast<std::size_t>(got));
  if (got == 0) eof_ = true;
  return got > 0;
}

bool LineReader::read_line(std::string_view& line) {
  std::size_t scanned = begin_;
  for (;;) {
    const std::size_t end = buffer_.find('\n', scanned);
    if (end != std::string::npos || (eof_ && begin_ < buffer_.size())) {
      const std::size_t stop = end == std::string::npos ? buffer_.size() : end;
      line = std::string_view(buffer_).substr(begin_, stop - begin_);
      begin_ = end == std::string::npos ? buffer_.size() : end + 1;
      ++number_;
      if (line.ends_with('\r')) line.remove_suffix(1);
      return true;
    }
    if (buffer_.size() - begin_ > kMaxLine) {
      throw InputError(fmt::format("{}:{}: a line longer than {} MiB; is this a text file?",
                                   source_, number_ + 1, kMaxLine >> 20));
    }
    scanned = buffer_.size() - begin_;
    if (!fill()) {
      if (begin_ == buffer_.size()) return false;
    }
    scanned += begin_;
  }
}

bool LineReader::next(std::string_view& line, std::uint64_t& number) {
  while (read_line(line)) {
    if (number_ == 1) {
      if (line.starts_with(kUtf8Bom)) line.remove_prefix(kUtf8Bom.size());
      if (drop_header_ && line.starts_with(kGraph6Header)) line.remove_prefix(kGraph6Header.size());
    }
    if (!blank(line)) {
      number = number_;
      return true;
    }
  }
  return false;
}

std::string_view LineReader::head() {
  if (begin_ == buffer_.size()) fill();
  return std::string_view(buffer_).substr(begin_);
}

std::string LineReader::read_all(std::uint64_t memory_limit) {
  std::size_t checked = begin_;
  for (;;) {
    check_input_piece(source_, std::string_view(buffer_).substr(checked), checked - begin_,
                      memory_limit);
    checked = buffer_.size();
    if (!fill()) break;
  }
  std::string all = buffer_.substr(begin_);
  begin_ = buffer_.size();
  return all;
}

bool LineReader::at_end() {
  // Read ahead past blank lines without taking the next line: compact first, so that the line
  // handed out last stays where it is only while nothing is read.
  for (;;) {
    const std::size_t end = buffer_.find('\n', begin_);
    const std::string_view rest = std::string_view(buffer_).substr(
        begin_, (end == std::string::npos ? buffer_.size() : end) - begin_);
    if (!blank(rest)) return false;
    if (end != std::string::npos) {
      begin_ = end + 1;
      ++number_;
      continue;
    }
    if (!fill()) return true;
  }
}

bool looks_like_graph6(std::string_view line) {
  if (line.starts_with(kUtf8Bom)) line.remove_prefix(kUtf8Bom.size());
  if (line.starts_with(kGraph6Header)) return true;
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return !line.empty() && std::all_of(line.begin(), line.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 63 && static_cast<unsigned char>(c) <= 126;
  });
}

std::string json_string(std::string_view graph6) {
  std::string out = "\"";
  for (char c : graph6) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

// ---- The tally --------------------------------------------------------------------------------

Tally::Entry& Tally::entry(std::uint32_t answer) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), answer,
                             [](const Entry& e, std::uint32_t a) { return e.answer < a; });
  if (it == entries_.end() || it->answer != answer) {
    it = entries_.insert(it, Entry{});
    it->answer = answer;
  }
  return *it;
}

Tally::Tally(std::vector<Entry> entries, std::uint64_t total)
    : entries_(std::move(entries)), total_(total) {
  std::sort(entries_.begin(), entries_.end(),
            [](const Entry& a, const Entry& b) { return a.answer < b.answer; });
}

void Tally::merge(const Tally& later) {
  for (const Entry& l : later.entries_) {
    Entry& e = entry(l.answer);
    e.count += l.count;
    if (l.longest && (!e.longest || *l.longest > *e.longest)) {
      e.longest = l.longest;
      e.example = l.example;
    }
  }
  total_ += later.total_;
}

std::string count_and_rate(std::uint64_t total, double seconds, const char* unit,
                           std::optional<std::uint64_t> timed) {
  const std::uint64_t seen = timed ? std::min(*timed, total) : total;
  const double rate = seconds > 0 ? static_cast<double>(seen) / seconds : 0.0;
  if (seen == total) return fmt::format("{} in {:.2f} s ({:.0f} {}/s)", total, seconds, rate, unit);
  return fmt::format("{} ({} in this run) in {:.2f} s ({:.0f} {}/s)", total, seen, seconds, rate,
                     unit);
}

std::string summary_text(const Tally& tally, double seconds, const char* unit,
                         const std::function<std::string(std::uint32_t)>& answer_name,
                         const std::function<std::string(std::uint32_t)>& measure_text,
                         std::optional<std::uint64_t> timed) {
  std::string out =
      fmt::format("{}: {}\n", unit, count_and_rate(tally.total(), seconds, unit, timed));
  for (const Tally::Entry& e : tally.entries()) {
    out += fmt::format("{}: {} {}", answer_name(e.answer), e.count,
                       e.count == 1 ? std::string_view(unit).substr(0, std::strlen(unit) - 1)
                                    : std::string_view(unit));
    if (e.longest) out += fmt::format(", longest {}: {}", measure_text(*e.longest), e.example);
    out += "\n";
  }
  return out;
}

InputError located_at(const InputError& error, std::uint64_t number, const std::string& source) {
  // The parser saw one line: name the file's line, and keep its column. Errors about options
  // name the line too.
  Error located = error.error().value_or(Error{error.what(), {}});
  if (!error.error() || located.where.source != source) {
    located.where = Location{};
    located.where.source = source;
  }
  located.where.line = number;
  if (error.error() && located.where.column == 0) located.where.column = 1;
  return InputError(located);
}

// ---- Running ----------------------------------------------------------------------------------

namespace {

// Lines handed to one thread at once, with what they gave.
struct Block {
  struct Item {
    std::uint64_t index, number;
    std::size_t offset, size;
  };
  std::string text;
  std::vector<Item> items;
  LineOutput out;
  std::exception_ptr error;  // the failure of the line numbered error_number
  std::uint64_t error_number = 0;
  double seconds = 0;  // the work's time
  bool done = false;
};

// Runs `work` over a block's lines; a throwing line ends the block, leaving nothing of its own.
void work_block(Block& block, unsigned worker,
                const std::function<void(const StreamLine&, LineOutput&)>& work) {
  const auto started = std::chrono::steady_clock::now();
  for (const Block::Item& item : block.items) {
    const std::size_t mark = block.out.text.size();
    try {
      work({item.index, item.number, std::string_view(block.text).substr(item.offset, item.size),
            false, worker},
           block.out);
    } catch (...) {
      block.out.text.resize(mark);
      block.error = std::current_exception();
      block.error_number = item.number;
      break;
    }
  }
  block.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

// The progress line on stderr: on a terminal rewritten in place once a run has taken a second,
// or with --progress one line a second wherever stderr goes.
class StreamProgress {
 public:
  StreamProgress(bool always, const char* unit)
      : always_(always), tty_(isatty(STDERR_FILENO) == 1), unit_(unit) {}
  ~StreamProgress() {
    if (printed_ && tty_) std::fputs("\r\033[K", stderr);
  }
  void update(std::uint64_t done, double seconds) {
    if (!always_ && !tty_) return;
    if (seconds < (printed_ ? last_ + (tty_ ? 0.25 : 1.0) : tty_ && !always_ ? 1.0 : 0.0)) return;
    last_ = seconds;
    std::fprintf(stderr, "%scatmouse: %llu %s, %.0f %s/s, %.1f s%s", tty_ ? "\r" : "",
                 static_cast<unsigned long long>(done), unit_,
                 seconds > 0 ? static_cast<double>(done) / seconds : 0.0, unit_, seconds,
                 tty_ ? "\033[K" : "\n");
    std::fflush(stderr);
    printed_ = true;
  }

 private:
  bool always_, tty_;
  const char* unit_;
  bool printed_ = false;
  double last_ = 0;
};

// Stdout, held back until 1 MiB or a second has gathered (see stream.hpp), then written as it
// comes.
class HeldOutput {
 public:
  void add(const std::string& text, double seconds) {
    held_ += text;
    if (streaming_ || held_.size() >= kReadSize || seconds >= 1.0) {
      streaming_ = true;
      flush();
    }
  }
  // Before a failure: what was held back is dropped, so a short input prints nothing; once
  // answers are streaming, those before the failing line go out.
  void add_before_failure(const std::string& text) {
    if (!streaming_) return;
    held_ += text;
    flush();
  }
  void flush() {
    if (!held_.empty()) print(held_);
    held_.clear();
  }

 private:
  std::string held_;
  bool streaming_ = false;
};

// The error of a line as the command line says it: with the file's line number.
[[noreturn]] void rethrow_at(const std::exception_ptr& error, std::uint64_t number,
                             const std::string& source) {
  try {
    std::rethrow_exception(error);
  } catch (const InputError& e) {
    throw located_at(e, number, source);
  } catch (const ExitCode&) {
    throw;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "catmouse: %s:%llu: out of memory (fewer --threads may fit)\n",
                 source.c_str(), static_cast<unsigned long long>(number));
    throw ExitCode{1};
  } catch (const std::exception& e) {
    std::fprintf(stderr, "catmouse: %s:%llu: internal error: %s\n", source.c_str(),
                 static_cast<unsigned long long>(number), e.what());
    throw ExitCode{1};
  }
}

// The threads and the blocks between them. The main thread reads blocks and writes answers; the
// workers take blocks in order and mark them done.
class Pipeline {
 public:
  Pipeline(LineReader& reader, const StreamOptions& options,
           const std::function<void(const StreamLine&, LineOutput&)>& work)
      : reader_(reader),
        options_(options),
        work_(work),
        progress_(options.progress, options.unit) {}

  // `first`: the block of the line already read.
  Tally run(std::unique_ptr<Block> first);

 private:
  std::unique_ptr<Block> next_block();
  std::unique_ptr<Block> read_block(std::size_t lines);
  std::size_t block_size();
  void worker(unsigned id);
  void emit(Block& block);

  LineReader& reader_;
  const StreamOptions& options_;
  const std::function<void(const StreamLine&, LineOutput&)>& work_;
  StreamProgress progress_;
  HeldOutput output_;
  Tally tally_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::uint64_t next_index_ = 2;
  std::unique_ptr<Block> first_;
  std::size_t last_size_ = 0;
  double work_seconds_ = 0;  // of the blocks written
  std::uint64_t work_lines_ = 0;

  std::mutex mutex_;
  std::condition_variable work_ready_, block_done_;
  std::deque<Block*> queue_;  // blocks to work on
  bool stop_ = false;
};

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::unique_ptr<Block> Pipeline::read_block(std::size_t lines) {
  auto block = std::make_unique<Block>();
  std::string_view line;
  std::uint64_t number = 0;
  while (block->items.size() < lines && block->text.size() < kReadSize &&
         reader_.next(line, number)) {
    block->items.push_back({next_index_++, number, block->text.size(), line.size()});
    block->text.append(line);
  }
  if (block->items.empty()) return nullptr;
  return block;
}

std::unique_ptr<Block> Pipeline::next_block() {
  if (first_) return std::move(first_);
  return read_block(block_size());
}

// About 20 ms of work, from the blocks done so far; doubling from one line until one is done.
std::size_t Pipeline::block_size() {
  constexpr std::size_t kMost = 4096;
  if (work_lines_ == 0 || work_seconds_ <= 0) {
    last_size_ = std::min(kMost, last_size_ == 0 ? 1 : 2 * last_size_);
  } else {
    const double per_line = work_seconds_ / static_cast<double>(work_lines_);
    last_size_ = static_cast<std::size_t>(std::clamp(0.02 / per_line, 1.0, double{kMost}));
  }
  return last_size_;
}

void Pipeline::worker(unsigned id) {
  for (;;) {
    Block* block = nullptr;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopped
      block = queue_.front();
      queue_.pop_front();
    }
    work_block(*block, id, work_);
    {
      std::lock_guard lock(mutex_);
      block->done = true;
    }
    block_done_.notify_all();
  }
}

void Pipeline::emit(Block& block) {
  work_seconds_ += block.seconds;
  work_lines_ += block.items.size();
  if (block.error) {
    output_.add_before_failure(block.out.text);
    rethrow_at(block.error, block.error_number, reader_.source());
  }
  output_.add(block.out.text, since(started_));
  tally_.merge(block.out.tally);
  progress_.update(tally_.total(), since(started_));
}

Tally Pipeline::run(std::unique_ptr<Block> first) {
  first_ = std::move(first);
  const unsigned threads = std::max(1u, options_.threads);
  if (threads == 1) {
    while (std::unique_ptr<Block> block = next_block()) {
      work_block(*block, 0, work_);
      emit(*block);
    }
    output_.flush();
    return std::move(tally_);
  }
  std::deque<std::unique_ptr<Block>> flight;  // in input order
  const std::size_t most = 4 * threads;
  std::vector<std::jthread> pool;
  // Stops and joins the workers however run() is left (an error rethrown from emit()).
  struct Stopper {
    Pipeline& p;
    std::vector<std::jthread>& pool;
    ~Stopper() {
      {
        std::lock_guard lock(p.mutex_);
        p.stop_ = true;
        p.queue_.clear();
      }
      p.work_ready_.notify_all();
      pool.clear();
    }
  } stopper{*this, pool};
  try {
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back([this, t] { worker(t); });
  } catch (const std::system_error& error) {
    // The system has no threads left: resources exhausted (the stopper joins those started).
    throw ResourceError(
        fmt::format("could not start {} worker threads: {}", threads, error.code().message()));
  }
  bool input_done = false;
  for (;;) {
    while (!input_done && flight.size() < most) {
      std::unique_ptr<Block> block = next_block();
      if (!block) {
        input_done = true;
        break;
      }
      {
        std::lock_guard lock(mutex_);
        queue_.push_back(block.get());
      }
      work_ready_.notify_one();
      flight.push_back(std::move(block));
    }
    if (flight.empty()) break;
    {
      std::unique_lock lock(mutex_);
      block_done_.wait(lock, [&] { return flight.front()->done; });
    }
    emit(*flight.front());
    flight.pop_front();
  }
  output_.flush();
  return std::move(tally_);
}

}  // namespace

Tally run_stream(LineReader& reader, const StreamOptions& options,
                 const std::function<void(const StreamLine&, LineOutput&)>& work) {
  std::string_view first;
  std::uint64_t number = 0;
  if (!reader.next(first, number)) return {};
  // One line alone is solved with every thread; otherwise each thread takes whole lines.
  const std::string line(first);
  if (reader.at_end()) {
    LineOutput out;
    try {
      work({1, number, line, true, 0}, out);
    } catch (...) {
      rethrow_at(std::current_exception(), number, reader.source());
    }
    print(out.text);
    return std::move(out.tally);
  }
  // The first line goes through the pipeline like the others, in a block of its own.
  auto block = std::make_unique<Block>();
  block->text = line;
  block->items.push_back({1, number, 0, line.size()});
  Pipeline pipeline(reader, options, work);
  return pipeline.run(std::move(block));
}

}  // namespace catmouse::cli
