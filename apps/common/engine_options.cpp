// --threads, --memory, --progress and --values-only: how the programs drive the engine.
#include "engine_options.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <sstream>
#include <string_view>

#include "answer_text.hpp"
#include "catmouse/io/limits.hpp"
#include "errors.hpp"

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

// Hand-written rather than CLI::AsSizeValue: that one reads "1e30" and "1.5" through a float and
// gives its own messages; here only digits, an optional fraction and a unit pass, and the amount
// must fit in 64 bits, so every refusal names --memory and the text.
std::uint64_t parse_memory(const std::string& text) {
  const auto refuse = [&text]() {
    return InputError(fmt::format(
        "--memory: '{}' is not an amount of memory (a number with an optional unit K, M, G or T, "
        "e.g. 8G, 512M)",
        text));
  };
  std::size_t pos = 0;
  std::uint64_t whole = 0;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    const auto digit = static_cast<std::uint64_t>(text[pos] - '0');
    if (whole > (kMax - digit) / 10) throw refuse();
    whole = whole * 10 + digit;
    ++pos;
  }
  const std::size_t digits = pos;
  std::string fraction;
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') fraction += text[pos++];
    if (fraction.empty()) throw refuse();
  }
  if (digits == 0) throw refuse();
  const std::string unit = text.substr(pos);
  static const struct {
    const char* names[4];
    unsigned shift;
  } units[] = {{{"", "B", "", ""}, 0},
               {{"K", "KB", "KiB", "k"}, 10},
               {{"M", "MB", "MiB", "m"}, 20},
               {{"G", "GB", "GiB", "g"}, 30},
               {{"T", "TB", "TiB", "t"}, 40}};
  for (const auto& u : units) {
    for (const char* name : u.names) {
      if (unit != name) continue;
      const std::uint64_t factor = std::uint64_t{1} << u.shift;
      if (whole > kMax / factor) throw refuse();
      std::uint64_t bytes = whole * factor;
      // The fraction's bytes, rounded down; at most 19 digits are looked at, which is exact
      // enough for any factor up to 2^40.
      long double part = 0;
      long double scale = 1;
      for (std::size_t i = 0; i < fraction.size() && i < 19; ++i) {
        scale /= 10;
        part += static_cast<long double>(fraction[i] - '0') * scale;
      }
      const auto extra = static_cast<std::uint64_t>(part * static_cast<long double>(factor));
      if (bytes > kMax - extra) throw refuse();
      bytes += extra;
      if (bytes == 0) throw refuse();
      return bytes;
    }
  }
  throw InputError(
      fmt::format("--memory: unknown unit '{}' in '{}' (use K, M, G or T)", unit, text));
}

void EngineOptions::add_to(CLI::App& app, const EngineScope& scope) {
  threads = scope.threads;
  allow_values_only = scope.values_only_help != nullptr;
  app.add_option("--threads", threads,
                 fmt::format("{}, at most {} (default: {})", scope.threads_what, kMaxThreads,
                             scope.threads_default))
      ->check(CLI::Range(0u, kMaxThreads));
  app.add_option("--memory", memory, scope.memory_help)
      // "" stands for "not given" in `memory`, so an empty value is refused here.
      ->check([](const std::string& text) {
        return text.empty() ? std::string("'' is not an amount of memory (e.g. 8G, 512M)")
                            : std::string();
      });
  app.add_flag("--progress", progress,
               "report progress on stderr (default: only on a terminal, after a second)");
  if (scope.engine) {
    app.add_option("--engine", engine,
                   "the engine: auto (default), small, general (one cat), pack (k cats), cops "
                   "(cops and robbers); all give the same answers")
        ->check(CLI::IsMember({"auto", "small", "general", "pack", "cops"}));
  }
  if (allow_values_only) app.add_flag("--values-only", values_only, scope.values_only_help);
}

void EngineOptions::add_to(CLI::App& app, bool values_only_option) {
  add_to(app, values_only_option ? kCatmouseSolveScope : kCatmouseScope);
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
  if (!memory.empty()) return parse_memory(memory);
  return available_memory() / std::max(1u, processes_here);
}

Solution solve_game(GameSpec spec, const EngineOptions& engine, const StateOptions& from) {
  const std::string source = spec.source;
  Result<Solution> solution = solve(std::move(spec), engine.resolve());
  if (!solution.ok()) throw solve_error(solution.error(), source, engine.allow_values_only);
  const Game& game = solution->game();
  if (game.cats() == 1) warn_if_stuck(game, from.resolve(game));
  return std::move(solution).value();
}

}  // namespace catmouse::cli
