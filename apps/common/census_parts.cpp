// The part runner of the censuses (census_parts.hpp).
#include "census_parts.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "catmouse/io/atomic_file.hpp"
#include "child_process.hpp"
#include "engine_options.hpp"
#include "errors.hpp"
#include "input.hpp"
#include "output.hpp"
#include "stream.hpp"

namespace catmouse::cli {

namespace {

using Done = FinishedParts;

}  // namespace

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

namespace {

// The state file's text: the census's question and every finished part.
CensusJson state_json(const PartsOptions& options, const CensusKind& kind, const Done& done) {
  CensusJson out;
  out["census"] = kind.name;
  out["nodes"] = options.nodes;
  out["parts"] = options.parts;
  for (const auto& [field, value] : kind.question.items()) out[field] = value;
  out["done"] = CensusJson::array();
  for (const auto& [res, part] : done) out["done"].push_back(part);
  return out;
}

}  // namespace

// A state of another census, or one that is not ours, is an error naming the file and the field.
Done read_state(const PartsOptions& options, const CensusKind& kind) {
  Done done;
  if (!std::filesystem::exists(options.state)) return done;
  const std::string text = read_input(options.state);
  try {
    const auto state = CensusJson::parse(text);
    if (state.at("census") != kind.name) {
      throw InputError(fmt::format(
          "{}: field census: the state of another census ({}, here {}); give another --state",
          options.state, state.at("census").dump(), kind.name));
    }
    CensusJson want = kind.question;
    want["nodes"] = options.nodes;
    want["parts"] = options.parts;
    for (const auto& [field, value] : want.items()) {
      if (state.at(field) != value) {
        throw InputError(fmt::format(
            "{}: field {}: the state of another census ({} {}, here {}); give another --state",
            options.state, field, field, state.at(field).dump(), value.dump()));
      }
    }
    for (const auto& p : state.at("done")) {
      const auto res = p.at("part").get<std::int64_t>();
      if (res < 0 || res >= options.parts) throw std::out_of_range("part");
      kind.check_part(p);
      done.emplace(res, p);
    }
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(
        fmt::format("{}: not a {} census state file ({})", options.state, kind.name, e.what()));
  }
  return done;
}

void write_state(const PartsOptions& options, const CensusKind& kind, const Done& done) {
  const Status saved =
      write_file_atomically(options.state, state_json(options, kind, done).dump(1) + "\n");
  if (!saved.ok()) throw ResourceError(saved.error().message);
}

namespace {

// A graph6 line into `graph` (rows cleared first); whether it is one of `nodes` nodes. Up to 16
// nodes only the set bits of the six-bit groups are visited: a census reads millions of lines.
bool read_graph6(std::string_view text, std::int64_t nodes, SmallGraph& graph) {
  const auto n = static_cast<NodeId>(nodes);
  if (n > 16) {
    const std::optional<SmallGraph> g = small_graph6(text);
    if (!g || g->node_count != n) return false;
    graph = *g;
    return true;
  }
  const std::size_t bits = std::size_t{n} * (n - 1) / 2;
  if (text.size() != 1 + (bits + 5) / 6 || static_cast<unsigned char>(text[0]) != 63 + n)
    return false;
  // The upper triangle column by column: bit p is (i, j) with p = j (j - 1) / 2 + i, i < j.
  static const auto pairs = [] {
    std::array<std::pair<std::uint8_t, std::uint8_t>, 120> out{};
    std::size_t p = 0;
    for (std::uint8_t j = 1; j < 16; ++j)
      for (std::uint8_t i = 0; i < j; ++i) out[p++] = {i, j};
    return out;
  }();
  graph.node_count = n;
  std::fill(graph.rows.begin(), graph.rows.begin() + n, std::uint64_t{0});
  for (std::size_t b = 1; b < text.size(); ++b) {
    const int six = static_cast<unsigned char>(text[b]) - 63;
    if (six < 0 || six > 63) return false;
    for (auto m = static_cast<unsigned>(six); m != 0; m &= m - 1) {
      const std::size_t p = 6 * (b - 1) + 5 - static_cast<std::size_t>(std::countr_zero(m));
      if (p >= bits) return false;  // padding must be zero
      const auto [i, j] = pairs[p];
      graph.rows[i] |= std::uint64_t{1} << j;
      graph.rows[j] |= std::uint64_t{1} << i;
    }
  }
  return true;
}

}  // namespace

std::optional<CensusJson> run_part(const PartsOptions& options, const std::string& geng,
                                   std::int64_t res, PartWork& work, const std::atomic<bool>& stop,
                                   std::atomic<std::uint64_t>& graphs) {
  const std::string where = fmt::format("geng part {}/{}", res, options.parts);
  ChildProcess child(
      {geng, "-cq", std::to_string(options.nodes), fmt::format("{}/{}", res, options.parts)},
      false);
  work.begin(res);
  std::uint64_t line = 0;
  std::string_view text;
  SmallGraph g;
  while (child.next(text)) {
    if (stop.load(std::memory_order_relaxed)) return std::nullopt;
    ++line;
    if (!read_graph6(text, options.nodes, g)) {
      throw InputError(fmt::format("{}, line {}: not a graph6 graph of {} nodes: '{}'", where, line,
                                   options.nodes, text.substr(0, 80)));
    }
    work.graph(text, g, line);
    graphs.fetch_add(1, std::memory_order_relaxed);
  }
  child.finish();
  CensusJson part;
  part["part"] = res;
  CensusJson result = work.end();
  for (const auto& [field, value] : result.items()) part[field] = value;
  return part;
}

void check_parts_options(const PartsOptions& options) {
  if (options.nodes < 1 || options.nodes > 16)
    throw InputError(fmt::format("--nodes: {}; give 1 to 16", options.nodes));
  if (options.parts < 1 || options.parts > 1000000)
    throw InputError(fmt::format("--parts: {}; give 1 to 1000000", options.parts));
}

namespace {

// The progress line on stderr until `all_done`: parts done, graphs, time and ETA.
void show_progress(const PartsOptions& options, std::size_t resumed, std::size_t todo,
                   const std::atomic<std::size_t>& finished,
                   const std::atomic<std::uint64_t>& graphs, const std::atomic<bool>& all_done,
                   std::chrono::steady_clock::time_point started) {
  while (!all_done) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::size_t f = finished;
    const std::string eta =
        f == 0
            ? "?"
            : fmt::format("{:.0f} s", s / static_cast<double>(f) * static_cast<double>(todo - f));
    std::fprintf(stderr, "\rparts %zu/%lld, %llu graphs this run, %.1f s, ETA %s   ", resumed + f,
                 static_cast<long long>(options.parts),
                 static_cast<unsigned long long>(graphs.load()), s, eta.c_str());
  }
}

}  // namespace

std::int64_t default_parts(std::int64_t nodes) {
  return nodes <= 8 ? 8 : nodes == 9 ? 32 : nodes == 10 ? 100 : 1000;
}

FinishedParts run_parts(const PartsOptions& options, const CensusKind& kind,
                        std::uint64_t* graphs_run) {
  check_parts_options(options);
  const std::string geng = find_geng(options.geng);
  Done done = read_state(options, kind);
  std::vector<std::int64_t> todo;
  for (std::int64_t r = 0; r < options.parts; ++r)
    if (!done.contains(r)) todo.push_back(r);
  const std::size_t resumed = done.size();

  std::mutex mutex;  // guards done, the state file and failure
  std::exception_ptr failure;
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> next{0}, finished{0};
  std::atomic<std::uint64_t> graphs{0};
  const auto started = std::chrono::steady_clock::now();
  const unsigned threads = std::max(
      1u, std::min<unsigned>(resolve_threads(options.threads), static_cast<unsigned>(todo.size())));
  auto run = [&] {
    try {
      const std::unique_ptr<PartWork> work = kind.make_work();
      for (std::size_t i; !stop && (i = next.fetch_add(1)) < todo.size();) {
        std::optional<CensusJson> part = run_part(options, geng, todo[i], *work, stop, graphs);
        if (!part) return;
        const std::lock_guard lock(mutex);
        done.emplace(todo[i], std::move(*part));
        write_state(options, kind, done);
        ++finished;
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads && !todo.empty(); ++t) pool.emplace_back(run);
  const bool progress = !options.quiet && ::isatty(STDERR_FILENO);
  std::atomic<bool> all_done{false};
  std::thread reporter([&] {
    if (progress) show_progress(options, resumed, todo.size(), finished, graphs, all_done, started);
  });
  for (std::thread& t : pool) t.join();
  all_done = true;
  reporter.join();
  if (progress) std::fputs("\n", stderr);
  if (failure) std::rethrow_exception(failure);
  if (graphs_run) *graphs_run = graphs;
  return done;
}

void add_parts_options(CLI::App& sub, PartsOptions& options, const std::string& state,
                       bool threads) {
  sub.add_option("--nodes", options.nodes, "the node count N (1 to 16)")
      ->required()
      ->type_name("N");
  sub.add_option("--parts", options.parts,
                 "split geng's output into this many res/mod parts (default: 8 up to 8 nodes, "
                 "32 for 9, 100 for 10, 1000 beyond)")
      ->type_name("M");
  sub.add_option("--state", options.state,
                 fmt::format("the state file: the finished parts' counts (default: {})", state))
      ->type_name("FILE");
  sub.add_option("--geng", options.geng, "nauty's geng (default: nauty-geng on PATH)")
      ->type_name("PATH");
  if (threads) {
    sub.add_option("--threads", options.threads, "worker threads (default: one per core)")
        ->type_name("T");
  }
  sub.add_flag("--quiet", options.quiet, "no progress line on a terminal");
}

}  // namespace catmouse::cli
