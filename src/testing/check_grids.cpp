// The map domain of check.hpp: LeetCode 1728 maps ("Cat and Mouse II"), answered true (the mouse
// wins) or false. Maps come from every small map, random maps, a file, and the long-mouse-win
// search (grid_search.hpp).
#include <fmt/format.h>

#include "catmouse/solve/solve.hpp"
#include "catmouse/testing/check.hpp"
#include "catmouse/testing/grid_search.hpp"

namespace catmouse {

namespace {

// LeetCode 1728's limits: at most 8 rows and 8 columns; random and searched jumps up to 3.
constexpr RandomMapOptions kMapOptions{8, 8, 3, 1};
// Jumps of the exhaustive maps: 1 and 2.
constexpr std::uint32_t kSmallJump = 2;

RandomMapOptions map_options(std::uint64_t seed) {
  RandomMapOptions options = kMapOptions;
  options.seed = seed;
  return options;
}

class GridDomain final : public CheckDomain {
 public:
  explicit GridDomain(const CheckOptions& options)
      : options_(options),
        random_(map_options(options.seed)),
        small_(options.exhaustive, kSmallJump),
        search_(map_options(options.seed)) {}

  // The maps of options.cases, for CheckSource::kFile.
  Status read_cases() {
    const std::string& source = options_.cases_source;
    return each_case_line(options_.cases, [&](std::uint64_t number, const std::string& line) {
      Result<GridMap> map = parse_grid(line, source);
      if (!map.ok()) return Status(map.error());
      if (!leetcode_map(*map)) {
        Error error{fmt::format("not a LeetCode 1728 map (at most {} rows and {} columns, jumps 1 "
                                "to {})",
                                kLeetCodeSide, kLeetCodeSide, kLeetCodeJump),
                    {}};
        error.where.source = source;
        return Status(error);
      }
      file_.emplace_back(number, std::move(map).value());
      return Status();
    });
  }

  std::vector<std::string> answers() const override { return {"true", "false"}; }

  std::optional<CheckCase> next() override {
    const CheckSource source = options_.source;
    if (source == CheckSource::kFile) {
      if (file_index_ >= file_.size()) return std::nullopt;
      const auto& [line, map] = file_[file_index_++];
      return make_case(map, fmt::format("line {} of the file", line));
    }
    if (source == CheckSource::kExhaustive || (source == CheckSource::kAuto && !small_done_)) {
      if (auto map = small_.next()) {
        return make_case(*map, fmt::format("every map of up to {} cells", options_.exhaustive));
      }
      small_done_ = true;
      if (source == CheckSource::kExhaustive) return std::nullopt;
    }
    if (source == CheckSource::kSearch || (source == CheckSource::kAuto && ++turn_ % 2 == 0)) {
      // Some map of 4 cells or more has a mouse win (M next to F), so a climb always finds one.
      const GridMap map = search_.next();
      return make_case(map, fmt::format("the long-win search (the mouse wins in {} moves)",
                                        search_.last_remoteness()));
    }
    const std::uint64_t k = random_count_++;
    return make_case(random_map(random_, k), fmt::format("random map {}", k + 1));
  }

  std::string expected(const std::string& input) const override {
    return exact(input).value == Value::kMouseWin ? "true" : "false";
  }

  StateValue exact(const std::string& input) const override {
    const GameSpec grid = grid_spec(parse(input));
    return solve_value(grid, start_position(grid.rules)).value();
  }

  ShrunkCase shrink(const std::string& input,
                    const std::function<bool(const std::string&)>& fails) override {
    const MapShrinkResult shrunk =
        shrink_map(parse(input), [&](const GridMap& map) { return fails(grid_json(map)); });
    return {grid_json(shrunk.map), shrunk.tries};
  }

  std::string size(const std::string& input) const override { return describe(parse(input)); }

  GameSpec game(const std::string& input) const override {
    GameSpec spec = grid_spec(parse(input));
    spec.source = "the map";
    return spec;
  }

 private:
  static GridMap parse(const std::string& input) { return parse_grid(input, "case").value(); }

  static std::string describe(const GridMap& map) {
    return fmt::format("a {}x{} map, mouse jump {}, cat jump {}", map.row_count(),
                       map.column_count(), map.mouse_jump, map.cat_jump);
  }

  static CheckCase make_case(const GridMap& map, std::string origin) {
    return {grid_json(map), std::move(origin), describe(map)};
  }

  const CheckOptions options_;
  RandomMapOptions random_;
  SmallMaps small_;
  MapLongWinSearch search_;
  bool small_done_ = false;
  std::vector<std::pair<std::uint64_t, GridMap>> file_;
  std::size_t file_index_ = 0;
  std::uint64_t turn_ = 0, random_count_ = 0;
};

}  // namespace

Result<std::unique_ptr<CheckDomain>> grid_check_domain(const CheckOptions& options) {
  if (options.exhaustive > kMaxExhaustiveCells) {
    Error error{fmt::format("at most {} cells", kMaxExhaustiveCells), {}};
    error.where.field = "exhaustive";
    return error;
  }
  auto domain = std::make_unique<GridDomain>(options);
  if (options.source == CheckSource::kFile) {
    if (Status ok = domain->read_cases(); !ok) return ok.error();
  }
  return std::unique_ptr<CheckDomain>(std::move(domain));
}

}  // namespace catmouse
