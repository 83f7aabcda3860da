// --threads, --memory, --progress and --values-only: how the CLI drives the engine.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string_view>

#include "catmouse/io/limits.hpp"
#include "common.hpp"

namespace catmouse::cli {

namespace {

// Prints "catmouse: remoteness R, D of T states decided (P%), S s, about E s left" to stderr:
// on a terminal rewritten in place, else one line per second; only once a solve has run for a
// second, unless asked for with --progress.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(bool always) : always_(always), tty_(isatty(STDERR_FILENO) == 1) {}
  ~ProgressPrinter() {
    if (printed_ && tty_) std::fputc('\n', stderr);
  }
  void operator()(const SolveProgress& p) {
    if (!always_ && (!tty_ || p.seconds < 1.0)) return;
    if (!tty_ && p.seconds - last_ < 1.0 && printed_) return;
    last_ = p.seconds;
    const double done = p.total == 0 ? 1.0 : static_cast<double>(p.decided) / p.total;
    // Levels decide few states at first and most in the middle, so an estimate from the share
    // decided means little before a tenth is done.
    const std::string left =
        done >= 0.1 ? fmt::format(", about {:.1f} s left", p.seconds * (1 - done) / done) : "";
    std::fprintf(stderr,
                 "%scatmouse: remoteness %u, %llu of %llu states decided (%.1f%%), %.1f s%s%s",
                 tty_ ? "\r" : "", p.remoteness, static_cast<unsigned long long>(p.decided),
                 static_cast<unsigned long long>(p.total), 100 * done, p.seconds, left.c_str(),
                 tty_ ? "\033[K" : "\n");
    std::fflush(stderr);
    printed_ = true;
  }

 private:
  bool always_;
  bool tty_;
  bool printed_ = false;
  double last_ = 0;
};

}  // namespace

std::uint64_t parse_memory(const std::string& text) {
  std::istringstream in(text);
  double amount = 0;
  std::string unit;
  in >> amount;
  if (!in || amount <= 0 || !std::isfinite(amount)) {
    throw InputError(
        fmt::format("--memory: '{}' is not an amount of memory (e.g. 8G, 512M)", text));
  }
  std::getline(in, unit);
  static const struct {
    const char* names[4];
    double factor;
  } units[] = {{{"", "B", "", ""}, 1},
               {{"K", "KB", "KiB", "k"}, 1024.0},
               {{"M", "MB", "MiB", "m"}, 1024.0 * 1024},
               {{"G", "GB", "GiB", "g"}, 1024.0 * 1024 * 1024},
               {{"T", "TB", "TiB", "t"}, 1024.0 * 1024 * 1024 * 1024}};
  for (const auto& u : units) {
    for (const char* name : u.names) {
      if (unit == name) return static_cast<std::uint64_t>(amount * u.factor);
    }
  }
  throw InputError(
      fmt::format("--memory: unknown unit '{}' in '{}' (use K, M, G or T)", unit, text));
}

void EngineOptions::add_to(CLI::App& app, bool values_only_option) {
  allow_values_only = values_only_option;
  app.add_option("--threads", threads,
                 "worker threads, at most 256 (default: one per hardware thread)")
      ->check(CLI::Range(0u, kMaxThreads));
  app.add_option("--memory", memory,
                 "refuse, before allocating, a solve that needs more than this (e.g. 8G, 512M; "
                 "default: the available physical memory)");
  app.add_flag("--progress", progress,
               "report progress on stderr (default: only on a terminal, after a second)");
  app.add_option("--engine", engine,
                 "the engine: auto (default), small, general (one cat), pack (k cats), cops (cops "
                 "and robbers); all give the same answers")
      ->check(CLI::IsMember({"auto", "small", "general", "pack", "cops"}));
  if (values_only_option) {
    app.add_flag("--values-only", values_only,
                 "keep only who wins, not in how many moves: less than a third of the memory");
  }
}

SolveOptions EngineOptions::resolve() const {
  SolveOptions options;
  options.threads = threads;
  options.engine = take(parse_engine_name(engine));
  options.values_only = values_only;
  options.memory_limit = memory_limit();
  auto printer = std::make_shared<ProgressPrinter>(progress);
  options.progress = [printer](const SolveProgress& p) { (*printer)(p); };
  return options;
}

std::uint64_t EngineOptions::memory_limit() const {
  return memory.empty() ? available_memory() : parse_memory(memory);
}

}  // namespace catmouse::cli
