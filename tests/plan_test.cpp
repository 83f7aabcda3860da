// plan() and run() (solve/plan.hpp): the engine and memory decided once, the table run giving
// solve()'s Solution, and the level run handing every decided state to a sink exactly once.
#include "catmouse/solve/plan.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <span>
#include <vector>

#include "catmouse/io/generate.hpp"
#include "catmouse/solve/level_sink.hpp"
#include "catmouse/solve/solve.hpp"
#include "solve/engines.hpp"
#include "test_util.hpp"

namespace catmouse {
namespace {

using testing::graph_from_lists;

const Graph& example1() {
  static const Graph g = graph_from_lists({{2, 5}, {3}, {0, 4, 5}, {1, 4, 5}, {2, 3}, {0, 2, 3}});
  return g;
}

TEST(Plan, ChoosesTheEngineAndEstimatesOnce) {
  Result<SolvePlan> p = plan(make_spec(example1()));
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_EQ(p->engine(), Engine::kSmall);
  EXPECT_EQ(p->sink(), SinkKind::kTable);
  EXPECT_GT(p->memory_bytes(), 0u);
  EXPECT_EQ(p->game().node_count(), 6u);
  EXPECT_EQ(&p->spec().graph, &p->owned_game().spec().graph);

  SolveOptions general;
  general.engine = Engine::kGeneral;
  EXPECT_EQ(plan(make_spec(example1()), general).value().engine(), Engine::kGeneral);

  Rules two;
  two.cats = 2;
  EXPECT_EQ(plan(make_spec(example1(), two)).value().engine(), Engine::kPack);
  // Values only needs less than the whole table with remoteness.
  SolveOptions lean;
  lean.values_only = true;
  EXPECT_LT(plan(make_spec(example1()), lean).value().memory_bytes(), p->memory_bytes());
}

TEST(Plan, RefusesWhatNoEngineCanDoNamingTheField) {
  Rules bad;
  bad.mouse_start = 9;
  Result<SolvePlan> invalid = plan(make_spec(example1(), bad));
  ASSERT_FALSE(invalid.ok());
  EXPECT_EQ(invalid.error().where.field_text(), "mouse start");

  Rules limited;
  limited.move_limit = 10;
  SolveOptions lean;
  lean.values_only = true;
  Result<SolvePlan> no_remoteness = plan(make_spec(example1(), limited), lean);
  ASSERT_FALSE(no_remoteness.ok());
  EXPECT_EQ(no_remoteness.error().where.field_text(), "values_only");

  SolveOptions threads;
  threads.threads = kMaxThreads + 1;
  Result<SolvePlan> too_many = plan(make_spec(example1()), threads);
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.error().where.field_text(), "threads");
}

// The memory limit is compared once, in plan(): the engine's bytes and what the caller declares
// it will hold beside them (a file writer's buffers), with the caller's words in the refusal.
TEST(Plan, RefusesTheEnginesAndTheCallersBytesOverTheLimitOnce) {
  SolveOptions options;
  options.memory_limit = plan(make_spec(example1())).value().memory_bytes() + 100;
  ASSERT_TRUE(plan(make_spec(example1()), options).ok());
  const auto writer = [](std::uint64_t bytes, const std::string& what) {
    return [bytes, what](const SolvePlan& p) {
      EXPECT_EQ(p.game().node_count(), 6u);
      return CallerBytes{bytes, what};
    };
  };
  ASSERT_TRUE(plan(make_spec(example1()), options, SinkKind::kTable, writer(100, "")).ok());
  Result<SolvePlan> over =
      plan(make_spec(example1()), options, SinkKind::kTable, writer(101, "saving the table"));
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().kind, ErrorKind::kRefusedMemory);
  EXPECT_EQ(over.error().where.field, ErrorField::kMemoryLimit);
  EXPECT_EQ(over.error().message.rfind("saving the table needs about", 0), 0u)
      << over.error().message;
  EXPECT_EQ(over.error().hint.option, ErrorField::kNone);  // the engine's alone would mislead
  // The figures as numbers, for a front end that words the refusal its own way.
  ASSERT_TRUE(over.error().memory.has_value());
  EXPECT_EQ(over.error().memory->needed, options.memory_limit + 1);
  EXPECT_EQ(over.error().memory->limit, options.memory_limit);
  // Without words of the caller's, the engine's stand, and with them the values-only hint.
  Result<SolvePlan> engine_words =
      plan(make_spec(example1()), options, SinkKind::kTable, writer(101, ""));
  ASSERT_FALSE(engine_words.ok());
  EXPECT_EQ(engine_words.error().message.rfind("solving 72 states needs about", 0), 0u)
      << engine_words.error().message;
  EXPECT_EQ(engine_words.error().hint.option, ErrorField::kValuesOnly);
  // Every engine's bytes are refused by the plan, before anything runs.
  options.memory_limit = 100;
  Rules two;
  two.cats = 2;
  for (const Rules& rules : {Rules{}, two, cops_rules(2)}) {
    Result<SolvePlan> refused = plan(make_spec(example1(), rules), options);
    ASSERT_FALSE(refused.ok()) << rules.cats;
    EXPECT_EQ(refused.error().kind, ErrorKind::kRefusedMemory);
    EXPECT_EQ(refused.error().where.field, ErrorField::kMemoryLimit);
  }
}

// A caller with alternatives plans once: the first that fits is the plan, and it says which; when
// none fits, the last one's refusal is the answer, word for word as that alternative alone gives.
TEST(Plan, AlternativesGiveTheFirstThatFitsElseTheLastRefusal) {
  const auto saving = [](std::uint64_t bytes) {
    return [bytes](const SolvePlan&) { return CallerBytes{bytes, "saving the table"}; };
  };
  const PlanAlternative alternatives[] = {{SinkKind::kTable, {}}, {SinkKind::kLevels, saving(100)}};
  const std::uint64_t table = plan(make_spec(example1())).value().memory_bytes();
  const std::uint64_t levels =
      plan(make_spec(example1()), {}, SinkKind::kLevels).value().memory_bytes();
  ASSERT_LT(levels + 100, table);
  SolveOptions options;
  // The first fits: it is chosen.
  options.memory_limit = table;
  Result<SolvePlan> first = plan(make_spec(example1()), options, alternatives);
  ASSERT_TRUE(first.ok()) << first.error().to_string();
  EXPECT_EQ(first->alternative(), 0u);
  EXPECT_EQ(first->sink(), SinkKind::kTable);
  EXPECT_EQ(first->memory_bytes(), table);
  EXPECT_TRUE(run(std::move(first).value()).ok());
  // The first is refused, the second (its caller's bytes counted) fits: the second.
  options.memory_limit = levels + 100;
  Result<SolvePlan> second = plan(make_spec(example1()), options, alternatives);
  ASSERT_TRUE(second.ok()) << second.error().to_string();
  EXPECT_EQ(second->alternative(), 1u);
  EXPECT_EQ(second->sink(), SinkKind::kLevels);
  EXPECT_TRUE(second->owns_game());
  // None fits: the last one's refusal, with its words and (none) hint.
  options.memory_limit = levels + 99;
  Result<SolvePlan> none = plan(make_spec(example1()), options, alternatives);
  ASSERT_FALSE(none.ok());
  Result<SolvePlan> last = plan(make_spec(example1()), options, SinkKind::kLevels, saving(100));
  ASSERT_FALSE(last.ok());
  EXPECT_EQ(none.error().kind, ErrorKind::kRefusedMemory);
  EXPECT_EQ(none.error().to_string(), last.error().to_string());
  EXPECT_EQ(none.error().message.rfind("saving the table needs about", 0), 0u)
      << none.error().message;
  EXPECT_EQ(none.error().hint.option, ErrorField::kNone);
  // The order is the caller's preference: the save first, when it fits, is chosen.
  const PlanAlternative save_first[] = {alternatives[1], alternatives[0]};
  options.memory_limit = table;
  EXPECT_EQ(plan(make_spec(example1()), options, save_first).value().alternative(), 0u);
  // A failure that is not about memory is every alternative's, answered at once.
  options.threads = kMaxThreads + 1;
  Result<SolvePlan> threads = plan(make_spec(example1()), options, alternatives);
  ASSERT_FALSE(threads.ok());
  EXPECT_EQ(threads.error().to_string(), plan(make_spec(example1()), options).error().to_string());
  // No alternatives: the table's plan.
  EXPECT_EQ(plan(make_spec(example1()), {}, std::span<const PlanAlternative>{}).value().sink(),
            SinkKind::kTable);
}

// The engines no longer compare their bytes with the limit: run without a plan, a limit far
// below their need does not stop them (the plan is the only refusal).
TEST(Plan, EnginesLeaveTheMemoryRefusalToThePlan) {
  SolveOptions tight;
  tight.memory_limit = 1;
  const Game one(example1(), Rules{});
  EXPECT_TRUE(detail::solve_one_cat(one, tight).ok());
  Rules two;
  two.cats = 2;
  const Game pack(example1(), two);
  EXPECT_TRUE(detail::solve_pack(pack, tight).ok());
  const Game cops(example1(), cops_rules(2));
  EXPECT_TRUE(detail::solve_cops_table(cops, tight).ok());
}

// Ten cats on a 16-node random graph: a placement has more joint moves than the pack engine
// plays. The plan finds it from one placement, before anything of the game's size is allocated
// (the engine found it after 12 s and 320 MB, in the middle of its first pass).
TEST(Plan, TooManyJointMovesAreRefusedBeforeTheSolve) {
  GenerateOptions random;
  random.nodes = 16;
  Rules ten;
  ten.cats = 10;
  const auto start = std::chrono::steady_clock::now();
  Result<SolvePlan> refused = plan(make_spec(generate(random).value(), ten));
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().where.field, ErrorField::kCats);
  EXPECT_NE(refused.error().message.find("65535 or more joint moves"), std::string::npos)
      << refused.error().message;
  EXPECT_EQ(refused.error().nodes.size(), 10u);  // the placement, named node by node
  EXPECT_LT(took.count(), 5.0);
  // Ten cats on a 12-node cycle have few joint moves: planned as before.
  GenerateOptions cycle;
  cycle.family = GraphFamily::kCycle;
  cycle.nodes = 12;
  EXPECT_TRUE(plan(make_spec(generate(cycle).value(), ten)).ok());
}

TEST(Plan, RunIntoTheTableIsSolve) {
  Result<Solution> ran = run(plan(make_spec(example1())).value());
  Result<Solution> solved = solve(make_spec(example1()));
  ASSERT_TRUE(ran.ok() && solved.ok());
  EXPECT_EQ(ran->table(), solved->table());
  EXPECT_EQ(ran->engine(), solved->engine());
  EXPECT_EQ(ran->value(ran->start()).value, Value::kDraw);
}

// Collects each level's states with the level that decided them.
class CollectingSink : public LevelSink {
 public:
  void add(const LevelWord& word) override {
    for (int j = 0; j < 64; ++j) {
      if ((word.states >> j) & 1) record(word.first + j, ((word.mouse >> j) & 1) != 0);
    }
  }
  void add_state(StateIndex state, bool mouse) override { record(state, mouse); }
  bool end_level(std::uint32_t level) override {
    ++level_;
    return level + 1 == level_;
  }
  std::map<StateIndex, std::pair<std::uint32_t, bool>> decided;
  bool twice = false;

 private:
  void record(StateIndex state, bool mouse) {
    twice |= !decided.emplace(state, std::pair{level_, mouse}).second;
  }
  std::uint32_t level_ = 0;
};

TEST(Plan, LevelRunGivesEveryDecidedStateOnceWithItsRemoteness) {
  const Graph g = graph_from_lists({{1, 3}, {0, 2}, {1, 3, 4}, {0, 2}, {2}});
  for (const Engine engine : {Engine::kSmall, Engine::kGeneral}) {
    SolveOptions options;
    options.engine = engine;
    Result<SolvePlan> levels = plan(make_spec(g), options, SinkKind::kLevels);
    ASSERT_TRUE(levels.ok()) << levels.error().to_string();
    ASSERT_EQ(levels->sink(), SinkKind::kLevels);
    EXPECT_LT(levels->memory_bytes(), plan(make_spec(g), options).value().memory_bytes());
    CollectingSink sink;
    ASSERT_TRUE(run(*levels, sink).ok());
    EXPECT_FALSE(sink.twice);
    const Solution whole = solve(make_spec(g), options).value();
    const Table& table = whole.table();
    std::uint64_t decided = 0;
    for (StateIndex s = 0; s < table.state_count(); ++s) {
      if (!levels->game().valid(levels->game().space().state(s))) continue;
      const Value value = table.value(s);
      const auto found = sink.decided.find(s);
      if (value == Value::kDraw) {
        EXPECT_EQ(found, sink.decided.end()) << s;
        continue;
      }
      ++decided;
      ASSERT_NE(found, sink.decided.end()) << s;
      EXPECT_EQ(found->second.first, table.remoteness_raw(s)) << s;
      EXPECT_EQ(found->second.second, value == Value::kMouseWin) << s;
    }
    EXPECT_GT(decided, 0u);
    // A table run refuses a sink, and a level plan cannot run into a table.
    EXPECT_FALSE(run(plan(make_spec(g), options).value(), sink).ok());
    EXPECT_FALSE(run(std::move(levels).value()).ok());
  }
}

TEST(Plan, OnePositionRunGivesTheSolutionsValueUnderTheMoveLimit) {
  const Graph g = graph_from_lists({{1, 3}, {0, 2}, {1, 3, 4}, {0, 2}, {2}});
  for (const std::uint32_t limit : {0u, 3u}) {
    Rules rules;
    rules.move_limit = limit;
    const Solution whole = solve(make_spec(g, rules)).value();
    // The same value from levels and from the table: run(plan, position) takes either plan.
    for (const SinkKind sink : {SinkKind::kLevels, SinkKind::kTable}) {
      Result<SolvePlan> planned = plan(make_spec(g, rules), {}, sink);
      ASSERT_TRUE(planned.ok());
      ASSERT_EQ(planned->sink(), sink);
      for (StateIndex s = 0; s < whole.table().state_count(); ++s) {
        const State state = planned->game().space().state(s);
        if (!planned->game().valid(state)) continue;
        const Result<PositionValue> one = run(*planned, Position(state));
        ASSERT_TRUE(one.ok()) << one.error().to_string();
        EXPECT_EQ(one->value, whole.value(Position(state))) << s << " limit " << limit;
        EXPECT_GT(one->memory_bytes, 0u);
      }
    }
  }
  Result<SolvePlan> levels = plan(make_spec(g), {}, SinkKind::kLevels);
  const Result<PositionValue> outside =
      run(*levels, Position(1, {0}, Side::kMouse));  // the cat in the hole
  ASSERT_FALSE(outside.ok());
  EXPECT_EQ(outside.error().where.field, ErrorField::kPosition);
}

// The levels of a k-cat game are its table: run(plan, position) reads the position from it.
TEST(Plan, OnePositionOfAGameOfTwoCatsComesFromTheTable) {
  Rules two;
  two.cats = 2;
  Result<SolvePlan> p = plan(make_spec(example1(), two), {}, SinkKind::kLevels);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->sink(), SinkKind::kTable);
  const Position start = p->game().start_position();
  const Result<PositionValue> one = run(*p, start);
  ASSERT_TRUE(one.ok()) << one.error().to_string();
  EXPECT_EQ(one->value, solve(make_spec(example1(), two)).value().value(start));
}

// A plan for levels that does not fit is refused as its table would be, with the hint of what
// values only would need: the one refusal catmouse solve gives, without planning again.
TEST(Plan, LevelsOverTheLimitAreRefusedInTheTablesWords) {
  SolveOptions tight;
  tight.memory_limit = 100;
  const Result<SolvePlan> levels = plan(make_spec(example1()), tight, SinkKind::kLevels);
  ASSERT_FALSE(levels.ok());
  EXPECT_EQ(levels.error().kind, ErrorKind::kRefusedMemory);
  const Result<SolvePlan> table = plan(make_spec(example1()), tight, SinkKind::kTable);
  ASSERT_FALSE(table.ok());
  EXPECT_EQ(levels.error().message, table.error().message);
  EXPECT_EQ(levels.error().hint.option, ErrorField::kValuesOnly);
  EXPECT_NE(levels.error().hint.text.find("even values only would need"), std::string::npos)
      << levels.error().hint.text;
}

// A game too small to share among threads is planned on one, whatever the count asked; a big one
// on the count asked (0: one per hardware thread). What is decided, not how fast it runs.
TEST(Plan, ASmallGameRunsOnOneThreadABigOneOnTheThreadsAsked) {
  SolveOptions two;
  two.threads = 2;
  Result<SolvePlan> tiny = plan(make_spec(example1()), two);
  ASSERT_TRUE(tiny.ok()) << tiny.error().to_string();
  EXPECT_EQ(tiny->options().threads, 1u);
  // Paths on each side of the 2^22 states below which one thread runs: 2 x 1400^2 = 3.9 million
  // states, 2 x 1500^2 = 4.5 million.
  const auto path_of = [](NodeId nodes) {
    GenerateOptions path;
    path.family = GraphFamily::kPath;
    path.nodes = nodes;
    Result<Graph> graph = generate(path);
    EXPECT_TRUE(graph.ok());
    return make_spec(std::move(graph).value());
  };
  for (const SinkKind sink : {SinkKind::kTable, SinkKind::kLevels}) {
    Result<SolvePlan> small = plan(path_of(1400), two, sink);
    ASSERT_TRUE(small.ok()) << small.error().to_string();
    EXPECT_LT(small->game().state_count(), std::uint64_t{1} << 22);
    EXPECT_EQ(small->options().threads, 1u);
    Result<SolvePlan> big = plan(path_of(1500), two, sink);
    ASSERT_TRUE(big.ok()) << big.error().to_string();
    EXPECT_GT(big->game().state_count(), std::uint64_t{1} << 22);
    EXPECT_EQ(big->options().threads, 2u);
    SolveOptions hardware;
    hardware.threads = 0;
    EXPECT_EQ(plan(path_of(1500), hardware, sink)->options().threads, resolve_threads(0));
  }
}

TEST(Plan, LevelsFallBackToTheTableForOtherEngines) {
  Rules two;
  two.cats = 2;
  Result<SolvePlan> p = plan(make_spec(example1(), two), {}, SinkKind::kLevels);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->sink(), SinkKind::kTable);
  EXPECT_TRUE(run(std::move(p).value()).ok());
}

}  // namespace
}  // namespace catmouse
