// Output paths that respect what is there: gen --out, table --out, starts --out and solve --save
// write a character device, FIFO or Unix socket in place (the node stays), write through a link
// (the link stays), refuse a directory with exit 2, and --out /dev/stdout prints. Device nodes are
// made with mknod in a temporary folder, never taken from /dev.
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli_util.hpp"
#include "test_util.hpp"
#include "unix_socket.hpp"

namespace {

namespace fs = std::filesystem;
using catmouse::test::bound_socket;
using catmouse::test::receive;
using cli_test::catmouse;
using cli_test::CliRun;
using cli_test::example;
using cli_test::run_command;
using cli_test::slurp;

std::string quoted(const fs::path& path) {
  std::string text = "'";  // appended, not "'" + string: GCC 12 warns a false -Wrestrict there
  text += path.string();
  text += '\'';
  return text;
}

using catmouse::testing::type_of;

class OutputPath : public catmouse::testing::TempDirTest {};

// Each writer with its output at `out` (already quoted).
std::vector<std::string> writers(const std::string& out) {
  const std::string g = example("leetcode1.json");
  return {"gen random --nodes 5 --out " + out, "table " + g + " --out " + out,
          "starts " + g + " --out " + out, "solve " + g + " --save " + out};
}

TEST_F(OutputPath, ACharacterDeviceStaysADevice) {
  const fs::path null = dir_ / "null";
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    GTEST_SKIP() << "cannot make a device node here (mknod needs root): " << std::strerror(errno);
  }
  for (const std::string& command : writers(quoted(null))) {
    const CliRun run = catmouse(command);
    EXPECT_EQ(run.exit_code, 0) << command << ": " << run.err;
    EXPECT_EQ(type_of(null), S_IFCHR) << command;
    EXPECT_EQ(listing(), "null ") << command;  // nothing made or left beside it
  }
  // Checkpoints need a folder of the file's own to resume from.
  const CliRun checkpointed = catmouse("solve " + example("leetcode1.json") + " --save " +
                                       quoted(null) + " --checkpoint-every 0");
  EXPECT_EQ(checkpointed.exit_code, 2) << checkpointed.err;
  EXPECT_NE(checkpointed.err.find("--checkpoint-every: " + null.string()), std::string::npos)
      << checkpointed.err;
  EXPECT_EQ(type_of(null), S_IFCHR);
  EXPECT_EQ(listing(), "null ");
}

TEST_F(OutputPath, AFullDeviceIsExitOneAndStaysADevice) {
  const fs::path full = dir_ / "full";
  if (::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) {
    GTEST_SKIP() << "cannot make a device node here (mknod needs root): " << std::strerror(errno);
  }
  for (const std::string& command : writers(quoted(full))) {
    const CliRun run = catmouse(command);
    EXPECT_EQ(run.exit_code, 1) << command << ": " << run.err;
    EXPECT_NE(run.err.find(full.string() + ": write error: No space left on device"),
              std::string::npos)
        << command << ": " << run.err;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(type_of(full), S_IFCHR) << command;
    EXPECT_EQ(listing(), "full ") << command;
  }
}

// What `command` writes to the FIFO `fifo`, read by a thread while catmouse runs.
std::string through_fifo(const fs::path& fifo, const std::string& command, CliRun& run) {
  // A writer of the test's own keeps the reader from seeing the end before catmouse has come.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  const int keeper = ::open(fifo.c_str(), O_WRONLY);
  EXPECT_GE(reader, 0);
  EXPECT_GE(keeper, 0);
  ::fcntl(reader, F_SETFL, ::fcntl(reader, F_GETFL) & ~O_NONBLOCK);
  std::string got;
  std::thread drain([&] {
    char buffer[4096];
    for (ssize_t n; (n = ::read(reader, buffer, sizeof buffer)) > 0;) got.append(buffer, n);
  });
  run = catmouse(command);
  ::close(keeper);
  drain.join();
  ::close(reader);
  return got;
}

TEST_F(OutputPath, AFifoReaderGetsTheWholeOutput) {
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string g = example("leetcode1.json");
  const CliRun expected = catmouse("table " + g + " --out -");
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  ASSERT_FALSE(expected.out.empty());
  CliRun run;
  const std::string got = through_fifo(fifo, "table " + g + " --out " + quoted(fifo), run);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(got, expected.out);
  EXPECT_EQ(type_of(fifo), S_IFIFO);
  // A tablebase through a pipe: the same bytes as a save to a regular file.
  const fs::path file = dir_ / "t.cmtb";
  const CliRun saved = catmouse("solve " + g + " --save " + quoted(file));
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const std::string cmtb = through_fifo(fifo, "solve " + g + " --save " + quoted(fifo), run);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, saved.out);
  EXPECT_TRUE(cmtb == slurp(file)) << cmtb.size() << " bytes, not " << slurp(file).size();
  EXPECT_EQ(type_of(fifo), S_IFIFO);
  EXPECT_EQ(listing(), "fifo t.cmtb ");
}

// What `command` writes to the socket `listener` listens on, read by a thread while catmouse
// runs (one connection).
std::string through_socket(int listener, const std::string& command, CliRun& run) {
  std::string got;
  std::thread reader = receive(listener, got);
  run = catmouse(command);
  if (run.exit_code != 0) ::shutdown(listener, SHUT_RDWR);  // nobody came: wakes accept()
  reader.join();
  return got;
}

TEST_F(OutputPath, ASocketListenerGetsTheWholeOutput) {
  const fs::path socket = dir_ / "sock";
  const int listener = bound_socket(socket, SOCK_STREAM, true);
  ASSERT_GE(listener, 0);
  const std::string g = example("leetcode1.json");
  const CliRun expected = catmouse("gen random --nodes 5 --seed 3 --out -");
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  ASSERT_FALSE(expected.out.empty());
  CliRun run;
  const std::string got =
      through_socket(listener, "gen random --nodes 5 --seed 3 --out " + quoted(socket), run);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(got, expected.out);
  EXPECT_EQ(type_of(socket), S_IFSOCK);
  // A tablebase through a socket: the same bytes as a save to a regular file.
  const fs::path file = dir_ / "t.cmtb";
  const CliRun saved = catmouse("solve " + g + " --save " + quoted(file));
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const std::string cmtb =
      through_socket(listener, "solve " + g + " --save " + quoted(socket), run);
  ::close(listener);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, saved.out);
  EXPECT_TRUE(cmtb == slurp(file)) << cmtb.size() << " bytes, not " << slurp(file).size();
  EXPECT_EQ(type_of(socket), S_IFSOCK);
  EXPECT_EQ(listing(), "sock t.cmtb ");
}

TEST_F(OutputPath, ASocketNobodyListensOnIsExitTwoNamingItAndKept) {
  const fs::path socket = dir_ / "sock";
  const int bound = bound_socket(socket, SOCK_STREAM, false);
  ASSERT_GE(bound, 0);
  for (const std::string& command : writers(quoted(socket))) {
    const CliRun run = catmouse(command);
    EXPECT_EQ(run.exit_code, 2) << command << ": " << run.err;
    EXPECT_NE(run.err.find(socket.string() + ": cannot write: nothing listens on the socket"),
              std::string::npos)
        << command << ": " << run.err;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(type_of(socket), S_IFSOCK) << command;
    EXPECT_EQ(listing(), "sock ") << command;
  }
  ::close(bound);
}

TEST_F(OutputPath, ALinkStaysALinkAndItsTargetGetsTheOutput) {
  const std::string g = example("leetcode1.json");
  const CliRun expected = catmouse("table " + g + " --out -");
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  const fs::path target = dir_ / "target.txt";
  std::ofstream(target) << "old\n";
  fs::create_symlink("target.txt", dir_ / "link");
  const CliRun run = catmouse("table " + g + " --out " + quoted(dir_ / "link"));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(type_of(dir_ / "link"), S_IFLNK);
  EXPECT_EQ(slurp(target), expected.out);
  EXPECT_EQ(listing(), "link target.txt ");
  // solve --save through a link: the file is readable through it, the link kept.
  fs::create_symlink("t.cmtb", dir_ / "saved");
  const CliRun saved = catmouse("solve " + g + " --save " + quoted(dir_ / "saved"));
  EXPECT_EQ(saved.exit_code, 0) << saved.err;
  EXPECT_EQ(type_of(dir_ / "saved"), S_IFLNK);
  EXPECT_EQ(type_of(dir_ / "t.cmtb"), S_IFREG);
  EXPECT_EQ(listing(), "link saved t.cmtb target.txt ");
}

TEST_F(OutputPath, ADirectoryIsExitTwoNamingItAndUntouched) {
  const fs::path folder = dir_ / "folder";
  fs::create_directories(folder);
  std::ofstream(folder / "inside") << "kept\n";
  for (const std::string& command : writers(quoted(folder))) {
    const CliRun run = catmouse(command);
    EXPECT_EQ(run.exit_code, 2) << command << ": " << run.err;
    EXPECT_NE(run.err.find(folder.string() + ": is a directory"), std::string::npos)
        << command << ": " << run.err;
    EXPECT_EQ(run.out, "") << command;
    EXPECT_EQ(type_of(folder), S_IFDIR) << command;
    EXPECT_EQ(slurp(folder / "inside"), "kept\n") << command;
    EXPECT_EQ(listing(), "folder ") << command;
  }
}

TEST_F(OutputPath, DevStdoutPrints) {
  const std::string g = example("leetcode1.json");
  const CliRun expected = catmouse("table " + g + " --out -");
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  // Stdout a pipe, as in `catmouse table g --out /dev/stdout | less`; a link in the test's
  // folder to /dev/stdout first, then /dev/stdout itself.
  fs::create_symlink("/dev/stdout", dir_ / "stdout");
  for (const std::string& out : {quoted(dir_ / "stdout"), std::string("/dev/stdout")}) {
    const CliRun run = run_command("('" + std::string(CATMOUSE_CLI) + "' table " + g + " --out " +
                                   out + " | cat)");
    EXPECT_EQ(run.out, expected.out) << out << ": " << run.err;
    EXPECT_EQ(run.err, "") << out;
    EXPECT_EQ(type_of(dir_ / "stdout"), S_IFLNK);
  }
  EXPECT_EQ(listing(), "stdout ");
}

TEST_F(OutputPath, DevStdoutAppendedByTheShellKeepsWhatWasThere) {
  const std::string g = example("leetcode1.json");
  const CliRun expected = catmouse("table " + g + " --out -");
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  fs::create_symlink("/dev/stdout", dir_ / "stdout");
  const fs::path log = dir_ / "log";
  std::ofstream(log) << "first\n";
  const CliRun run = run_command("('" + std::string(CATMOUSE_CLI) + "' table " + g + " --out " +
                                 quoted(dir_ / "stdout") + " >> " + quoted(log) + ")");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(slurp(log), "first\n" + expected.out);
  EXPECT_EQ(type_of(dir_ / "stdout"), S_IFLNK);
  EXPECT_EQ(listing(), "log stdout ");
}

}  // namespace
