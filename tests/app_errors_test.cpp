// The programs' map from a library error to an exit code and a message (apps/common/errors.hpp):
// the error's kind decides, never the words of its message.
#include <gtest/gtest.h>

#include <string>

#include "errors.hpp"

namespace catmouse::cli {
namespace {

Error made(std::string message, ErrorKind kind, ErrorField field = ErrorField::kNone) {
  return Error(std::move(message), at_field(field), kind);
}

// The message solve_error() gives `error`, with the class it throws or returns.
struct Said {
  bool resources = false;
  std::string text;
};

Said said(const Error& error, bool values_only_option = true) {
  try {
    return {false, solve_error(error, "g.json", values_only_option).what()};
  } catch (const ResourceError& e) {
    return {true, e.what()};
  }
}

TEST(AppErrors, TheExitCodeIsTheKinds) {
  EXPECT_EQ(exit_code(ErrorKind::kBadInput), 2);
  EXPECT_EQ(exit_code(ErrorKind::kRefusedMemory), 2);
  EXPECT_EQ(exit_code(ErrorKind::kCancelled), 2);
  EXPECT_EQ(exit_code(ErrorKind::kOutOfMemory), 1);
  EXPECT_EQ(exit_code(ErrorKind::kResources), 1);
  EXPECT_EQ(exit_code(ErrorKind::kOutputLost), 1);
  EXPECT_EQ(exit_code(ErrorKind::kInternal), 1);
}

TEST(AppErrors, MemoryThatRanOutIsALackOfResourcesWhateverItsWords) {
  const Said heap = said(made("the heap is exhausted", ErrorKind::kOutOfMemory));
  EXPECT_TRUE(heap.resources);
  EXPECT_EQ(heap.text, "g.json: the heap is exhausted");
  const Said threads = said(made("no threads today", ErrorKind::kResources));
  EXPECT_TRUE(threads.resources);
  // A refusal by the limit is the caller's, even in words that say memory ran out.
  const Said refused = said(
      made("out of memory, or so it says", ErrorKind::kRefusedMemory, ErrorField::kMemoryLimit));
  EXPECT_FALSE(refused.resources);
  EXPECT_EQ(refused.text, "g.json: out of memory, or so it says (see --memory)");
  EXPECT_THROW(throw_read_error(made("no room left", ErrorKind::kOutOfMemory)), ResourceError);
  try {
    throw_read_error(made("too large", ErrorKind::kRefusedMemory, ErrorField::kMemoryLimit));
    FAIL() << "no error thrown";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "too large (see --memory)");
  }
}

TEST(AppErrors, OutputLostNamesTheFileItLost) {
  Error lost = made("write error: No space left on device", ErrorKind::kOutputLost);
  lost.where.source = "/tmp/scratch/table.cmtb";
  const Said full = said(lost);
  EXPECT_TRUE(full.resources);
  EXPECT_EQ(full.text, "/tmp/scratch/table.cmtb: write error: No space left on device");
  // The same words from a path the caller gave wrong are bad input.
  lost.kind = ErrorKind::kBadInput;
  EXPECT_FALSE(said(lost).resources);
}

TEST(AppErrors, AHintIsGivenOnlyWhereItsOptionIs) {
  Error refused = made("solving 8 states needs about 2 KiB, over the limit of 1 KiB",
                       ErrorKind::kRefusedMemory, ErrorField::kMemoryLimit);
  refused.hint = {ErrorField::kValuesOnly, "values only would need 1 KiB and fit"};
  EXPECT_EQ(said(refused).text,
            "g.json: solving 8 states needs about 2 KiB, over the limit of 1 KiB; values only "
            "would need 1 KiB and fit (see --memory, --values-only)");
  EXPECT_EQ(said(refused, false).text,
            "g.json: solving 8 states needs about 2 KiB, over the limit of 1 KiB (see --memory)");
  // Words about values only in the message are no hint.
  const Error words =
      made("even values only would not fit", ErrorKind::kRefusedMemory, ErrorField::kMemoryLimit);
  EXPECT_EQ(said(words).text, "g.json: even values only would not fit (see --memory)");
}

}  // namespace
}  // namespace catmouse::cli
