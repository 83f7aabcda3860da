// Tablebase benchmarks (bench/tablebase.sh runs them):
//   catmouse_tablebase_bench sizes GRAPH [--levels L,L] [--blocks B,B] [--threads T]
//     solves GRAPH once, writes it with each zstd level and block size (with and without a
//     dictionary), and prints a Markdown table: bytes per state, write seconds, dictionary bytes.
//   catmouse_tablebase_bench probe FILE [--probes N] [--seed S]
//     reads FILE once (into the page cache), opens it and times N probes of random valid states
//     in one process: their values, then their best moves (which read the children's values
//     too); prints microseconds per probe.
//   catmouse_tablebase_bench evict FILE
//     asks the kernel to drop FILE from the page cache (posix_fadvise), for cold timings that
//     leave every other file alone.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "catmouse/io/game_reader.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/tablebase/save.hpp"
#include "catmouse/tablebase/tablebase.hpp"

namespace {

using namespace catmouse;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "tablebase_bench: %s\n", message.c_str());
  std::exit(1);
}

std::vector<int> numbers(const std::string& list) {
  std::vector<int> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
  return out;
}

// The value of option `name` in argv, or `fallback`.
std::string option(int argc, char** argv, const std::string& name, const std::string& fallback) {
  for (int i = 3; i + 1 < argc; ++i) {
    if (argv[i] == name) return argv[i + 1];
  }
  return fallback;
}

int sizes(int argc, char** argv) {
  std::ifstream in(argv[2], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  Result<GameSpec> spec = read_game(text.str(), argv[2]);
  if (!spec.ok()) die(spec.error().to_string());
  SolveOptions solve_options;
  solve_options.threads = static_cast<unsigned>(std::stoi(option(argc, argv, "--threads", "2")));
  Result<Solution> solution = solve(std::move(spec).value(), solve_options);
  if (!solution.ok()) die(solution.error().to_string());
  const double states = static_cast<double>(solution->table().state_count());
  const std::string path =
      (std::filesystem::temp_directory_path() / fmt::format("tablebase_bench_{}.cmtb", ::getpid()))
          .string();
  std::printf("| zstd level | states per block | dictionary | bytes per state | write s |\n");
  std::printf("| ---: | ---: | ---: | ---: | ---: |\n");
  for (int level : numbers(option(argc, argv, "--levels", "1,3,6,9"))) {
    for (int block : numbers(option(argc, argv, "--blocks", "1024,4096,16384"))) {
      for (bool dictionary : {false, true}) {
        TablebaseWriteOptions options;
        options.level = level;
        options.block_states = static_cast<std::uint32_t>(block);
        options.dictionary = dictionary;
        options.threads = solve_options.threads;
        const auto start = Clock::now();
        if (Status ok = write_tablebase(path, *solution, options); !ok) {
          die(ok.error().to_string());
        }
        const double seconds = since(start);
        const Tablebase tablebase = Tablebase::open(path).value();
        const TablebaseInfo& info = tablebase.info();
        const std::string trained = !dictionary ? "off"
                                    : info.dictionary_bytes == 0
                                        ? "not trained"
                                        : fmt::format("{} B", info.dictionary_bytes);
        std::printf("| %d | %d | %s | %.4f | %.2f |\n", level, block, trained.c_str(),
                    static_cast<double>(info.file_bytes) / states, seconds);
        std::fflush(stdout);
      }
    }
  }
  std::filesystem::remove(path);
  return 0;
}

// splitmix64, for reproducible random states.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Reads the whole file once, so that the timed probes find it in the page cache as a long-running
// prober does: otherwise the figure is the disk's (and whatever else the machine evicted).
void warm(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> chunk(std::size_t{1} << 20);
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
  }
}

int probe(int argc, char** argv) {
  warm(argv[2]);
  Result<Tablebase> tablebase = Tablebase::open(argv[2]);
  if (!tablebase.ok()) die(tablebase.error().to_string());
  const Game& game = tablebase->game();
  const auto probes = std::stoull(option(argc, argv, "--probes", "1000000"));
  std::uint64_t seed = std::stoull(option(argc, argv, "--seed", "1"));
  std::vector<Position> positions;
  positions.reserve(probes);
  while (positions.size() < probes) {
    const StateIndex i = next(seed) % game.state_count();
    if (game.valid_at(i)) positions.push_back(game.space().position(i));
  }
  std::uint64_t wins = 0;
  auto start = Clock::now();
  for (const Position& p : positions) {
    const Result<StateValue> v = tablebase->value(p);
    if (!v.ok()) die(v.error().to_string());
    wins += v->value == Value::kMouseWin;
  }
  const double value_seconds = since(start);
  start = Clock::now();
  std::uint64_t moves = 0;
  for (const Position& p : positions) {
    const Result<std::optional<Move>> best = tablebase->best_move(p);
    if (!best.ok()) die(best.error().to_string());
    moves += best->has_value();
  }
  const double best_seconds = since(start);
  std::printf(
      "%s: %llu random states, %llu states in the file: value %.2f us per probe, best "
      "move %.2f us per probe (mouse wins %llu, best moves %llu)\n",
      argv[2], static_cast<unsigned long long>(probes),
      static_cast<unsigned long long>(game.state_count()),
      value_seconds / static_cast<double>(probes) * 1e6,
      best_seconds / static_cast<double>(probes) * 1e6, static_cast<unsigned long long>(wins),
      static_cast<unsigned long long>(moves));
  return 0;
}

int evict(char** argv) {
  const int fd = ::open(argv[2], O_RDONLY);
  if (fd < 0) die(fmt::format("{}: cannot open", argv[2]));
  ::fdatasync(fd);
  const int error = ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
  if (error != 0) die(fmt::format("{}: posix_fadvise failed", argv[2]));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc >= 3 ? argv[1] : "";
  if (command == "sizes") return sizes(argc, argv);
  if (command == "probe") return probe(argc, argv);
  if (command == "evict") return evict(argv);
  std::fprintf(stderr,
               "usage: catmouse_tablebase_bench sizes GRAPH [--levels L,..] [--blocks B,..] "
               "[--threads T]\n"
               "       catmouse_tablebase_bench probe FILE [--probes N] [--seed S]\n"
               "       catmouse_tablebase_bench evict FILE\n");
  return 2;
}
