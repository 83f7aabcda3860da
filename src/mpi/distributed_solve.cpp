#include "mpi/distributed_solve.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <new>
#include <optional>

#include "catmouse/solve/plan.hpp"
#include "mpi/level_exchange.hpp"
#include "solve/engines.hpp"

namespace catmouse::mpi {

namespace {

Error field_error(ErrorField field, std::string message, ErrorKind kind = ErrorKind::kBadInput) {
  Error error{std::move(message), {}, kind};
  error.where.field = field;
  return error;
}

// A value as one word for the wire: the value in the low two bits, remoteness + 1 above (0:
// none).
std::uint64_t encode(const StateValue& v) {
  return static_cast<std::uint64_t>(v.value) |
         (v.remoteness ? (std::uint64_t{*v.remoteness} + 1) << 2 : 0);
}
StateValue decode(std::uint64_t word) {
  StateValue v{static_cast<Value>(word & 3), std::nullopt};
  if (word >> 2) v.remoteness = static_cast<std::uint32_t>((word >> 2) - 1);
  return v;
}

}  // namespace

struct DistributedSolution::Impl {
  const Communicator* comm = nullptr;
  std::optional<SolvePlan> solve_plan;  // the game, planned as every solve is (plan.hpp)
  const GameSpec* spec = nullptr;       // solve_plan's
  const Game* game = nullptr;
  std::unique_ptr<const detail::FrontierPlan> plan;
  std::unique_ptr<Partition> parts;
  std::unique_ptr<PartHere> part;
  DistributedStats stats;
  bool remoteness = true;
  std::uint64_t memory_limit = 0;  // each process's (DistributedOptions)

  // The value of (half, mouse m, cat c) in input labels, on the process holding its row.
  StateValue here(int half, NodeId mouse, NodeId cat) const {
    return part->value_here(half, plan->order.rank[mouse], plan->order.rank[cat]);
  }
  int owner(int half, NodeId mouse, NodeId cat) const {
    return parts->owner(plan->order.rank[half == 0 ? mouse : cat]);
  }

  // Calls f(half, row, begin, end) for the runs of one StateSpace row (input labels) that make
  // up the states [first, first + count): columns begin .. end - 1 of `row` in `half`.
  template <class F>
  void for_each_run(StateIndex first, std::size_t count, F&& f) const {
    const NodeId n = game->node_count();
    const StateIndex n2 = StateIndex{n} * n;
    for (StateIndex i = first; i < first + count;) {
      const int half = i >= n2 ? 1 : 0;
      const StateIndex rest = i - StateIndex(half) * n2;
      const auto row = static_cast<NodeId>(rest / n);
      const auto begin = static_cast<NodeId>(rest % n);
      const auto end = static_cast<NodeId>(std::min<StateIndex>(n, begin + (first + count - i)));
      f(half, row, begin, end);
      i += end - begin;
    }
  }

  // The codes of the states [first, first + count) into `out` on `root`: each process sends
  // the runs whose rows it holds as one message, in state order, and root puts them in place.
  void transfer(int root, StateIndex first, std::size_t count, std::uint32_t* out) const {
    std::vector<std::uint32_t> mine;
    for_each_run(first, count, [&](int half, NodeId row, NodeId begin, NodeId end) {
      if (parts->owner(plan->order.rank[row]) != comm->rank()) return;
      mine.resize(mine.size() + (end - begin));
      part->codes_here(half, row, begin, end, plan->order.rank,
                       mine.data() + mine.size() - (end - begin));
    });
    const std::vector<std::vector<std::uint32_t>> all = comm->gather(mine, root);
    if (comm->rank() != root) return;
    std::vector<std::size_t> taken(all.size(), 0);
    std::uint32_t* into = out;
    for_each_run(first, count, [&](int, NodeId row, NodeId begin, NodeId end) {
      const auto holder = static_cast<std::size_t>(parts->owner(plan->order.rank[row]));
      const std::uint32_t* from = all[holder].data() + taken[holder];
      into = std::copy(from, from + (end - begin), into);
      taken[holder] += end - begin;
    });
  }
};

DistributedSolution::DistributedSolution(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DistributedSolution::DistributedSolution(DistributedSolution&&) noexcept = default;
DistributedSolution& DistributedSolution::operator=(DistributedSolution&&) noexcept = default;
DistributedSolution::~DistributedSolution() = default;

const GameSpec& DistributedSolution::spec() const {
  return *impl_->spec;
}
const Game& DistributedSolution::game() const {
  return *impl_->game;
}
const DistributedStats& DistributedSolution::stats() const {
  return impl_->stats;
}
bool DistributedSolution::has_remoteness() const {
  return impl_->remoteness;
}

StateValue DistributedSolution::value(const Position& p) const {
  const int half = p.turn == Side::kMouse ? 0 : 1;
  const int holder = impl_->owner(half, p.mouse, p.cats[0]);
  std::uint64_t word = 0;
  if (holder == impl_->comm->rank()) word = encode(impl_->here(half, p.mouse, p.cats[0]));
  impl_->comm->broadcast(std::span<std::uint64_t>(&word, 1), holder);
  return apply_move_limit(decode(word), impl_->spec->rules);
}

Counts DistributedSolution::counts() const {
  const Impl& s = *impl_;
  const Game& game = *s.game;
  const NodeId n = game.node_count();
  const detail::RowRange rows = s.parts->range(s.comm->rank());
  // States, mouse wins, cat wins, and the greatest remoteness of a win (+ 1; 0: none).
  std::uint64_t local[4] = {0, 0, 0, 0};
  std::vector<std::uint32_t> codes(n);
  for (int half = 0; half < 2; ++half) {
    for (NodeId x = rows.first; x < rows.last; ++x) {
      const NodeId row = s.plan->order.order[x];
      if (half == 1 && game.cat_forbidden(row)) continue;
      s.part->codes_here(half, row, 0, n, s.plan->order.rank, codes.data());
      for (NodeId column = 0; column < n; ++column) {
        if (half == 0 && game.cat_forbidden(column)) continue;
        const queries::StateEntry e = tablebase::state_entry(codes[column], s.remoteness);
        ++local[0];
        if (e.value == Value::kDraw) continue;
        ++local[e.value == Value::kMouseWin ? 1 : 2];
        if (s.remoteness) local[3] = std::max<std::uint64_t>(local[3], e.remoteness + 1);
      }
    }
  }
  const std::vector<std::uint64_t> sums = s.comm->sum(std::span<const std::uint64_t>(local, 3));
  const std::uint64_t greatest = s.comm->max(local[3]);
  Counts counts;
  counts.states = sums[0];
  counts.mouse_wins = sums[1];
  counts.cat_wins = sums[2];
  counts.draws = sums[0] - sums[1] - sums[2];
  if (greatest > 0) counts.max_remoteness = static_cast<std::uint32_t>(greatest - 1);
  return counts;
}

const SolvePlan& DistributedSolution::plan() const {
  return *impl_->solve_plan;
}

Engine DistributedSolution::engine() const {
  return impl_->solve_plan->engine();
}

namespace {

// A Table's arrays as the single-process engines lay them out (table.hpp): a bitset of mouse
// wins, and a bitset of decided states (values only) or remoteness words, 16-bit unless a
// remoteness needs 32, so that the gathered table's memory_bytes() is solve()'s.
struct TableArrays {
  ZeroedVector<std::uint64_t> mouse, decided;
  ZeroedVector<std::uint16_t> r16;
  ZeroedVector<std::uint32_t> r32;

  TableArrays(StateIndex states, bool remoteness, bool wide) : mouse((states + 63) / 64) {
    if (!remoteness) {
      decided.resize(mouse.size());
    } else if (wide) {
      r32.resize(states);
    } else {
      r16.resize(states);
    }
  }
  static std::uint64_t bytes(StateIndex states, bool remoteness, bool wide) {
    const std::uint64_t bitset = (states + 63) / 64 * sizeof(std::uint64_t);
    if (!remoteness) return 2 * bitset;
    return bitset + states * (wide ? sizeof(std::uint32_t) : sizeof(std::uint16_t));
  }
  void put(StateIndex i, const queries::StateEntry& e) {
    if (e.value == Value::kDraw) return;
    const std::uint64_t bit = std::uint64_t{1} << (i & 63);
    if (e.value == Value::kMouseWin) mouse[i >> 6] |= bit;
    if (!decided.empty()) {
      decided[i >> 6] |= bit;
    } else if (!r16.empty()) {
      r16[i] = static_cast<std::uint16_t>(Table::kDecided16 | e.remoteness);
    } else {
      r32[i] = Table::kDecided32 | e.remoteness;
    }
  }
};

// States read from the processes per round trip while gathering a table.
constexpr StateIndex kGatherRun = StateIndex{1} << 20;

}  // namespace

DistributedAnswer DistributedSolution::answer(int root, bool gather) const {
  const Impl& s = *impl_;
  const Communicator& comm = *s.comm;
  DistributedAnswer out;
  TablebaseSaveReport& summary = out.summary;
  summary.engine = engine();
  summary.solve_seconds = s.stats.seconds;
  summary.counts = counts();
  const StateIndex states = s.game->state_count();
  const bool wide = summary.counts.max_remoteness.value_or(0) > 0x7FFF;
  const std::uint64_t bytes = TableArrays::bytes(states, s.remoteness, wide);
  const std::uint64_t limit = s.memory_limit;
  summary.memory_bytes = bytes;
  std::uint64_t fits =
      gather && (limit == 0 || (bytes <= limit && s.stats.largest_part <= limit - bytes)) ? 1 : 0;
  // Root takes everything it needs before the others start serving it, so that running out of
  // memory means answering without the table rather than failing halfway.
  std::optional<TableArrays> arrays;
  std::optional<OwnedGame> game;
  std::vector<std::uint32_t> codes;
  if (comm.rank() == root && fits != 0) {
    try {
      arrays.emplace(states, s.remoteness, wide);
      codes.resize(static_cast<std::size_t>(std::min(states, kGatherRun)));
      game.emplace(s.solve_plan->owned_game().copy());
    } catch (const std::bad_alloc&) {
      fits = 0;
    }
  }
  comm.broadcast(std::span<std::uint64_t>(&fits, 1), root);
  out.gathered = fits != 0;
  if (!out.gathered) return out;
  if (comm.rank() != root) {
    serve(root);
    return out;
  }
  for (StateIndex first = 0; first < states; first += codes.size()) {
    const std::span<std::uint32_t> run(
        codes.data(), static_cast<std::size_t>(std::min<StateIndex>(codes.size(), states - first)));
    read_codes(root, first, run);
    for (std::size_t j = 0; j < run.size(); ++j) {
      arrays->put(first + j, tablebase::state_entry(run[j], s.remoteness));
    }
  }
  end_reading(root);
  Table table(s.game->space(), std::move(arrays->mouse), std::move(arrays->decided),
              std::move(arrays->r16), std::move(arrays->r32));
  out.solution.emplace(std::move(*game), std::move(table), engine(), s.stats.seconds);
  return out;
}

void DistributedSolution::read_codes(int root, StateIndex first,
                                     std::span<std::uint32_t> out) const {
  std::uint64_t request[3] = {first, out.size(), 1};
  impl_->comm->broadcast(request, root);
  impl_->transfer(root, first, out.size(), out.data());
}

void DistributedSolution::serve(int root) const {
  for (;;) {
    std::uint64_t request[3] = {0, 0, 0};
    impl_->comm->broadcast(request, root);
    if (request[2] == 0) return;
    impl_->transfer(root, request[0], request[1], nullptr);
  }
}

void DistributedSolution::end_reading(int root) const {
  std::uint64_t request[3] = {0, 0, 0};
  impl_->comm->broadcast(request, root);
}

namespace {

// Builds the levels with W-bit remoteness and runs them; false when a remoteness does not fit.
template <class W>
Result<bool> run_levels(DistributedSolution::Impl& s, const SolveOptions& options,
                        int fail_process) {
  const Communicator& comm = *s.comm;
  std::unique_ptr<LevelExchange<W>> levels;
  Status built;
  try {
    levels = std::make_unique<LevelExchange<W>>(*s.game, *s.plan, *s.parts, options, comm);
  } catch (const std::bad_alloc&) {
    built = field_error(ErrorField::kMemoryLimit, "out of memory allocating this process's part",
                        ErrorKind::kOutOfMemory);
  }
  if (Status ok = comm.agreed(built); !ok) return ok.error();
  Result<bool> done = levels->run(options, fail_process, s.game->state_count(), s.stats);
  if (!done.ok() || !*done) return done;
  s.part = std::move(levels);
  return true;
}

}  // namespace

Result<DistributedSolution> solve_distributed(SolvePlan plan, const DistributedOptions& extra,
                                              const Communicator& comm) {
  const auto started = std::chrono::steady_clock::now();
  if (plan.sink() != SinkKind::kLevels) {
    return field_error(ErrorField::kCats, fmt::format("the distributed solve takes one cat, not {}",
                                                      plan.spec().rules.cats));
  }
  const SolveOptions options = plan.options();
  auto impl = std::make_unique<DistributedSolution::Impl>();
  impl->comm = &comm;
  impl->remoteness = !options.values_only;
  impl->memory_limit = extra.memory_limit;
  Status prepared;
  try {
    impl->solve_plan.emplace(std::move(plan));
    impl->spec = &impl->solve_plan->spec();
    impl->game = &impl->solve_plan->game();
    impl->plan =
        std::make_unique<const detail::FrontierPlan>(detail::make_frontier_plan(*impl->game));
    impl->parts = std::make_unique<Partition>(impl->game->node_count(), comm.size());
  } catch (const std::bad_alloc&) {
    prepared = field_error(ErrorField::kMemoryLimit, "out of memory reading the game",
                           ErrorKind::kOutOfMemory);
  }
  // Each process checks its own part against the limit: the rows are shared out in runs of 64,
  // so parts differ by up to 64 rows.
  std::uint64_t part = 0;
  if (prepared.ok()) {
    const NodeId n = impl->game->node_count();
    const detail::RowRange rows = impl->parts->range(comm.rank());
    part = part_bytes(*impl->plan, n, rows, options.values_only);
    if (extra.memory_limit != 0 && part > extra.memory_limit) {
      prepared = field_error(
          ErrorField::kMemoryLimit,
          fmt::format("its part of the {} states ({} rows of {}) needs {}, more than the limit {}",
                      impl->game->state_count(), rows.last - rows.first, n, format_bytes(part),
                      format_bytes(extra.memory_limit)),
          ErrorKind::kRefusedMemory);
    }
  }
  if (Status ok = comm.agreed(prepared); !ok) return ok.error();
  DistributedSolution::Impl& s = *impl;
  s.stats.processes = comm.size();
  s.stats.largest_part = comm.max(part);
  s.stats.whole = detail::one_cat_memory(*s.game, options.values_only);
  Result<bool> done =
      extra.wide ? Result<bool>(false) : run_levels<std::uint16_t>(s, options, extra.fail_process);
  if (done.ok() && !*done) {
    // A remoteness beyond 32766: again with 32-bit words, as the single-process kernel does.
    s.stats = DistributedStats{s.stats.processes, 0, {}, 0, s.stats.largest_part, s.stats.whole, 0};
    done = run_levels<std::uint32_t>(s, options, extra.fail_process);
  }
  if (!done.ok()) return done.error();
  s.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return DistributedSolution(std::move(impl));
}

}  // namespace catmouse::mpi
