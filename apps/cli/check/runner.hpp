// Runs another program on one input at a time, for catmouse check: the input on its stdin, its
// answer from its stdout, with a time limit. A program that crashes, prints something else than
// an answer, prints without end, or outlives the limit is reported as such and never blocks
// catmouse, and nothing it started outlives its run: each process runs in a process group of its
// own, which is killed when the process ends (a program's background children with it), on a
// timeout, and when check ends. A child that leaves the group (setsid, setpgid) escapes this.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace catmouse::cli {

enum class RunKind {
  kAnswer,   // printed one of the accepted answers and (per input) exited with 0
  kCrash,    // exited with another code, was killed by a signal, or could not be started
  kGarbage,  // exited with 0 but printed something else, or more than kMaxOutput bytes
  kTimeout,  // still running at the time limit: killed, with its process group
  kStopped,  // cut short by check itself (its --time budget, or an interrupt): no outcome
};

// What check keeps of one answer; a program that prints more has printed garbage.
inline constexpr std::size_t kMaxOutput = std::size_t{1} << 20;

struct RunOutcome {
  RunKind kind = RunKind::kCrash;
  std::string answer;  // the answer (kAnswer), or what was printed, shortened (kGarbage)
  std::string detail;  // for a crash: the exit code or signal, and the last line of its stderr
  std::string errors;  // for a crash: the last kCrashLines lines of its stderr, as printed
  // What the report's diagnosis looks at. kGarbage: what was printed, trimmed, up to
  // kPrintedKept bytes ("" for nothing), and whether it came as more than one line.
  std::string printed;
  bool lines = false;
  bool overflow = false;  // more than kMaxOutput bytes
  // A process that ended: its exit code (-1 when a signal killed it) and the signal (0: none).
  int exit_code = -1;
  int signal = 0;
  int start_error = 0;  // errno of a program that could not be started (ENOENT, EACCES)
  // kTimeout with test_end_of_input(): no answer while the input stayed open, and an answer
  // (answered_at_end) or the process's end (ended_at_end) soon after it was closed.
  bool answered_at_end = false;
  bool ended_at_end = false;
};

// What RunOutcome::printed keeps.
inline constexpr std::size_t kPrintedKept = 200;

// Lines of a crashed program's stderr kept for the report (a Python traceback, a sanitizer's).
inline constexpr std::size_t kCrashLines = 40;
// How long a program whose input was closed after a timeout is given to answer or end.
inline constexpr double kEndOfInputWait = 2;

// When every run must end, whatever its own time limit: the end of check's --time budget, and
// a file descriptor that becomes readable when check is interrupted (-1: none).
struct RunStop {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  int wake_fd = -1;
};

class Program {
 public:
  // `argv` is the command and its arguments (looked up in PATH). With `batch` one process takes
  // many inputs, one line each, and answers each with one line; it is restarted after a crash or
  // a timeout. `answers` lists the accepted answers ("0", "1", "2" or "true", "false"), in lower
  // case; the program's are matched without regard to case and reported in lower case.
  Program(std::vector<std::string> argv, double timeout_seconds, bool batch,
          std::vector<std::string> answers, RunStop stop = {});
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // Runs the program on `input` (one line, without its newline). With `timeout_seconds` > 0,
  // that limit instead of the constructor's (kTimeout names the limit used).
  RunOutcome run(const std::string& input, double timeout_seconds = 0);
  // With --batch: when the first process gives no answer to its first input within the time
  // limit, its input is closed and it is given a little longer (up to kEndOfInputWait), so that a
  // program that reads its whole input before answering is told from a slow one.
  void test_end_of_input(bool on) { test_end_of_input_ = on; }
  std::uint64_t starts() const { return starts_; }  // processes started so far
  bool batch() const { return batch_; }
  void stop();  // kills the running process group, if any, and reaps it

 private:
  enum class Event { kNone, kExited, kDeadline, kInterrupted };
  bool start();
  Event pump(double deadline, const std::string& data, std::size_t& written);
  void read_from(int& fd);
  void drain();
  RunOutcome finish(double deadline, bool budget_first, double limit);
  RunOutcome timed_out(double limit, double budget_end);
  static RunOutcome garbage(std::string shown, const std::string& output);
  bool exited() const;
  RunOutcome classify(const std::string& output) const;
  RunOutcome ended(int status) const;

  std::vector<std::string> argv_;
  double timeout_;
  bool batch_;
  std::vector<std::string> answers_;
  RunStop stop_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;  // our ends of the child's stdin, stdout, stderr
  int pidfd_ = -1;                     // readable when the child ends (-1: not supported)
  std::string stdout_, stderr_;        // read so far (stdout: up to kMaxOutput + 1; stderr: 16 KB)
  bool overflow_ = false;              // stdout went past kMaxOutput
  std::string start_error_;
  int start_errno_ = 0;
  std::uint64_t starts_ = 0;
  std::uint64_t answered_ = 0;  // inputs the running process answered
  bool test_end_of_input_ = false;
};

}  // namespace catmouse::cli
