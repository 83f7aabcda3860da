// catmouse check: the options, and the library's domains of what it checks
// (catmouse/testing/check.hpp: cases, exact answers, shrinking, the game that explains an answer);
// cmd_check.cpp runs the program and keeps the count.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "catmouse/testing/check.hpp"
#include "common.hpp"

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
  bool batch = false;
  bool no_shrink = false;
  bool grid = false;  // LeetCode 1728 maps instead of graphs
  RulesOptions rules;
};

// The library's domains (catmouse/testing/check.hpp) for the command's options. Graphs follow
// the rule options (resolved against a graph of the largest size, so that a node out of range is
// named by its option) with nodes from --nodes (low..high); --graphs is read here. Both throw
// InputError for options, rules or files that cannot be used.
std::unique_ptr<CheckDomain> graph_domain(const CheckCommand& cmd, std::uint64_t seed, NodeId low,
                                          NodeId high);
std::unique_ptr<CheckDomain> grid_domain(const CheckCommand& cmd, std::uint64_t seed);
// The library's options both domains share: the source, the seed, --exhaustive and the cases of
// --graphs (read here: the library reads no files).
CheckOptions shared_options(const CheckCommand& cmd, std::uint64_t seed);

}  // namespace catmouse::cli
