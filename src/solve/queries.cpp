#include "solve/queries.hpp"

#include <fmt/format.h>

namespace catmouse::queries {

Status check(const Game& game, const Position& p) {
  const NodeId n = game.node_count();
  const auto fail = [](Location where, std::string marked) {
    return with_nodes(std::move(marked), std::move(where));
  };
  if (p.mouse >= n) {
    return fail(at_field(ErrorField::kMouse),
                fmt::format("node {} is out of range (nodes are 0..{})", p.mouse, n - 1));
  }
  if (p.turn != Side::kMouse && p.turn != Side::kCat)
    return fail(at_field(ErrorField::kTurn), "not mouse or cat");
  if (p.cats.size() != game.cats()) {
    return fail(at_field(ErrorField::kCats),
                fmt::format("{} cat{} given for a game of {}", p.cats.size(),
                            p.cats.size() == 1 ? "" : "s", game.cats()));
  }
  for (std::size_t i = 0; i < p.cats.size(); ++i) {
    const Location field =
        at_field(ErrorField::kCat, p.cats.size() == 1 ? std::nullopt : std::optional(i + 1));
    if (p.cats[i] >= n) {
      return fail(field,
                  fmt::format("node {} is out of range (nodes are 0..{})", p.cats[i], n - 1));
    }
    if (game.cat_forbidden(p.cats[i])) {
      return fail(field, fmt::format("the cat may not be on node {}", node_ref(p.cats[i])));
    }
    if (i > 0 && p.cats[i] < p.cats[i - 1])
      return fail(at_field(ErrorField::kCats), "the cats' nodes must be sorted");
  }
  return {};
}

Error line_needs_remoteness() {
  return Error{"an optimal line needs remoteness, which a values-only solution does not keep", {}};
}

}  // namespace catmouse::queries
