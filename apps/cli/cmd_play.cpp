// catmouse play GRAPH: play a game in the terminal against the engine, which answers every move
// with its best one. Shows the board (the neighbour lists, or a grid map's drawing), the numbered
// legal moves (with the position's and the moves' values under --hints), and the engine's replies.
// A move is typed as the node (or cell) it goes to, or as #N for the N-th of the list; 'u' takes a
// move back, 'r' restarts, 'q' quits, also once the game is over. Reads moves line by line, so a
// script can play it through a pipe; input that is not a terminal is echoed, so that the
// transcript reads as a game.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "catmouse/solve/play.hpp"
#include "commands.hpp"

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

// What a line typed at a prompt asks for.
enum class Action : std::uint8_t { kMoved, kUndo, kRestart, kQuit };

// A move as typed: spaces and brackets dropped, so that "(2, 0)", "2, 0" and "2,0" are one cell.
std::string normalized(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c != ' ' && c != '\t' && c != '(' && c != ')') out += c;
  }
  return out;
}

class Session {
 public:
  Session(const Solution& solution, Side person, bool hints)
      : solution_(solution), person_(person), hints_(hints), echo_(isatty(STDIN_FILENO) != 1) {}

  void play(const Position& start) {
    print_board();
    history_.assign(1, start);
    for (;;) {
      const Position& p = history_.back();
      const auto played = static_cast<std::uint32_t>(history_.size() - 1);
      const std::optional<LineEnd> end = game_over(p, played);
      show(p, played, !end);
      Action action = Action::kMoved;
      if (end) {
        print_result(p, played, *end);
        action = after_the_end();
      } else if (p.turn != person_) {
        reply(p, played);
      } else {
        action = ask(p, played);
      }
      if (action == Action::kQuit) return;
      if (action == Action::kRestart) history_.resize(1);
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
  const char* what_to_type() const {
    if (person_ == Side::kCat && solution_.game().cats() > 1) return "the cats' nodes (a,b)";
    return solution_.spec().grid ? "a cell (row,column)" : "a node";
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
    // "stay" only where the rules let the person's side stay.
    const bool stays = may_stay();
    std::cout << fmt::format(
        "You are the {}. Type {} to move there, #N for the N-th move of the list,{}\n"
        "u to take your last move back, r to restart, q to quit.\n",
        person_ == Side::kMouse ? "mouse" : cat_word(), what_to_type(),
        stays ? " stay to stay," : "");
  }

  // Whether the rules let the person's side stay where it is as its move.
  bool may_stay() const {
    const Rules& rules = solution_.game().rules();
    return person_ == Side::kMouse ? rules.mouse_stays : rules.cat_stays;
  }

  // The position, and its value under --hints while the game goes on (at the end, the game-over
  // line says the outcome).
  void show(const Position& p, std::uint32_t played, bool going_on) const {
    std::cout << fmt::format("\nMove {}: mouse on {}, {} on {}, {} to move.\n", played,
                             node(p.mouse), cat_word(), cats(p.cats),
                             p.turn == Side::kMouse ? "mouse" : cat_word());
    if (const auto& grid = solution_.spec().grid) {
      std::cout << draw_grid(*grid, p.mouse, p.cats[0]);
    }
    if (going_on && hints_) {
      std::cout << fmt::format("Value: {}\n", value_sentence(solution_.value(p, played)));
    }
  }

  void print_result(const Position& p, std::uint32_t played, LineEnd end) const {
    const Value value =
        end == LineEnd::kRepetition ? Value::kDraw : solution_.value(p, played).value;
    std::cout << fmt::format("Game over: {}. {}\n", finished_sentence(solution_, p, end, played),
                             value == Value::kDraw       ? "A draw."
                             : value == win_for(person_) ? "You win!"
                                                         : "You lose.");
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

  // With several cats, the same cats' nodes after a move may be a swap, not a stay: only one
  // piece's move is called a stay.
  bool is_stay(const Position& from, const Position& to) const {
    if (from.turn == Side::kMouse) return to.mouse == from.mouse;
    return from.cats.size() == 1 && to.cats == from.cats;
  }

  // Where a move goes, as the list shows it: "to 3", "to (2, 2)", "stay on (1, 1)".
  std::string target(const Position& from, const Position& to) const {
    const std::string where = from.turn == Side::kMouse ? node(to.mouse) : cats(to.cats);
    return fmt::format("{} {}", is_stay(from, to) ? "stay on" : "to", where);
  }

  std::string move_text(const Position& from, const Position& to) const {
    const bool several = solution_.game().cats() > 1;
    if (is_stay(from, to)) {
      return fmt::format("the {} stays on {}", from.turn == Side::kMouse ? "mouse" : "cat",
                         from.turn == Side::kMouse ? node(from.mouse) : cats(from.cats));
    }
    if (from.turn == Side::kMouse) {
      return fmt::format("the mouse moves {} -> {}", node(from.mouse), node(to.mouse));
    }
    return fmt::format("the {} {} {} -> {}", cat_word(), several ? "move" : "moves",
                       cats(from.cats), cats(to.cats));
  }

  void reply(const Position& p, std::uint32_t played) {
    std::optional<Move> best = solution_.best_move(p, played);
    if (!best) best = solution_.moves(p, played).front();
    std::cout << fmt::format("The engine plays: {}.\n", move_text(p, best->child));
    history_.push_back(best->child);
  }

  // One line of input, trimmed and echoed when it comes from a pipe; none at the end of input.
  std::optional<std::string> read_line(const std::string& prompt) const {
    std::cout << prompt << std::flush;
    std::string text;
    if (!std::getline(std::cin, text)) {
      std::cout << "\n";
      return std::nullopt;
    }
    if (echo_) std::cout << text << "\n";
    text.erase(0, text.find_first_not_of(" \t\r"));
    text.erase(text.find_last_not_of(" \t\r") + 1);
    return text;
  }

  // The index of the move `text` names among `moves`: "#N" is the N-th of the list; "stay" the
  // stay; anything else a node (or cell, or the cats' nodes) that a move goes to. A plain number
  // is always a node, never a place in the list, so that no input means two moves.
  std::optional<std::size_t> chosen(const Position& p, const std::vector<Move>& moves,
                                    const std::string& text) const {
    if (text.empty()) return std::nullopt;
    if (text[0] == '#') {
      std::size_t n = 0;
      const char* last = text.data() + text.size();
      const auto [end, ec] = std::from_chars(text.data() + 1, last, n);
      if (ec != std::errc() || end != last || n < 1 || n > moves.size()) return std::nullopt;
      return n - 1;
    }
    const std::string wanted = normalized(text);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Position& to = moves[i].child;
      if (wanted == "stay"
              ? is_stay(p, to)
              : wanted == normalized(p.turn == Side::kMouse ? node(to.mouse) : cats(to.cats))) {
        return i;
      }
    }
    return std::nullopt;
  }

  void list_moves(const Position& p, std::uint32_t played, const std::vector<Move>& moves) const {
    const std::optional<Move> best = hints_ ? solution_.best_move(p, played) : std::nullopt;
    std::cout << "Your moves:\n";
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Position& to = moves[i].child;
      std::string line = fmt::format("  #{:<3} {}", i + 1, target(p, to));
      if (hints_) {
        line = fmt::format("{:<24} {}{}", line, value_sentence(moves[i].value),
                           best && best->child == to ? "  * best" : "");
      }
      std::cout << line << "\n";
    }
  }

  // The person's turn: a move played, an undo, a restart or a quit; asks again on anything else.
  Action ask(const Position& p, std::uint32_t played) {
    const std::vector<Move> moves = solution_.moves(p, played);
    list_moves(p, played, moves);
    for (;;) {
      const std::optional<std::string> text =
          read_line(fmt::format("Your move ({}, #1-#{}, u, r, q): ", what_to_type(), moves.size()));
      if (!text || *text == "q") {
        std::cout << "You quit.\n";
        return Action::kQuit;
      }
      if (*text == "r") return Action::kRestart;
      if (*text == "u") {
        if (undo()) return Action::kUndo;
        std::cout << "Nothing to undo.\n";
        continue;
      }
      if (const auto i = chosen(p, moves, *text)) {
        history_.push_back(moves[*i].child);
        return Action::kMoved;
      }
      if (normalized(*text) == "stay" && !may_stay()) {
        std::cout << fmt::format("The rules do not let the {} stay (--{}-stays does).\n",
                                 person_ == Side::kMouse ? "mouse" : cat_word(),
                                 person_ == Side::kMouse ? "mouse" : "cat");
        continue;
      }
      std::cout << fmt::format(
          "'{}' is not one of your moves: type {} of the list, #1 to #{}, u to undo, r to "
          "restart or q to quit.\n",
          *text, what_to_type(), moves.size());
    }
  }

  // The game is over; it stays on the screen until the person takes a move back, restarts or
  // quits (or the input ends), so that the losing move can be taken back.
  Action after_the_end() {
    for (;;) {
      const std::optional<std::string> text =
          read_line("u takes your last move back, r restarts, q quits: ");
      if (!text || *text == "q") return Action::kQuit;
      if (*text == "r") return Action::kRestart;
      if (*text == "u") {
        if (undo()) return Action::kUndo;
        std::cout << "Nothing to undo.\n";
        continue;
      }
      std::cout << "The game is over: type u, r or q.\n";
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
  set_help_footer(
      *sub,
      "The engine plays the other side perfectly: the fastest win, the slowest loss, or a draw\n"
      "kept. The game ends in a hole, on a capture, when a side cannot move, at the move limit,\n"
      "or (without a move limit) as a draw when a position repeats. Type a move as the node (a\n"
      "cell row,column on a map) it goes to, #N for the N-th move of the list, or stay where the\n"
      "rules let you stay; u takes your last move back, r restarts and q quits, also once the\n"
      "game is over.",
      {"catmouse play examples/leetcode1.json --hints",
       "catmouse play examples/grid1728.json --as cat",
       "printf '0\\nq\\n' | catmouse play examples/leetcode2.json"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
