// catmouse census cops --nodes N: the cop number of every connected graph on N nodes, from
// nauty's geng run here in res/mod parts. The threads take the parts one at a time; each
// finished part's counts go to a state file, rewritten whole (AtomicFile) after each part, so
// that the same command after a kill runs only the parts not yet done and gives the same totals.
// Each graph is answered as copnumber --summary-only answers it: the theorems of cop_bounds.hpp
// first, the game for the rest (docs/census.md).
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "catmouse/io/atomic_file.hpp"
#include "catmouse/solve/cop_bounds.hpp"
#include "catmouse/solve/cops.hpp"
#include "child_process.hpp"
#include "commands.hpp"
#include "stream.hpp"

namespace catmouse::cli {

namespace {

struct CensusCommand {
  std::int64_t nodes = 0;
  std::int64_t parts = 0;  // 0: chosen from the node count
  std::int64_t max = 3;
  std::int64_t keep_from = 3;
  std::string state;
  std::string graphs;
  std::string geng = "nauty-geng";
  unsigned threads = 0;
  bool quiet = false;
};

// One finished part: its counts, and the graphs of cop number keep_from or more (graph6).
struct Part {
  Tally tally;
  std::vector<std::pair<std::uint32_t, std::string>> kept;
};

std::string capture_text(std::uint32_t moves) {
  return fmt::format("capture {} round{} ({} move{})", cop_rounds(moves),
                     cop_rounds(moves) == 1 ? "" : "s", moves, moves == 1 ? "" : "s");
}

// geng as a path to run: --geng itself when it names a file, else found on PATH.
std::string find_geng(const std::string& geng) {
  if (geng.find('/') != std::string::npos) {
    if (::access(geng.c_str(), X_OK) == 0) return geng;
    throw InputError(fmt::format("--geng: {} is not an executable file", geng));
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "";
  while (!dirs.empty()) {
    const std::string_view dir = dirs.substr(0, dirs.find(':'));
    dirs.remove_prefix(std::min(dirs.size(), dir.size() + 1));
    std::string candidate = fmt::format("{}/{}", dir.empty() ? "." : dir, geng);
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw InputError(fmt::format(
      "--geng: {} not found on PATH (install nauty: scripts/setup does, or give --geng PATH)",
      geng));
}

// The state file's text: the census's question and every finished part.
nlohmann::ordered_json state_json(const CensusCommand& cmd,
                                  const std::map<std::int64_t, Part>& done) {
  nlohmann::ordered_json out;
  out["census"] = "cops";
  out["nodes"] = cmd.nodes;
  out["parts"] = cmd.parts;
  out["max"] = cmd.max;
  out["keep_from"] = cmd.keep_from;
  out["done"] = nlohmann::ordered_json::array();
  for (const auto& [res, part] : done) {
    nlohmann::ordered_json p;
    p["part"] = res;
    p["graphs"] = part.tally.total();
    p["answers"] = nlohmann::ordered_json::array();
    for (const Tally::Entry& e : part.tally.entries()) {
      p["answers"].push_back({{"cop_number", e.answer},
                              {"count", e.count},
                              {"longest", e.longest ? nlohmann::ordered_json(*e.longest) : nullptr},
                              {"example", e.example}});
    }
    p["kept"] = nlohmann::ordered_json::array();
    for (const auto& [cops, g6] : part.kept) p["kept"].push_back({cops, g6});
    out["done"].push_back(std::move(p));
  }
  return out;
}

// Reads the finished parts of a state file a run of the same census left; a state of another
// census, or one that is not ours, is an error naming the file and the field.
std::map<std::int64_t, Part> read_state(const CensusCommand& cmd) {
  std::map<std::int64_t, Part> done;
  if (!std::filesystem::exists(cmd.state)) return done;
  const std::string text = read_input(cmd.state);
  try {
    const auto state = nlohmann::json::parse(text);
    for (const char* field : {"nodes", "parts", "max", "keep_from"}) {
      const std::int64_t want = field == std::string_view("nodes")   ? cmd.nodes
                                : field == std::string_view("parts") ? cmd.parts
                                : field == std::string_view("max")   ? cmd.max
                                                                     : cmd.keep_from;
      if (state.at("census") != "cops" || state.at(field).get<std::int64_t>() != want) {
        throw InputError(fmt::format(
            "{}: field {}: the state of another census ({} {}, here {}); give another --state",
            cmd.state, field, field, state.at(field).dump(), want));
      }
    }
    for (const auto& p : state.at("done")) {
      std::vector<Tally::Entry> entries;
      for (const auto& a : p.at("answers")) {
        Tally::Entry e;
        e.answer = a.at("cop_number").get<std::uint32_t>();
        e.count = a.at("count").get<std::uint64_t>();
        if (!a.at("longest").is_null()) e.longest = a.at("longest").get<std::uint32_t>();
        e.example = a.at("example").get<std::string>();
        entries.push_back(std::move(e));
      }
      Part part{Tally(std::move(entries), p.at("graphs").get<std::uint64_t>()), {}};
      for (const auto& k : p.at("kept"))
        part.kept.emplace_back(k.at(0).get<std::uint32_t>(), k.at(1).get<std::string>());
      const auto res = p.at("part").get<std::int64_t>();
      if (res < 0 || res >= cmd.parts) throw std::out_of_range("part");
      done.emplace(res, std::move(part));
    }
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(fmt::format("{}: not a cops census state file ({})", cmd.state, e.what()));
  }
  return done;
}

// What a thread keeps from one graph to the next: the solver's buffers, and the longest capture
// time it found per cop number (see CopNumbers::shortcut in cmd_cops.cpp: a graph whose capture
// time is bounded below it cannot be a record, whichever part it is in).
struct Worker {
  SmallCops small;
  std::vector<std::uint32_t> longest;

  // The cop number (max + 1 above max) and its capture time, unless a theorem made it needless.
  std::pair<std::uint32_t, std::optional<std::uint32_t>> answer(const SmallGraph& g,
                                                                std::uint32_t max) {
    const CopBounds bounds = cop_bounds(g);
    if (bounds.lower > max) return {max + 1, std::nullopt};
    if (bounds.settled() && bounds.capture_moves_upper && bounds.lower < longest.size() &&
        *bounds.capture_moves_upper < longest[bounds.lower]) {
      return {bounds.lower, std::nullopt};
    }
    for (std::uint32_t k = bounds.lower; k <= max; ++k) {
      Result<CopsResult> r = small.solve(g, k);
      if (!r.ok()) throw ResourceError(r.error().message);
      if (!r.value().win) continue;
      if (longest.size() <= k) longest.resize(k + 1, 0);
      longest[k] = std::max(longest[k], r.value().capture_moves);
      return {k, r.value().capture_moves};
    }
    return {max + 1, std::nullopt};
  }
};

// Runs geng's part res/parts and answers its graphs; `stop` ends it early (nothing returned).
std::optional<Part> run_part(const CensusCommand& cmd, const std::string& geng, std::int64_t res,
                             Worker& worker, const std::atomic<bool>& stop,
                             std::atomic<std::uint64_t>& graphs) {
  const std::string where = fmt::format("geng part {}/{}", res, cmd.parts);
  ChildProcess child({geng, "-cq", std::to_string(cmd.nodes), fmt::format("{}/{}", res, cmd.parts)},
                     false);
  Part part;
  const auto max = static_cast<std::uint32_t>(cmd.max);
  std::uint64_t line = 0;
  std::string_view text;
  while (child.next(text)) {
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    ++line;
    const std::optional<SmallGraph> g = small_graph6(text);
    if (!g || g->node_count != cmd.nodes) {
      throw InputError(fmt::format("{}, line {}: not a graph6 graph of {} nodes: '{}'", where, line,
                                   cmd.nodes, text.substr(0, 80)));
    }
    const auto [cops, moves] = worker.answer(*g, max);
    part.tally.add(cops, moves,
                   [&] { return fmt::format("{} (part {}, graph {})", text, res, line); });
    if (cops <= max && cops >= cmd.keep_from) part.kept.emplace_back(cops, std::string(text));
    graphs.fetch_add(1, std::memory_order_relaxed);
  }
  child.finish();
  return part;
}

void check(const CensusCommand& cmd) {
  if (cmd.nodes < 1 || cmd.nodes > 16)
    throw InputError(fmt::format("--nodes: {}; give 1 to 16", cmd.nodes));
  if (cmd.parts < 1 || cmd.parts > 1000000)
    throw InputError(fmt::format("--parts: {}; give 1 to 1000000", cmd.parts));
  if (cmd.max < 1 || cmd.max > kMaxCops)
    throw InputError(fmt::format("--max: {} cops; give 1 to {}", cmd.max, kMaxCops));
  if (cmd.keep_from < 1)
    throw InputError(fmt::format("--keep-from: {}; give 1 or more", cmd.keep_from));
}

// The totals over every part, in part order (the first graph reaching a longest capture is the
// first in geng's order of parts), and the graphs of the highest cop number kept.
void report(const CensusCommand& cmd, const std::map<std::int64_t, Part>& done,
            std::chrono::steady_clock::time_point started) {
  Tally total;
  std::uint32_t highest = 0;
  for (const auto& [res, part] : done) {
    total.merge(part.tally);
    for (const auto& [cops, g6] : part.kept) highest = std::max(highest, cops);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::string text = summary_text(
      total, seconds, "graphs",
      [&](std::uint32_t a) {
        return a > cmd.max ? fmt::format("cop number > {}", cmd.max)
                           : fmt::format("cop number {}", a);
      },
      capture_text);
  if (highest == 0) {
    text += fmt::format("no graph of cop number {} to {}: {} not written\n", cmd.keep_from, cmd.max,
                        cmd.graphs);
  } else {
    std::string g6;
    std::uint64_t count = 0;
    for (const auto& [res, part] : done) {
      for (const auto& [cops, line] : part.kept) {
        if (cops == highest) g6 += line + "\n", ++count;
      }
    }
    const Status written = write_file_atomically(cmd.graphs, g6);
    if (!written.ok()) throw ResourceError(written.error().message);
    // Graphs above --max have no cop number here: "highest" is the highest found up to --max.
    text += fmt::format("cop number {} (the highest up to --max {}): {} graph{} written to {}\n",
                        highest, cmd.max, count, count == 1 ? "" : "s", cmd.graphs);
  }
  print(text);
}

void run_census(CensusCommand cmd) {
  if (cmd.parts == 0)
    cmd.parts = cmd.nodes <= 8 ? 8 : cmd.nodes == 9 ? 32 : cmd.nodes == 10 ? 100 : 1000;
  check(cmd);
  if (cmd.state.empty()) cmd.state = fmt::format("cops-{}.census.json", cmd.nodes);
  if (cmd.graphs.empty()) cmd.graphs = fmt::format("cops-{}-top.g6", cmd.nodes);
  const std::string geng = find_geng(cmd.geng);
  std::map<std::int64_t, Part> done = read_state(cmd);
  std::vector<std::int64_t> todo;
  for (std::int64_t r = 0; r < cmd.parts; ++r)
    if (!done.contains(r)) todo.push_back(r);
  const std::size_t resumed = done.size();

  std::mutex mutex;  // guards done, the state file and failure
  std::exception_ptr failure;
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> next{0}, finished{0};
  std::atomic<std::uint64_t> graphs{0};
  const auto started = std::chrono::steady_clock::now();
  const unsigned threads = std::max(
      1u, std::min<unsigned>(resolve_threads(cmd.threads), static_cast<unsigned>(todo.size())));
  auto work = [&] {
    Worker worker;
    try {
      for (std::size_t i; !stop && (i = next.fetch_add(1)) < todo.size();) {
        std::optional<Part> part = run_part(cmd, geng, todo[i], worker, stop, graphs);
        if (!part) return;
        const std::lock_guard lock(mutex);
        done.emplace(todo[i], std::move(*part));
        const Status saved = write_file_atomically(cmd.state, state_json(cmd, done).dump(1) + "\n");
        if (!saved.ok()) throw ResourceError(saved.error().message);
        ++finished;
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads && !todo.empty(); ++t) pool.emplace_back(work);
  const bool progress = !cmd.quiet && ::isatty(STDERR_FILENO);
  std::atomic<bool> all_done{false};
  std::thread reporter([&] {
    while (progress && !all_done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      const double s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const std::size_t f = finished;
      const std::string eta =
          f == 0 ? "?"
                 : fmt::format("{:.0f} s",
                               s / static_cast<double>(f) * static_cast<double>(todo.size() - f));
      std::fprintf(stderr, "\rparts %zu/%lld, %llu graphs this run, %.1f s, ETA %s   ", resumed + f,
                   static_cast<long long>(cmd.parts),
                   static_cast<unsigned long long>(graphs.load()), s, eta.c_str());
    }
  });
  for (std::thread& t : pool) t.join();
  all_done = true;
  reporter.join();
  if (progress) std::fputs("\n", stderr);
  if (failure) std::rethrow_exception(failure);
  report(cmd, done, started);
}

}  // namespace

void add_census_command(CLI::App& app) {
  CLI::App* census = app.add_subcommand("census", "Censuses over every connected graph (geng)");
  census->require_subcommand(1);
  auto cmd = std::make_shared<CensusCommand>();
  CLI::App* cops =
      census->add_subcommand("cops", "The cop number of every connected graph on N nodes");
  cops->add_option("--nodes", cmd->nodes, "the node count N (1 to 16)")->required()->type_name("N");
  cops->add_option("--parts", cmd->parts,
                   "split geng's output into this many res/mod parts (default: 8 up to 8 nodes, "
                   "32 for 9, 100 for 10, 1000 beyond)")
      ->type_name("M");
  cops->add_option("--max", cmd->max, "try at most this many cops (default: 3)")->type_name("K");
  cops->add_option("--keep-from", cmd->keep_from,
                   "keep the graphs of cop number K or more, and write those of the highest "
                   "(default: 3)")
      ->type_name("K");
  cops->add_option("--state", cmd->state,
                   "the state file: the finished parts' counts (default: cops-N.census.json)")
      ->type_name("FILE");
  cops->add_option("--graphs", cmd->graphs,
                   "where the graphs of the highest cop number go, graph6 (default: "
                   "cops-N-top.g6)")
      ->type_name("FILE");
  cops->add_option("--geng", cmd->geng, "nauty's geng (default: nauty-geng on PATH)")
      ->type_name("PATH");
  cops->add_option("--threads", cmd->threads, "worker threads (default: one per core)")
      ->type_name("T");
  cops->add_flag("--quiet", cmd->quiet, "no progress line on a terminal");
  cops->footer(
      "Runs geng -cq N RES/M for each part not yet in the state file, answers every graph as\n"
      "'copnumber --summary-only' does, and saves each finished part's counts to the state file\n"
      "(written whole, never half). After a kill, the same command runs only the parts left and\n"
      "prints the same totals. Prints the counts per cop number with the longest capture time\n"
      "and the first graph reaching it (in part order).\n\n"
      "Examples:\n"
      "  catmouse census cops --nodes 9\n"
      "  catmouse census cops --nodes 10 --parts 100 --state cops10.json --threads 2");
  cops->callback([cmd] { run_census(*cmd); });
}

}  // namespace catmouse::cli
