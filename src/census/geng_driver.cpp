// The geng driver of the census (geng_driver.hpp).
#include "geng_driver.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "catmouse/census/small_graph6.hpp"
#include "geng_process.hpp"

#ifdef CATMOUSE_BUILTIN_GENG
extern "C" {
int catmouse_geng_run(int nodes, unsigned res, unsigned mod);
const char* catmouse_geng_version(void);
int catmouse_geng_graph(const std::uint32_t* rows, int n);
}
#endif

namespace catmouse::census {

namespace {

constexpr const char* kDefaultProgram = "nauty-geng";

Error generator_error(std::string message) {
  Error error(std::move(message));
  error.where.field = ErrorField::kGenerator;
  return error;
}

// `program` as a path to run: itself when it holds a slash, else found on PATH.
Result<std::string> find_program(const std::string& program, bool fell_back) {
  if (program.find('/') != std::string::npos) {
    if (::access(program.c_str(), X_OK) == 0) return program;
    return generator_error(fmt::format("{} is not an executable file", quoted_text(program)));
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "";
  while (!dirs.empty()) {
    const std::string_view dir = dirs.substr(0, dirs.find(':'));
    dirs.remove_prefix(std::min(dirs.size(), dir.size() + 1));
    std::string candidate = fmt::format("{}/{}", dir.empty() ? "." : dir, program);
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return generator_error(
      fmt::format("{} not found on PATH ({}install nauty: scripts/setup does, or give --geng PATH)",
                  quoted_text(program),
                  fell_back ? "catmouse was built without nauty's geng (libnauty2-dev); " : ""));
}

#ifdef CATMOUSE_BUILTIN_GENG
// What this thread's built-in geng hands its graphs to (catmouse_geng_graph below).
struct BuiltInTarget {
  GraphSink* sink = nullptr;
  const std::atomic<bool>* stop = nullptr;
  SmallGraph graph;
};
thread_local BuiltInTarget* built_in_target = nullptr;

// nauty numbers the bits of a set word from the most significant: node j is bit 31 - j.
std::uint32_t reversed(std::uint32_t x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  return __builtin_bswap32(x);
}
#endif

}  // namespace

#ifdef CATMOUSE_BUILTIN_GENG
// geng's OUTPROC (geng_builtin.c): one graph as nauty's rows; nonzero stops geng.
extern "C" int catmouse_geng_graph(const std::uint32_t* rows, int n) {
  BuiltInTarget& target = *built_in_target;
  for (int v = 0; v < n; ++v) target.graph.rows[static_cast<std::size_t>(v)] = reversed(rows[v]);
  return !target.sink->graph(target.graph) || target.stop->load(std::memory_order_relaxed);
}
#endif

bool has_built_in_geng() {
#ifdef CATMOUSE_BUILTIN_GENG
  return true;
#else
  return false;
#endif
}

Result<Geng> Geng::choose(const std::string& program, bool built_in, bool& fell_back) {
  fell_back = false;
  if (program.empty() && built_in && has_built_in_geng()) {
#ifdef CATMOUSE_BUILTIN_GENG
    return Geng({}, catmouse_geng_version());
#endif
  }
  fell_back = program.empty();
  Result<std::string> path = find_program(fell_back ? kDefaultProgram : program, fell_back);
  if (!path.ok()) return path.error();
  std::string version = program_version(*path);
  return Geng(std::move(path).value(), std::move(version));
}

std::string Geng::program() const {
  if (is_built_in()) return "built-in";
  std::string shown = path_;
  for (char& c : shown) {
    if (c < 32 || c > 126) c = '?';
  }
  return shown;
}

std::string Geng::arguments(std::uint32_t nodes, std::uint32_t parts) {
  return fmt::format("-cq {} RES/{}", nodes, parts);
}

Status Geng::run(std::uint32_t nodes, std::uint32_t res, std::uint32_t parts, GraphSink& sink,
                 const std::atomic<bool>& stop, double& cpu_seconds) const {
  if (is_built_in()) return run_built_in(nodes, res, parts, sink, stop);
  return run_program(nodes, res, parts, sink, stop, cpu_seconds);
}

Status Geng::run_built_in([[maybe_unused]] std::uint32_t nodes, [[maybe_unused]] std::uint32_t res,
                          [[maybe_unused]] std::uint32_t parts, [[maybe_unused]] GraphSink& sink,
                          [[maybe_unused]] const std::atomic<bool>& stop) const {
#ifdef CATMOUSE_BUILTIN_GENG
  BuiltInTarget target{&sink, &stop, {}};
  target.graph.node_count = static_cast<NodeId>(nodes);
  built_in_target = &target;
  catmouse_geng_run(static_cast<int>(nodes), res, parts);
  built_in_target = nullptr;
#endif
  return {};
}

Status Geng::run_program(std::uint32_t nodes, std::uint32_t res, std::uint32_t parts,
                         GraphSink& sink, const std::atomic<bool>& stop,
                         double& cpu_seconds) const {
  const std::string where = fmt::format("geng part {}/{}", res, parts);
  Result<GengProcess> process = GengProcess::start(
      {path_, "-cq", std::to_string(nodes), fmt::format("{}/{}", res, parts)}, where);
  if (!process.ok()) return process.error();
  SmallGraph graph;
  std::string_view line;
  for (std::uint64_t number = 1;; ++number) {
    Result<GengProcess::Read> read = process->next(line, stop);
    if (!read.ok()) return read.error();
    if (*read == GengProcess::Read::kStopped) return {};
    if (*read == GengProcess::Read::kEnd) break;
    if (!read_small_graph6(line, graph) || graph.node_count != nodes) {
      return Error(fmt::format("{}, line {}: not a graph6 graph of {} nodes: {}", where, number,
                               nodes, quoted_text(line)));
    }
    if (!sink.graph(graph)) return {};
  }
  return process->finish(cpu_seconds);
}

std::string quoted_text(std::string_view text) {
  std::string out = "'";
  for (char c : text.substr(0, 80)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 32 && byte < 127 && c != '\\' && c != '\'') {
      out += c;
    } else {
      out += fmt::format("\\x{:02X}", byte);
    }
  }
  if (text.size() > 80) out += "...";
  return out + "'";
}

}  // namespace catmouse::census
