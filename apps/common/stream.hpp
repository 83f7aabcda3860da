// Collections: a file or stdin read line by line in constant memory, the lines shared out among
// the threads in blocks, and each line's answer written to stdout in input order. Used by cops,
// copnumber and solve --batch.
//
// A block of lines goes to one thread at a time (a tiny graph costs microseconds, so sharing out
// single lines would cost more than the work); blocks grow or shrink to take about 20 ms each.
// At most 4 blocks per thread are under way or waiting to be written, so memory does not grow
// with the input. Answers are held back until 1 MiB of them, or one second, has gathered: a bad
// line in a short input prints nothing on stdout; past that, the answers of the lines before it
// may have been written, and never part of one line's.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/solve/cops.hpp"
#include "engine_options.hpp"
#include "errors.hpp"
#include "input.hpp"
#include "output.hpp"

namespace catmouse::cli {

// The lines of a file, or of stdin for "-", read in pieces. Throws InputError naming the file:
// cannot open, a directory, a read error, or a line longer than kMaxLine bytes (a file that is
// not text, such as /dev/zero).
class LineReader {
 public:
  static constexpr std::size_t kMaxLine = std::size_t{64} << 20;
  explicit LineReader(const std::string& path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  const std::string& source() const { return source_; }  // "<stdin>" or the path
  // The next line that is not blank (its number counts every line from 1), without its newline
  // or a final '\r'; valid until the next call. False at the end of the input. A UTF-8 byte
  // order mark and, after drop_graph6_header(), nauty's ">>graph6<<" are taken off line 1 (which
  // is then skipped if nothing else is on it).
  bool next(std::string_view& line, std::uint64_t& number);
  // The start of the unread input (at least one read's worth, up to 1 MiB, unless the input is
  // shorter), without taking it: for telling its format.
  std::string_view head();
  // All of the unread input, for a file that holds one graph; reads to the end. Checked as
  // read_input() checks a file (common.hpp): binary data and input past `memory_limit`'s bound
  // are refused as they arrive.
  std::string read_all(std::uint64_t memory_limit);
  // Whether no line but blank ones is left (reads ahead as far as needed).
  bool at_end();
  void drop_graph6_header() { drop_header_ = true; }

 private:
  bool fill();                             // reads more; false at the end of the input
  bool read_line(std::string_view& line);  // the next line, blank or not

  std::string source_;
  bool drop_header_ = false;
  int fd_ = -1;
  bool own_fd_ = false;
  bool eof_ = false;
  std::string buffer_;
  std::size_t begin_ = 0;  // the unread part of buffer_
  std::uint64_t number_ = 0;
};

// Whether a text's first non-blank line reads as graph6: nauty's header, or a line of graph6
// bytes only (63..126) with no space, which an edge list's first line ("nodes 5", "0 1") never is.
bool looks_like_graph6(std::string_view first_line);

// A graph6 line as a JSON string, quotes included: graph6 bytes are printable ASCII, and only
// the backslash needs escaping.
std::string json_string(std::string_view graph6);

// One line of a collection as a thread gets it.
struct StreamLine {
  std::uint64_t index;   // 1-based among the non-blank lines: the graph's or game's number
  std::uint64_t number;  // its line number in the file, for messages
  std::string_view text;
  bool alone;       // the input holds this one line: the thread may use every thread to solve it
  unsigned worker;  // 0 .. threads - 1: which thread, for per-thread state
};

// Counts by answer, each with the longest capture time or remoteness and the first graph (in
// input order) that reaches it. Answers are small numbers the command names (answer_name).
class Tally {
 public:
  struct Entry {
    std::uint32_t answer = 0;
    std::uint64_t count = 0;
    std::optional<std::uint32_t> longest;
    std::string example;
  };
  Tally() = default;
  // A tally as entries() and total() describe it (one made elsewhere, sent as data).
  Tally(std::vector<Entry> entries, std::uint64_t total);

  // `measure`: the capture time or remoteness, if any; example(): the graph6 line or a line
  // reference, asked for only when the measure sets a new longest.
  template <class Example>
  void add(std::uint32_t answer, std::optional<std::uint32_t> measure, Example&& example) {
    Entry& e = entry(answer);
    ++e.count;
    ++total_;
    if (measure && (!e.longest || *measure > *e.longest)) {
      e.longest = measure;
      e.example = example();
    }
  }
  void merge(const Tally& later);  // `later` covers lines after this one's
  std::uint64_t total() const { return total_; }

  const std::vector<Entry>& entries() const { return entries_; }  // by answer

 private:
  Entry& entry(std::uint32_t answer);
  std::vector<Entry> entries_;
  std::uint64_t total_ = 0;
};

// What one line gives: text for stdout, and its place in the tally.
struct LineOutput {
  std::string text;
  Tally tally;
};

struct StreamOptions {
  unsigned threads = 1;
  bool progress = false;        // the progress line even when stderr is not a terminal
  const char* unit = "graphs";  // "graphs" or "games", for the progress line and the summary
};

// A line's InputError as run_stream reports it: at line `number` of `source`, its column kept.
InputError located_at(const InputError& error, std::uint64_t number, const std::string& source);

// Runs work(line, out) over every non-blank line of `reader` on options.threads threads, writing
// each line's out.text to stdout in input order, and returns the tally of all lines. A line whose
// work throws stops the run: nothing of that line (nor of any after it) is written, and the
// error is thrown again from here, InputError with the line's number (exit 2), anything else as
// it was (std::bad_alloc: exit 1).
Tally run_stream(LineReader& reader, const StreamOptions& options,
                 const std::function<void(const StreamLine&, LineOutput&)>& work);

// The summary: "graphs: N in S s (R graphs/s)" and one line per answer, named by answer_name,
// with its count and longest measure (described by measure_text) and an example. `timed`: how
// many of the N the S seconds saw, when fewer (a resumed census read the others from its state
// file): "graphs: N (M in this run) in S s (R graphs/s)", the rate that of the M.
std::string summary_text(const Tally& tally, double seconds, const char* unit,
                         const std::function<std::string(std::uint32_t)>& answer_name,
                         const std::function<std::string(std::uint32_t)>& measure_text,
                         std::optional<std::uint64_t> timed = std::nullopt);

// The first line's count and time: "N in S s (R graphs/s)", or with `timed` below N
// "N (M in this run) in S s (R graphs/s)".
std::string count_and_rate(std::uint64_t total, double seconds, const char* unit,
                           std::optional<std::uint64_t> timed);

}  // namespace catmouse::cli
