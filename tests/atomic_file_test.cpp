// AtomicFile (io/atomic_file.hpp) respects what the path names: a regular or missing file is
// replaced whole, a link is written through (the link stays), a character device, FIFO or Unix
// socket is written in place (the node stays; a FIFO nobody reads yet is waited for), a directory
// is refused. Device nodes are made with mknod in a temporary folder, never taken from /dev.
#include "catmouse/io/atomic_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "catmouse/core/game_spec.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/tablebase/save.hpp"
#include "test_util.hpp"
#include "unix_socket.hpp"

namespace catmouse {
namespace {

namespace fs = std::filesystem;
using catmouse::test::bound_socket;
using catmouse::test::receive;

using testing::slurp;
using testing::type_of;

class AtomicFileTest : public testing::TempDirTest {};

TEST_F(AtomicFileTest, AMissingOrRegularFileIsReplacedWhole) {
  const fs::path file = dir_ / "out.txt";
  ASSERT_TRUE(write_file_atomically(file, "first\n").ok());
  ASSERT_TRUE(write_file_atomically(file, "second\n").ok());
  EXPECT_EQ(slurp(file), "second\n");
  EXPECT_EQ(type_of(file), S_IFREG);
  EXPECT_EQ(listing(), "out.txt ");
}

TEST_F(AtomicFileTest, ALinkIsWrittenThroughAndKept) {
  const fs::path target = dir_ / "target.txt";
  std::ofstream(target) << "old\n";
  fs::create_symlink("target.txt", dir_ / "link");  // relative, as ln -s makes them
  fs::create_symlink(dir_ / "link", dir_ / "link2");
  ASSERT_TRUE(write_file_atomically(dir_ / "link2", "new\n").ok());
  EXPECT_EQ(type_of(dir_ / "link"), S_IFLNK);
  EXPECT_EQ(type_of(dir_ / "link2"), S_IFLNK);
  EXPECT_EQ(type_of(target), S_IFREG);
  EXPECT_EQ(slurp(target), "new\n");
  EXPECT_EQ(listing(), "link link2 target.txt ");
}

TEST_F(AtomicFileTest, ADanglingLinkMakesItsTarget) {
  fs::create_symlink("made.txt", dir_ / "link");
  ASSERT_TRUE(write_file_atomically(dir_ / "link", "made\n").ok());
  EXPECT_EQ(type_of(dir_ / "link"), S_IFLNK);
  EXPECT_EQ(slurp(dir_ / "made.txt"), "made\n");
}

TEST_F(AtomicFileTest, ADirectoryIsRefusedNamingIt) {
  const fs::path folder = dir_ / "folder";
  fs::create_directories(folder);
  std::ofstream(folder / "inside") << "kept\n";
  Result<AtomicFile> file = AtomicFile::create(folder.string());
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().where.source, folder.string());
  EXPECT_NE(file.error().message.find("is a directory"), std::string::npos) << file.error().message;
  EXPECT_EQ(type_of(folder), S_IFDIR);
  EXPECT_EQ(slurp(folder / "inside"), "kept\n");
  EXPECT_EQ(listing(), "folder ");
}

// What failed decides the kind: the path's fault is bad input, a write that did not reach the
// file is output lost, and a write after the commit is the caller's defect.
TEST_F(AtomicFileTest, EachFailureCarriesItsKind) {
  const Result<AtomicFile> missing = AtomicFile::create((dir_ / "no" / "file").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kBadInput) << missing.error().to_string();
  EXPECT_EQ(AtomicFile::create(dir_.string()).error().kind, ErrorKind::kBadInput);
  for (const int lost : {ENOSPC, EDQUOT, EFBIG, EIO}) {
    EXPECT_EQ(write_failure_kind(lost), ErrorKind::kOutputLost) << std::strerror(lost);
  }
  for (const int fault : {ENOENT, EACCES, EISDIR, ENOTDIR, EROFS}) {
    EXPECT_EQ(write_failure_kind(fault), ErrorKind::kBadInput) << std::strerror(fault);
  }
  Result<AtomicFile> file = AtomicFile::create((dir_ / "done").string());
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  ASSERT_TRUE(file->commit().ok());
  const Status late = file->write("after the commit\n");
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().kind, ErrorKind::kInternal) << late.error().to_string();
  if (::access("/dev/full", W_OK) == 0) {
    const Status full = write_file_atomically("/dev/full", "no room\n");
    ASSERT_FALSE(full.ok());
    EXPECT_EQ(full.error().kind, ErrorKind::kOutputLost) << full.error().to_string();
  }
}

TEST_F(AtomicFileTest, ACharacterDeviceIsWrittenInPlace) {
  const fs::path null = dir_ / "null";
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    GTEST_SKIP() << "cannot make a device node here (mknod needs root): " << std::strerror(errno);
  }
  Result<AtomicFile> file = AtomicFile::create(null.string());
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  EXPECT_TRUE(file->temporary_path().empty());
  ASSERT_TRUE(file->write("into the void\n").ok());
  ASSERT_TRUE(file->commit().ok());
  EXPECT_EQ(type_of(null), S_IFCHR);
  EXPECT_EQ(listing(), "null ");
}

TEST_F(AtomicFileTest, AFullDeviceIsAWriteErrorAndStaysADevice) {
  const fs::path full = dir_ / "full";
  if (::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) {
    GTEST_SKIP() << "cannot make a device node here (mknod needs root): " << std::strerror(errno);
  }
  const Status ok = write_file_atomically(full.string(), "no room\n");
  ASSERT_FALSE(ok.ok());
  EXPECT_EQ(ok.error().where.source, full.string());
  EXPECT_NE(ok.error().message.find("No space left on device"), std::string::npos)
      << ok.error().message;
  EXPECT_EQ(type_of(full), S_IFCHR);
  EXPECT_EQ(listing(), "full ");
}

TEST_F(AtomicFileTest, AFifoReaderGetsTheWholeOutput) {
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reader is open before the write, and a writer of the test's own keeps it from seeing
  // the end before the file's writer has come: a write that misses the FIFO reads as empty.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const int keeper = ::open(fifo.c_str(), O_WRONLY);
  ASSERT_GE(keeper, 0);
  ::fcntl(reader, F_SETFL, ::fcntl(reader, F_GETFL) & ~O_NONBLOCK);
  std::string got;
  std::thread drain([&] {
    char buffer[4096];
    for (ssize_t n; (n = ::read(reader, buffer, sizeof buffer)) > 0;) got.append(buffer, n);
  });
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "line " + std::to_string(i) + "\n";  // > a pipe's buffer
  const Status ok = write_file_atomically(fifo.string(), text);
  ::close(keeper);
  drain.join();
  ::close(reader);
  ASSERT_TRUE(ok.ok()) << ok.error().to_string();
  EXPECT_EQ(got.size(), text.size());
  EXPECT_TRUE(got == text);
  EXPECT_EQ(type_of(fifo), S_IFIFO);
  EXPECT_EQ(listing(), "fifo ");
}

// A FIFO nobody reads yet: create() waits for its reader (a blocking open would wait deaf to
// everything), tells the caller once after `notice_after`, and can be given up.
TEST_F(AtomicFileTest, AFifoWithoutAReaderIsWaitedForTellingTheCallerOnce) {
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    const int fd = ::open(fifo.c_str(), O_RDONLY);
    char buffer[256];
    for (ssize_t n; fd >= 0 && (n = ::read(fd, buffer, sizeof buffer)) > 0;) got.append(buffer, n);
    if (fd >= 0) ::close(fd);
  });
  PeerWait wait;
  std::vector<std::string> told;
  wait.waiting = [&](const std::string& path) { told.push_back(path); };
  wait.notice_after = std::chrono::milliseconds(100);
  const auto started = std::chrono::steady_clock::now();
  {
    Result<AtomicFile> file = AtomicFile::create(fifo.string(), wait);
    ASSERT_TRUE(file.ok()) << file.error().to_string();
    EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(300));
    ASSERT_TRUE(file->write("through the pipe\n").ok());
    ASSERT_TRUE(file->commit().ok());
  }
  reader.join();
  EXPECT_EQ(got, "through the pipe\n");
  EXPECT_EQ(told, std::vector<std::string>{fifo.string()});
  EXPECT_EQ(type_of(fifo), S_IFIFO);

  // Given up: an error naming the FIFO, and the node as it was.
  int asked = 0;
  wait.cancelled = [&] { return ++asked > 20; };
  told.clear();
  const Result<AtomicFile> given_up = AtomicFile::create(fifo.string(), wait);
  ASSERT_FALSE(given_up.ok());
  EXPECT_EQ(given_up.error().to_string(),
            fifo.string() + ": cannot write: gave up waiting for a reader of the pipe");
  EXPECT_EQ(told, std::vector<std::string>{fifo.string()});
  EXPECT_EQ(type_of(fifo), S_IFIFO);
}

TEST_F(AtomicFileTest, ASocketListenerGetsTheWholeOutput) {
  const fs::path socket = dir_ / "sock";
  const int listener = bound_socket(socket, SOCK_STREAM, true);
  ASSERT_GE(listener, 0);
  std::string got;
  std::thread reader = receive(listener, got);
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "line " + std::to_string(i) + "\n";  // > its buffer
  Result<AtomicFile> file = AtomicFile::create(socket.string());
  if (!file.ok()) {
    ::shutdown(listener, SHUT_RDWR);  // wakes the reader's accept()
    reader.join();
    ::close(listener);
    FAIL() << file.error().to_string();
  }
  EXPECT_TRUE(file->temporary_path().empty());
  const Status written = file->write(text);
  const Status committed = file->commit();
  reader.join();
  ::close(listener);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  ASSERT_TRUE(committed.ok()) << committed.error().to_string();
  EXPECT_EQ(got.size(), text.size());
  EXPECT_TRUE(got == text);
  EXPECT_EQ(type_of(socket), S_IFSOCK);
  EXPECT_EQ(listing(), "sock ");
}

TEST_F(AtomicFileTest, ASocketNobodyListensOnOrNotAStreamIsRefusedNamingIt) {
  const fs::path socket = dir_ / "sock";
  // Bound, not listening: a server not started yet, or gone. Then a datagram socket.
  for (const auto& [type, listens, why] :
       {std::tuple{SOCK_STREAM, false, "nothing listens on the socket"},
        std::tuple{SOCK_DGRAM, false, "not a stream socket"},
        std::tuple{SOCK_SEQPACKET, true, "not a stream socket"}}) {
    fs::remove(socket);
    const int bound = bound_socket(socket, type, listens);
    ASSERT_GE(bound, 0);
    const Status ok = write_file_atomically(socket.string(), "nobody\n");
    ::close(bound);
    ASSERT_FALSE(ok.ok()) << why;
    EXPECT_EQ(ok.error().where.source, socket.string());
    EXPECT_NE(ok.error().message.find(why), std::string::npos) << ok.error().message;
    EXPECT_EQ(type_of(socket), S_IFSOCK);
    EXPECT_EQ(listing(), "sock ");
  }
}

TEST_F(AtomicFileTest, ATablebaseSaveToADeviceMakesNothingBesideIt) {
  const fs::path null = dir_ / "null";
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    GTEST_SKIP() << "cannot make a device node here (mknod needs root): " << std::strerror(errno);
  }
  GenerateOptions options;
  options.family = GraphFamily::kRandom;
  options.nodes = 30;
  options.seed = 5;
  const GameSpec spec = make_spec(generate(options).value());
  // The spill file goes to the temporary folder, and is gone afterwards.
  EXPECT_EQ(fs::path(tablebase_spill_path(null.string())).parent_path(), fs::temp_directory_path());
  const Result<TablebaseSaveReport> saved = solve_to_tablebase(spec, {}, null.string());
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_TRUE(saved->spilled);
  EXPECT_FALSE(fs::exists(tablebase_spill_path(null.string())));
  TablebaseSaveOptions checkpointed;
  checkpointed.checkpoint_every = std::chrono::milliseconds(0);
  const Result<TablebaseSaveReport> refused =
      solve_to_tablebase(spec, {}, null.string(), checkpointed);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().where.field_text(), "checkpoint_every");
  EXPECT_EQ(type_of(null), S_IFCHR);
  EXPECT_EQ(listing(), "null ");
}

}  // namespace
}  // namespace catmouse
