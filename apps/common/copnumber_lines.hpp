// One graph6 line of a collection answered as catmouse copnumber answers it, for a front end
// that shares the lines out itself (catmouse-mpi copnumber, docs/distributed.md): the same text and
// the same tally entry per line, and the same summary.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "catmouse/solve/options.hpp"
#include "stream.hpp"

namespace catmouse::cli {

// copnumber's options that shape an answer.
struct CopNumberSettings {
  std::int64_t max = 3;
  bool json = false;
  bool jsonl = false;
  bool summary_only = false;
  bool no_cop_stays = false;
  bool no_robber_stays = false;
  SolveOptions solve;  // threads and memory limit, for a graph too large for the tiny path
};

class CopNumberLines {
 public:
  explicit CopNumberLines(const CopNumberSettings& settings);  // InputError: --max out of range
  ~CopNumberLines();
  CopNumberLines(const CopNumberLines&) = delete;
  CopNumberLines& operator=(const CopNumberLines&) = delete;

  // The graph on line.text: its text (as the settings say) appended to out.text, its answer
  // added to out.tally. Throws as copnumber's lines do: InputError for a bad line (not yet
  // located at the line's number), ResourceError or std::bad_alloc for memory.
  void answer(const StreamLine& line, const std::string& source, LineOutput& out);
  // The census's summary, as copnumber --summary writes it.
  std::string summary(const Tally& tally, double seconds) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace catmouse::cli
