// catmouse check --grid: LeetCode 1728 maps ("Cat and Mouse II"), answered true (the mouse wins)
// or false. Maps come from every small map, random maps, a file, and the long-mouse-win search
// (grid_search.hpp).
#include <fmt/format.h>

#include "catmouse/testing/grid_search.hpp"
#include "catmouse/solve/solve.hpp"
#include "check.hpp"

namespace catmouse::cli {

namespace {

// LeetCode 1728's limits: at most 8 rows and 8 columns; random and searched jumps up to 3.
constexpr RandomMapOptions kMapOptions{8, 8, 3, 1};
// Jumps of the exhaustive maps: 1 and 2.
constexpr std::uint32_t kSmallJump = 2;

class GridDomain final : public CheckDomain {
 public:
  GridDomain(const CheckCommand& cmd, std::uint64_t seed)
      : cmd_(cmd), options_(kMapOptions), small_(cmd.exhaustive, kSmallJump), search_([&] {
          RandomMapOptions options = kMapOptions;
          options.seed = seed;
          return options;
        }()) {
    options_.seed = seed;
    if (cmd.source == "file") {
      const std::string text = read_input(cmd.graphs);
      const std::string source = cmd.graphs == "-" ? "<stdin>" : cmd.graphs;
      each_case_line(text, [&](std::uint64_t number, const std::string& line) {
        GridMap map = take(parse_grid(line, source));
        if (!leetcode_map(map)) {
          throw InputError(fmt::format(
              "{}:{}: not a LeetCode 1728 map (at most {} rows and {} columns, jumps 1 to {})",
              source, number, kLeetCodeSide, kLeetCodeSide, kLeetCodeJump));
        }
        file_.emplace_back(number, std::move(map));
      });
    }
  }

  std::vector<std::string> answers() const override { return {"true", "false"}; }

  std::optional<CheckCase> next() override {
    const std::string& source = cmd_.source;
    if (source == "file") {
      if (file_index_ >= file_.size()) return std::nullopt;
      const auto& [line, map] = file_[file_index_++];
      return make_case(map, fmt::format("line {} of the file", line));
    }
    if (source == "exhaustive" || (source == "auto" && !small_done_)) {
      if (auto map = small_.next()) {
        return make_case(*map, fmt::format("every map of up to {} cells", cmd_.exhaustive));
      }
      small_done_ = true;
      if (source == "exhaustive") return std::nullopt;
    }
    if (source == "search" || (source == "auto" && ++turn_ % 2 == 0)) {
      // Some map of 4 cells or more has a mouse win (M next to F), so a climb always finds one.
      const GridMap map = search_.next();
      return make_case(map, fmt::format("the long-win search (the mouse wins in {} moves)",
                                        search_.last_remoteness()));
    }
    const std::uint64_t k = random_count_++;
    return make_case(random_map(options_, k), fmt::format("random map {}", k + 1));
  }

  std::string expected(const std::string& input) const override {
    return exact(parse(input)).value == Value::kMouseWin ? "true" : "false";
  }

  ShrunkCase shrink(const std::string& input,
                    const std::function<bool(const std::string&)>& fails) override {
    const MapShrinkResult shrunk =
        shrink_map(parse(input), [&](const GridMap& map) { return fails(grid_json(map)); });
    return {grid_json(shrunk.map), shrunk.tries};
  }

  std::string size(const std::string& input) const override { return describe(parse(input)); }

  std::string sentence(const std::string& input) const override {
    const StateValue value = exact(parse(input));
    return result_sentence(value.value, value.remoteness);
  }

  std::string why(const std::string& input) const override {
    GameSpec spec = grid_spec(parse(input));
    spec.source = "the map";
    const Solution solution = solve_game(std::move(spec), EngineOptions{});
    return explain_text(solution, take(solution.line(solution.start())));
  }

 private:
  static GridMap parse(const std::string& input) { return parse_grid(input, "case").value(); }

  static StateValue exact(const GridMap& map) {
    const GameSpec grid = grid_spec(map);
    return solve_value(grid, start_position(grid.rules)).value();
  }

  static std::string describe(const GridMap& map) {
    return fmt::format("a {}x{} map, mouse jump {}, cat jump {}", map.row_count(),
                       map.column_count(), map.mouse_jump, map.cat_jump);
  }

  static CheckCase make_case(const GridMap& map, std::string origin) {
    return {grid_json(map), std::move(origin), describe(map)};
  }

  const CheckCommand& cmd_;
  RandomMapOptions options_;
  SmallMaps small_;
  MapLongWinSearch search_;
  bool small_done_ = false;
  std::vector<std::pair<std::uint64_t, GridMap>> file_;
  std::size_t file_index_ = 0;
  std::uint64_t turn_ = 0, random_count_ = 0;
};

}  // namespace

std::unique_ptr<CheckDomain> grid_domain(const CheckCommand& cmd, std::uint64_t seed) {
  return std::make_unique<GridDomain>(cmd, seed);
}

}  // namespace catmouse::cli
