#include "help_footer.hpp"

namespace catmouse::cli {

std::string help_footer_text(std::string_view about, std::span<const std::string_view> examples) {
  std::string text(about);
  if (examples.empty()) return text;
  text += examples.size() == 1 ? "\n\nExample:" : "\n\nExamples:";
  for (const std::string_view example : examples) {
    text += "\n  ";
    text += example;
  }
  return text;
}

void set_help_footer(CLI::App& sub, std::string_view about,
                     std::initializer_list<std::string_view> examples) {
  sub.footer(help_footer_text(about, std::span(examples.begin(), examples.size())));
}

}  // namespace catmouse::cli
