// The stdin templates of docs/check.md (docs/templates/): each is shown in full on that page, and
// each passes catmouse check with the right solution it ships with, run one process for all
// graphs (--batch); the LeetCode 913 ones also fail, are shrunk and are diagnosed with the
// 2n-capped DP (tests/programs/capped_solution.*) in place of it. The LeetCode 1728 ones pass
// catmouse check --grid, the long-win search's maps among their cases. C++ needs g++; Java needs a
// JDK (javac), else it is skipped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>

#include "cli_util.hpp"

namespace {

using namespace cli_test;

struct Language {
  const char* name;
  const char* file;    // the template, in docs/templates/
  const char* capped;  // the capped Solution class, in tests/programs/ ("" for none)
  const char* mark;    // the comment that starts the marks
  const char* tool;    // the compiler needed ("" for none)
  bool grid = false;   // a LeetCode 1728 solver
};

// gtest names a parameter by this in its messages.
void PrintTo(const Language& language, std::ostream* out) {
  *out << language.name;
}

constexpr Language kLanguages[] = {
    {"python", "check_solution.py", "capped_solution.py", "#", ""},
    {"cpp", "check_solution.cpp", "capped_solution.cpp", "//", "g++"},
    {"java", "CheckSolution.java", "CappedSolution.java", "//", "javac"},
    {"python_1728", "check_grid_solution.py", "", "#", "", true},
    {"cpp_1728", "check_grid_solution.cpp", "", "//", "g++", true},
    {"java_1728", "CheckGridSolution.java", "", "//", "javac", true},
};

std::string template_path(const Language& language) {
  return data(std::string("../../docs/templates/") + language.file);
}

// The template with the text between its marks replaced by `solution`.
std::string spliced(const Language& language, const std::string& solution) {
  std::string text = slurp(template_path(language));
  const std::string begin = std::string(language.mark) + " --- your solution ---\n";
  const std::string end = std::string(language.mark) + " --- end of your solution ---\n";
  const std::size_t from = text.find(begin), to = text.find(end);
  if (from == std::string::npos || to == std::string::npos) return {};
  return text.substr(0, from + begin.size()) + solution + text.substr(to);
}

bool have(const std::string& tool) {
  return tool.empty() || std::system(("command -v " + tool + " >/dev/null 2>&1").c_str()) == 0;
}

// Writes the program into a folder of its own and builds it; returns the command that runs it,
// or "" after a failed build (reported).
std::string build(const Language& language, const std::string& source, const std::string& tag) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("catmouse_templates_" + std::to_string(::getpid()) + "_" + tag);
  std::filesystem::create_directories(dir);
  const std::string file = (dir / language.file).string();
  std::ofstream(file) << source;
  const std::string name = language.name;
  const std::string stem = std::filesystem::path(language.file).stem().string();
  if (name.rfind("python", 0) == 0) return std::string("/usr/bin/python3 ") + file;
  if (name.rfind("cpp", 0) == 0) {
    const std::string exe = (dir / stem).string();
    const CliRun built = run_command("g++ -O2 -std=c++17 -o " + exe + " " + file);
    EXPECT_EQ(built.exit_code, 0) << built.err;
    return built.exit_code == 0 ? exe : "";
  }
  const CliRun built = run_command("javac -d " + dir.string() + " " + file);
  EXPECT_EQ(built.exit_code, 0) << built.err;
  return built.exit_code == 0 ? "java -cp " + dir.string() + " " + stem : "";
}

class CheckTemplates : public testing::TestWithParam<Language> {};

TEST_P(CheckTemplates, ShownInTheDocs) {
  const std::string page = slurp(data("../../docs/check.md"));
  EXPECT_NE(page.find(slurp(template_path(GetParam()))), std::string::npos)
      << GetParam().file << " differs from its copy in docs/check.md";
}

TEST_P(CheckTemplates, RightSolutionPassesAndCappedOneIsCaught) {
  const Language& language = GetParam();
  if (!have(language.tool)) {
    GTEST_SKIP() << language.tool << " is not installed: the " << language.name
                 << " template is not tested";
  }
  const std::string right = build(language, slurp(template_path(language)), "right");
  ASSERT_FALSE(right.empty());
  if (language.grid) {
    // The first 1500 maps: most of the small ones, and some 45 of the long-win search, whose
    // mouse wins take 70 moves and more.
    const CliRun pass = catmouse("check --grid --batch --max-graphs 1500 -- " + right);
    EXPECT_EQ(pass.exit_code, 0) << pass.out << pass.err;
    EXPECT_NE(pass.out.find("checked 1500 maps ("), std::string::npos) << pass.out;
    EXPECT_NE(pass.out.find(" long-win search maps with mouse wins of up to 7"), std::string::npos)
        << pass.out;
    EXPECT_NE(pass.out.find(": all agreed; seed 1"), std::string::npos) << pass.out;
    return;
  }
  const CliRun pass = catmouse("check --batch --max-graphs 400 -- " + right);
  EXPECT_EQ(pass.exit_code, 0) << pass.out << pass.err;
  EXPECT_NE(pass.out.find("checked 400 graphs"), std::string::npos) << pass.out;

  const std::string capped_source =
      spliced(language, slurp(data(std::string("../programs/") + language.capped)));
  ASSERT_FALSE(capped_source.empty()) << "the marks are missing from " << language.file;
  const std::string capped = build(language, capped_source, "capped");
  ASSERT_FALSE(capped.empty());
  const CliRun fail = catmouse("check --batch --seed 1 --time 30 -- " + capped);
  EXPECT_EQ(fail.exit_code, 1) << fail.out << fail.err;
  EXPECT_NE(fail.out.find("\nshrunk in "), std::string::npos) << fail.out;
  EXPECT_NE(fail.out.find("\ndiagnosis: a turn cap? "), std::string::npos) << fail.out;
}

INSTANTIATE_TEST_SUITE_P(Languages, CheckTemplates, testing::ValuesIn(kLanguages),
                         [](const testing::TestParamInfo<Language>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
