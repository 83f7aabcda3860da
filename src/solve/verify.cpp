#include "catmouse/solve/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <new>

#include "catmouse/solve/solution.hpp"
#include "solve/engines.hpp"
#include "solve/queries.hpp"
#include "solve/stream_verify.hpp"

namespace catmouse {

namespace {

Error state_error(const Game& game, StateIndex i, std::string message) {
  Error error{std::move(message), {}};
  error.where.field = ErrorField::kState;
  error.where.detail = describe(game.space().position(i));
  return error;
}

}  // namespace

Status verify(const Game& game, const Table& table) {
  if (game.cats() == 1 && table.space() == game.space() && game.state_count() > 0) {
    const detail::TableCodeSource source(table);
    if (detail::streamable(game, source)) {
      try {
        detail::WorkerPool pool(1);
        auto failure = detail::stream_verify(game, source, pool);
        if (!failure) return {};
        return std::move(*failure->error);
      } catch (const std::bad_alloc&) {
        return detail::out_of_memory_error("out of memory during the check");
      }
    }
  }
  return verify(game, table, 0, game.state_count());
}

Status verify(const Game& game, const Table& table, StateIndex first, StateIndex last) {
  if (!(table.space() == game.space())) {
    return Error{fmt::format("the table has {} states for {} nodes and {} cats, the game {} for {} "
                             "and {}",
                             table.state_count(), table.node_count(), table.space().cats(),
                             game.state_count(), game.node_count(), game.cats()),
                 {}};
  }
  const queries::TableSource source(table);
  std::vector<StateIndex> scratch;
  for (StateIndex i = first; i < std::min(last, game.state_count()); ++i) {
    std::string problem = queries::broken_rule_at(game, source, i, scratch);
    if (!problem.empty()) return state_error(game, i, std::move(problem));
  }
  return {};
}

}  // namespace catmouse
