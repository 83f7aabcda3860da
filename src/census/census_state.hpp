// A census's state file (docs/census.md): JSON lines, the header first (the census's question and
// its provenance: catmouse's version and commit, geng's program, version and arguments, the
// rules), then for each finished part its kept-graphs lines, if any, and its line. A run appends
// each finished part (time proportional to the part, not to the file), syncing at most once a
// second; a line cut short by a kill is ignored and its part done again; at the end (or when a
// resumed file holds such leftovers) the file is written again whole, in part order. Every line is
// checked as it is read, whoever wrote it (a forged or damaged file is refused naming the file,
// the line and the field), and a second run on the same file is refused while the first holds
// its lock. Internal to the census.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catmouse/census/census.hpp"
#include "census_kinds.hpp"

namespace catmouse::census {

struct StateHeader {
  Question question;
  Provenance provenance;
};

// The header's line (no newline).
std::string header_line(const StateHeader& header);
// The rules a census plays, as its state file and its --json record give them.
Json rules_json(const Question& question);

// The lines of a state file taken one after another, each checked, into the totals and an index
// of where each part's lines are.
class StateReader {
 public:
  static constexpr std::size_t kMaxLine = std::size_t{8} << 20;

  explicit StateReader(std::string source) : source_(std::move(source)) {}

  // One complete line (without its newline) at byte `offset` of the file, numbered `number`.
  Status take(std::string_view line, std::uint64_t offset, std::uint64_t number);
  // After the last line: a file whose every part is done must hold every connected graph.
  Status check_complete() const;

  bool has_header() const { return tally_ != nullptr; }
  const StateHeader& header() const { return header_; }
  const std::string& source() const { return source_; }
  std::uint32_t parts_done() const { return parts_done_; }
  bool done(std::uint32_t part) const { return part < done_.size() && done_[part]; }
  // Whether the file is as compaction writes it: parts in order, no kept graphs left over.
  bool canonical() const { return canonical_ && pending_.empty(); }
  CensusTotals totals() const;
  std::uint32_t highest_kept() const { return tally_->highest_kept(); }
  double cpu_seconds() const { return cpu_seconds_; }  // every part's
  std::uint64_t graphs() const { return graphs_; }     // every part's

  // Where a part's lines are: its kept-graphs lines, then its own line.
  struct Span {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
  };
  std::vector<Span> lines_of(std::uint32_t part) const;
  const std::vector<Span>& kept_lines_of(std::uint32_t part) const;

 private:
  Status take_header(const Json& line, const LinePlace& place);
  Status take_part(const Json& line, LinePlace& place, Span span);

  std::string source_;
  StateHeader header_;
  std::unique_ptr<Tally> tally_;
  std::vector<bool> done_;
  std::uint32_t parts_done_ = 0;
  std::uint64_t graphs_ = 0;
  double cpu_seconds_ = 0;
  std::vector<Span> part_lines_;                     // by part
  std::map<std::uint32_t, std::vector<Span>> kept_;  // finished parts' kept-graphs lines
  std::map<std::uint32_t, std::pair<std::vector<Span>, std::uint64_t>> pending_;  // not finished
  bool canonical_ = true;
  std::int64_t last_part_ = -1;
  bool last_was_kept_ = false;
};

// Checks a whole state file's text as open() reads it (the fuzz target's entry): its header,
// each line, and a torn last line ignored.
Status check_state_text(std::string_view text, const std::string& source);

class StateFile {
 public:
  // Locks the state file at `path` (a regular file or none yet; its lock file beside it) and reads
  // it; a new or empty file gets `want`'s header. A file of another census is refused, and one
  // written by another catmouse version or generator unless `resume_any`.
  static Result<StateFile> open(const std::string& path, const StateHeader& want, bool resume_any);
  StateFile(StateFile&& other) noexcept;
  StateFile& operator=(StateFile&&) = delete;
  StateFile(const StateFile&) = delete;
  StateFile& operator=(const StateFile&) = delete;
  ~StateFile();

  const std::string& path() const { return path_; }
  const StateReader& reader() const { return *reader_; }
  // Appends lines (each ending with a newline), each checked first as a file's line is.
  Status append(std::string_view lines);
  // Writes the file again in part order when it is not so already, and syncs it.
  Status finish();
  // Writes the graphs of cop number `cops` kept by the finished parts, in part order, to `path`
  // (an output path: a file replaced whole, a device or pipe written in place); how many.
  Result<std::uint64_t> write_kept(const std::string& path, std::uint32_t cops) const;

 private:
  StateFile(std::string path, std::string target, int fd, int lock_fd, std::string lock_path);
  Status read_all();
  Status compact();
  Status sync();

  std::string path_;    // as given, for messages
  std::string target_;  // the file itself (a link followed)
  int fd_ = -1;
  int lock_fd_ = -1;
  std::string lock_path_;
  std::unique_ptr<StateReader> reader_;
  std::uint64_t size_ = 0;
  std::uint64_t lines_ = 0;
  double last_sync_ = 0;
};

}  // namespace catmouse::census
