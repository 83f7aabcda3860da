// The levels of a distributed solve on one process: the frontier kernel on this process's rows
// (FrontierKernel<W, true>), and between its levels the exchange of what they found. Internal to
// src/mpi; distributed_solve.cpp drives it.
//
// What crosses between processes after a level, for each attractor: the words of new
// opponent-to-move states (row x = the attractor's player's node, word w = 64 opponent nodes):
//  - to each process holding a row that x pushes to (the reverse moves of row x), the whole row's
//    new words: its next step ORs them into those rows;
//  - to the process whose StateSpace rows are the opponent nodes of word w, that word, for their
//    remoteness (or, values only, their transposed bits).
// A word goes once to each process that needs it for either reason; empty words never go. On
// the wire, a row is a header (x | attractor << 32 | items << 33) followed by its items: first
// their word numbers, 32 bits each (two to a word), then one value each: the bits of word w, or,
// for w | kRun, a length: words w .. w + length - 1 with every bit set (frequent at the first
// levels). 12 bytes a word, or 12 bytes a run.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/solve/options.hpp"
#include "mpi/communicator.hpp"
#include "mpi/distributed_solve.hpp"
#include "solve/kernel/frontier_kernel.hpp"
#include "tablebase/codec.hpp"

namespace catmouse::mpi {

// Bytes of the plan every process keeps whole: moves and reverse moves of both players, the
// word programs and the labels.
inline std::uint64_t plan_bytes(const detail::FrontierPlan& plan) {
  std::uint64_t bytes = 2 * plan.order.order.size() * sizeof(NodeId);
  for (int p = 0; p < 2; ++p) {
    for (const detail::MoveTable* t :
         {&plan.moves[p], &plan.reverse[p], &plan.every_move[p].readers}) {
      bytes += t->targets.size() * sizeof(NodeId) + t->offsets.size() * sizeof(std::uint64_t);
    }
    bytes += plan.every_move[p].entries.size() * sizeof(detail::WordProgram::Entry) +
             plan.every_move[p].offsets.size() * sizeof(std::uint64_t);
  }
  return bytes;
}

// Bytes one process allocates for its part (`rows` of the n): the kernel's rows and the plan.
inline std::uint64_t part_bytes(const detail::FrontierPlan& plan, NodeId n, detail::RowRange rows,
                                bool values_only) {
  return detail::FrontierKernel<std::uint16_t, true>::memory(n, rows.last - rows.first,
                                                             values_only) +
         plan_bytes(plan);
}

// Which process holds which rows of the kernel's labels: process p the rows first[p] ..
// first[p + 1] - 1, runs of whole 64-row words as equal as they can be.
struct Partition {
  std::vector<NodeId> first;
  std::vector<int> word_owner;  // per word of 64 labels

  Partition(NodeId n, int processes) : first(static_cast<std::size_t>(processes) + 1) {
    const std::uint64_t words = (std::uint64_t{n} + 63) / 64;
    word_owner.resize(words);
    for (int p = 0; p <= processes; ++p) {
      const std::uint64_t w = words * static_cast<std::uint64_t>(p) / processes;
      first[static_cast<std::size_t>(p)] = static_cast<NodeId>(std::min<std::uint64_t>(n, 64 * w));
      if (p < processes) {
        const std::uint64_t end = words * static_cast<std::uint64_t>(p + 1) / processes;
        std::fill(word_owner.begin() + static_cast<std::ptrdiff_t>(w),
                  word_owner.begin() + static_cast<std::ptrdiff_t>(end), p);
      }
    }
  }
  int owner(NodeId label) const { return word_owner[label >> 6]; }
  detail::RowRange range(int p) const {
    return {first[static_cast<std::size_t>(p)], first[static_cast<std::size_t>(p) + 1]};
  }
};

// The table's values for the rows a process holds, whatever its remoteness word.
class PartHere {
 public:
  virtual ~PartHere() = default;
  // (mouse m, cat c) in kernel labels, half 0 (mouse to move) or 1; its StateSpace row here.
  virtual StateValue value_here(int half, NodeId m, NodeId c) const = 0;
  // The tablebase codes (tablebase/codec.hpp) of StateSpace row `row` of `half`, columns
  // begin .. end - 1, all in input labels (rank: input label -> kernel label); the row here.
  virtual void codes_here(int half, NodeId row, NodeId begin, NodeId end,
                          const std::vector<NodeId>& rank, std::uint32_t* out) const = 0;
};

template <class W>
class LevelExchange final : public PartHere {
  using Kernel = detail::FrontierKernel<W, true>;

 public:
  LevelExchange(const Game& game, const detail::FrontierPlan& plan, const Partition& parts,
                const SolveOptions& options, const Communicator& comm)
      : comm_(comm),
        parts_(parts),
        me_(comm.rank()),
        values_only_(options.values_only),
        kernel_(game, kernel_options(options), plan, parts.range(comm.rank())),
        counts_(static_cast<std::size_t>(comm.size()), 0),
        cursor_(static_cast<std::size_t>(comm.size()), 0),
        marked_(static_cast<std::size_t>(comm.size()), 0) {
    const detail::RowRange rows = parts.range(me_);
    for (int p = 0; p < 2; ++p) {
      PushOwners& push = push_[p];
      push.offsets.assign(1, 0);
      for (NodeId x = rows.first; x < rows.last; ++x) {
        const std::size_t begin = push.owners.size();
        for (NodeId t : plan.reverse[p].of(x)) {
          const int owner = parts.owner(t);
          // Reverse lists are sorted and owners hold runs of labels: repeats are adjacent.
          if (owner != me_ && (push.owners.size() == begin || push.owners.back() != owner)) {
            push.owners.push_back(owner);
          }
        }
        std::sort(push.owners.begin() + static_cast<std::ptrdiff_t>(begin), push.owners.end());
        push.owners.erase(std::unique(push.owners.begin() + static_cast<std::ptrdiff_t>(begin),
                                      push.owners.end()),
                          push.owners.end());
        push.offsets.push_back(push.owners.size());
      }
    }
  }

  // The levels, with an exchange and one sum over every process after each. Returns false when
  // a remoteness does not fit in W (every process alike), an error when a process failed.
  Result<bool> run(const SolveOptions& options, int fail_process, StateIndex states,
                   DistributedStats& stats) {
    const auto started = std::chrono::steady_clock::now();
    Status failure;
    const auto guarded = [&](auto&& work) {
      if (!failure.ok()) return;
      try {
        work();
      } catch (const std::bad_alloc&) {
        failure = fail(ErrorField::kMemoryLimit, "out of memory during the solve",
                       ErrorKind::kOutOfMemory);
      } catch (const std::exception& e) {
        failure = fail(ErrorField::kEngine, std::string("internal error: ") + e.what(),
                       ErrorKind::kInternal);
      }
    };
    guarded([&] {
      kernel_.seed();
      pack();
    });
    StateIndex decided = 0;
    for (std::uint64_t level = 0;; ++level) {
      const std::uint64_t local[5] = {kernel_.busy(0), kernel_.busy(1),
                                      kernel_.found(0) + kernel_.found(1), failure.ok() ? 0u : 1u,
                                      send_.size()};
      const std::vector<std::uint64_t> all = comm_.sum(local);
      if (all[3] != 0) return comm_.agreed(failure).error();
      stats.level_bytes.push_back(8 * all[4]);
      stats.exchanged_bytes += 8 * all[4];
      if (all[4] != 0) {
        in_ = comm_.exchange(send_, counts_);
        guarded([&] { unpack(level); });
      }
      std::vector<std::uint64_t>().swap(send_);
      decided += all[2];
      if (me_ == 0 && options.progress) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        options.progress({decided, states, static_cast<std::uint32_t>(level), elapsed.count()});
      }
      const bool busy[2] = {all[0] != 0, all[1] != 0};
      if (!busy[0] && !busy[1]) {
        stats.levels = static_cast<std::uint32_t>(level + 1);
        break;
      }
      if (level + 1 > kernel_.max_level()) {
        if (Status s = comm_.agreed(failure); !s.ok()) return s.error();
        return false;
      }
      if (me_ == fail_process && level == 1 && failure.ok()) {
        failure = fail(ErrorField::kMemoryLimit,
                       "out of memory at level 1 (injected by --fail-process, a test of failure)",
                       ErrorKind::kOutOfMemory);
      }
      guarded([&] {
        kernel_.step_level(busy, level, [&](int p, auto&& visit) { for_each_row_in(p, visit); });
        std::vector<std::uint64_t>().swap(in_);
        pack();
      });
    }
    // The last unpack may have failed after the last sum.
    if (Status s = comm_.agreed(failure); !s.ok()) return s.error();
    kernel_.release_frontiers();
    return true;
  }

  StateValue value_here(int half, NodeId m, NodeId c) const override {
    return kernel_.value_here(half, m, c);
  }
  void codes_here(int half, NodeId row, NodeId begin, NodeId end, const std::vector<NodeId>& rank,
                  std::uint32_t* out) const override {
    const NodeId x = rank[row];
    if (values_only_) {
      for (NodeId column = begin; column < end; ++column) {
        const NodeId y = rank[column];
        const Value v =
            half == 0 ? kernel_.value_here(0, x, y).value : kernel_.value_here(1, y, x).value;
        *out++ = tablebase::state_code({v, kNoRemoteness}, false);
      }
      return;
    }
    // The kernel's word to the code (tablebase::state_code) at once: a mouse win in r,
    // kTop | r, is 1 + 2r; a cat win in r, r + 1, is 2 + 2r; a draw, 0, is 0.
    constexpr W kTop = detail::BlockedRemoteness<W>::kTop;
    for (NodeId column = begin; column < end; ++column) {
      const NodeId y = rank[column];
      const W v = half == 0 ? kernel_.word_here(0, x, y) : kernel_.word_here(1, y, x);
      *out++ =
          (v & kTop) != 0 ? 1 + 2 * std::uint32_t{static_cast<W>(v & ~kTop)} : 2 * std::uint32_t{v};
    }
  }

 private:
  struct PushOwners {
    std::vector<std::uint64_t> offsets;  // per row here (from the range's first)
    std::vector<int> owners;             // other processes holding rows this row pushes to
  };

  // The kernel's part of the plan's options: progress is reported here, over every process.
  static SolveOptions kernel_options(const SolveOptions& options) {
    SolveOptions out;
    out.threads = options.threads;
    out.values_only = options.values_only;
    return out;
  }

  static Error fail(ErrorField field, std::string message, ErrorKind kind) {
    Error error{std::move(message), {}, kind};
    error.where.field = field;
    return error;
  }

  // The new opponent-to-move words of the last level, row by row, into one buffer: to each
  // process its rows in turn (counted first, so that the buffer is allocated once, exactly).
  void pack() {
    std::fill(counts_.begin(), counts_.end(), 0);
    route([&](int to, int, NodeId, const std::uint64_t* pairs, std::size_t count) {
      counts_[static_cast<std::size_t>(to)] += 1 + wire_words(encode(pairs, count, nullptr));
    });
    std::uint64_t total = 0;
    for (std::size_t p = 0; p < counts_.size(); ++p) {
      cursor_[p] = total;
      total += counts_[p];
    }
    send_.resize(total);
    route([&](int to, int p, NodeId x, const std::uint64_t* pairs, std::size_t count) {
      std::uint64_t* at = send_.data() + cursor_[static_cast<std::size_t>(to)];
      const std::size_t items = encode(pairs, count, at + 1);
      *at = std::uint64_t{x} | std::uint64_t(p) << 32 | std::uint64_t{items} << 33;
      cursor_[static_cast<std::size_t>(to)] += 1 + wire_words(items);
    });
  }

  // Calls send(to, p, x, pairs, count) for what process `to` needs of row x of attractor p's new
  // opponent-to-move words: `count` words of (word, bits) pairs.
  template <class Send>
  void route(Send&& send) {
    const NodeId first = parts_.range(me_).first;
    for (int p = 0; p < 2; ++p) {
      NodeId row = 0;
      bool open = false;
      kernel_.for_each_new_other(p, [&](NodeId x, std::uint64_t w, std::uint64_t bits) {
        if (open && x != row) route_row(p, row, first, send);
        row = x;
        open = true;
        words_.push_back(w);
        words_.push_back(bits);
      });
      if (open) route_row(p, row, first, send);
    }
  }

  // The (w, bits) pairs gathered for row x of attractor p: the whole row to each process that
  // holds a row moving to x; to the process holding the StateSpace rows of a word (the
  // opponent's nodes), that word, unless the row went there whole.
  template <class Send>
  void route_row(int p, NodeId x, NodeId first, Send& send) {
    const PushOwners& push = push_[p];
    const std::uint64_t row = x - first;
    for (std::uint64_t i = push.offsets[row]; i < push.offsets[row + 1]; ++i) {
      const int owner = push.owners[i];
      marked_[static_cast<std::size_t>(owner)] = 1;
      send(owner, p, x, words_.data(), words_.size());
    }
    // Words run in increasing order and owners hold runs of words: one run per owner.
    for (std::size_t i = 0; i < words_.size();) {
      const int owner = parts_.word_owner[words_[i]];
      std::size_t j = i;
      while (j < words_.size() && parts_.word_owner[words_[j]] == owner) j += 2;
      if (owner != me_ && !marked_[static_cast<std::size_t>(owner)]) {
        send(owner, p, x, words_.data() + i, j - i);
      }
      i = j;
    }
    for (std::uint64_t i = push.offsets[row]; i < push.offsets[row + 1]; ++i) {
      marked_[static_cast<std::size_t>(push.owners[i])] = 0;
    }
    words_.clear();
  }

  // The words on the wire of a row of `items` items, after its header.
  static std::size_t wire_words(std::size_t items) { return (items + 1) / 2 + items; }

  // `count` words of (w, bits) pairs, w increasing, as items (see the top of this file) into
  // `out` (wire_words(items) words), or only counted when out is null; returns the items.
  std::size_t encode(const std::uint64_t* pairs, std::size_t count, std::uint64_t* out) {
    if (out != nullptr) values_.resize(count / 2);
    std::size_t items = 0;
    for (std::size_t i = 0; i < count; ++items) {
      std::size_t j = i + 2;
      if (pairs[i + 1] == ~std::uint64_t{0}) {
        while (j < count && pairs[j + 1] == ~std::uint64_t{0} && pairs[j] == pairs[j - 2] + 1) {
          j += 2;
        }
      }
      if (out != nullptr) {
        const bool run = j - i > 2;
        const std::uint64_t w = run ? pairs[i] | kRun : pairs[i];
        if (items % 2 == 0) out[items / 2] = 0;
        out[items / 2] |= w << (32 * (items % 2));
        values_[items] = run ? (j - i) / 2 : pairs[i + 1];
      }
      i = j;
    }
    if (out != nullptr) std::copy_n(values_.begin(), items, out + (items + 1) / 2);
    return items;
  }

  // Calls visit(x, words) for each row x of attractor p in what the last exchange brought, with
  // words(f) calling f(w, bits) for each of its words.
  template <class Visit>
  void for_each_row_in(int p, Visit&& visit) const {
    for (std::size_t i = 0; i < in_.size();) {
      const std::uint64_t header = in_[i++];
      const std::uint64_t items = header >> 33;
      if (static_cast<int>((header >> 32) & 1) == p) {
        const std::uint64_t* numbers = in_.data() + i;
        const std::uint64_t* values = numbers + (items + 1) / 2;
        visit(static_cast<NodeId>(header & 0xFFFFFFFFu), [numbers, values, items](auto&& f) {
          for (std::uint64_t k = 0; k < items; ++k) {
            const std::uint64_t w = (numbers[k / 2] >> (32 * (k % 2))) & 0xFFFFFFFFu;
            if ((w & kRun) == 0) {
              f(w, values[k]);
              continue;
            }
            for (std::uint64_t v = w & ~kRun; v < (w & ~kRun) + values[k]; ++v) {
              f(v, ~std::uint64_t{0});
            }
          }
        });
      }
      i += wire_words(items);
    }
  }

  // The remoteness of what the exchange after `level` brought, for the rows here; the rest
  // (pushes) is read by the next step (for_each_row_in).
  void unpack(std::uint64_t level) {
    for (int p = 0; p < 2; ++p) {
      for_each_row_in(p, [&](NodeId x, const auto& words) {
        words([&](std::uint64_t w, std::uint64_t bits) {
          kernel_.receive_other(p, x, w, bits, level);
        });
      });
    }
  }

  static constexpr std::uint64_t kRun = std::uint64_t{1} << 31;

  const Communicator& comm_;
  const Partition& parts_;
  const int me_;
  const bool values_only_;
  Kernel kernel_;
  PushOwners push_[2];
  // After a level: what goes to each process, in process order (counts_[p] words to p), and
  // what came (rows, as at the top of this file).
  std::vector<std::uint64_t> send_, in_;
  std::vector<std::uint64_t> counts_, cursor_;
  std::vector<std::uint64_t> words_;   // the pairs of the row being routed
  std::vector<std::uint64_t> values_;  // encode()'s values, before they go after the numbers
  std::vector<char> marked_;           // per process: sent the row whole already
};

}  // namespace catmouse::mpi
