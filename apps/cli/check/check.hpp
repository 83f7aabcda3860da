// catmouse check: the options, and the interface of what it checks. A domain (graphs under some
// rules, or LeetCode 1728 grid maps) hands out cases, knows their exact answers, shrinks a case the
// program fails on, and explains the answer; cmd_check.cpp runs the program and keeps the count.
// A case is the program's input itself, one line of text, so the loop needs nothing else.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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

struct CheckCase {
  std::string input;   // the program's input: one line
  std::string origin;  // where it came from, for the report
  std::string size;    // "14 nodes and 29 edges", "4x5 map"
};

struct ShrunkCase {
  std::string input;
  std::uint32_t tries = 0;  // runs of the program
};

class CheckDomain {
 public:
  virtual ~CheckDomain() = default;
  virtual std::vector<std::string> answers() const = 0;  // what the program may print
  virtual std::optional<CheckCase> next() = 0;           // nullopt when the source runs out
  virtual std::string expected(const std::string& input) const = 0;
  // A smaller case on which `fails` still holds (it holds on `input`).
  virtual ShrunkCase shrink(const std::string& input,
                            const std::function<bool(const std::string&)>& fails) = 0;
  virtual std::string size(const std::string& input) const = 0;
  // "(cat wins in 16 moves)" after the expected answer, and the optimal line that proves it.
  virtual std::string sentence(const std::string& input) const = 0;
  virtual std::string why(const std::string& input) const = 0;
};

// Graphs in LeetCode form under the rules of `cmd` (LeetCode 913's by default); nodes from
// --nodes (low..high). Throws InputError for rules or files that cannot be used.
std::unique_ptr<CheckDomain> graph_domain(const CheckCommand& cmd, std::uint64_t seed, NodeId low,
                                          NodeId high);
// LeetCode 1728 maps ({"grid": [...], "catJump": J, "mouseJump": J}), answers true or false.
std::unique_ptr<CheckDomain> grid_domain(const CheckCommand& cmd, std::uint64_t seed);

// Calls visit(number, line) on each non-blank line of a file of cases, numbered from 1. An
// InputError carrying a library error (a parser's, which saw the line alone) is moved onto the
// line.
void each_case_line(const std::string& text,
                    const std::function<void(std::uint64_t, const std::string&)>& visit);

}  // namespace catmouse::cli
