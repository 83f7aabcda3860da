#include "catmouse/core/owned_game.hpp"

#include <utility>

namespace catmouse {

OwnedGame::OwnedGame(GameSpec spec)
    : spec_(std::make_unique<const GameSpec>(std::move(spec))),
      game_(std::make_unique<const Game>(spec_->graph, spec_->rules,
                                         spec_->cat_graph ? &*spec_->cat_graph : nullptr)) {}

OwnedGame OwnedGame::copy() const {
  return OwnedGame(*spec_);
}

Result<OwnedGame> own_game(GameSpec spec) {
  if (Status ok = spec.validate(); !ok) return ok.error();
  return OwnedGame(std::move(spec));
}

}  // namespace catmouse
