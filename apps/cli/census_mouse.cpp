// catmouse census mouse --nodes N: Cat and Mouse over every connected graph on N nodes (geng, in
// the parts of census_parts.hpp) and every hole, with the default rules otherwise (mouse first,
// the cat kept out of the hole, a repeated position a draw; --stuck draw for the other stuck
// rule). Counts mouse wins, cat wins and draws over the placements (hole h, mouse m != h, cat
// c != h, m; mouse to move), and the longest forced win of each side with the first graph and
// placement reaching it.
//
// One table per (graph, hole) answers every start. A 10-node census solves 117 million tables,
// so the table is solved here by a kernel for at most 16 nodes that lives in fixed arrays (no
// allocation per graph, no Game built): the classical retrograde analysis with a FIFO queue, which
// decides states in order of remoteness, so that a win takes the fastest win and a loss the slowest
// loss, as every engine of the library does. The tests check it against solve_reference().
#include <fmt/format.h>

#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

#include "catmouse/core/rules.hpp"
#include "census/mouse_kernel.hpp"
#include "census_commands.hpp"
#include "census_parts.hpp"
#include "commands.hpp"
#include "stream.hpp"

namespace catmouse::cli {

namespace {

// The longest forced win of one side found so far: its plies, and where (graph6 and placement).
struct Record {
  std::uint32_t plies = 0;
  std::string graph6;
  NodeId hole = 0, mouse = 0, cat = 0;
  std::string where;  // "part P, graph L"
};

// The counts of one part, or of all.
struct MouseCounts {
  std::uint64_t graphs = 0;
  std::array<std::uint64_t, 3> placements{};     // by Value: draws, mouse wins, cat wins
  std::array<std::optional<Record>, 3> longest;  // mouse (1) and cat (2) only

  // `later` covers parts after this one's: a record is kept unless beaten.
  void merge(const MouseCounts& later) {
    graphs += later.graphs;
    for (int v = 0; v < 3; ++v) {
      placements[v] += later.placements[v];
      if (later.longest[v] && (!longest[v] || later.longest[v]->plies > longest[v]->plies))
        longest[v] = later.longest[v];
    }
  }
};

constexpr std::array<const char*, 3> kOutcomeKeys{"draws", "mouse_wins", "cat_wins"};

CensusJson counts_json(const MouseCounts& counts) {
  CensusJson out;
  out["graphs"] = counts.graphs;
  for (int v = 0; v < 3; ++v) out[kOutcomeKeys[v]] = counts.placements[v];
  for (int v = 1; v < 3; ++v) {
    const auto& r = counts.longest[v];
    out[v == 1 ? "longest_mouse_win" : "longest_cat_win"] =
        r ? CensusJson{{"plies", r->plies}, {"graph6", r->graph6}, {"hole", r->hole},
                       {"mouse", r->mouse}, {"cat", r->cat},       {"where", r->where}}
          : CensusJson(nullptr);
  }
  return out;
}

// A part back from the state file; throws nlohmann's exceptions on anything else.
MouseCounts counts_of(const CensusJson& p) {
  MouseCounts counts;
  counts.graphs = p.at("graphs").get<std::uint64_t>();
  for (int v = 0; v < 3; ++v) counts.placements[v] = p.at(kOutcomeKeys[v]).get<std::uint64_t>();
  for (int v = 1; v < 3; ++v) {
    const auto& r = p.at(v == 1 ? "longest_mouse_win" : "longest_cat_win");
    if (r.is_null()) continue;
    counts.longest[v] =
        Record{r.at("plies").get<std::uint32_t>(), r.at("graph6").get<std::string>(),
               r.at("hole").get<NodeId>(),         r.at("mouse").get<NodeId>(),
               r.at("cat").get<NodeId>(),          r.at("where").get<std::string>()};
  }
  return counts;
}

class MouseWork : public PartWork {
 public:
  explicit MouseWork(StuckRule stuck) : stuck_(stuck) {}

  void begin(std::int64_t part) override {
    res_ = part;
    counts_ = MouseCounts{};
  }
  void graph(std::string_view graph6, const SmallGraph& graph, std::uint64_t line) override {
    const NodeId n = graph.node_count;
    ++counts_.graphs;
    // The longest win of each side on this graph, compared with the part's only once per graph.
    std::array<std::uint32_t, 3> best{};
    std::array<std::array<NodeId, 3>, 3> at{};
    for (NodeId h = 0; h < n; ++h) {
      table_.solve(graph, h, stuck_);
      for (NodeId m = 0; m < n; ++m) {
        if (m == h) continue;
        for (NodeId c = 0; c < n; ++c) {
          if (c == h || c == m) continue;
          const std::uint8_t v = table_.value(m, c);
          ++counts_.placements[v];
          if (v != 0 && table_.remoteness(m, c) > best[v]) {
            best[v] = table_.remoteness(m, c);
            at[v] = {h, m, c};
          }
        }
      }
    }
    for (int v = 1; v < 3; ++v) {
      auto& record = counts_.longest[v];
      if (best[v] == 0 || (record && best[v] <= record->plies)) continue;
      record = Record{best[v],  std::string(graph6),
                      at[v][0], at[v][1],
                      at[v][2], fmt::format("part {}, graph {}", res_, line)};
    }
  }
  CensusJson end() override { return counts_json(counts_); }

 private:
  StuckRule stuck_;
  std::int64_t res_ = 0;
  MouseCounts counts_;
  census::MouseKernel table_;
};

struct MouseCommand {
  PartsOptions parts;
  std::string stuck = "lose";
};

std::string plural(std::uint64_t count, std::string_view one) {
  return fmt::format("{} {}{}", count, one, count == 1 ? "" : "s");
}

void report(const MouseCounts& total, double seconds, std::uint64_t graphs_run) {
  const std::uint64_t placements = total.placements[0] + total.placements[1] + total.placements[2];
  std::string text = fmt::format("graphs: {}, {} (hole, mouse, cat; mouse first)\n",
                                 count_and_rate(total.graphs, seconds, "graphs", graphs_run),
                                 plural(placements, "placement"));
  for (int v : {1, 2, 0}) {
    text += fmt::format("{}: {}",
                        v == 1   ? "mouse wins"
                        : v == 2 ? "cat wins"
                                 : "draws",
                        plural(total.placements[v], "placement"));
    if (const auto& r = total.longest[v]) {
      text += fmt::format(", longest {} {}: {} hole {} mouse {} cat {} ({})", r->plies,
                          r->plies == 1 ? "ply" : "plies", r->graph6, r->hole, r->mouse, r->cat,
                          r->where);
    }
    text += "\n";
  }
  print(text);
}

void run_mouse_census(MouseCommand cmd) {
  PartsOptions& parts = cmd.parts;
  if (parts.parts == 0) parts.parts = default_parts(parts.nodes);
  if (parts.state.empty())
    parts.state = fmt::format("mouse-{}{}.census.json", parts.nodes,
                              cmd.stuck == "draw" ? "-stuck-draw" : "");
  if (cmd.stuck != "lose" && cmd.stuck != "draw")
    throw InputError(fmt::format("--stuck: '{}'; give lose or draw", cmd.stuck));
  CensusKind kind;
  kind.name = "mouse";
  kind.question["stuck"] = cmd.stuck;
  const StuckRule stuck = cmd.stuck == "draw" ? StuckRule::kDraw : StuckRule::kLose;
  kind.make_work = [stuck] { return std::make_unique<MouseWork>(stuck); };
  kind.check_part = [](const CensusJson& p) { (void)counts_of(p); };
  const auto started = std::chrono::steady_clock::now();
  MouseCounts total;
  std::uint64_t graphs_run = 0;
  for (const auto& [res, p] : run_parts(parts, kind, &graphs_run)) total.merge(counts_of(p));
  report(total, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
         graphs_run);
}

}  // namespace

void add_mouse_census_command(CLI::App& census) {
  auto cmd = std::make_shared<MouseCommand>();
  CLI::App* mouse = census.add_subcommand(
      "mouse", "Cat and Mouse on every connected graph on N nodes, every hole and placement");
  add_parts_options(*mouse, cmd->parts, "mouse-N.census.json");
  mouse
      ->add_option("--stuck", cmd->stuck,
                   "a player with no move: lose (default) or draw (docs/rules.md)")
      ->type_name("RULE");
  mouse->footer(
      "Runs geng -cq N RES/M for each part not yet in the state file and solves every graph with\n"
      "each node as the hole (one table per hole gives every start). Counts the placements (hole,\n"
      "mouse start, cat start on three distinct nodes; mouse to move) won by the mouse, won by "
      "the\n"
      "cat and drawn, with the longest forced win of each side in plies and the first graph and\n"
      "placement reaching it (in part order). After a kill, the same command runs only the parts\n"
      "left and prints the same totals.\n\n"
      "Examples:\n"
      "  catmouse census mouse --nodes 8\n"
      "  catmouse census mouse --nodes 9 --stuck draw --state mouse9.json --threads 2");
  mouse->callback([cmd] { run_mouse_census(*cmd); });
}

}  // namespace catmouse::cli
