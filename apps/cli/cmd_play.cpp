// catmouse play GRAPH: play a game in the terminal against the engine, which answers every move
// with its best one. Shows the board (the neighbour lists, or a grid map's drawing), the value of
// each position, the numbered legal moves (with their values under --hints), and the engine's
// replies; 'u' takes a move back, 'q' quits. Reads moves line by line, so a script can play it
// through a pipe; input that is not a terminal is echoed, so that the transcript reads as a game.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <iostream>
#include <memory>

#include "catmouse/solve/play.hpp"
#include "common.hpp"

namespace catmouse::cli {

namespace {

struct PlayCommand {
  GraphInput input;
  StateOptions state;
  EngineOptions engine;
  RulesOptions rules;
  std::string side = "mouse";
  bool hints = false;
};

class Session {
 public:
  Session(const Solution& solution, Side person, bool hints)
      : solution_(solution), person_(person), hints_(hints), echo_(isatty(STDIN_FILENO) != 1) {}

  void play(const Position& start) {
    print_board();
    history_.push_back(start);
    for (;;) {
      const Position& p = history_.back();
      const auto played = static_cast<std::uint32_t>(history_.size() - 1);
      const std::optional<LineEnd> end = game_over(p, played);
      show(p, played, !end);
      if (end) {
        const Value value =
            *end == LineEnd::kRepetition ? Value::kDraw : solution_.value(p, played).value;
        std::cout << fmt::format("Game over: {}. {}\n",
                                 finished_sentence(solution_, p, *end, played),
                                 value == Value::kDraw       ? "A draw."
                                 : value == win_for(person_) ? "You win!"
                                                             : "You lose.");
        return;
      }
      if (p.turn != person_) {
        reply(p, played);
      } else if (!ask(p, played)) {
        std::cout << "You quit.\n";
        return;
      }
    }
  }

 private:
  std::string node(NodeId v) const {
    const auto& grid = solution_.spec().grid;
    return grid ? cell_name(*grid, v) : fmt::to_string(v);
  }
  std::string cats(const std::vector<NodeId>& nodes) const {
    std::vector<std::string> names;
    names.reserve(nodes.size());
    for (const NodeId v : nodes) names.push_back(node(v));
    return fmt::format("{}", fmt::join(names, ","));
  }
  const char* cat_word(bool plural = false) const {
    return solution_.game().cats() > 1 || plural ? "cats" : "cat";
  }

  // The neighbour lists once at the start; a grid map is drawn at every position instead.
  void print_board() const {
    const Game& game = solution_.game();
    if (const auto& grid = solution_.spec().grid) {
      std::cout << fmt::format(
          "A {}x{} map: cells are (row, column); the mouse jumps up to {}, the cat up to {}.\n"
          "M mouse, C cat, * both on one cell, F food, # wall.\n",
          grid->row_count(), grid->column_count(), grid->mouse_jump, grid->cat_jump);
    } else {
      std::cout << fmt::format("The board: {} nodes; each line lists a node's neighbours.\n",
                               game.node_count());
      for (NodeId v = 0; v < game.node_count(); ++v) {
        const char* mark = game.is_hole(v) ? " (hole)" : game.cat_forbidden(v) ? " (no cat)" : "";
        std::cout << fmt::format("  {}{}: {}\n", v, mark,
                                 fmt::join(game.graph().neighbours(v), " "));
      }
    }
    std::cout << fmt::format("You are the {}. Type a move's number, u to undo, q to quit.\n",
                             person_ == Side::kMouse ? "mouse" : cat_word());
  }

  // The position, and its value while the game goes on (at the end, the game-over line says it).
  void show(const Position& p, std::uint32_t played, bool going_on) const {
    std::cout << fmt::format("\nMove {}: mouse on {}, {} on {}, {} to move.\n", played,
                             node(p.mouse), cat_word(), cats(p.cats),
                             p.turn == Side::kMouse ? "mouse" : cat_word());
    if (const auto& grid = solution_.spec().grid) {
      std::cout << draw_grid(*grid, p.mouse, p.cats[0]);
    }
    if (going_on) {
      std::cout << fmt::format("Value: {}\n", value_sentence(solution_.value(p, played)));
    }
  }

  // finished(), or a repeated position, which is a draw (without a move limit: under one, the
  // moves left differ and the limit ends the game).
  std::optional<LineEnd> game_over(const Position& p, std::uint32_t played) const {
    if (const auto end = finished(solution_, p, played)) return end;
    if (solution_.game().rules().move_limit == 0 &&
        std::find(history_.begin(), history_.end() - 1, p) != history_.end() - 1) {
      return LineEnd::kRepetition;
    }
    return std::nullopt;
  }

  std::string move_text(const Position& from, const Position& to) const {
    if (from.turn == Side::kMouse) {
      return fmt::format("the mouse moves {} -> {}", node(from.mouse), node(to.mouse));
    }
    return fmt::format("the {} {} {} -> {}", cat_word(),
                       solution_.game().cats() > 1 ? "move" : "moves", cats(from.cats),
                       cats(to.cats));
  }

  void reply(const Position& p, std::uint32_t played) {
    std::optional<Move> best = solution_.best_move(p, played);
    if (!best) best = solution_.moves(p, played).front();
    std::cout << fmt::format("The engine plays: {}.\n", move_text(p, best->child));
    history_.push_back(best->child);
  }

  // One line of input: a move played, an undo, or a quit (false); asks again on anything else.
  bool ask(const Position& p, std::uint32_t played) {
    const std::vector<Move> moves = solution_.moves(p, played);
    const std::optional<Move> best = hints_ ? solution_.best_move(p, played) : std::nullopt;
    std::cout << "Your moves:\n";
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Position& to = moves[i].child;
      const std::string where = p.turn == Side::kMouse ? node(to.mouse) : cats(to.cats);
      std::string line = fmt::format("  {:>2}) to {}", i + 1, where);
      if (hints_) {
        line = fmt::format("{:<18} {}{}", line, value_sentence(moves[i].value),
                           best && best->child == to ? "  * best" : "");
      }
      std::cout << line << "\n";
    }
    for (;;) {
      std::cout << fmt::format("Your move (1-{}, u, q): ", moves.size()) << std::flush;
      std::string text;
      if (!std::getline(std::cin, text)) {
        std::cout << "\n";
        return false;
      }
      if (echo_) std::cout << text << "\n";
      text.erase(0, text.find_first_not_of(" \t\r"));
      text.erase(text.find_last_not_of(" \t\r") + 1);
      if (text == "q") return false;
      if (text == "u") {
        if (undo()) return true;
        std::cout << "Nothing to undo.\n";
        continue;
      }
      std::size_t chosen = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), chosen);
      if (ec == std::errc() && end == text.data() + text.size() && chosen >= 1 &&
          chosen <= moves.size()) {
        history_.push_back(moves[chosen - 1].child);
        return true;
      }
      std::cout << fmt::format("Type a number from 1 to {}, u to undo or q to quit.\n",
                               moves.size());
    }
  }

  // Back to the person's previous turn: their last move and the engine's replies taken back.
  bool undo() {
    for (std::size_t k = history_.size() - 1; k-- > 0;) {
      if (history_[k].turn == person_) {
        history_.resize(k + 1);
        return true;
      }
    }
    return false;
  }

  const Solution& solution_;
  Side person_;
  bool hints_;
  bool echo_;
  std::vector<Position> history_;  // every position played, the current one last
};

void run(const PlayCommand& cmd) {
  GameSpec spec = cmd.input.load();
  cmd.rules.apply(spec, cmd.state);
  const Solution solution = solve_game(std::move(spec), cmd.engine, cmd.state);
  Session session(solution, cmd.side == "cat" ? Side::kCat : Side::kMouse, cmd.hints);
  session.play(cmd.state.resolve(solution.game()));
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto cmd = std::make_shared<PlayCommand>();
  CLI::App* sub = app.add_subcommand("play", "Play a game in the terminal against the engine");
  cmd->input.add_to(*sub);
  sub->add_option("--as", cmd->side, "the side you play (default: mouse)")
      ->check(CLI::IsMember({"mouse", "cat"}));
  sub->add_flag("--hints", cmd->hints, "show the value of every legal move and mark the best one");
  cmd->state.add_to(*sub);
  cmd->engine.add_to(*sub, false);
  cmd->rules.add_to(*sub);
  sub->footer(
      "The engine plays the other side perfectly: the fastest win, the slowest loss, or a draw\n"
      "kept. The game ends in a hole, on a capture, when a side cannot move, at the move limit,\n"
      "or (without a move limit) as a draw when a position repeats.\n\n"
      "Examples:\n"
      "  catmouse play examples/leetcode1.json --hints\n"
      "  catmouse play examples/grid1728.json --as cat\n"
      "  printf '1\\n' | catmouse play examples/leetcode2.json");
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
