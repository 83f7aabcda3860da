// The processes of a distributed run and what they say to each other: the one place that calls
// MPI (communicator.cpp, Open MPI). The distributed solve and census talk to this interface
// only, so that neither sees an MPI type, and a failure anywhere becomes an error every process
// agrees on (agree()) instead of a process waiting for one that is gone.
//
// Every call here is collective unless it says otherwise: all processes make it, in the same
// order, from the thread that created the Session.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"

namespace catmouse::mpi {

// MPI for the life of the program: initialised on construction, finalised on destruction. One
// per program, made in main() before anything else reads the arguments (MPI may take its own).
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

// The processes of the run (MPI_COMM_WORLD), numbered 0 .. size() - 1.
class Communicator {
 public:
  Communicator();  // after Session

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Processes of the run on this machine (they share its memory).
  int local_size() const { return local_size_; }

  // Element-wise sums over every process, to every process.
  std::vector<std::uint64_t> sum(std::span<const std::uint64_t> values) const;
  // The largest value over every process, to every process.
  std::uint64_t max(std::uint64_t value) const;

  // Words to every other process: counts[p] words to process p, laid out in `words` in process
  // order (counts[rank()] is 0). Returns what every process sent here, in process order.
  std::vector<std::uint64_t> exchange(std::span<const std::uint64_t> words,
                                      std::span<const std::uint64_t> counts) const;

  // `bytes` of process `root` to every process.
  void broadcast(std::string& bytes, int root) const;
  void broadcast(std::span<std::uint64_t> words, int root) const;
  // Every process's `bytes`, on process `root` (empty elsewhere).
  std::vector<std::string> gather(const std::string& bytes, int root) const;
  std::vector<std::vector<std::uint32_t>> gather(std::span<const std::uint32_t> words,
                                                 int root) const;
  // parts[p] of process `root` (one per process; ignored elsewhere) to process p.
  std::string scatter(const std::vector<std::string>& parts, int root) const;

  // Whether every process is ok: each gives its own status, and all get back the error of the
  // lowest-numbered process that failed, which one that was and how many failed (the same input
  // error fails them all; a limit one process exceeds, one).
  struct Agreement {
    Status status;
    int first = -1;  // the process whose error `status` holds; -1 when all are ok
    int failed = 0;  // how many failed
  };
  Agreement agree(const Status& mine) const;
  // agree() as one status: the error, its message followed by " (process R)" when some
  // processes failed and others did not, so that a limit one process exceeded says which. Work
  // that only one process does (reading the input, writing a file) gives `name_process` false.
  Status agreed(const Status& mine, bool name_process = true) const;

  // Ends every process of the run at once with `code`, for failures that leave no way to agree
  // (an exception where a process may be inside a collective call).
  [[noreturn]] void abort(int code) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  int local_size_ = 1;
};

}  // namespace catmouse::mpi
