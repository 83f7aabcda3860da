// SolveOptions::cancelled: every engine polls it once per level, after the progress report, and
// stops with an error whose field is "cancelled" the first time it says so; a poll that never
// says so changes nothing.
#include <gtest/gtest.h>

#include "catmouse/io/generate.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/solve.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::generated;

struct Counted {
  int polls = 0;
  int progress_calls = 0;
};

// Options that count the progress reports and polls, and cancel at poll `stop` (0: never).
SolveOptions counting(Counted& count, int stop, Engine engine = Engine::kAuto) {
  SolveOptions options;
  options.engine = engine;
  options.threads = 2;
  options.progress = [&count](const SolveProgress&) { ++count.progress_calls; };
  options.cancelled = [&count, stop] { return ++count.polls == stop; };
  return options;
}

// The games of each engine: a cycle (many levels) for the one-cat kernels, two cats for the pack
// engine, cops and robbers for the cops engine.
struct EngineCase {
  const char* name;
  Engine engine;
  GameSpec spec;
};

std::vector<EngineCase> engine_cases() {
  std::vector<EngineCase> cases;
  cases.push_back({"small", Engine::kSmall, make_spec(generated(GraphFamily::kCycle, 40))});
  cases.push_back({"general", Engine::kGeneral, make_spec(generated(GraphFamily::kCycle, 200))});
  Rules two_cats;
  two_cats.cats = 2;
  cases.push_back({"pack", Engine::kPack, make_spec(generated(GraphFamily::kCycle, 30), two_cats)});
  cases.push_back(
      {"cops", Engine::kCops, make_spec(generated(GraphFamily::kGrid, 25), cops_rules(2))});
  return cases;
}

TEST(Cancel, EveryEngineStopsAtThePollThatSaysSo) {
  for (const EngineCase& c : engine_cases()) {
    Counted whole;
    const Result<Solution> full = solve(c.spec, counting(whole, 0, c.engine));
    ASSERT_TRUE(full.ok()) << c.name << ": " << full.error().to_string();
    EXPECT_EQ(full->engine(), c.engine) << c.name;
    ASSERT_GE(whole.polls, 3) << c.name << ": the game needs a few levels for this test";
    // One poll per level, each after that level's progress report.
    EXPECT_EQ(whole.polls, whole.progress_calls) << c.name;

    Counted part;
    const Result<Solution> stopped = solve(c.spec, counting(part, 2, c.engine));
    ASSERT_FALSE(stopped.ok()) << c.name;
    EXPECT_EQ(stopped.error().where.field_text(), "cancelled") << c.name;
    EXPECT_EQ(stopped.error().kind, ErrorKind::kCancelled) << c.name;
    EXPECT_EQ(part.polls, 2) << c.name;
    EXPECT_EQ(part.progress_calls, 2) << c.name;
  }
}

TEST(Cancel, APollThatNeverSaysSoChangesNothing) {
  for (const EngineCase& c : engine_cases()) {
    Counted count;
    SolveOptions plain;
    plain.engine = c.engine;
    const Result<Solution> a = solve(c.spec, plain);
    const Result<Solution> b = solve(c.spec, counting(count, 0, c.engine));
    ASSERT_TRUE(a.ok() && b.ok()) << c.name;
    EXPECT_TRUE(a->table() == b->table()) << c.name;
  }
}

TEST(Cancel, TheEarlyStopsAndTheCopsQuestionToo) {
  // solve_value stops at the level that decides the start; a cancel before that level wins.
  const GameSpec cycle = make_spec(generated(GraphFamily::kCycle, 200));
  Counted one;
  SolveOptions options = counting(one, 1);
  const Result<StateValue> value = solve_value(cycle, start_position(cycle.rules), options);
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.error().where.field_text(), "cancelled");

  Counted cops;
  const Result<CopsResult> question =
      solve_cops(generated(GraphFamily::kGrid, 36), 1, counting(cops, 1));
  ASSERT_FALSE(question.ok());
  EXPECT_EQ(question.error().where.field_text(), "cancelled");
  EXPECT_EQ(cops.polls, 1);
}

}  // namespace
}  // namespace catmouse
