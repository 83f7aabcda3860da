// The units of work of catmouse-mpi copnumber (cmd_copnumber.cpp) and what crosses between the
// processes: blocks of a graph6 file's lines, and the result of answering one (its text, its
// tally, its failure), as bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "copnumber_lines.hpp"
#include "stream.hpp"

namespace catmouse::mpi_cli {

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

}  // namespace catmouse::mpi_cli
