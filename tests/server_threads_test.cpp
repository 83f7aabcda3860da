// The server short of threads: run as the user nobody with RLIMIT_NPROC, it either refuses to
// start (exit 1 with a message, never a hang) or, started, answers a solve whose workers cannot
// start with a JSON 503 and goes on serving; and --threads is capped.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "catmouse/solve/options.hpp"
#include "server_process.hpp"
#include "server_test_util.hpp"

namespace catmouse::server {
namespace {

using namespace catmouse::server::test;  // NOLINT: the helpers of these tests

// K2 for the server: a solve whose worker threads cannot start is a JSON 503 at once, and the
// server goes on serving. The server runs as nobody with RLIMIT_NPROC set to the fewest threads
// it starts with (found by trying), so that none is left for a solve's workers.
TEST(ServerThreads, ThreadsThatCannotStartAreA503) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to run the server as nobody";
  const std::vector<std::string> args = {"--memory", "256M", "--threads", "4",
                                         "--solves", "1",    "--queue",   "0"};
  std::unique_ptr<Serve> serve;
  for (rlim_t threads = 2; threads < 200 && !serve; ++threads) {
    serve = std::make_unique<Serve>(args, threads);
    if (serve->port() != 0) break;
    // Too few for the server itself: it says so and exits 1 at once, never hangs.
    ASSERT_EQ(serve->exit_code(5.0), 1) << "allowed " << threads << " threads";
    serve.reset();
  }
  ASSERT_TRUE(serve) << "the server did not start as nobody";
  const auto start = Clock::now();
  const std::string answer =
      exchange(serve->port(), post(R"({"generate":{"family":"random","nodes":3000}})"));
  EXPECT_LT(seconds_since(start), 20.0);
  EXPECT_EQ(status_of(answer), 503) << answer.substr(0, 300);
  EXPECT_NE(error_of(answer)["error"].get<std::string>().find("could not start"), std::string::npos)
      << answer;
  // Still serving: the examples, and the same refusal again rather than a hang.
  EXPECT_EQ(status_of(exchange(serve->port(),
                               "GET /api/examples HTTP/1.1\r\nHost: x\r\n"
                               "Connection: close\r\n\r\n")),
            200);
  const std::string again =
      exchange(serve->port(), post(R"({"generate":{"family":"random","nodes":3000,"seed":2}})"));
  EXPECT_EQ(status_of(again), 503) << again.substr(0, 300);
  EXPECT_TRUE(serve->running());
}

// --threads beyond kMaxThreads is a usage error (exit 2), not a server that starts them.
TEST(ServeProgram, ThreadsAreCappedAtTheSharedMaximum) {
  const std::string command = fmt::format("timeout 5 {} serve --port 0 --memory 64M --threads {}",
                                          CATMOUSE_CLI, kMaxThreads + 1);
  const int status = std::system((command + " > /dev/null 2>&1").c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << status;
}

}  // namespace
}  // namespace catmouse::server
