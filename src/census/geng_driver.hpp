// The one geng driver of the census: every connected graph of n nodes in one res/mod part of
// nauty's geng (geng -cq N RES/MOD), handed to a sink in geng's order as rows of bits. Either the
// geng built into the library (geng_builtin.c: in this thread, no text, no pipe) or a geng program
// (geng_process.hpp: graph6 lines read from its output and decoded), which a census runs when it
// is given one (--geng PATH) or when catmouse was built without libnauty2-dev. Both give the same
// graphs in the same order for the same nauty. Internal to the census.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "catmouse/census/census.hpp"
#include "catmouse/core/error.hpp"
#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

// What receives a part's graphs.
class GraphSink {
 public:
  virtual ~GraphSink() = default;
  // One graph (rows beyond its node count are zero); false stops the part, the sink knowing why.
  virtual bool graph(const SmallGraph& graph) = 0;
};

class Geng {
 public:
  // The geng built in, unless `program` names a program (a path, or a name looked up on PATH),
  // or there is none built in or `built_in` is false: then nauty-geng on PATH, and `fell_back`
  // is set. Fails (field kGenerator) when the program cannot be found.
  static Result<Geng> choose(const std::string& program, bool built_in, bool& fell_back);

  bool is_built_in() const { return path_.empty(); }
  // "built-in", or the program's path (any byte but printable ASCII shown as '?': it goes into
  // state files and records).
  std::string program() const;
  // "nauty 2.8.6 (32 bits)" for the geng built in; the program's --version line, or "unknown".
  const std::string& version() const { return version_; }
  // geng's arguments for the parts of a census: "-cq 10 RES/100".
  static std::string arguments(std::uint32_t nodes, std::uint32_t parts);

  // Runs part res of `parts` on `nodes` nodes into `sink`. Returns ok when the part ended, or
  // when `sink` or `stop` stopped it (the caller knows which). Errors name the part: a program
  // that fails, writes a line that is not a graph6 graph of `nodes` nodes or does not exit.
  // `cpu_seconds` gains a program's CPU time (the built-in geng's is the calling thread's).
  Status run(std::uint32_t nodes, std::uint32_t res, std::uint32_t parts, GraphSink& sink,
             const std::atomic<bool>& stop, double& cpu_seconds) const;

 private:
  Geng(std::string path, std::string version)
      : path_(std::move(path)), version_(std::move(version)) {}
  Status run_built_in(std::uint32_t nodes, std::uint32_t res, std::uint32_t parts, GraphSink& sink,
                      const std::atomic<bool>& stop) const;
  Status run_program(std::uint32_t nodes, std::uint32_t res, std::uint32_t parts, GraphSink& sink,
                     const std::atomic<bool>& stop, double& cpu_seconds) const;

  std::string path_;  // empty: built in
  std::string version_;
};

// Text from outside (a program's output, a file) as a message may show it: printable ASCII as it
// is, any other byte as \xNN, at most 80 bytes of it, in single quotes.
std::string quoted_text(std::string_view text);

}  // namespace catmouse::census
