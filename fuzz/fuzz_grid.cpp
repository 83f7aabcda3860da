// LeetCode 1728 maps (parse_grid); a map read must come back unchanged from grid_json(), and its
// game (grid_spec) must validate.
#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/grid_format.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kSource = "fuzz.json";
  const Result<GridMap> map = parse_grid(fuzz::text_of(data, size), kSource, fuzz::kMemoryLimit);
  if (!map.ok()) {
    fuzz::check_error(map.error(), kSource);
    return 0;
  }
  const std::string text = grid_json(*map);
  const Result<GridMap> again = parse_grid(text, kSource);
  fuzz::require(again.ok() && again->rows == map->rows && again->cat_jump == map->cat_jump &&
                    again->mouse_jump == map->mouse_jump,
                "grid_json round trip", text);
  const Status valid = grid_spec(*map).validate();
  fuzz::require(valid.ok(), "a map read is not a valid game", text);
  return 0;
}
