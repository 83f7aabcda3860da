// CheckCoverage (check.hpp): what the cases of a check covered, by source, for its summary.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

#include "catmouse/testing/check.hpp"

namespace catmouse {

namespace {

// "5 nodes", "3 to 14 nodes".
std::string range_text(std::uint32_t least, std::uint32_t most, const char* unit) {
  if (least == most) return fmt::format("{} {}{}", least, unit, least == 1 ? "" : "s");
  return fmt::format("{} to {} {}s", least, most, unit);
}

}  // namespace

void CheckCoverage::add(const CheckCase& checked) {
  Tally* tally = nullptr;
  switch (checked.source) {
    case CheckSource::kExhaustive:
      tally = &exhaustive_;
      break;
    case CheckSource::kSearch:
      tally = &search_;
      longest_ = std::max(longest_, checked.plies);
      break;
    case CheckSource::kRandom:
      tally = &random_;
      break;
    case CheckSource::kFile:
      tally = &file_;
      break;
    case CheckSource::kAuto:
      return;  // not a source of cases
  }
  tally->least = tally->cases == 0 ? checked.units : std::min(tally->least, checked.units);
  tally->most = std::max(tally->most, checked.units);
  ++tally->cases;
  tally->complete |= checked.last;
}

std::string CheckCoverage::tally_text(CheckSource source, const Tally& tally) const {
  const char* noun = maps_ ? "map" : "graph";
  const std::string range = range_text(tally.least, tally.most, maps_ ? "cell" : "node");
  const char* s = tally.cases == 1 ? "" : "s";
  switch (source) {
    case CheckSource::kExhaustive:
      if (tally.complete) return fmt::format("every {} of {}", noun, range);
      if (tally.cases == 1) return fmt::format("the first small {} of {}", noun, range);
      return fmt::format("the first {} small {}s of {}", tally.cases, noun, range);
    case CheckSource::kSearch:
      return fmt::format("{} long-win search {}{} with {} of up to {} moves", tally.cases, noun, s,
                         maps_ ? "mouse wins" : "wins", longest_);
    case CheckSource::kRandom:
      return fmt::format("{} random {}{} of {}", tally.cases, noun, s, range);
    case CheckSource::kFile:
      if (tally.complete && tally.cases == 1) return fmt::format("the one {} of the file", noun);
      if (tally.complete) return fmt::format("all {} {}s of the file", tally.cases, noun);
      if (tally.cases == 1) return fmt::format("the first {} of the file", noun);
      return fmt::format("the first {} {}s of the file", tally.cases, noun);
    case CheckSource::kAuto:
      break;
  }
  return {};
}

std::string CheckCoverage::text() const {
  std::vector<std::string> parts;
  for (const auto& [source, tally] :
       {std::pair{CheckSource::kExhaustive, &exhaustive_}, std::pair{CheckSource::kFile, &file_},
        std::pair{CheckSource::kSearch, &search_}, std::pair{CheckSource::kRandom, &random_}}) {
    if (tally->cases > 0) parts.push_back(tally_text(source, *tally));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace catmouse
