#include "catmouse/solver.hpp"

#include <fmt/format.h>

#include <chrono>
#include <vector>

namespace catmouse {

namespace {

// Counter value marking a decided state (or one the rules exclude): no further updates.
constexpr std::uint32_t kDecided = UINT32_MAX;
// Progress is reported at most once per this many dequeued states.
constexpr std::uint64_t kProgressStride = 1u << 20;

}  // namespace

std::uint64_t solve_memory_estimate(const Game& game) {
  const std::uint64_t states = game.state_count();
  const std::uint64_t per_state = sizeof(std::uint8_t) + sizeof(std::uint32_t)  // table
                                  + sizeof(std::uint32_t)                       // counter
                                  + sizeof(StateIndex);                         // queue
  return states * per_state;
}

Result<Table> solve(const Game& game, const SolveOptions& options) {
  const std::uint64_t estimate = solve_memory_estimate(game);
  if (options.memory_limit != 0 && estimate > options.memory_limit) {
    return Error{fmt::format("solving needs about {:.1f} MiB, more than the limit of {:.1f} MiB",
                             estimate / 1048576.0, options.memory_limit / 1048576.0),
                 {}};
  }
  const auto started = std::chrono::steady_clock::now();
  const StateSpace& space = game.space();
  const NodeId n = game.node_count();
  Table table(n);
  std::vector<std::uint32_t> counters(space.size(), kDecided);
  std::vector<StateIndex> queue;
  queue.reserve(space.size());

  // Seed: finished positions and stuck players at remoteness 0; everything else gets its
  // number of legal moves as counter.
  for (int t = 0; t < 2; ++t) {
    for (NodeId mouse = 0; mouse < n; ++mouse) {
      for (NodeId cat = 0; cat < n; ++cat) {
        const State s{mouse, cat, static_cast<Side>(t)};
        if (!game.valid(s)) continue;
        const StateIndex i = space.index(s);
        if (auto value = game.outcome(s)) {
          table.set(i, *value, 0);
          queue.push_back(i);
          continue;
        }
        const std::uint32_t moves = game.move_count(s);
        if (moves == 0 && game.rules().stuck == StuckRule::kLose) {
          table.set(i, win_for(opponent(s.turn)), 0);
          queue.push_back(i);
        } else {
          counters[i] = moves;  // stuck under kDraw: never a parent, stays undecided
        }
      }
    }
  }

  for (std::size_t head = 0; head < queue.size(); ++head) {
    const StateIndex i = queue[head];
    const Value value = table.value(i);
    const std::uint32_t next = table.remoteness_raw(i) + 1;
    game.for_each_parent(space.state(i), [&](const State& parent) {
      const StateIndex p = space.index(parent);
      if (counters[p] == kDecided) return;
      if (value == win_for(parent.turn) || --counters[p] == 0) {
        counters[p] = kDecided;
        table.set(p, value, next);
        queue.push_back(p);
      }
    });
    if (options.progress && head % kProgressStride == 0) {
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
      options.progress({queue.size(), space.size(), next - 1, elapsed.count()});
    }
  }
  return table;
}

}  // namespace catmouse
