// FIFOs with no one at the other end, and signals while catmouse waits or works in a scratch
// folder. An output FIFO nobody reads yet (gen --out, table --out, starts --out, solve --save) and
// an input FIFO nobody writes yet (GRAPH, solve --batch FILE) are waited for: after a second,
// "catmouse: waiting for a reader on PATH" (or "a writer") on stderr, once; the output or input
// then goes through whole when the peer comes. SIGINT, SIGTERM and SIGHUP end a wait, or a
// `solve --save` to a pipe, or a `table GAME` over --memory, by that signal, leaving nothing
// behind: no temporary file, and no $TMPDIR/catmouse-XXXXXX folder. Each run is bounded by a
// timeout (a run that outlives it is killed, and the test fails).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli_util.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using cli_test::catmouse;
using cli_test::CliRun;
using cli_test::example;
using cli_test::slurp;

constexpr std::chrono::seconds kTimeout{30};

// catmouse running in the background, stdout and stderr to files; TMPDIR set when given.
class Background {
 public:
  Background(const std::vector<std::string>& args, const fs::path& logs,
             const std::string& tmpdir = "")
      : out_(logs / "out"), err_(logs / "err"), started_(Clock::now()) {
    // Emptied here, so that nothing of a run before is read as this one's.
    std::ofstream(out_, std::ios::trunc);
    std::ofstream(err_, std::ios::trunc);
    std::vector<std::string> copies = args;
    std::string program = CATMOUSE_CLI;
    std::vector<char*> argv{program.data()};
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::fflush(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      if (!tmpdir.empty()) ::setenv("TMPDIR", tmpdir.c_str(), 1);
      std::FILE* o = std::freopen(out_.c_str(), "w", stdout);
      std::FILE* e = std::freopen(err_.c_str(), "w", stderr);
      if (o == nullptr || e == nullptr) ::_exit(126);
      ::execv(program.c_str(), argv.data());
      ::_exit(127);
    }
  }
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;
  ~Background() {
    if (pid_ > 0 && !ended_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }

  // Waits until stderr holds `text`; false after kTimeout, or when the run ends without it.
  bool wait_for_message(const std::string& text) {
    while (Clock::now() - started_ < kTimeout) {
      if (slurp(err_).find(text) != std::string::npos) return true;
      int status = 0;
      if (!ended_ && ::waitpid(pid_, &status, WNOHANG) == pid_) {
        ended_ = true;
        status_ = status;
      }
      if (ended_) return slurp(err_).find(text) != std::string::npos;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }
  // The run's wait status, once it has ended (-1 after kTimeout: then it is killed).
  int wait() {
    while (!ended_ && Clock::now() - started_ < kTimeout) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        ended_ = true;
        status_ = status;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return ended_ ? status_ : -1;
  }
  void signal(int number) const { ::kill(pid_, number); }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }
  std::string out() const { return slurp(out_); }
  std::string err() const { return slurp(err_); }

 private:
  fs::path out_, err_;
  Clock::time_point started_;
  pid_t pid_ = -1;
  bool ended_ = false;
  int status_ = -1;
};

bool exited_zero(int status) {
  return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}
bool ended_by(int status, int number) {
  return status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == number;
}

// Everything a FIFO's writer sends, read once it has opened it (the open blocks until then).
std::string read_fifo(const fs::path& fifo) {
  const int fd = ::open(fifo.c_str(), O_RDONLY);
  EXPECT_GE(fd, 0);
  std::string got;
  char buffer[4096];
  for (ssize_t n; fd >= 0 && (n = ::read(fd, buffer, sizeof buffer)) > 0;) got.append(buffer, n);
  if (fd >= 0) ::close(fd);
  return got;
}

void write_fifo(const fs::path& fifo, const std::string& text) {
  const int fd = ::open(fifo.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(fd);
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

class Wait : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            ("catmouse_wait_" + std::to_string(::getpid()) + "_" + test->name());
    fs::remove_all(root_);
    for (const char* sub : {"work", "logs", "tmp"}) fs::create_directories(root_ / sub);
    fifo_ = work() / "fifo";
    ASSERT_EQ(::mkfifo(fifo_.c_str(), 0600), 0);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path work() const { return root_ / "work"; }
  fs::path logs() const { return root_ / "logs"; }
  std::string tmp() const { return (root_ / "tmp").string(); }
  // What is in the work folder (the FIFO, and the files a test made).
  std::string listing() const {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(work())) {
      names.insert(entry.path().filename().string());
    }
    std::string out;
    for (const std::string& name : names) out += name + " ";
    return out;
  }

  fs::path root_, fifo_;
};

// The writers, each with its output at `out`.
std::vector<std::vector<std::string>> writers(const std::string& out) {
  const std::string g = example("leetcode1.json");
  return {{"gen", "random", "--nodes", "5", "--seed", "3", "--out", out},
          {"table", g, "--out", out},
          {"starts", g, "--out", out},
          {"solve", g, "--save", out}};
}

TEST_F(Wait, AFifoWithoutAReaderIsWaitedForAndThenGetsTheWholeOutput) {
  const std::vector<std::vector<std::string>> to_file = writers((work() / "expected").string());
  const std::vector<std::vector<std::string>> to_fifo = writers(fifo_.string());
  for (std::size_t k = 0; k < to_fifo.size(); ++k) {
    SCOPED_TRACE(to_fifo[k][0]);
    std::string expected_out;
    {
      Background plain(to_file[k], logs());
      ASSERT_TRUE(exited_zero(plain.wait())) << plain.err();
      expected_out = plain.out();
    }
    const std::string expected = slurp(work() / "expected");
    fs::remove(work() / "expected");
    ASSERT_FALSE(expected.empty());
    Background run(to_fifo[k], logs());
    const std::string message = "catmouse: waiting for a reader on " + fifo_.string() + "\n";
    ASSERT_TRUE(run.wait_for_message(message)) << run.err();
    // Not before a second has passed.
    EXPECT_GE(run.seconds(), 0.9);
    const std::string got = read_fifo(fifo_);
    ASSERT_TRUE(exited_zero(run.wait())) << run.err();
    EXPECT_TRUE(got == expected) << got.size() << " bytes, not " << expected.size();
    EXPECT_EQ(run.out(), expected_out);
    EXPECT_EQ(count(run.err(), "waiting for a reader"), 1u) << run.err();
    EXPECT_EQ(listing(), "fifo ");
  }
}

TEST_F(Wait, AReaderThatComesAtOnceHearsNoMessage) {
  Background run({"table", example("leetcode1.json"), "--out", fifo_.string()}, logs());
  const std::string got = read_fifo(fifo_);
  ASSERT_TRUE(exited_zero(run.wait())) << run.err();
  EXPECT_EQ(got, catmouse("table " + example("leetcode1.json") + " --out -").out);
  EXPECT_EQ(run.err(), "");
}

TEST_F(Wait, SignalsEndTheWaitForAReaderLeavingNothing) {
  const std::string g = example("leetcode1.json");
  for (const int number : {SIGTERM, SIGINT, SIGHUP}) {
    // solve --save to a pipe solves into a scratch folder in $TMPDIR, then waits to copy.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"table", g, "--out", fifo_.string()},
          std::vector<std::string>{"solve", g, "--save", fifo_.string()}}) {
      SCOPED_TRACE(args[0] + ", signal " + std::to_string(number));
      Background run(args, logs(), tmp());
      ASSERT_TRUE(run.wait_for_message("waiting for a reader on " + fifo_.string())) << run.err();
      run.signal(number);
      const int status = run.wait();
      EXPECT_TRUE(ended_by(status, number)) << status << ": " << run.err();
      EXPECT_EQ(run.out(), "");
      EXPECT_EQ(listing(), "fifo ");
      EXPECT_TRUE(fs::is_empty(tmp())) << fs::directory_iterator(tmp())->path();
    }
  }
}

TEST_F(Wait, AFifoWithoutAWriterIsWaitedForAndThenReadWhole) {
  const std::string g = example("leetcode1.json");
  const std::string text = slurp(g);
  // A graph, a batch of graphs (read line by line), and a graph to table (first told apart from
  // a tablebase file, which a FIFO never is, without a byte taken from it).
  const std::vector<std::vector<std::string>> commands = {{"solve", fifo_.string()},
                                                          {"solve", "--batch", fifo_.string()},
                                                          {"table", fifo_.string(), "--out", "-"}};
  const std::vector<std::string> expected = {catmouse("solve " + g).out,
                                             catmouse("solve --batch " + g).out,
                                             catmouse("table " + g + " --out -").out};
  for (std::size_t k = 0; k < commands.size(); ++k) {
    SCOPED_TRACE(commands[k][0] + " " + commands[k][1]);
    ASSERT_FALSE(expected[k].empty());
    Background run(commands[k], logs());
    ASSERT_TRUE(run.wait_for_message("catmouse: waiting for a writer on " + fifo_.string() + "\n"))
        << run.err();
    EXPECT_GE(run.seconds(), 0.9);
    write_fifo(fifo_, text);
    ASSERT_TRUE(exited_zero(run.wait())) << run.err();
    EXPECT_EQ(run.out(), expected[k]);
    EXPECT_EQ(count(run.err(), "waiting for a writer"), 1u) << run.err();
  }
  // A writer that comes and goes without a byte: an empty input, refused as such.
  Background empty({"solve", fifo_.string()}, logs());
  ASSERT_TRUE(empty.wait_for_message("waiting for a writer")) << empty.err();
  write_fifo(fifo_, "");
  const int status = empty.wait();
  EXPECT_TRUE(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 2) << empty.err();
  EXPECT_NE(empty.err().find("empty input"), std::string::npos) << empty.err();
}

TEST_F(Wait, SignalsEndTheWaitForAWriter) {
  for (const int number : {SIGTERM, SIGINT}) {
    SCOPED_TRACE("signal " + std::to_string(number));
    Background run({"solve", fifo_.string()}, logs());
    ASSERT_TRUE(run.wait_for_message("waiting for a writer on " + fifo_.string())) << run.err();
    run.signal(number);
    EXPECT_TRUE(ended_by(run.wait(), number)) << run.err();
    EXPECT_EQ(run.out(), "");
    EXPECT_EQ(listing(), "fifo ");
  }
}

// `table GAME` over --memory solves into a tablebase file in a scratch folder of $TMPDIR and
// streams from it: a signal while it works there (or while its output waits for a reader) removes
// the folder with what is in it.
TEST_F(Wait, SignalsRemoveTheScratchFolderOfATableOverMemory) {
  // 1.3 million states: the table (3.6 MiB) does not fit where the values plan (1.0 MiB) and the
  // save's buffers (1.8 MiB) do.
  const std::string graph = (work() / "g.json").string();
  ASSERT_EQ(catmouse("gen random -n 800 -d 3 -s 3 -o " + graph).exit_code, 0);
  const auto values = nlohmann::json::parse(catmouse("solve --json " + graph).out)["table_bytes"]
                          .get<std::uint64_t>();
  const std::string memory = std::to_string(values + (std::uint64_t{2} << 20));
  for (const int number : {SIGTERM, SIGINT, SIGHUP}) {
    SCOPED_TRACE("signal " + std::to_string(number));
    // While it solves or streams: signalled as soon as the folder is there.
    {
      Background run({"table", graph, "--memory", memory, "--out", "/dev/null"}, logs(), tmp());
      while (fs::is_empty(tmp()) && run.seconds() < kTimeout.count()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      run.signal(number);
      const int status = run.wait();
      EXPECT_TRUE(ended_by(status, number) || exited_zero(status)) << status << ": " << run.err();
      EXPECT_TRUE(fs::is_empty(tmp()));
    }
    // Waiting for the reader of its rows: the folder holds the whole tablebase file.
    Background run({"table", graph, "--memory", memory, "--out", fifo_.string()}, logs(), tmp());
    ASSERT_TRUE(run.wait_for_message("waiting for a reader")) << run.err();
    EXPECT_FALSE(fs::is_empty(tmp()));
    run.signal(number);
    EXPECT_TRUE(ended_by(run.wait(), number)) << run.err();
    EXPECT_TRUE(fs::is_empty(tmp()));
    EXPECT_EQ(listing(), "fifo g.json ");
  }
}

}  // namespace
