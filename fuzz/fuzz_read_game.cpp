// read_game(), the one entry point of every front end (files and batch lines alike): the first
// byte picks the format (detected, or one of the four named) and the directed flag; a game read
// is validated and, when small, solved (one cat by the kernels, two or three by the pack engine),
// and its start's value must agree with solve_value().
#include "catmouse/io/game_reader.hpp"
#include "catmouse/solve/solve.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

namespace {

constexpr NodeId kMaxSolvedNodes = 12;
constexpr std::uint32_t kMaxSolvedCats = 3;

void solve_small(const GameSpec& spec) {
  if (!spec.validate().ok() || spec.graph.node_count() > kMaxSolvedNodes ||
      spec.rules.cats > kMaxSolvedCats) {
    return;
  }
  SolveOptions options;
  options.threads = 1;
  options.memory_limit = fuzz::kMemoryLimit;
  const Result<Solution> solution = solve(spec, options);
  if (!solution.ok()) {
    fuzz::require(!solution.error().message.empty(), "a solve error without a message");
    return;
  }
  const Position start = start_position(spec.rules);
  const Result<StateValue> value = solve_value(spec, start, options);
  fuzz::require(value.ok(), "solve_value failed where solve succeeded");
  fuzz::require(value->value == solution->value(start).value, "solve_value disagrees with solve");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kSource = "fuzz";
  if (size == 0) return 0;
  ReadOptions options;
  options.memory_limit = fuzz::kMemoryLimit;
  options.directed = (data[0] & 8) != 0;
  switch (data[0] & 7) {
    case 1:
      options.format = InputFormat::kLeetCode;
      break;
    case 2:
      options.format = InputFormat::kEdges;
      break;
    case 3:
      options.format = InputFormat::kGraph6;
      break;
    case 4:
      options.format = InputFormat::kGrid;
      break;
    default:
      break;  // detected from the content
  }
  const Result<GameSpec> spec = read_game(fuzz::text_of(data + 1, size - 1), kSource, options);
  if (!spec.ok()) {
    fuzz::check_error(spec.error(), kSource);
    return 0;
  }
  fuzz::require(spec->source == kSource, "the game does not name its source");
  solve_small(*spec);
  return 0;
}
