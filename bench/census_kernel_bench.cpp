// The Cat and Mouse census kernel alone (src/census/mouse_kernel.hpp), per (graph, hole) table,
// against the kernel it replaced (a FIFO-queue retrograde analysis over arrays of states, kept
// here only as the yardstick). The graphs are decoded first, into memory, so that the times are
// the kernels' only: every graph, every hole, each stuck rule asked for.
//
//   catmouse_census_kernel_bench [--geng "ARGS"] [--file F.g6] [--limit N] [--runs R]
//                                [--kernel all|queue|bits|bits-baseline] [--stuck lose|draw|both]
//                                [--what both|solve|census]
//
// --geng runs `nauty-geng ARGS` (default "-cq 9"), --file reads graph6 lines instead; --limit
// keeps the first N graphs. The kernels: the old one (queue), the new one with the widest vectors
// the processor has (bits: AVX2 on x86-64 where it runs) and with the build's own target
// (bits-baseline). A run times each kernel once over all the tables, the kernels alternating,
// after one warm-up run; R runs (default 5) give the median, least and greatest thread CPU time
// per table, for the solve alone and for the solve with what the census takes of each table (the
// new kernel's summary(); for the old one, its loop over the placements); --what keeps one of
// the two. The kernels' census totals must agree, or the program exits with 1. Exit code 77 when
// nauty-geng is missing (ctest's smoke run skips). For instruction counts, run one kernel under
// callgrind with --toggle-collect='*time_tables*' (bench/census_kernel.sh does).
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "catmouse/io/format.hpp"
#include "catmouse/solve/cops.hpp"
#include "census/mouse_kernel.hpp"

namespace {

using catmouse::NodeId;
using catmouse::SmallGraph;
using catmouse::StuckRule;

// The kernel before the bit rows, as the census ran it (apps/cli/census_mouse.cpp, then
// src/census/mouse_kernel.cpp): states decided in the order of a FIFO queue.
class QueueKernel {
 public:
  void solve(const SmallGraph& graph, NodeId hole, StuckRule stuck);
  std::uint8_t value(NodeId m, NodeId c) const { return value_[index(0, m, c)]; }
  std::uint16_t remoteness(NodeId m, NodeId c) const { return remoteness_[index(0, m, c)]; }

 private:
  static constexpr std::uint8_t kMouse = 1, kCat = 2;
  static constexpr std::size_t kStates = 2 * 16 * 16;
  static std::uint16_t index(std::uint16_t turn, NodeId m, NodeId c) {
    return static_cast<std::uint16_t>((turn << 8) | (m << 4) | c);
  }
  std::array<std::uint8_t, kStates> value_{};
  std::array<std::uint8_t, kStates> left_{};
  std::array<std::uint16_t, kStates> remoteness_{};
  std::array<std::uint16_t, kStates> queue_{};
};

void QueueKernel::solve(const SmallGraph& graph, NodeId hole, StuckRule stuck) {
  const NodeId n = graph.node_count;
  const std::uint32_t hole_bit = 1u << hole;
  std::array<std::uint32_t, 16> cat_rows{};
  for (NodeId v = 0; v < n; ++v)
    cat_rows[v] = static_cast<std::uint32_t>(graph.rows[v]) & ~hole_bit;
  std::memset(value_.data(), 0, value_.size());
  std::size_t tail = 0;
  const auto decide = [&](std::uint16_t s, std::uint8_t v, std::uint16_t r) {
    value_[s] = v;
    remoteness_[s] = r;
    queue_[tail++] = s;
  };
  for (std::uint16_t turn = 0; turn < 2; ++turn) {
    for (NodeId m = 0; m < n; ++m) {
      for (NodeId c = 0; c < n; ++c) {
        if (c == hole) continue;
        const std::uint16_t s = index(turn, m, c);
        if (m == hole) {
          decide(s, kMouse, 0);
        } else if (m == c) {
          decide(s, kCat, 0);
        } else {
          const int moves =
              std::popcount(turn == 0 ? static_cast<std::uint32_t>(graph.rows[m]) : cat_rows[c]);
          left_[s] = static_cast<std::uint8_t>(moves);
          if (moves == 0 && stuck == StuckRule::kLose) decide(s, turn == 0 ? kCat : kMouse, 0);
        }
      }
    }
  }
  for (std::size_t head = 0; head < tail; ++head) {
    const std::uint16_t s = queue_[head];
    const std::uint8_t v = value_[s];
    const auto r = static_cast<std::uint16_t>(remoteness_[s] + 1);
    const NodeId m = (s >> 4) & 15, c = s & 15;
    const bool cat_moved = (s >> 8) == 0;
    const std::uint8_t mover = cat_moved ? kCat : kMouse;
    for (std::uint32_t from = cat_moved ? cat_rows[c] : static_cast<std::uint32_t>(graph.rows[m]);
         from != 0; from &= from - 1) {
      const auto u = static_cast<NodeId>(std::countr_zero(from));
      const std::uint16_t p = cat_moved ? index(1, m, u) : index(0, u, c);
      if (value_[p] != 0) continue;
      if (v == mover) {
        decide(p, mover, r);
      } else if (--left_[p] == 0) {
        decide(p, v, r);
      }
    }
  }
}

// What the census keeps of the tables: placements by value, and the longest win of each side.
struct Totals {
  std::array<std::uint64_t, 3> placements{};
  std::array<std::uint32_t, 3> longest{};
  bool operator==(const Totals&) const = default;
};

void add(Totals& totals, const catmouse::census::MouseKernel& kernel) {
  const catmouse::census::MouseTableSummary s = kernel.summary();
  for (int v = 0; v < 3; ++v) {
    totals.placements[v] += s.placements[v];
    totals.longest[v] = std::max<std::uint32_t>(totals.longest[v], s.longest[v].plies);
  }
}

void add(Totals& totals, const QueueKernel& kernel, NodeId n, NodeId hole) {
  for (NodeId m = 0; m < n; ++m) {
    for (NodeId c = 0; c < n; ++c) {
      if (m == hole || c == hole || c == m) continue;
      const std::uint8_t v = kernel.value(m, c);
      ++totals.placements[v];
      if (v != 0)
        totals.longest[v] = std::max<std::uint32_t>(totals.longest[v], kernel.remoteness(m, c));
    }
  }
}

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Solves every table (graph, hole, stuck rule); with `census`, adds each to the totals as the
// census does. Not inlined, so that callgrind can count its instructions alone.
template <class Kernel>
[[gnu::noinline]] Totals time_tables(Kernel& kernel, const std::vector<SmallGraph>& graphs,
                                     const std::vector<StuckRule>& rules, bool census,
                                     std::uint64_t& solved) {
  Totals totals;
  for (StuckRule stuck : rules) {
    for (const SmallGraph& graph : graphs) {
      for (NodeId hole = 0; hole < graph.node_count; ++hole) {
        kernel.solve(graph, hole, stuck);
        ++solved;
        if (!census) {
          totals.placements[0] += kernel.value(0, hole == 1 ? 2 : 1);
        } else if constexpr (std::is_same_v<Kernel, QueueKernel>) {
          add(totals, kernel, graph.node_count, hole);
        } else {
          add(totals, kernel);
        }
      }
    }
  }
  return totals;
}

[[noreturn]] void die(const std::string& message, int code = 2) {
  std::fprintf(stderr, "census_kernel_bench: %s\n", message.c_str());
  std::exit(code);
}

std::vector<SmallGraph> load_graphs(const std::string& geng, const std::string& file,
                                    std::uint64_t limit) {
  const std::string command = file.empty() ? "nauty-geng " + geng + " 2>/dev/null" : "";
  if (file.empty() && std::system("command -v nauty-geng >/dev/null 2>&1") != 0)
    die("nauty-geng not found (scripts/setup installs nauty)", 77);
  std::unique_ptr<FILE, int (*)(FILE*)> in(
      file.empty() ? popen(command.c_str(), "r") : std::fopen(file.c_str(), "r"),
      file.empty() ? pclose : std::fclose);
  if (!in) die("cannot read " + (file.empty() ? command : file));
  std::vector<SmallGraph> graphs;
  char buffer[256];
  std::uint64_t line = 0;
  while (graphs.size() < limit && std::fgets(buffer, sizeof buffer, in.get()) != nullptr) {
    std::string text(buffer);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    auto graph = catmouse::parse_graph6(text, file.empty() ? "geng" : file, ++line, 0);
    if (!graph.ok()) die(graph.error().to_string());
    auto small = SmallGraph::of(graph.value());
    if (!small.ok() || small->node_count > catmouse::census::MouseKernel::kMaxNodes)
      die(fmt::format("line {}: more than 16 nodes", line));
    graphs.push_back(*small);
  }
  if (graphs.empty()) die("no graphs");
  return graphs;
}

// The kernels compared: the old one, and the new one with the widest vectors the processor has
// and with the build's own.
constexpr std::array<const char*, 3> kKernelNames = {"queue", "bits", "bits-baseline"};

struct Options {
  std::string geng = "-cq 9", file, kernel = "all", stuck = "both", what = "both";
  std::uint64_t limit = UINT64_MAX;
  int runs = 5;
  bool runs_kernel(int k) const { return kernel == "all" || kernel == kKernelNames[k]; }
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) die("missing value after " + arg);
    const std::string value = argv[++i];
    if (arg == "--geng")
      o.geng = value;
    else if (arg == "--file")
      o.file = value;
    else if (arg == "--limit")
      o.limit = std::stoull(value);
    else if (arg == "--runs")
      o.runs = std::max(1, std::stoi(value));
    else if (arg == "--kernel")
      o.kernel = value;
    else if (arg == "--stuck")
      o.stuck = value;
    else if (arg == "--what")
      o.what = value;
    else
      die("unknown option " + arg);
  }
  if (o.kernel != "all" &&
      std::find(kKernelNames.begin(), kKernelNames.end(), o.kernel) == kKernelNames.end())
    die("--kernel: " + o.kernel + "; give all, queue, bits or bits-baseline");
  if (o.stuck != "both" && o.stuck != "lose" && o.stuck != "draw") die("--stuck: " + o.stuck);
  if (o.what != "both" && o.what != "solve" && o.what != "census") die("--what: " + o.what);
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  using catmouse::census::MouseKernel;
  const Options o = parse(argc, argv);
  const std::vector<SmallGraph> graphs = load_graphs(o.geng, o.file, o.limit);
  std::vector<StuckRule> rules;
  if (o.stuck != "draw") rules.push_back(StuckRule::kLose);
  if (o.stuck != "lose") rules.push_back(StuckRule::kDraw);
  auto queue = std::make_unique<QueueKernel>();
  auto bits = std::make_unique<MouseKernel>(MouseKernel::Simd::kAuto);
  auto baseline = std::make_unique<MouseKernel>(MouseKernel::Simd::kBaseline);
  // [kernel][census]: the nanoseconds per table of each timed run.
  std::array<std::array<std::vector<double>, 2>, 3> ns;
  std::array<Totals, 3> totals;
  std::uint64_t tables = 0;
  for (int run = 0; run <= o.runs; ++run) {  // run 0 warms up
    for (int census = 0; census < 2; ++census) {
      if (o.what == (census ? "solve" : "census")) continue;
      for (int k = 0; k < 3; ++k) {
        if (!o.runs_kernel(k)) continue;
        std::uint64_t solved = 0;
        const double start = thread_seconds();
        const Totals t = k == 0   ? time_tables(*queue, graphs, rules, census, solved)
                         : k == 1 ? time_tables(*bits, graphs, rules, census, solved)
                                  : time_tables(*baseline, graphs, rules, census, solved);
        const double seconds = thread_seconds() - start;
        tables = solved;
        if (census) totals[k] = t;
        if (run > 0) ns[k][census].push_back(seconds * 1e9 / static_cast<double>(solved));
      }
    }
  }
  fmt::print(
      "{} graphs, {} tables a run (every hole, stuck {}), {} runs after a warm-up; "
      "thread CPU ns per table:\n\n",
      graphs.size(), tables, o.stuck, o.runs);
  fmt::print("| kernel | what | median | least | greatest |\n| --- | --- | --- | --- | --- |\n");
  std::array<std::array<double, 2>, 3> median{};
  for (int k = 0; k < 3; ++k) {
    for (int census = 0; census < 2; ++census) {
      auto& v = ns[k][census];
      if (v.empty()) continue;
      std::sort(v.begin(), v.end());
      median[k][census] = v[v.size() / 2];
      fmt::print("| {} | {} | {:.1f} | {:.1f} | {:.1f} |\n", kKernelNames[k],
                 census ? "solve + census totals" : "solve", median[k][census], v.front(),
                 v.back());
    }
  }
  if (o.kernel != "all" || o.what == "solve") return 0;
  for (int k = 1; k < 3; ++k) {
    fmt::print("\nqueue / {}, medians: solve {:.2f}x, with the census totals {:.2f}x",
               kKernelNames[k], median[0][0] / median[k][0], median[0][1] / median[k][1]);
    if (!(totals[k] == totals[0]))
      die(std::string("the census totals of ") + kKernelNames[k] +
              " differ from the queue kernel's",
          1);
  }
  fmt::print(
      "\ncensus totals (every kernel): {} draws, {} mouse wins, {} cat wins; longest "
      "mouse win {}, cat win {}\n",
      totals[0].placements[0], totals[0].placements[1], totals[0].placements[2],
      totals[0].longest[1], totals[0].longest[2]);
  return 0;
}
