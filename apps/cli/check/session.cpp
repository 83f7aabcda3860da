// One run of catmouse check: cases from the library's domain, each run by the program under test
// and compared with the exact answer, failures shrunk and reported, and the summary, all within
// the --time budget. SIGINT and SIGTERM end the run the same way the budget does: the summary of
// what was checked and the smallest failure so far are printed before catmouse exits.
//
// A slow program (an interpreter started per case) is probed once: if it answers a case per line
// before the end of its input, the rest of the run sends it many cases per process, and every
// failure found that way is confirmed by a process of its own before it is reported.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>

#include "catmouse/testing/diagnosis.hpp"
#include "check.hpp"
#include "failure.hpp"
#include "progress.hpp"
#include "runner.hpp"

namespace catmouse::cli {

namespace {

using Clock = std::chrono::steady_clock;

// Single runs looked at before deciding whether the program is slow, and what slow is: below
// 50 cases a second, interpreter start-up costs more than most answers.
constexpr std::uint64_t kProbeAfter = 1;
constexpr double kSlowRun = 0.02;
// How long the probe waits for an answer while the program's input is still open: a program that
// reads to the end of its input never answers, and costs this once.
constexpr double kProbeWaitFactor = 3, kProbeWaitLeast = 1;

// ---- Interrupts -------------------------------------------------------------------------------
// The handler records the signal and writes a byte to a pipe, which wakes a wait for the program
// (RunStop::wake_fd); the loops poll the record. A second signal ends catmouse at once. These are
// check's mutable globals: a signal handler has no other way in. Both are async-signal-safe to
// touch.
volatile std::sig_atomic_t received_signal = 0;
int wake_pipe[2] = {-1, -1};

extern "C" void on_check_signal(int signal) {
  if (received_signal != 0) {  // a second one: end now, by that signal
    ::signal(signal, SIG_DFL);
    ::raise(signal);
    return;
  }
  received_signal = signal;
  const char byte = 1;
  [[maybe_unused]] const auto n = ::write(wake_pipe[1], &byte, 1);
}

// SIGINT and SIGTERM handled by check while it lives (unless they were ignored, as for a job
// started in the background), the previous handlers restored after.
class Interrupts {
 public:
  Interrupts() {
    received_signal = 0;
    if (::pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) wake_pipe[0] = wake_pipe[1] = -1;
    for (std::size_t i = 0; i < 2; ++i) {
      if (::sigaction(kSignals[i], nullptr, &previous_[i]) != 0 ||
          previous_[i].sa_handler == SIG_IGN) {
        continue;
      }
      struct sigaction action {};
      action.sa_handler = on_check_signal;
      ::sigemptyset(&action.sa_mask);
      ::sigaction(kSignals[i], &action, nullptr);
      installed_[i] = true;
    }
  }
  ~Interrupts() {
    for (std::size_t i = 0; i < 2; ++i) {
      if (installed_[i]) ::sigaction(kSignals[i], &previous_[i], nullptr);
    }
    for (int& fd : wake_pipe) {
      if (fd >= 0) ::close(fd);
      fd = -1;
    }
  }
  Interrupts(const Interrupts&) = delete;
  Interrupts& operator=(const Interrupts&) = delete;

  int wake_fd() const { return wake_pipe[0]; }
  int signal() const { return received_signal; }

 private:
  static constexpr int kSignals[2] = {SIGINT, SIGTERM};
  struct sigaction previous_[2]{};
  bool installed_[2] = {false, false};
};

std::string received(const RunOutcome& outcome, const std::vector<std::string>& answers) {
  switch (outcome.kind) {
    case RunKind::kAnswer:
      return outcome.answer;
    case RunKind::kCrash:
      if (failure_class(outcome) == FailureClass::kNothing) {
        return "nothing (the program " + outcome.detail + ")";
      }
      return "a crash (" + outcome.detail + ")";
    case RunKind::kGarbage:
      return fmt::format("{}, which is not {} or {}", outcome.answer,
                         fmt::join(answers.begin(), answers.end() - 1, ", "), answers.back());
    case RunKind::kTimeout:
    case RunKind::kStopped:
      return outcome.detail;
  }
  return {};
}

// The report of one failure: the (shrunk) case, both answers, and then, for a wrong answer, its
// diagnosis if a known class of bug matches and the optimal line that proves the right one; for
// any other failure the paragraph that says what the program did and how to fix it.
std::string report(const CheckDomain& domain, const std::string& input, const RunOutcome& outcome,
                   const ProgramUnderTest& program) {
  std::string text = input + "\n";
  const StateValue exact = domain.exact(input);
  text += fmt::format("expected: {} ({})\n", domain.expected(input), result_sentence(exact));
  text += fmt::format("received: {}\n", received(outcome, domain.answers()));
  if (outcome.kind == RunKind::kCrash && !outcome.errors.empty()) {
    const auto lines = static_cast<std::size_t>(
        std::count(outcome.errors.begin(), outcome.errors.end(), '\n') + 1);
    text += fmt::format("its stderr ({}):\n",
                        lines < kCrashLines ? fmt::format("{} line{}", lines, lines == 1 ? "" : "s")
                                            : fmt::format("the last {} lines", lines));
    std::size_t begin = 0;
    while (begin <= outcome.errors.size()) {
      const std::size_t end = std::min(outcome.errors.find('\n', begin), outcome.errors.size());
      text += "  | " + outcome.errors.substr(begin, end - begin) + "\n";
      begin = end + 1;
    }
  }
  const FailureClass kind = failure_class(outcome);
  if (kind != FailureClass::kWrongAnswer) {
    return text + failure_paragraph(kind, outcome, input, program) + "\n";
  }
  const GameSpec game = domain.game(input);
  if (const std::string line = program.grid ? diagnose_grid(game, exact, outcome.answer)
                                            : diagnose_graph(game, exact, outcome.answer);
      !line.empty()) {
    text += line + "\n";
  }
  text += "why (catmouse explain):\n";
  const Solution solution = solve_game(game, EngineOptions{});
  // A map's line runs to 70 moves and more: a list of moves between two boards.
  text += explain_text(solution, take(solution.line(solution.start())),
                       program.grid ? LineLayout::kMoves : LineLayout::kPositions);
  return text;
}

void note(const std::string& text) {
  std::cerr << "catmouse check: " << text << "\n" << std::flush;
}

class Session {
 public:
  Session(const CheckCommand& cmd, std::uint64_t seed, NodeId low, NodeId high)
      : cmd_(cmd),
        seed_(seed),
        noun_(cmd.grid ? "map" : "graph"),
        started_(Clock::now()),
        deadline_(cmd.time > 0 ? started_ + std::chrono::duration_cast<Clock::duration>(
                                                std::chrono::duration<double>(cmd.time))
                               : Clock::time_point::max()),
        progress_(cmd.progress, started_),
        domain_(make_domain(low, high)),
        coverage_(cmd.grid),
        program_{cmd.command, cmd.grid, cmd.batch, cmd.timeout},
        main_(cmd.command, cmd.timeout, cmd.batch, domain_->answers(),
              RunStop{deadline_, interrupts_.wake_fd()}),
        alone_(cmd.command, cmd.timeout, false, domain_->answers(),
               RunStop{Clock::time_point::max(), interrupts_.wake_fd()}) {
    main_.test_end_of_input(cmd.batch);
  }

  int run();

 private:
  std::unique_ptr<CheckDomain> make_domain(NodeId low, NodeId high) {
    auto cancelled = [this] { return this->cancelled(); };
    return cmd_.grid ? grid_domain(cmd_, seed_, cancelled)
                     : graph_domain(cmd_, seed_, low, high, cancelled);
  }
  void say(const std::string& text) {
    progress_.clear();
    note(text);
  }
  // The progress line: what was tried, how fast, and the time left of the budget.
  void show_progress(const std::string& doing) {
    const double elapsed = progress_.elapsed();
    std::string text = fmt::format("catmouse check: {} {}{} tried, {:.1f}/s", tried_, noun_,
                                   tried_ == 1 ? "" : "s",
                                   elapsed > 0 ? static_cast<double>(tried_) / elapsed : 0.0);
    if (!doing.empty()) text += ", " + doing;
    if (cmd_.time > 0) {
      const double left = std::max(0.0, cmd_.time - elapsed);
      text +=
          fmt::format(", {}:{:02} left", static_cast<int>(left) / 60, static_cast<int>(left) % 60);
    } else {
      text += fmt::format(", {:.0f} s", elapsed);
    }
    progress_.show(text);
  }
  bool cancelled() const { return interrupts_.signal() != 0 || Clock::now() >= deadline_; }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }
  // Why the run stopped early: "the --time budget of 5 s ran out", "interrupted by SIGINT".
  std::string stop_reason() const {
    if (const int signal = interrupts_.signal()) {
      return fmt::format("interrupted by {}", signal == SIGINT ? "SIGINT" : "SIGTERM");
    }
    return fmt::format("the --time budget of {} s ran out", cmd_.time);
  }
  bool agrees(const std::string& input, const RunOutcome& outcome) const {
    return outcome.kind == RunKind::kAnswer && outcome.answer == domain_->expected(input);
  }
  RunOutcome run_case(const std::string& input);
  void consider_batch(const std::string& input, const RunOutcome& outcome);
  void maybe_probe();
  std::string batch_command() const;
  std::string probe();
  bool handle_failure(const CheckCase& found, RunOutcome outcome);
  std::string shrink(const std::string& input, RunOutcome& shown, std::string& heading);
  void summary();

  const CheckCommand& cmd_;
  const std::uint64_t seed_;
  const char* noun_;
  Interrupts interrupts_;
  const Clock::time_point started_, deadline_;
  ProgressLine progress_;
  std::unique_ptr<CheckDomain> domain_;
  CheckCoverage coverage_;  // of the cases compared
  const ProgramUnderTest program_;
  Program main_;  // one process per case, or --batch's one for all
  // One process per case, to confirm what the fast path found: the reported case is worth one
  // more run, so it may end up to one --timeout after the budget.
  Program alone_;
  std::unique_ptr<Program> fast_;  // after a probe: many cases per process
  bool probed_ = false;
  std::vector<std::pair<std::string, std::string>> agreed_inputs_;  // the last few, and answers
  double single_seconds_ = 0;
  std::uint64_t single_runs_ = 0;
  std::uint64_t tried_ = 0, agreed_ = 0, failures_ = 0;
  std::uint64_t by_class_[kFailureClasses] = {};  // failures of each FailureClass
  bool cut_ = false;           // the budget or a signal ended the run, not its sources or limits
  std::string stopped_while_;  // "" or " while shrinking failure 2"
};

RunOutcome Session::run_case(const std::string& input) {
  if (fast_) return fast_->run(input);
  const Clock::time_point before = Clock::now();
  RunOutcome outcome = main_.run(input);
  if (!cmd_.batch) {
    single_seconds_ += std::chrono::duration<double>(Clock::now() - before).count();
    ++single_runs_;
  }
  return outcome;
}

// After a single run that agreed: keeps the case for a probe, and probes once the program has
// shown itself slow, from the first case on: a slow start costs every case and every run of a
// shrink, so the sooner it is known the more it saves.
void Session::consider_batch(const std::string& input, const RunOutcome& outcome) {
  if (cmd_.batch || fast_ || probed_) return;
  agreed_inputs_.emplace_back(input, outcome.answer);
  if (agreed_inputs_.size() > 2) agreed_inputs_.erase(agreed_inputs_.begin());
  maybe_probe();
}

// Probes the program if it is slow and has answered a case right; says what it found.
void Session::maybe_probe() {
  if (cmd_.batch || fast_ || probed_ || single_runs_ < kProbeAfter || agreed_inputs_.empty()) {
    return;
  }
  const double mean = single_seconds_ / static_cast<double>(single_runs_);
  if (mean < kSlowRun) return;
  probed_ = true;
  const double rate = 1 / mean;
  if (cmd_.no_batch) {
    say(fmt::format("{:.0f} {}s/s with one process per {} (--no-batch)", rate, noun_, noun_));
    return;
  }
  say(
      fmt::format("the program takes {:.2f} s a {} with one process per {} (a process start "
                  "each); probing whether it answers a {} per line",
                  mean, noun_, noun_, noun_));
  const std::string why_not = probe();
  if (fast_) {
    say(fmt::format(
        "the program answers a {} per line, so check now sends it many per process (each "
        "failure is confirmed by a process of its own; --no-batch: one process per {})",
        noun_, noun_));
  } else if (!cancelled()) {
    say(fmt::format(
        "{:.1f} {}s/s with one process per {}: for one process for all, make the program read one "
        "{} per line and print each answer as soon as it has it (this one {}; templates in "
        "docs/check.md#templates), then run: {}",
        rate, noun_, noun_, noun_, why_not, batch_command()));
  }
}

// The command line of this run in batch mode, for the hint.
std::string Session::batch_command() const {
  std::string line = "catmouse check --batch";
  if (cmd_.grid) line += " --grid";
  if (cmd_.seed != "1") line += " --seed " + shell_line({cmd_.seed});
  return line + " -- " + shell_line(cmd_.command);
}

// Runs a process of the program in batch mode on the last two cases it answered right alone; if
// it gives both answers, line by line, it becomes the fast path. Otherwise returns why not.
std::string Session::probe() {
  const double mean = single_seconds_ / static_cast<double>(single_runs_);
  const double wait = std::min(cmd_.timeout, std::max(kProbeWaitLeast, kProbeWaitFactor * mean));
  auto batch = std::make_unique<Program>(cmd_.command, cmd_.timeout, true, domain_->answers(),
                                         RunStop{deadline_, interrupts_.wake_fd()});
  bool first = true;
  // Two lines, so that the second answer shows the program reads on after the first.
  std::vector<std::pair<std::string, std::string>> lines = agreed_inputs_;
  if (lines.size() == 1) lines.push_back(lines.front());
  for (const auto& [input, answer] : lines) {
    const RunOutcome outcome = batch->run(input, wait);
    if (outcome.kind == RunKind::kTimeout) return "did not answer before the end of its input";
    if (outcome.kind == RunKind::kCrash) {
      return first ? "ended without answering a line" : "ended after its first answer";
    }
    if (outcome.kind != RunKind::kAnswer || outcome.answer != answer) {
      return "answered otherwise when its input stayed open";
    }
    first = false;
  }
  fast_ = std::move(batch);
  return {};
}

int Session::run() {
  ::signal(SIGPIPE, SIG_IGN);  // a program that stops reading must not take catmouse with it
  while (cmd_.max_graphs == 0 || tried_ < cmd_.max_graphs) {
    if (cancelled()) {
      cut_ = true;
      break;
    }
    std::optional<CheckCase> candidate = domain_->next();
    if (!candidate) {
      cut_ = cancelled();  // else the source ran out
      break;
    }
    ++tried_;
    RunOutcome outcome = run_case(candidate->input);
    show_progress("");
    if (outcome.kind == RunKind::kStopped) {
      --tried_;  // not checked
      cut_ = true;
      break;
    }
    // A program that cannot be started, or whose first run ends as a missing program or file
    // ends, is a mistake in the command line.
    if (outcome.kind == RunKind::kCrash && (outcome.start_error != 0 || tried_ == 1)) {
      if (const std::string message = not_found_message(outcome, program_); !message.empty()) {
        progress_.clear();
        throw InputError(message);
      }
    }
    coverage_.add(*candidate);
    if (agrees(candidate->input, outcome)) {
      ++agreed_;
      if (!fast_) consider_batch(candidate->input, outcome);
      continue;
    }
    if (!handle_failure(*candidate, std::move(outcome))) break;
  }
  if (tried_ == 0 && !interrupts_.signal()) {
    throw InputError(fmt::format(
        "nothing to check: the source gave no {} (an empty file; --exhaustive below the "
        "smallest size the rules allow; rules under which no random {} is valid or the search "
        "finds no forced win; or no time)",
        noun_, noun_));
  }
  summary();
  if (failures_ > 0) return 1;
  return interrupts_.signal() != 0 ? 128 + interrupts_.signal() : 0;
}

// A case the program got wrong (as far as `outcome` goes): confirmed alone when it came from
// the fast path, shrunk and reported. Returns whether the run goes on.
bool Session::handle_failure(const CheckCase& found, RunOutcome outcome) {
  if (fast_) {
    const RunOutcome alone = alone_.run(found.input);
    if (alone.kind == RunKind::kStopped) {
      cut_ = true;
      return false;
    }
    if (agrees(found.input, alone)) {
      // The program answers differently after other cases in one process: one per case now.
      say(
          fmt::format("the program answered {} {} right alone but not after other {}s in one "
                      "process: one process per {} from now on",
                      noun_, tried_, noun_, noun_));
      fast_.reset();
      ++agreed_;
      return true;
    }
    outcome = alone;
  }
  ++failures_;
  const FailureClass kind = failure_class(outcome);
  ++by_class_[static_cast<int>(kind)];
  std::string text = fmt::format("failure {}: {} {}, from {}, {}\n", failures_, noun_, tried_,
                                 found.origin, found.size);
  std::string shown = found.input;
  if (kind == FailureClass::kReadsWholeInput) {
    text += fmt::format(
        "not shrunk: a program that answers only at the end of its input fails every {} alike\n",
        noun_);
  } else if (!cmd_.no_shrink) {
    maybe_probe();  // a failure among the first cases: shrinking is when speed counts
    std::string heading;
    shown = shrink(found.input, outcome, heading);
    text += heading;
  }
  progress_.clear();
  print(text + report(*domain_, shown, outcome, program_) + "\n");
  if (failures_ >= cmd_.max_failures) return false;
  cut_ = cancelled();
  return !cut_;
}

// Shrinks a failing case with the fastest runner there is; `shown` becomes the outcome on the
// case returned, `heading` the line that says what shrinking did.
std::string Session::shrink(const std::string& input, RunOutcome& shown, std::string& heading) {
  const RunOutcome as_found = shown;
  const RunKind kind = shown.kind;
  domain_->shrink_same_answer = kind == RunKind::kAnswer;
  for (;;) {
    Program& runner = fast_ ? *fast_ : main_;
    std::uint64_t shrink_runs = 0;
    const auto fails = [&](const std::string& candidate) {
      const RunOutcome o = runner.run(candidate);
      ++shrink_runs;
      show_progress(fmt::format("shrinking failure {}: {} run{}", failures_, shrink_runs,
                                shrink_runs == 1 ? "" : "s"));
      if (o.kind != kind || agrees(candidate, o)) return false;  // kStopped: not a failure
      shown = o;
      return true;
    };
    ShrunkCase shrunk = domain_->shrink(input, fails);
    if (fast_ && shrunk.input != input) {
      // Shrunk in one process with other cases: confirmed alone, or shrunk again that way.
      const RunOutcome alone = alone_.run(shrunk.input);
      if (alone.kind == RunKind::kStopped) {  // interrupted: the case as found, confirmed
        shrunk = {input, shrunk.tries, true};
        shown = as_found;
      } else if (alone.kind != kind || agrees(shrunk.input, alone)) {
        say(
            fmt::format("the shrunk {} fails only after other {}s in one process: shrinking "
                        "again, one process per {}",
                        noun_, noun_, noun_));
        fast_.reset();
        shown = as_found;
        continue;
      } else {
        shown = alone;
      }
    }
    const std::string runs =
        fmt::format("{} run{} of the program", shrunk.tries, shrunk.tries == 1 ? "" : "s");
    if (shrunk.cancelled) {
      stopped_while_ = fmt::format(" while shrinking failure {}", failures_);
      heading = shrunk.input == input
                    ? fmt::format("shrinking stopped ({}) after {}, before it removed anything:\n",
                                  stop_reason(), runs)
                    : fmt::format(
                          "shrinking stopped ({}) after {}; the smallest failing {} so far "
                          "has {}:\n",
                          stop_reason(), runs, noun_, domain_->size(shrunk.input));
    } else if (shrunk.input == input) {
      heading = fmt::format("shrinking removed nothing ({}):\n", runs);
    } else {
      heading = fmt::format("shrunk in {} to {}:\n", runs, domain_->size(shrunk.input));
    }
    return shrunk.input;
  }
}

// The last line: what was checked (how many cases, and what they covered), how long it took,
// why it stopped early if it did, and what came of it.
void Session::summary() {
  progress_.clear();
  std::string how;
  if (cut_ || !stopped_while_.empty()) how = fmt::format(" ({}{})", stop_reason(), stopped_while_);
  const std::string covered = coverage_.text();
  std::string outcome = tried_ > 0 ? ": all agreed" : "";
  if (failures_ > 0) {
    std::vector<std::string> counts;
    for (std::size_t k = 0; k < kFailureClasses; ++k) {
      if (by_class_[k] > 0)
        counts.push_back(failure_count(static_cast<FailureClass>(k), by_class_[k]));
    }
    outcome =
        fmt::format(": {} agreed, {} failed ({})", agreed_, failures_, fmt::join(counts, ", "));
  }
  print(fmt::format("checked {} {}{}{} in {:.1f} s{}{}; seed {}\n", tried_, noun_,
                    tried_ == 1 ? "" : "s", covered.empty() ? "" : " (" + covered + ")", elapsed(),
                    how, outcome, seed_));
}

}  // namespace

int run_check(const CheckCommand& cmd, std::uint64_t seed, NodeId low, NodeId high) {
  Session session(cmd, seed, low, high);
  return session.run();
}

}  // namespace catmouse::cli
