// A GameSpec that passed validate() together with the Game built on it. This is the one place a
// Game is made from a GameSpec: the solve plan (solve/plan.hpp), a Solution and a tablebase reader
// hold one. Both parts live on the heap, so that the Game's references to the spec's graphs
// survive moves of the whole.
#pragma once

#include <memory>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"

namespace catmouse {

class OwnedGame {
 public:
  const GameSpec& spec() const { return *spec_; }
  const Game& game() const { return *game_; }

  // Another OwnedGame on a copy of the spec (the spec is valid already).
  OwnedGame copy() const;

 private:
  friend Result<OwnedGame> own_game(GameSpec spec);
  explicit OwnedGame(GameSpec spec);

  std::unique_ptr<const GameSpec> spec_;
  std::unique_ptr<const Game> game_;
};

// The game of `spec`, or why it is not one (GameSpec::validate's error).
Result<OwnedGame> own_game(GameSpec spec);

}  // namespace catmouse
