// The pieces of run_census() (census.hpp) for a runner of its own, such as catmouse-mpi's, which
// shares the parts out among processes: the owner of the state file (one, which reads it, hands
// out the parts left and records each finished one) and part runners (anywhere: each runs one
// part at a time and gives its result as text, which crosses between processes as it is).
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/census/census.hpp"

namespace catmouse::census {

class CensusOwner {
 public:
  // Checks the spec, locks and reads the state file (refusing another census's, or another
  // catmouse version's or generator's unless spec.resume_any) and checks the graphs path.
  static Result<CensusOwner> open(const CensusSpec& spec, const std::string& state_path,
                                  CensusObserver& observer);
  CensusOwner(CensusOwner&& other) noexcept;
  CensusOwner& operator=(CensusOwner&& other) noexcept;
  ~CensusOwner();  // unlocks the state file

  const CensusSpec& spec() const;  // with its defaults filled in
  std::vector<std::uint32_t> parts_left() const;
  CensusProgress progress() const;
  // A finished part's text (PartRunner::run), checked as the state file's lines are, then
  // appended to the state file.
  Status record(std::string_view part_text);
  // The totals of every part done, after rewriting the state file in part order and writing
  // the graphs file.
  Result<CensusResult> finish();

 private:
  friend struct CensusOwnerAccess;
  struct State;
  explicit CensusOwner(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

class PartRunner {
 public:
  // For the spec as the owner filled it in (CensusOwner::spec()).
  static Result<PartRunner> make(const CensusSpec& spec);
  PartRunner(PartRunner&& other) noexcept;
  PartRunner& operator=(PartRunner&& other) noexcept;
  ~PartRunner();

  // Runs one part: its text for CensusOwner::record(), or kCancelled once `stop` is set.
  Result<std::string> run(std::uint32_t part, const std::atomic<bool>& stop);

 private:
  struct Work;
  explicit PartRunner(std::unique_ptr<Work> work);
  std::unique_ptr<Work> work_;
};

}  // namespace catmouse::census
