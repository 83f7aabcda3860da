// Census state files (src/census/census_state.hpp): any bytes read as a state file's text, as a
// census reads one before resuming it (its header, then kept-graphs lines and part lines, each
// checked; a last line without its newline ignored). Either every line is accepted or the file is
// refused with an error naming it and the line; nothing from it may reach a message unescaped.
#include "census/census_state.hpp"
#include "fuzz_util.hpp"

using namespace catmouse;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string source = "fuzz.census.json";
  const Status checked = census::check_state_text(fuzz::text_of(data, size), source);
  if (checked.ok()) return 0;
  fuzz::check_error(checked.error(), source);
  for (const char c : checked.error().to_string()) {
    fuzz::require(c >= 32 && c < 127, "a byte that is not printable ASCII in a message",
                  checked.error().to_string());
  }
  return 0;
}
