// The options that set a game's rules and name one of its states, over the rules of the file.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/solve.hpp"
#include "input.hpp"

namespace catmouse::cli {

// The node ids of a comma-separated list ('' is none); throws InputError naming the option.
std::vector<std::int64_t> node_list(const std::string& text, const char* option);

// Options naming one state: --mouse, --cat, --turn (defaults: the rules' start). --mouse and
// --cat set the rules' starts (RulesOptions::resolve); --turn the side to move.
struct StateOptions {
  std::optional<std::int64_t> mouse;
  std::string cat;   // one node, or one per cat, comma-separated
  std::string turn;  // "", "mouse" or "cat"
  void add_to(CLI::App& app);
  // Whether --cat was given (--cat '' was, and is refused: it names no node).
  bool cat_given() const {
    return cat_option_ != nullptr ? cat_option_->count() > 0 : !cat.empty();
  }
  std::vector<std::int64_t> cat_nodes() const;  // --cat's nodes; throws InputError
  Position resolve(const Rules& rules) const;   // the rules' start, with --turn
  Position resolve(const Game& game) const { return resolve(game.rules()); }

 private:
  CLI::Option* cat_option_ = nullptr;
};

// Rule options: --holes, --cat-forbidden, --first, --stuck, --mouse-stays, --cat-stays,
// --cat-wins-in-hole, --move-limit, --limit-outcome, --cats. Those given override the file's
// rules, which override the defaults (LeetCode 913's).
struct RulesOptions {
  std::string holes;          // comma-separated node ids; '' for none
  std::string cat_forbidden;  // the same
  std::string first = "mouse";
  std::string stuck = "lose";
  bool mouse_stays = false;
  bool cat_stays = false;
  bool cat_wins_in_hole = false;
  std::uint32_t move_limit = 0;
  std::string limit_outcome = "draw";
  std::int64_t cats = 1;
  void add_to(CLI::App& app);
  // Sets the rules of the game in `spec` (the file's, with these options over them and the starts
  // taken from `from` where given) and validates it (GameSpec::validate); throws InputError
  // naming the option, or the file when the rule at fault came from it.
  void apply(GameSpec& spec, const StateOptions& from) const;
  bool any_given() const;  // whether any rule option was given

 private:
  std::vector<std::pair<std::string, CLI::Option*>> given_;
  bool given(const std::string& name) const;
};

// The game of a command that takes one cat (table, starts): the file with the rule options applied;
// throws InputError for more cats.
GameSpec load_one_cat(const GraphInput& input, const RulesOptions& rules);

}  // namespace catmouse::cli
