// Helpers shared by the tests: files and folders of a test's own in the temporary folder, graphs
// from edge masks and a small deterministic random source.
#pragma once

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "catmouse/core/graph.hpp"
#include "catmouse/io/generate.hpp"

namespace catmouse::testing {

// The whole content of a file ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Writes `bytes` to the file at `path`, replacing what was there.
inline void put(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// The type bits (S_IFREG, S_IFLNK, S_IFCHR...) of what `path` names, not following a link.
inline mode_t type_of(const std::filesystem::path& path) {
  struct stat status {};
  EXPECT_EQ(::lstat(path.c_str(), &status), 0) << path;
  return status.st_mode & S_IFMT;
}

// "catmouse_<pid>_<name>" in `folder`: a name no other test process uses at the same time.
inline std::filesystem::path temp_name(
    const std::string& name,
    const std::filesystem::path& folder = std::filesystem::temp_directory_path()) {
  return folder / ("catmouse_" + std::to_string(::getpid()) + "_" + name);
}

// A path in the temporary folder (or `folder`), removed with whatever is there at the end of the
// test.
class TempPath {
 public:
  explicit TempPath(const std::string& name,
                    const std::filesystem::path& folder = std::filesystem::temp_directory_path())
      : path_(temp_name(name, folder)) {
    std::error_code ignored;  // a file an earlier process of the same id left
    std::filesystem::remove_all(path_, ignored);
  }
  ~TempPath() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// A file in the temporary folder holding `bytes`, removed at the end of the test.
class TempFile : public TempPath {
 public:
  TempFile(const std::string& name, const std::string& bytes) : TempPath(name) {
    put(path(), bytes);
  }
};

// A folder of its own in the temporary folder, empty at the start, removed with its files at the
// end of the test.
class TempDir : public TempPath {
 public:
  explicit TempDir(const std::string& name) : TempPath(name) {
    std::filesystem::create_directories(path());
  }

  std::string operator/(const std::string& file) const { return (path() / file).string(); }
  // Writes `bytes` to the file `name` in the folder; its path.
  std::string file(const std::string& name, const std::string& bytes) const {
    put(path() / name, bytes);
    return *this / name;
  }
};

// The names in `folder`, sorted, each followed by a space: to see that nothing was left or made
// beside a file.
inline std::string listing(const std::filesystem::path& folder) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    names.insert(entry.path().filename().string());
  }
  std::string out;
  for (const std::string& name : names) out += name + " ";
  return out;
}

// "Suite_Test" of the running test, '/' of parameterised names made '_' (a file name).
inline std::string current_test_name() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = std::string(test->test_suite_name()) + "_" + test->name();
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  return name;
}

// A fixture whose tests each get a fresh folder of their own, dir_, removed after the test.
class TempDirTest : public ::testing::Test {
 protected:
  TempDirTest() : folder_(current_test_name()), dir_(folder_.path()) {}

  std::string listing() const { return testing::listing(dir_); }

  TempDir folder_;
  std::filesystem::path dir_;
};

// splitmix64: tiny, deterministic everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound); the bias of a plain modulo is irrelevant for tests.
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

// All node pairs (a < b) of an n-node graph, in a fixed order: bit k of a mask picks pair k.
inline std::vector<Edge> all_pairs(NodeId n) {
  std::vector<Edge> pairs;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) pairs.push_back({a, b});
  }
  return pairs;
}

inline Graph graph_from_mask(NodeId n, std::uint64_t mask) {
  const std::vector<Edge> pairs = all_pairs(n);
  std::vector<Edge> edges;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (mask >> k & 1) edges.push_back(pairs[k]);
  }
  Result<Graph> g = Graph::from_edges(n, edges);
  EXPECT_TRUE(g.ok());
  return std::move(g).value();
}

inline Graph graph_from_lists(const std::vector<std::vector<NodeId>>& lists) {
  Result<Graph> g = Graph::from_adjacency(lists);
  EXPECT_TRUE(g.ok()) << g.error().to_string();
  return std::move(g).value();
}

// A generated graph of `family` (average degree `degree` for kRandom).
inline Graph generated(GraphFamily family, NodeId nodes, double degree = 4,
                       std::uint64_t seed = 3) {
  GenerateOptions options;
  options.family = family;
  options.nodes = nodes;
  options.degree = degree;
  options.seed = seed;
  Result<Graph> graph = generate(options);
  EXPECT_TRUE(graph.ok()) << graph.error().to_string();
  return std::move(graph).value();
}

// A random graph on n nodes where each pair is an edge with probability percent / 100.
inline Graph random_graph(NodeId n, std::uint32_t percent, Random& random) {
  const std::size_t pairs = std::size_t{n} * (n - 1) / 2;
  std::vector<Edge> all = all_pairs(n), edges;
  for (std::size_t k = 0; k < pairs; ++k) {
    if (random.below(100) < percent) edges.push_back(all[k]);
  }
  Result<Graph> g = Graph::from_edges(n, edges);
  EXPECT_TRUE(g.ok());
  return std::move(g).value();
}

// A random directed graph on n nodes where each ordered pair is an arc with probability
// percent / 100 (so a pair gets no arc, one, or both).
inline Graph random_digraph(NodeId n, std::uint32_t percent, Random& random) {
  std::vector<Edge> arcs;
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = 0; b < n; ++b) {
      if (a != b && random.below(100) < percent) arcs.push_back({a, b});
    }
  }
  Result<Graph> g = Graph::from_edges(n, arcs, true);
  EXPECT_TRUE(g.ok());
  return std::move(g).value();
}

}  // namespace catmouse::testing
