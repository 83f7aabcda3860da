// Checking another Cat-and-Mouse solver against the exact answers: what to try it on, what it
// should answer, how to shrink a case it fails on, and the game that explains the answer. A
// domain (graphs under fixed rules, or LeetCode 1728 maps) does all of that; the front end only
// runs the solver and keeps the count (catmouse check runs a program per case, the Python module
// calls a function).
//
// A case is the solver's input itself, one line of text: a LeetCode graph ("[[1,2],[0],[0]]") or
// a LeetCode 1728 map ({"grid":[...],"catJump":1,"mouseJump":1}). Everything is deterministic:
// the same options give the same cases, in the same order, on every machine.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {

enum class CheckSource : std::uint8_t {
  // Every case up to `exhaustive` and the long-win search in turn (the search's long wins, which
  // break solvers that cap the number of moves, come early), then the search and random cases
  // in turn.
  kAuto,
  kRandom,      // random cases only
  kExhaustive,  // every case up to `exhaustive` only
  kSearch,      // the long-win search only
  kFile,        // the lines of `cases`
};
// "auto", "random", "exhaustive", "search", "file"; anything else is an error naming them.
Result<CheckSource> parse_check_source(std::string_view name);

struct CheckCase {
  std::string input;   // the solver's input: one line
  std::string origin;  // where it came from, for a report: "every graph on 5 nodes", ...
  std::string size;    // "14 nodes and 29 edges", "a 4x5 map, mouse jump 1, cat jump 2"
  // The same, counted, for CheckCoverage: the source that gave it (never kAuto), its nodes (a
  // graph) or cells (a map), the length in plies of the forced win the long-win search found in
  // it (0 from other sources), and whether it is the last case of the exhaustive enumeration or
  // of the file.
  CheckSource source{};
  std::uint32_t units = 0;
  std::uint32_t plies = 0;
  bool last = false;
};

struct ShrunkCase {
  std::string input;
  std::uint32_t tries = 0;  // calls of `fails`
  // The shrink ended because CheckOptions::cancelled returned true: `input` is the smallest
  // failing case found so far (perhaps the one shrink() was given), not a 1-minimal one.
  bool cancelled = false;
};

// The inputs below must be cases the domain handed out (next()) or shrank to (shrink()).
class CheckDomain {
 public:
  virtual ~CheckDomain() = default;
  // What a solver may answer, in lower case: "0", "1", "2" (graphs) or "true", "false" (maps).
  virtual std::vector<std::string> answers() const = 0;
  // The next case; nullopt when the source runs out, or at once when CheckOptions::cancelled
  // returns true.
  virtual std::optional<CheckCase> next() = 0;
  // The exact answer, one of answers().
  virtual std::string expected(const std::string& input) const = 0;
  // The start's value and remoteness behind expected(), for "(cat wins in 16 moves)".
  virtual StateValue exact(const std::string& input) const = 0;
  // A smaller case on which `fails` still holds (it holds on `input`): graphs lose nodes and edges
  // and are searched for among smaller graphs, maps lose rows, columns, jump lengths and floors.
  // CheckOptions::cancelled is polled before each call of `fails` and between steps of the
  // searches: once it returns true the shrink ends with the smallest failing case so far.
  virtual ShrunkCase shrink(const std::string& input,
                            const std::function<bool(const std::string&)>& fails) = 0;
  // Whether shrink() tries only cases whose exact answer is that of `input` (graphs): true for a
  // wrong answer, whose cause the answer is part of, which spares the runs of cases that could
  // only fail another way; false for a crash or garbage, which any case may show.
  bool shrink_same_answer = true;
  virtual std::string size(const std::string& input) const = 0;
  // The case as a game (the graph or map with the domain's rules), for explaining the answer:
  // solve() it and follow Solution::line() from its start. Its source names it ("the graph").
  virtual GameSpec game(const std::string& input) const = 0;
};

// Bounds of the exhaustive enumerations (graphs: nodes; maps: cells).
inline constexpr std::uint32_t kMaxExhaustiveNodes = 8;
inline constexpr std::uint32_t kMaxExhaustiveCells = 12;
// Bounds of the sizes of random and searched graphs.
inline constexpr NodeId kMaxCheckNodes = 1000;

struct CheckOptions {
  CheckSource source = CheckSource::kAuto;
  std::uint64_t seed = 1;
  // Every graph of up to this many nodes (at most kMaxExhaustiveNodes), or every map of up to this
  // many cells (at most kMaxExhaustiveCells).
  std::uint32_t exhaustive = 5;
  // Graphs only: the sizes of random and searched graphs (3 <= min_nodes <= max_nodes <=
  // kMaxCheckNodes; raised to cover every node the rules name), and the rules of every game (one
  // cat). The solver under test reads the graph alone, so the rules are the variant it solves.
  NodeId min_nodes = 3;
  NodeId max_nodes = 14;
  Rules rules;
  // kFile: the text of the cases, one per line (graphs: LeetCode JSON lines without rules of
  // their own, or graph6; maps: LeetCode 1728 JSON lines within LeetCode's bounds), and its name
  // for error locations.
  std::string cases;
  std::string cases_source;
  // Polled by next() and shrink() between their steps (a solve each at most); once it returns
  // true they return at once, as they document. For a time budget or an interrupt. May be empty.
  std::function<bool()> cancelled = nullptr;
};

// What the cases checked so far covered, for the summary of a run: "every graph of 3 to 5
// nodes, 16 long-win search graphs with wins of up to 37 moves, 9256 random graphs of 3 to 14
// nodes". A front end adds each case once its answer is compared, so that a case cut short (a
// time budget, an interrupt) is not counted.
class CheckCoverage {
 public:
  explicit CheckCoverage(bool maps) : maps_(maps) {}
  void add(const CheckCase& checked);
  // The cases by source, in the order of the sources of --source auto; "" before the first.
  std::string text() const;
  std::uint32_t longest_win() const { return longest_; }  // plies, of the search's cases

 private:
  struct Tally {
    std::uint64_t cases = 0;
    std::uint32_t least = 0, most = 0;  // units
    bool complete = false;              // its last case was added
  };
  std::string tally_text(CheckSource source, const Tally& tally) const;

  bool maps_;
  Tally exhaustive_, search_, random_, file_;
  std::uint32_t longest_ = 0;
};

// Graphs in LeetCode form. Fails when an option is out of its bounds (Location::field names it:
// "exhaustive", "nodes", "cats", or the rule's field), when the rules do not fit a graph of
// max_nodes nodes, and on a bad line of `cases` (the error names the source and line).
Result<std::unique_ptr<CheckDomain>> graph_check_domain(const CheckOptions& options);
// LeetCode 1728 maps, answered "true" (the mouse wins) or "false"; min_nodes, max_nodes and rules
// do not apply.
Result<std::unique_ptr<CheckDomain>> grid_check_domain(const CheckOptions& options);

// Calls visit(number, line) on each non-blank line of `text`, numbered from 1, and stops at the
// first error, which is moved onto its line (a parser that saw the line alone knows no line).
Status each_case_line(std::string_view text,
                      const std::function<Status(std::uint64_t, const std::string&)>& visit);

}  // namespace catmouse
