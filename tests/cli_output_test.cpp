// Output is never lost silently: a write error on stdout or on a file is exit 1 with a message
// naming it, a reader of stdout that goes away ends catmouse quietly by SIGPIPE, a file is
// replaced whole or not at all, and SIGINT, SIGTERM or SIGPIPE while a file is written removes its
// temporary and ends catmouse by that signal.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_util.hpp"
#include "test_util.hpp"

namespace {

using cli_test::catmouse;
using cli_test::CliRun;
using cli_test::example;
using cli_test::run_command;
using cli_test::slurp;

std::string cli() {
  return std::string("'") + CATMOUSE_CLI + "'";
}

// A folder of its own for each test, with a generated graph of `nodes` nodes in it.
class Output : public catmouse::testing::TempDirTest {
 protected:
  std::filesystem::path file(const std::string& name) const { return dir_ / name; }
  std::string graph(int nodes) {
    const auto path = file("g" + std::to_string(nodes) + ".json");
    if (!std::filesystem::exists(path)) {
      const CliRun gen = catmouse("gen random --nodes " + std::to_string(nodes) + " --out '" +
                                  path.string() + "'");
      EXPECT_EQ(gen.exit_code, 0) << gen.err;
    }
    return "'" + path.string() + "'";
  }
};

// Every command that writes to stdout, on a small graph.
std::vector<std::string> printing_commands() {
  const std::string g = example("leetcode1.json");
  return {"solve " + g,
          "solve --json " + g,
          "explain " + g,
          "explain --json " + g,
          "table --out - " + g,
          "starts --out - " + g,
          "cops " + g,
          "copnumber " + g,
          "gen random --nodes 300",
          "gen cycle --nodes 5 --count 3"};
}

TEST_F(Output, AFullStdoutIsExitOneNamingIt) {
  for (const std::string& command : printing_commands()) {
    // The group's own stdout is the test's file; catmouse's is /dev/full.
    const CliRun run = run_command("{ " + cli() + " " + command + " >/dev/full; }");
    EXPECT_EQ(run.exit_code, 1) << command << ": " << run.err;
    EXPECT_EQ(run.err, "catmouse: <stdout>: write error: No space left on device\n") << command;
  }
}

TEST_F(Output, AReaderThatGoesAwayEndsCatmouseQuietly) {
  // A table of 80 nodes is about 250 KB, more than a pipe holds, so catmouse is still writing when
  // `head` leaves: it must end by SIGPIPE (status 141) without a word, whether SIGPIPE was left
  // to its default or ignored by whoever started catmouse.
  const std::string g = graph(80);
  for (const std::string& ignore : {std::string(), std::string("trap '' PIPE; ")}) {
    for (const std::string& command : {"table --out - " + g, "starts --out - " + g}) {
      const CliRun run = run_command("{ ( " + ignore + cli() + " " + command +
                                     "; echo \"status $?\" >&2 ) | head -c 10 >/dev/null; }");
      EXPECT_EQ(run.err, "status 141\n") << ignore << command;
    }
  }
}

TEST_F(Output, AFileIsReplacedWholeOrNotAtAll) {
  // `ulimit -f 2` lets a file grow to 1 or 2 KB (dash or bash blocks): the 300-node graph and the
  // table need more. The old file stays as it was, no temporary is left, and the error names it.
  const auto target = file("graph.json");
  std::ofstream(target) << "old\n";
  const CliRun gen = run_command("ulimit -f 2; " + cli() + " gen random --nodes 300 --out '" +
                                 target.string() + "'");
  EXPECT_EQ(gen.exit_code, 1) << gen.err;
  EXPECT_EQ(gen.err, "catmouse: " + target.string() + ": write error: File too large\n");
  EXPECT_EQ(slurp(target), "old\n");
  EXPECT_FALSE(std::filesystem::exists(target.string() + ".partial"));

  const std::string g = graph(60);
  for (const std::string command : {"table", "starts"}) {
    const auto csv = file(command + ".csv");
    const CliRun run = run_command("ulimit -f 2; " + cli() + " " + command + " " + g + " --out '" +
                                   csv.string() + "'");
    EXPECT_EQ(run.exit_code, 1) << command << ": " << run.err;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(run.err, "catmouse: " + csv.string() + ": write error: File too large\n");
    EXPECT_FALSE(std::filesystem::exists(csv)) << command;
    EXPECT_FALSE(std::filesystem::exists(csv.string() + ".partial")) << command;
  }

  // And when all goes well, the file is there whole, with no temporary beside it.
  const CliRun ok = catmouse("gen random --nodes 300 --out '" + target.string() + "'");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(slurp(target), catmouse("gen random --nodes 300").out);
  EXPECT_FALSE(std::filesystem::exists(target.string() + ".partial"));
}

TEST_F(Output, AnUnwritablePathIsAUsageError) {
  const CliRun run = catmouse("table " + example("leetcode1.json") + " --out " +
                              file("no/such/folder/t.csv").string());
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("t.csv: cannot write: No such file or directory"), std::string::npos)
      << run.err;
}

// Starts `catmouse table GRAPH --out target` with the temporary made a FIFO, so that catmouse
// blocks writing it once the pipe is full; returns the process id and the FIFO's read end, opened
// once catmouse has written its first bytes (so the temporary is registered for removal).
struct Writer {
  pid_t pid = -1;
  int fifo = -1;
};

Writer start_table(const std::string& graph, const std::filesystem::path& target) {
  const std::string temporary = target.string() + ".partial";
  Writer w;
  if (::mkfifo(temporary.c_str(), 0600) != 0) return w;
  w.pid = ::fork();
  if (w.pid == 0) {
    // Whoever started the tests may have ignored these; catmouse keeps what it is given.
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGPIPE, SIG_DFL);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execl(CATMOUSE_CLI, "catmouse", "table", graph.c_str(), "--out", target.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  w.fifo = ::open(temporary.c_str(), O_RDONLY);  // returns once catmouse opened it to write
  char byte = 0;
  if (w.fifo >= 0 && ::read(w.fifo, &byte, 1) != 1) {
    ::close(w.fifo);
    w.fifo = -1;
  }
  return w;
}

TEST_F(Output, ASignalWhileWritingRemovesTheTemporary) {
  // 300 nodes: a table of about 3.5 MB, far more than the pipe holds.
  const std::string g = graph(300);
  const std::string graph_path = g.substr(1, g.size() - 2);
  for (const int signal : {SIGINT, SIGTERM, SIGPIPE}) {
    const auto target = file("table_" + std::to_string(signal) + ".csv");
    const Writer w = start_table(graph_path, target);
    ASSERT_GT(w.pid, 0);
    ASSERT_GE(w.fifo, 0) << "catmouse wrote nothing";
    if (signal == SIGPIPE) {
      ::close(w.fifo);  // the reader goes away: catmouse's next write raises SIGPIPE
    } else {
      ::kill(w.pid, signal);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(w.pid, &status, 0), w.pid);
    if (signal != SIGPIPE) ::close(w.fifo);
    EXPECT_TRUE(WIFSIGNALED(status)) << "signal " << signal << ", status " << status;
    if (WIFSIGNALED(status)) {
      EXPECT_EQ(WTERMSIG(status), signal);
    }
    EXPECT_FALSE(std::filesystem::exists(target.string() + ".partial")) << "signal " << signal;
    EXPECT_FALSE(std::filesystem::exists(target)) << "signal " << signal;
  }
}

}  // namespace
