// Runs another program on one input at a time, for catmouse check: the input on its stdin, its
// answer from its stdout, with a time limit. A program that crashes, prints something else than
// an answer, or outlives the limit is reported as such and never blocks catmouse.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace catmouse::cli {

enum class RunKind {
  kAnswer,   // printed one of the accepted answers and (per input) exited with 0
  kCrash,    // exited with another code, was killed by a signal, or could not be started
  kGarbage,  // exited with 0 but printed something else
  kTimeout,  // still running at the time limit: killed, with its process group
};

struct RunOutcome {
  RunKind kind = RunKind::kCrash;
  std::string answer;  // the answer (kAnswer), or what was printed, shortened (kGarbage)
  std::string detail;  // for a crash: the exit code or signal, and the end of its stderr
};

class Program {
 public:
  // `argv` is the command and its arguments (looked up in PATH). With `batch` one process takes
  // many inputs, one line each, and answers each with one line; it is restarted after a crash or
  // a timeout. `answers` lists the accepted answers ("0", "1", "2" or "true", "false"), in lower
  // case; the program's are matched without regard to case and reported in lower case.
  Program(std::vector<std::string> argv, double timeout_seconds, bool batch,
          std::vector<std::string> answers);
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // Runs the program on `input` (one line, without its newline).
  RunOutcome run(const std::string& input);
  std::uint64_t starts() const { return starts_; }  // processes started so far

 private:
  bool start();
  void stop();  // kills the running process group, if any, and reaps it
  RunOutcome classify(const std::string& output) const;
  RunOutcome ended(int status) const;

  std::vector<std::string> argv_;
  double timeout_;
  bool batch_;
  std::vector<std::string> answers_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;  // our ends of the child's stdin, stdout, stderr
  std::string stdout_, stderr_;        // read so far (stderr: its last 2 KB)
  std::string start_error_;
  std::uint64_t starts_ = 0;
};

}  // namespace catmouse::cli
