// The classes of a check's failure, and the paragraph that tells each one that is not a wrong
// answer: what the program did (printed nothing, printed something that is not an answer, took
// too long, read its whole input under --batch, crashed) and what to change, ending with where
// the fix is (the templates of docs/check.md, docs/algorithm.md). A wrong answer is explained by
// the game instead (session.cpp), and a program that cannot be run at all is a usage error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runner.hpp"

namespace catmouse::cli {

enum class FailureClass : std::uint8_t {
  kWrongAnswer,      // an answer, not the right one
  kNothing,          // exited with 0 (or, in --batch, answered an empty line) printing nothing
  kNotAnAnswer,      // printed something that is not an answer
  kTimeout,          // no answer within --timeout
  kReadsWholeInput,  // --batch: answered only once its input was closed
  kCrash,            // ended with another exit code, or by a signal
};
inline constexpr std::size_t kFailureClasses = 6;

FailureClass failure_class(const RunOutcome& outcome);

// The summary's count of a class: "1 wrong answer", "2 crashes", "1 printed nothing".
std::string failure_count(FailureClass kind, std::uint64_t count);

// What the paragraphs say of the program and the run.
struct ProgramUnderTest {
  std::vector<std::string> argv;  // the command after --
  bool grid = false;              // LeetCode 1728 maps, answered true or false
  bool batch = false;             // one process for every case
  double timeout = 5;             // --timeout
};

// The "diagnosis: ..." paragraph of a failure on `input` that is not a wrong answer.
std::string failure_paragraph(FailureClass kind, const RunOutcome& outcome,
                              const std::string& input, const ProgramUnderTest& program);

// When the program could not be started, or its first run ended as a missing program or file
// ends (exit code 126 or 127, an interpreter's "can't open file", an argument naming a file that
// is not there): the message saying so and how to fix the command, for a usage error; "" when
// the run looks like a crash of a program that did start.
std::string not_found_message(const RunOutcome& outcome, const ProgramUnderTest& program);

// `words` as a shell reads them back: each quoted where it needs it.
std::string shell_line(const std::vector<std::string>& words);

}  // namespace catmouse::cli
