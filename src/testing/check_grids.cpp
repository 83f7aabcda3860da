// The map domain of check.hpp: LeetCode 1728 maps ("Cat and Mouse II"), answered true (the mouse
// wins) or false. Maps come from every small map, random maps, a file, and the long-mouse-win
// search (grid_search.hpp).
#include <fmt/format.h>

#include <array>

#include "catmouse/solve/solve.hpp"
#include "catmouse/testing/check.hpp"
#include "catmouse/testing/grid_search.hpp"

namespace catmouse {

namespace {

// LeetCode 1728's limits: at most 8 rows and 8 columns; random and searched jumps up to 3.
constexpr RandomMapOptions kMapOptions{8, 8, 3, 1};
// Jumps of the exhaustive maps: 1 and 2.
constexpr std::uint32_t kSmallJump = 2;
// Steps (solves) of the long-win search per turn of --source auto: about 5 ms at 8x8.
constexpr std::uint64_t kSearchStepsPerTurn = 8;
// Steps (solves) of the long-win search per smaller board tried while shrinking: about a second
// at 8x8, less on smaller boards.
constexpr std::uint64_t kSmallerSteps = 2000;
// Calls of the solver a shrink makes at most.
constexpr std::uint32_t kMaxShrinkTries = 100000;

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
        search_(map_options(options.seed), options.cancelled) {}

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
    if (cancelled()) return std::nullopt;
    switch (options_.source) {
      case CheckSource::kFile: {
        if (file_index_ >= file_.size()) return std::nullopt;
        const auto& [line, map] = file_[file_index_++];
        CheckCase c = make_case(map, fmt::format("line {} of the file", line), CheckSource::kFile);
        c.last = file_index_ == file_.size();
        return c;
      }
      case CheckSource::kExhaustive:
        return small_case();
      case CheckSource::kSearch:  // a climb always finds a mouse win (M next to F, on 4 cells)
        return search_case(UINT64_MAX);
      case CheckSource::kRandom:
        return random_case();
      case CheckSource::kAuto:
        break;
    }
    // Every other case from the search, the others every small map and then random maps. A
    // search candidate costs from one solve to hundreds; a turn of the search takes at most
    // kSearchStepsPerTurn solves, and when they find no longer win the turn goes to the other
    // sources, so that those go at the solver's pace, not the search's (with a batch solver a
    // turn of the search costs about as much as the solver's answer).
    if (++turn_ % 2 == 0) {
      if (std::optional<CheckCase> found = search_case(kSearchStepsPerTurn)) return found;
      if (cancelled()) return std::nullopt;
    }
    if (std::optional<CheckCase> small = small_case()) return small;
    return random_case();
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
    const auto map_fails = [&](const GridMap& map) { return fails(grid_json(map)); };
    MapShrinkResult shrunk =
        shrink_map(parse(input), map_fails, kMaxShrinkTries, options_.cancelled);
    std::uint32_t runs = shrunk.tries;
    // Removal stops at a 1-minimal map; the long-win search on a board of one row or one column
    // fewer (the longer side first) often finds a smaller failing map, which is shrunk in turn.
    for (std::uint64_t round = 1; !shrunk.cancelled; ++round) {
      std::optional<GridMap> found;
      const std::uint32_t rows = shrunk.map.row_count(), columns = shrunk.map.column_count();
      const std::pair<std::uint32_t, std::uint32_t> fewer_rows{rows - 1, columns},
          fewer_columns{rows, columns - 1};
      for (const auto& [r, c] : rows >= columns ? std::array{fewer_rows, fewer_columns}
                                                : std::array{fewer_columns, fewer_rows}) {
        if (found || r * c < 4) continue;
        RandomMapOptions board = map_options(options_.seed + round);
        board.max_rows = r;
        board.max_columns = c;
        found = smaller_failing(board, map_fails, runs);
      }
      if (!found) {
        shrunk.cancelled = cancelled();
        break;
      }
      shrunk = shrink_map(*found, map_fails, kMaxShrinkTries, options_.cancelled);
      runs += shrunk.tries;
    }
    return {grid_json(shrunk.map), runs, shrunk.cancelled};
  }

  std::string size(const std::string& input) const override { return describe(parse(input)); }

  GameSpec game(const std::string& input) const override {
    GameSpec spec = grid_spec(parse(input));
    spec.source = "the map";
    return spec;
  }

 private:
  bool cancelled() const { return options_.cancelled && options_.cancelled(); }

  // The next map of up to options.exhaustive cells, one read ahead (CheckCase::last).
  std::optional<CheckCase> small_case() {
    if (!small_started_) {
      small_started_ = true;
      small_ahead_ = small_.next();
    }
    if (!small_ahead_) return std::nullopt;
    const GridMap map = std::move(*small_ahead_);
    small_ahead_ = small_.next();
    CheckCase c = make_case(map, fmt::format("every map of up to {} cells", options_.exhaustive),
                            CheckSource::kExhaustive);
    c.last = !small_ahead_;
    return c;
  }

  std::optional<CheckCase> search_case(std::uint64_t max_steps) {
    const std::optional<GridMap> map = search_.next(max_steps);
    if (!map) return std::nullopt;
    CheckCase c = make_case(
        *map,
        fmt::format("the long-win search (the mouse wins in {} moves)", search_.last_remoteness()),
        CheckSource::kSearch);
    c.plies = search_.last_remoteness();
    return c;
  }

  CheckCase random_case() {
    const std::uint64_t k = random_count_++;
    return make_case(random_map(random_, k), fmt::format("random map {}", k + 1),
                     CheckSource::kRandom);
  }

  // A map of the search on `board` on which `fails` holds, within kSmallerSteps steps of the
  // search; each candidate tried counts in `runs`.
  std::optional<GridMap> smaller_failing(const RandomMapOptions& board,
                                         const std::function<bool(const GridMap&)>& fails,
                                         std::uint32_t& runs) const {
    MapLongWinSearch search(board, options_.cancelled);
    for (std::uint64_t steps = 0; steps < kSmallerSteps && !cancelled(); ++steps) {
      std::optional<GridMap> map = search.next(1);  // not const: returned, so moved
      if (!map) continue;
      ++runs;
      if (fails(*map)) return map;
    }
    return std::nullopt;
  }

  static GridMap parse(const std::string& input) { return parse_grid(input, "case").value(); }

  static std::string describe(const GridMap& map) {
    return fmt::format("a {}x{} map, mouse jump {}, cat jump {}", map.row_count(),
                       map.column_count(), map.mouse_jump, map.cat_jump);
  }

  static CheckCase make_case(const GridMap& map, std::string origin, CheckSource source) {
    CheckCase c{grid_json(map), std::move(origin), describe(map)};
    c.source = source;
    c.units = map.row_count() * map.column_count();
    return c;
  }

  const CheckOptions options_;
  RandomMapOptions random_;
  SmallMaps small_;
  std::optional<GridMap> small_ahead_;  // the next small map, read ahead
  bool small_started_ = false;
  MapLongWinSearch search_;
  std::vector<std::pair<std::uint64_t, GridMap>> file_;
  std::size_t file_index_ = 0;
  std::uint64_t turn_ = 0, random_count_ = 0;
};

}  // namespace

Result<std::unique_ptr<CheckDomain>> grid_check_domain(const CheckOptions& options) {
  if (options.exhaustive > kMaxExhaustiveCells) {
    Error error{fmt::format("at most {} cells", kMaxExhaustiveCells), {}};
    error.where.field = ErrorField::kExhaustive;
    return error;
  }
  auto domain = std::make_unique<GridDomain>(options);
  if (options.source == CheckSource::kFile) {
    if (Status ok = domain->read_cases(); !ok) return ok.error();
  }
  return std::unique_ptr<CheckDomain>(std::move(domain));
}

}  // namespace catmouse
