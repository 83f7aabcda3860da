#include "catmouse/solve/options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "catmouse/core/words.hpp"
#include "solve/engines.hpp"

namespace catmouse {

namespace {

constexpr Word<Engine> kEngineWords[] = {
    {Engine::kAuto, "auto"}, {Engine::kSmall, "small"}, {Engine::kGeneral, "general"},
    {Engine::kPack, "pack"}, {Engine::kCops, "cops"},
};

}  // namespace

std::string_view engine_name(Engine engine) {
  return word_of(kEngineWords, engine);
}

Result<Engine> parse_engine_name(std::string_view name) {
  if (std::optional<Engine> engine = parse_word(kEngineWords, name)) return *engine;
  return detail::option_error(
      ErrorField::kEngine,
      fmt::format("unknown engine '{}' (expected auto, small, general, pack or cops)", name));
}

unsigned resolve_threads(unsigned threads) {
  return threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
}

namespace detail {

Error memory_error(const std::string& what, std::uint64_t needed, std::uint64_t limit,
                   ErrorHint hint) {
  const std::string amount =
      needed == UINT64_MAX ? std::string("more than can be counted") : format_bytes(needed);
  Error error = option_error(
      ErrorField::kMemoryLimit,
      fmt::format("{} needs about {}, over the limit of {}", what, amount, format_bytes(limit)),
      ErrorKind::kRefusedMemory);
  error.hint = std::move(hint);
  error.memory = MemoryFigures{needed, limit};
  return error;
}

Error option_error(ErrorField option, std::string message, ErrorKind kind) {
  Error error{std::move(message), {}, kind};
  error.where.field = option;
  return error;
}

Error out_of_memory_error(std::string message) {
  return option_error(ErrorField::kMemoryLimit, std::move(message), ErrorKind::kOutOfMemory);
}

Status check_threads(unsigned threads) {
  if (threads <= kMaxThreads) return {};
  return option_error(ErrorField::kThreads,
                      fmt::format("{} threads is over the maximum of {}", threads, kMaxThreads));
}

Error thread_error(unsigned threads, const std::string& failure) {
  return option_error(ErrorField::kResources,
                      fmt::format("could not start {} worker threads: {}", threads, failure),
                      ErrorKind::kResources);
}

Error cancelled_error() {
  return option_error(ErrorField::kCancelled, "the solve was cancelled", ErrorKind::kCancelled);
}

}  // namespace detail

}  // namespace catmouse
