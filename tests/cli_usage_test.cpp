// Usage mistakes as a newcomer makes them: a misspelt option or subcommand is named with the
// nearest one, a missing subcommand lists them, a graph expected on stdin says to give `-`.
// Each exits with 2 and prints nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "cli_util.hpp"

namespace {

using cli_test::catmouse;
using cli_test::CliRun;
using cli_test::example;

CliRun refused(const std::string& args, const std::string& input = "/dev/null") {
  CliRun run = catmouse(args, input);
  EXPECT_EQ(run.exit_code, 2) << args << "\n" << run.err;
  EXPECT_EQ(run.out, "") << args;
  return run;
}

void expect_has(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "missing '" << part << "' in:\n" << text;
}

TEST(CliUsage, AMisspeltOptionNamesTheNearest) {
  const std::string graph = example("leetcode1.json");
  expect_has(refused("solve --bacth " + graph).err,
             "catmouse: solve: unknown option --bacth; did you mean --batch?");
  // The unknown option took the node as its value: CLI11 alone named the valid file instead.
  const CliRun mouse = refused("solve --mose 3 " + graph);
  expect_has(mouse.err, "solve: unknown option --mose; did you mean --mouse?");
  EXPECT_EQ(mouse.err.find("not expected"), std::string::npos) << mouse.err;
  expect_has(refused("census cops --nodez 5").err,
             "census cops: unknown option --nodez; did you mean --nodes?");
  expect_has(refused("solve --frobnicate " + graph).err, "solve: unknown option --frobnicate\n");
  expect_has(refused("solve --frobnicate " + graph).err, "Run 'catmouse solve --help'");
  // --name=value is the option name too, and a right one still works.
  expect_has(refused("solve --mose=3 " + graph).err, "did you mean --mouse?");
  EXPECT_EQ(catmouse("solve --mouse=3 " + graph).exit_code, 0);
}

TEST(CliUsage, AMisspeltOrMissingSubcommandListsThem) {
  expect_has(refused("sovle x.json").err, "unknown subcommand sovle; did you mean solve?");
  const CliRun bogus = refused("census bogus");
  expect_has(bogus.err, "census: unknown subcommand bogus (the subcommands: cops, mouse)");
  expect_has(refused("census").err, "The subcommands of catmouse census: cops, mouse.");
}

TEST(CliUsage, ArgumentsAfterTheSeparatorAreTheProgramsOwn) {
  // check's program takes options catmouse does not know: they are not typos.
  const CliRun run = catmouse("check --max-graphs 1 --time 10 -- sh -c 'echo 1' --weird-flag");
  EXPECT_EQ(run.err.find("unknown option"), std::string::npos) << run.err;
}

TEST(CliUsage, AGraphExpectedOnStdinSaysToGiveADash) {
  const std::string graph = example("leetcode1.json");
  expect_has(refused("solve", graph).err,
             "- to read the graph from stdin (catmouse solve - < FILE)");
  expect_has(refused("explain", graph).err,
             "- to read the graph from stdin (catmouse explain - < FILE)");
  EXPECT_EQ(catmouse("solve -", graph).out, "draw\n");
}

}  // namespace
