// catmouse check: the options, and the library's domains of what it checks
// (catmouse/testing/check.hpp: cases, exact answers, shrinking, the game that explains an answer);
// session.cpp runs the program within the time budget and keeps the count, cmd_check.cpp reads
// the command line.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "catmouse/testing/check.hpp"
#include "commands.hpp"

namespace catmouse::cli {

struct CheckCommand {
  std::vector<std::string> command;
  std::string seed = "1";
  std::string source = "auto";
  std::string graphs;  // a file of cases
  std::string nodes;   // A-B
  std::uint32_t exhaustive = 5;
  double timeout = 5;
  double time = 120;
  std::uint64_t max_graphs = 0;
  std::uint64_t max_failures = 1;
  bool batch = false;     // the program takes one case per line: one process for all
  bool no_batch = false;  // one process per case, even for a slow program that could take more
  bool no_shrink = false;
  bool progress = false;  // the progress line even when stderr is not a terminal
  bool grid = false;      // LeetCode 1728 maps instead of graphs
  RulesOptions rules;
};

// The library's domains (catmouse/testing/check.hpp) for the command's options. Graphs follow
// the rule options (resolved against a graph of the largest size, so that a node out of range is
// named by its option) with nodes from --nodes (low..high); --graphs is read here. Both throw
// InputError for options, rules or files that cannot be used. `cancelled` ends the domain's
// searches and shrinks (the time budget, an interrupt).
std::unique_ptr<CheckDomain> graph_domain(const CheckCommand& cmd, std::uint64_t seed, NodeId low,
                                          NodeId high, std::function<bool()> cancelled);
std::unique_ptr<CheckDomain> grid_domain(const CheckCommand& cmd, std::uint64_t seed,
                                         std::function<bool()> cancelled);
// The library's options both domains share: the source, the seed, --exhaustive, the cases of
// --graphs (read here: the library reads no files) and the cancel poll.
CheckOptions shared_options(const CheckCommand& cmd, std::uint64_t seed,
                            std::function<bool()> cancelled);

// Runs the check of validated options (session.cpp): cases from the domain, each run by the
// program and compared, failures shrunk and reported, the summary printed, all within --time.
// Returns the exit code: 0 no failure, 1 a failure, 130 or 143 when SIGINT or SIGTERM ended a
// run without a failure.
int run_check(const CheckCommand& cmd, std::uint64_t seed, NodeId low, NodeId high);

}  // namespace catmouse::cli
