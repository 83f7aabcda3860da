#include "failure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

namespace catmouse::cli {

namespace {

namespace fs = std::filesystem;

// Where the fixes are.
constexpr const char* kTemplates = "docs/check.md#templates";
constexpr const char* kRetrograde = "docs/algorithm.md#retrograde-analysis-level-by-level";
// Source files read for "class Solution" at most this long.
constexpr std::uintmax_t kMaxSourceBytes = 1 << 20;

// The words of a LeetCode problem, for the paragraphs.
struct Problem {
  const char* noun;      // "graph", "map"
  const char* answers;   // "0, 1 or 2"
  const char* function;  // "catMouseGame"
  const char* example;   // one input, as check sends it
};

Problem problem_of(const ProgramUnderTest& program) {
  if (program.grid) {
    return {"map", "true or false", "canMouseWin",
            R"({"grid":["M.C...F"],"catJump":1,"mouseJump":4})"};
  }
  return {"graph", "0, 1 or 2", "catMouseGame", "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"};
}

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

bool ends_with(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// The template a program in this language would start from, by the files and interpreter of
// its command ("" when the command does not say).
std::string template_file(const ProgramUnderTest& program) {
  bool python = false, java = false;
  for (const std::string& word : program.argv) {
    const std::string name = fs::path(word).filename().string();
    python |= ends_with(word, ".py") || name.rfind("python", 0) == 0;
    java |= ends_with(word, ".java") || name == "java";
  }
  if (python) return program.grid ? "check_grid_solution.py" : "check_solution.py";
  if (java) return program.grid ? "CheckGridSolution.java" : "CheckSolution.java";
  return {};
}

// "the template in docs/check.md#templates (docs/templates/check_solution.py)", or the templates.
std::string templates(const ProgramUnderTest& program) {
  const std::string file = template_file(program);
  if (file.empty()) return fmt::format("the templates in {} (Python, C++ and Java)", kTemplates);
  return fmt::format("the template in {} (docs/templates/{})", kTemplates, file);
}

// The text of the first argument of the command that is a source file defining LeetCode's
// `class Solution`, and its name; nullopt when there is none.
std::optional<std::pair<std::string, std::string>> solution_file(const ProgramUnderTest& program) {
  for (const std::string& word : program.argv) {
    std::error_code error;
    if (word.empty() || word[0] == '-' || !fs::is_regular_file(word, error) ||
        fs::file_size(word, error) > kMaxSourceBytes) {
      continue;
    }
    std::ifstream in(word, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (contains(text.str(), "class Solution")) return std::pair{word, text.str()};
  }
  return std::nullopt;
}

// Whether a source reads its standard input, in any of the templates' languages.
bool reads_stdin(std::string_view source) {
  for (const char* sign :
       {"stdin", "input(", "System.in", "cin >>", "cin>>", "getline(", "scanf(", "readline("}) {
    if (contains(source, sign)) return true;
  }
  return false;
}

std::string nothing_paragraph(const RunOutcome& outcome, const ProgramUnderTest& program) {
  const Problem p = problem_of(program);
  if (const auto file = solution_file(program); file && !reads_stdin(file->second)) {
    return fmt::format(
        "diagnosis: the program printed nothing: {} defines class Solution, but nothing calls "
        "it. Add a main that reads the {} from stdin and prints what {} returns ({}): {} has "
        "one; put your class between its marks.",
        file->first, p.noun, p.function, p.answers, templates(program));
  }
  const bool ended = outcome.kind == RunKind::kCrash || !program.batch;
  return fmt::format(
      "diagnosis: the program printed nothing{}: it must print its answer ({}) on stdout. Check "
      "that it reads the {} from stdin (one line of JSON{}) rather than from a file or its "
      "arguments, and that it prints the answer rather than only returning it: see {}.",
      ended ? " and exited with 0" : " (an empty line)", p.answers, p.noun,
      program.batch ? fmt::format(", a {} per line with --batch", p.noun) : "", templates(program));
}

std::string not_an_answer_paragraph(const RunOutcome& outcome, const ProgramUnderTest& program) {
  const Problem p = problem_of(program);
  const std::string said = lower(outcome.printed);
  const std::string fix = fmt::format("see {}", templates(program));
  if (outcome.overflow) {
    return fmt::format(
        "diagnosis: the program printed {}: check reads everything on stdout as the answer, so "
        "print the answer alone ({}) and anything else on stderr: {}.",
        outcome.answer, p.answers, fix);
  }
  if (outcome.lines) {
    return fmt::format(
        "diagnosis: the program printed more than one line for one {}: check reads everything "
        "it prints on stdout{} as the answer, so print the answer alone ({}), once, and anything "
        "else (debugging output) on stderr: {}.",
        p.noun, program.batch ? fmt::format(" for a {}", p.noun) : "", p.answers, fix);
  }
  if (!program.grid && (said == "true" || said == "false")) {
    return fmt::format(
        "diagnosis: the program printed {}, an answer of LeetCode 1728 (Cat and Mouse II), where "
        "a LeetCode 913 graph is answered 0, 1 or 2. For a Cat and Mouse II solver run catmouse "
        "check --grid; else print what catMouseGame returns: {}.",
        outcome.answer, fix);
  }
  if (program.grid && (said == "0" || said == "1" || said == "2")) {
    return fmt::format(
        "diagnosis: the program printed {}, an answer of LeetCode 913 (Cat and Mouse), where a "
        "LeetCode 1728 map is answered true or false. For a Cat and Mouse solver run catmouse "
        "check without --grid; else print what canMouseWin returns: {}.",
        outcome.answer, fix);
  }
  if (said == "none" || said == "null" || said == "undefined" || said == "nil") {
    return fmt::format(
        "diagnosis: the program printed {}: {} returned nothing on this {}; every way through "
        "it must end in a return of {}: {}.",
        outcome.answer, p.function, p.noun, p.answers, fix);
  }
  return fmt::format(
      "diagnosis: the program printed {}, which is not an answer: print {} alone on stdout, "
      "as a bare word (no quotes, brackets or labels), and anything else on stderr: {}.",
      outcome.answer, p.answers, fix);
}

std::string timeout_paragraph(const ProgramUnderTest& program) {
  const Problem p = problem_of(program);
  return fmt::format(
      "diagnosis: no answer within the --timeout of {} s on this {}. A search of the game tree "
      "(a recursion over positions or over the moves made, memoised or not) takes time that "
      "grows fast with the {}; retrograde analysis answers any LeetCode {} in milliseconds: see "
      "{} and {}. A program that is right but slow to start needs a larger --timeout.",
      program.timeout, p.noun, p.noun, p.noun, kRetrograde, templates(program));
}

std::string whole_input_paragraph(const RunOutcome& outcome, const ProgramUnderTest& program) {
  const Problem p = problem_of(program);
  return fmt::format(
      "diagnosis: with --batch the program gave no answer while its input stayed open ({} s), "
      "and {} as soon as it was closed: it reads its whole input before answering (or holds its "
      "output back until it ends). With --batch it must read one {} per line and print each "
      "answer as soon as it has it, flushed, as {} does; or run it one process per {}: catmouse "
      "check{} -- {}",
      program.timeout, outcome.answered_at_end ? "answered" : "ended", p.noun, templates(program),
      p.noun, program.grid ? " --grid" : "", shell_line(program.argv));
}

// What a crash's stderr or signal says of its cause, and the fix: sentences after the one that
// says how the program ended.
std::string crash_cause(const RunOutcome& outcome, const ProgramUnderTest& program) {
  const Problem p = problem_of(program);
  const std::string& errors = outcome.errors.empty() ? outcome.detail : outcome.errors;
  const std::string without_recursion =
      fmt::format("solve it without recursion, by retrograde analysis ({}), as {} does",
                  kRetrograde, templates(program));
  if (contains(errors, "RecursionError")) {
    return fmt::format(
        "Python's recursion limit (1000 calls) ran out, as a recursive search over the game's "
        "positions does on larger {}s: {}.",
        p.noun, without_recursion);
  }
  if (contains(errors, "StackOverflowError")) {
    return fmt::format("Java's stack ran out, as a deep recursive search does: {}.",
                       without_recursion);
  }
  if (contains(errors, "JSONDecodeError") || contains(errors, "NumberFormatException") ||
      contains(errors, "json.exception") || contains(errors, "SyntaxError: Unexpected token")) {
    return fmt::format(
        "It could not read its input: a {} comes as one line of JSON ({}){}; read it as {} does.",
        p.noun, p.example, program.batch ? fmt::format(", a {} per line with --batch", p.noun) : "",
        templates(program));
  }
  if (outcome.signal == SIGSEGV) {
    return fmt::format(
        "A segmentation fault comes from an index out of range or a stack overflow (a deep "
        "recursion): compare with the solution without recursion of {}.",
        templates(program));
  }
  if (outcome.signal == SIGKILL) {
    return fmt::format(
        "SIGKILL comes from outside the program, most often from the system's out-of-memory "
        "killer: it used too much memory; a solution that needs little: {}.",
        templates(program));
  }
  return fmt::format(
      "{}; a right solution to compare with: {}.",
      outcome.errors.empty() ? "It printed nothing on stderr" : "Its stderr is above",
      templates(program));
}

std::string crash_paragraph(const RunOutcome& outcome, const std::string& input,
                            const ProgramUnderTest& program) {
  const Problem p = problem_of(program);
  std::string what = outcome.signal != 0 ? fmt::format("was killed by signal {} ({})",
                                                       outcome.signal, ::strsignal(outcome.signal))
                                         : fmt::format("exited with code {}", outcome.exit_code);
  if (program.batch) what += " before answering";
  return fmt::format("diagnosis: the program {} on this {} (to see it: echo {} | {}). {}", what,
                     p.noun, shell_line({input}), shell_line(program.argv),
                     crash_cause(outcome, program));
}

// The edit distance between `a` and `b` (insertions, deletions, substitutions).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Whether the letters of `short_name` appear in `name` in order ("capd.py" in "capped_dp.py").
bool subsequence(std::string_view short_name, std::string_view name) {
  std::size_t at = 0;
  for (const char c : name) {
    if (at < short_name.size() && c == short_name[at]) ++at;
  }
  return at == short_name.size();
}

// " (did you mean capped_dp.py?)" when a file in the folder of `path` has a name close to its
// name (a few letters apart, or its letters in order, with the same extension); "" otherwise.
std::string did_you_mean(const std::string& path) {
  const fs::path missing(path);
  const fs::path folder = missing.has_parent_path() ? missing.parent_path() : fs::path(".");
  const std::string name = missing.filename().string();
  const std::size_t close = std::max<std::size_t>(2, name.size() / 3);
  std::error_code error;
  std::string best;
  std::size_t best_distance = SIZE_MAX;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    const std::string candidate = it->path().filename().string();
    const std::size_t distance = edit_distance(name, candidate);
    const bool near =
        distance <= close || (fs::path(candidate).extension() == missing.extension() &&
                              name.size() >= 3 && subsequence(name, candidate));
    if (near && (distance < best_distance || (distance == best_distance && candidate < best))) {
      best_distance = distance;
      best = candidate;
    }
  }
  if (best.empty()) return {};
  return fmt::format(" (did you mean {}?)",
                     missing.has_parent_path() ? (folder / best).string() : best);
}

// The first argument after the program that names a file that is not there: a word with a
// folder or an extension, not an option.
std::string missing_file(const std::vector<std::string>& argv) {
  for (std::size_t k = 1; k < argv.size(); ++k) {
    const std::string& word = argv[k];
    if (word.empty() || word[0] == '-') continue;
    const std::size_t dot = word.rfind('.');
    const bool has_extension =
        dot != std::string::npos && dot + 1 < word.size() && word.size() - dot <= 6 &&
        std::all_of(word.begin() + static_cast<std::ptrdiff_t>(dot) + 1, word.end(),
                    [](unsigned char c) { return std::isalnum(c) != 0; });
    std::error_code error;
    if ((has_extension || contains(word, "/")) && !contains(word, " ") &&
        !fs::exists(word, error)) {
      return word;
    }
  }
  return {};
}

// The last line of `text`, trimmed.
std::string last_line(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  const std::size_t newline = text.rfind('\n');
  return std::string(newline == std::string_view::npos ? text : text.substr(newline + 1));
}

}  // namespace

FailureClass failure_class(const RunOutcome& outcome) {
  switch (outcome.kind) {
    case RunKind::kAnswer:
      return FailureClass::kWrongAnswer;
    case RunKind::kGarbage:
      return outcome.printed.empty() && outcome.answer == "nothing" ? FailureClass::kNothing
                                                                    : FailureClass::kNotAnAnswer;
    case RunKind::kTimeout:
      return outcome.answered_at_end || outcome.ended_at_end ? FailureClass::kReadsWholeInput
                                                             : FailureClass::kTimeout;
    case RunKind::kCrash:
      // --batch: a process that ended with 0 before answering, printing nothing.
      return outcome.exit_code == 0 && outcome.printed.empty() ? FailureClass::kNothing
                                                               : FailureClass::kCrash;
    case RunKind::kStopped:
      break;
  }
  return FailureClass::kCrash;
}

std::string failure_count(FailureClass kind, std::uint64_t count) {
  const bool one = count == 1;
  switch (kind) {
    case FailureClass::kWrongAnswer:
      return fmt::format("{} wrong answer{}", count, one ? "" : "s");
    case FailureClass::kNothing:
      return fmt::format("{} printed nothing", count);
    case FailureClass::kNotAnAnswer:
      return fmt::format("{} garbage", count);
    case FailureClass::kTimeout:
      return fmt::format("{} timeout{}", count, one ? "" : "s");
    case FailureClass::kReadsWholeInput:
      return fmt::format("{} {} whole input", count, one ? "reads its" : "read their");
    case FailureClass::kCrash:
      return fmt::format("{} crash{}", count, one ? "" : "es");
  }
  return {};
}

std::string failure_paragraph(FailureClass kind, const RunOutcome& outcome,
                              const std::string& input, const ProgramUnderTest& program) {
  switch (kind) {
    case FailureClass::kWrongAnswer:
      break;
    case FailureClass::kNothing:
      return nothing_paragraph(outcome, program);
    case FailureClass::kNotAnAnswer:
      return not_an_answer_paragraph(outcome, program);
    case FailureClass::kTimeout:
      return timeout_paragraph(program);
    case FailureClass::kReadsWholeInput:
      return whole_input_paragraph(outcome, program);
    case FailureClass::kCrash:
      return crash_paragraph(outcome, input, program);
  }
  return {};
}

std::string not_found_message(const RunOutcome& outcome, const ProgramUnderTest& program) {
  if (outcome.kind != RunKind::kCrash || program.argv.empty()) return {};
  const std::string& name = program.argv.front();
  if (outcome.start_error == ENOENT) {
    std::error_code error;
    if (!contains(name, "/") && fs::is_regular_file(name, error)) {
      return fmt::format(
          "cannot run '{}': it is not a command on PATH; a program in this folder is run as ./{} "
          "(catmouse check -- ./{})",
          name, name, name);
    }
    if (contains(name, "/")) {
      return fmt::format("cannot run '{}': no such file{}. Fix the command after --", name,
                         did_you_mean(name));
    }
    return fmt::format(
        "cannot run '{}': no such command on PATH, nor a file here{}. Fix the command after --: "
        "a program in this folder is run as ./NAME, a script through its interpreter (catmouse "
        "check -- python3 solution.py)",
        name, did_you_mean(name));
  }
  if (outcome.start_error == EACCES) {
    return fmt::format(
        "cannot run '{}': it is not executable (permission denied). Make it executable (chmod +x "
        "{}), or run it through its interpreter (catmouse check -- python3 {})",
        name, name, name);
  }
  if (outcome.start_error != 0) return outcome.detail;
  // Started, and ended at once the way a missing program or file ends.
  const std::string missing = missing_file(program.argv);
  const std::string& errors = outcome.errors;
  const bool not_found = outcome.exit_code == 126 || outcome.exit_code == 127 ||
                         (!missing.empty() && outcome.exit_code > 0) ||
                         contains(errors, "can't open file") ||
                         contains(errors, "Could not find or load main class") ||
                         contains(errors, "Cannot find module");
  if (!not_found || outcome.signal != 0) return {};
  std::string message = fmt::format("cannot run '{}': ", shell_line(program.argv));
  if (!missing.empty()) {
    message += fmt::format("{} does not exist{}; ", missing, did_you_mean(missing));
  }
  message += fmt::format("the program exited with code {} before answering its first {}",
                         outcome.exit_code, problem_of(program).noun);
  if (!errors.empty()) message += fmt::format(" (its stderr: {})", last_line(errors));
  return message + ". Fix the command after --";
}

std::string shell_line(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) {
    if (!line.empty()) line += ' ';
    if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                                                "WXYZ0123456789-_./=:,+@%") == std::string::npos) {
      line += word;
      continue;
    }
    line += '\'';
    for (const char c : word) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

}  // namespace catmouse::cli
