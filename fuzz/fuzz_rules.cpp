// "rules" objects (read_rules_json) over a fixed six-node board, then GameSpec::validate() on the
// rules read: every rule value either validates or is refused with a worded error.
#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/io/rules_json.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kSource = "fuzz.json";
  Rules rules;
  const Status read = read_rules_json(fuzz::text_of(data, size), kSource, rules);
  if (!read.ok()) {
    fuzz::check_error(read.error(), kSource);
    return 0;
  }
  static const Graph board =
      parse_leetcode("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]", "").value();
  const Status valid = make_spec(board, rules).validate();
  if (!valid.ok()) fuzz::require(!valid.error().message.empty(), "an error without a message");
  return 0;
}
