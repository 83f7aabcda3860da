// The units of work of catmouse-mpi copnumber (cmd_copnumber.cpp) and what crosses between the
// processes: blocks of a graph6 file's lines, slices of nauty-geng's enumeration, and the result
// of answering one (its text, its tally, its failure), as bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "copnumber_lines.hpp"
#include "stream.hpp"

namespace catmouse::mpi_cli {

// geng's own limit on nodes (its default build).
inline constexpr int kMaxGengNodes = 32;

// One unit answered: its answers' text and tally up to the first line that failed, and that
// failure (code 2: a bad line; 1: memory) with its message, located at the line.
struct UnitResult {
  cli::LineOutput out;
  int code = 0;
  std::string error;
};

// A result as bytes and back. Packed results may be concatenated: split_results() parts them.
std::string pack_result(const UnitResult& result);
UnitResult unpack_result(std::string_view bytes);
std::vector<std::string> split_results(std::string_view bytes);

// Answers `line` into `result`, unless an earlier line of the unit failed; a failing line adds
// nothing of its own and records the failure.
void answer_line(cli::CopNumberLines& lines, const cli::StreamLine& line, const std::string& source,
                 UnitResult& result);

// A graph6 file, or stdin, read by one process in blocks of lines, each line with its number in
// the collection and in the file.
class BlockReader {
 public:
  static constexpr std::size_t kBlockLines = 4096;
  explicit BlockReader(const std::string& path);  // throws cli::InputError
  // The next block of up to kBlockLines lines as bytes for answer_block(); an empty block at the
  // end of the input. Throws cli::InputError for a line the reader refuses.
  std::string next_block();
  bool at_end();

 private:
  cli::LineReader reader_;
  std::string pending_;  // the first line, read ahead to tell whether it is alone
  std::uint64_t pending_number_ = 0;
  bool has_pending_ = false;
  bool alone_ = false;
  std::uint64_t index_ = 0;
};

// Answers a block of next_block().
UnitResult answer_block(std::string_view block, cli::CopNumberLines& lines);

// The connected graphs on n nodes as `slices` slices of nauty-geng (res/mod), each run by a
// process of its own (posix_spawnp). A slice is generated once when this process can keep its
// graphs until it answers them (up to kKeptBytes in all), else counted first (geng -u) and
// generated again.
class GengSlices {
 public:
  static constexpr std::uint64_t kKeptBytes = std::uint64_t{1} << 30;
  GengSlices(int nodes, std::uint64_t slices);  // slices 0: the default for `nodes`
  std::uint64_t slices() const { return slices_; }
  // The graphs of slice j; throws cli::InputError when geng fails.
  std::uint64_t count(std::uint64_t j);
  // Answers slice j, whose graphs are numbered from first + 1 in the whole census.
  void answer(std::uint64_t j, std::uint64_t first, bool alone, cli::CopNumberLines& lines,
              UnitResult& result);

 private:
  std::vector<std::string> command(const char* flags, std::uint64_t j) const;
  int nodes_;
  std::uint64_t slices_;
  std::vector<std::string> kept_;  // per slice: its graph6 lines, when kept
  std::vector<char> is_kept_;
  std::uint64_t kept_bytes_ = 0;
};

}  // namespace catmouse::mpi_cli
