#include "rule_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <tuple>

#include "errors.hpp"

namespace catmouse::cli {

namespace {

// The words an option of enumeration E takes (core's kRuleWords), for CLI11's check.
template <class E>
CLI::IsMember words_of() {
  std::vector<std::string> words;
  for (const Word<E>& entry : kRuleWords<E>) words.emplace_back(entry.word);
  return CLI::IsMember(std::move(words));
}

// The value of a word CLI11 has checked against words_of<E>().
template <class E>
E parsed(const std::string& word) {
  return parse_rule_word<E>(word).value_or(E{});
}

}  // namespace

void StateOptions::add_to(CLI::App& app) {
  app.add_option("--mouse", mouse, "the mouse's node (default: the mouse start, 1)");
  cat_option_ =
      app.add_option("--cat", cat,
                     "the cat's node (default: the cat start, 2); with --cats K, one per cat, "
                     "comma-separated")
          ->type_name("NODE[,NODE...]");
  app.add_option("--turn", turn, "who is to move (default: mouse)")->check(words_of<Side>());
}

Position StateOptions::resolve(const Rules& rules) const {
  Position p = start_position(rules);
  if (!turn.empty()) p.turn = parsed<Side>(turn);
  return p;
}

std::vector<std::int64_t> StateOptions::cat_nodes() const {
  std::vector<std::int64_t> nodes = node_list(cat, "--cat");
  if (nodes.empty()) {
    throw InputError("--cat: no node given; give the cat's node, or one per cat (e.g. --cat 2,5)");
  }
  return nodes;
}

std::vector<std::int64_t> node_list(const std::string& text, const char* option) {
  std::vector<std::int64_t> out;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string item = text.substr(begin, end - begin);
    std::int64_t id = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size()) {
      throw InputError(fmt::format("{}: '{}' is not a node id", option, item));
    }
    out.push_back(id);
    begin = end + 1;
  }
  return out;
}

void RulesOptions::add_to(CLI::App& app) {
  auto keep = [&](const char* name, CLI::Option* option) { given_.emplace_back(name, option); };
  keep("holes", app.add_option("--holes", holes,
                               "the holes, comma-separated (default: 0); none: --holes ''"));
  keep("cat-forbidden",
       app.add_option("--cat-forbidden", cat_forbidden,
                      "nodes the cat may not enter, comma-separated (default: the holes); none: "
                      "--cat-forbidden ''"));
  keep("first", app.add_option("--first", first, "who moves first (default: mouse)")
                    ->check(words_of<Side>()));
  keep("stuck", app.add_option("--stuck", stuck,
                               "what happens to a player with no legal move: lose (default) or "
                               "draw")
                    ->check(words_of<StuckRule>()));
  keep("mouse-stays",
       app.add_flag("--mouse-stays", mouse_stays, "the mouse may stay where it is as its move"));
  keep("cat-stays",
       app.add_flag("--cat-stays", cat_stays, "the cat may stay where it is as its move"));
  keep("cat-wins-in-hole",
       app.add_flag("--cat-wins-in-hole", cat_wins_in_hole,
                    "the cat wins on reaching a hole first (LeetCode 1728's food; use with "
                    "--cat-forbidden)"));
  keep("move-limit", app.add_option("--move-limit", move_limit,
                                    "the game ends after this many moves (plies); 0: no limit")
                         ->type_name("N"));
  keep("limit-outcome", app.add_option("--limit-outcome", limit_outcome,
                                       "the result at the move limit: draw (default) or cat")
                            ->check(words_of<LimitOutcome>()));
  keep("cats", app.add_option("--cats", cats, "the number of cats, moving together (default: 1)")
                   ->type_name("K"));
}

bool RulesOptions::given(const std::string& name) const {
  for (const auto& [option_name, option] : given_) {
    if (option_name == name) return option->count() > 0;
  }
  return false;
}

bool RulesOptions::any_given() const {
  return std::any_of(given_.begin(), given_.end(),
                     [](const auto& option) { return option.second->count() > 0; });
}

void RulesOptions::apply(GameSpec& spec, const StateOptions& from) const {
  const Graph& graph = spec.graph;
  const std::int64_t n = graph.node_count();
  auto nodes = [&](const std::vector<std::int64_t>& ids, const char* option) {
    std::vector<NodeId> out;
    for (std::int64_t id : ids) {
      if (id < 0 || id >= n) {
        throw InputError(
            fmt::format("{}: node {} is out of range (nodes are 0..{})", option, id, n - 1));
      }
      out.push_back(static_cast<NodeId>(id));
    }
    return out;
  };
  // Whether the file set rules of its own (a grid map, or a "rules" object): then a rule at
  // fault that no option touched came from the file.
  const bool has_rules = spec.grid.has_value() || !(spec.rules == Rules{});
  Rules& rules = spec.rules;
  if (given("holes")) rules.holes = nodes(node_list(holes, "--holes"), "--holes");
  if (given("cat-forbidden")) {
    rules.cat_forbidden = nodes(node_list(cat_forbidden, "--cat-forbidden"), "--cat-forbidden");
  }
  if (given("first")) rules.first = parsed<Side>(first);
  if (given("stuck")) rules.stuck = parsed<StuckRule>(stuck);
  if (given("mouse-stays")) rules.mouse_stays = mouse_stays;
  if (given("cat-stays")) rules.cat_stays = cat_stays;
  if (given("cat-wins-in-hole")) rules.cat_wins_in_hole = cat_wins_in_hole;
  if (given("move-limit")) rules.move_limit = move_limit;
  if (given("limit-outcome")) rules.limit_outcome = parsed<LimitOutcome>(limit_outcome);
  if (given("cats")) {
    if (cats < 1 || cats > 64) {
      throw InputError(fmt::format("--cats: {} cats; give 1 to 64", cats));
    }
    rules.cats = static_cast<std::uint32_t>(cats);
  }
  if (from.mouse) rules.mouse_start = nodes({*from.mouse}, "--mouse")[0];
  if (from.cat_given()) {
    const std::vector<NodeId> cats_at = nodes(from.cat_nodes(), "--cat");
    if (given("cats") && cats_at.size() != rules.cats) {
      throw InputError(
          fmt::format("--cat: {} start{} for {} cats; give one per cat (or leave "
                      "--cat out: every cat starts on the cat start)",
                      cats_at.size(), cats_at.size() == 1 ? "" : "s", rules.cats));
    }
    rules.cat_start = cats_at[0];
    rules.cat_starts.clear();
    if (cats_at.size() > 1) rules.cat_starts = cats_at;
    if (!given("cats") && cats_at.size() > 1)
      rules.cats = static_cast<std::uint32_t>(cats_at.size());
  }
  if (Status ok = spec.validate(); !ok) {
    // Each rule's field, the option that sets it and the option's name for given() (none for the
    // starts, which the checks below decide).
    static const std::tuple<ErrorField, const char*, const char*> kOptions[] = {
        {ErrorField::kHoles, "--holes", "holes"},
        {ErrorField::kCatForbidden, "--cat-forbidden", "cat-forbidden"},
        {ErrorField::kMouseStart, "--mouse", nullptr},
        {ErrorField::kCatStart, "--cat", nullptr},
        {ErrorField::kCats, "--cats", "cats"},
        {ErrorField::kMoveLimit, "--move-limit", "move-limit"}};
    Error error = ok.error();
    const ErrorField field = error.where.field;
    bool given_option = false;
    for (const auto& [rule, option, name] : kOptions) {
      if (rule == field && name != nullptr) given_option = given(name);
    }
    const bool from_options =
        !has_rules || (field == ErrorField::kMouseStart && (from.mouse || given("holes"))) ||
        (field == ErrorField::kCatStart && (from.cat_given() || given("cat-forbidden"))) ||
        given_option;
    for (const auto& [rule, option, name] : kOptions) {
      if (field == rule && from_options) error.where.label = option;
    }
    // Otherwise the rule came from the file (its "rules" object, or a grid map).
    if (!from_options) error.where.source = spec.source;
    throw InputError(error);
  }
}

GameSpec load_one_cat(const GraphInput& input, const RulesOptions& rules) {
  GameSpec spec = input.load();
  rules.apply(spec, StateOptions{});
  if (spec.rules.cats > 1) {
    throw InputError("--cats: this command solves one cat; 'solve' and 'explain' take more");
  }
  return spec;
}

}  // namespace catmouse::cli
