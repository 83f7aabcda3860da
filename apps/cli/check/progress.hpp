// The progress line of catmouse check on stderr: cases tried, their rate and the time left of the
// budget (or how far a shrink has got). On a terminal it is one line rewritten in place and
// cleared before anything else is printed and at the end; elsewhere (--progress into a file or
// a pipe) one newline-terminated line about every second. Off when stderr is not a terminal and
// --progress is not given.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace catmouse::cli {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  ProgressLine(bool asked, Clock::time_point started)
      : terminal_(::isatty(STDERR_FILENO) == 1),
        on_(asked || terminal_),
        started_(started),
        last_(started) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() { clear(); }

  // Shows `text` if the last line is old enough (a terminal: 0.2 s; elsewhere: 1 s).
  void show(const std::string& text) {
    if (!on_) return;
    const Clock::time_point now = Clock::now();
    if (now - last_ < (terminal_ ? std::chrono::milliseconds(200) : std::chrono::seconds(1))) {
      return;
    }
    last_ = now;
    if (terminal_) {
      std::fprintf(stderr, "\r\033[K%s", text.c_str());
      shown_ = true;
    } else {
      std::fprintf(stderr, "%s\n", text.c_str());
    }
    std::fflush(stderr);
  }
  // Removes the line from a terminal, before other output and at the end.
  void clear() {
    if (!shown_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    shown_ = false;
  }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

 private:
  bool terminal_, on_, shown_ = false;
  Clock::time_point started_, last_;
};

}  // namespace catmouse::cli
