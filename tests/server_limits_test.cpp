// The server under hostile clients, over real sockets: one shared memory budget (a text naming a
// huge board, a generated graph too large to send, a game whose estimate is far off), answers of
// a bounded size, slow clients that cannot hold the threads (slowloris), a stop on SIGTERM that
// does not wait for a solve, and every refusal as JSON with its status, from the API or from the
// HTTP layer (405, 413 before the body is read, two Content-Lengths, a half-closed connection).
// The programs' peak memory (VmHWM) is checked against --memory plus kOverhead.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "api.hpp"
#include "sanitized.hpp"
#include "server.hpp"
#include "server_process.hpp"
#include "server_test_util.hpp"
#include "static_files.hpp"

namespace catmouse::server {
namespace {

using namespace catmouse::server::test;  // NOLINT: the helpers of these tests

using test_build::kSanitized;

// What the server process may hold beyond --memory: the program, its threads, its buffers (and
// under a sanitizer its shadow memory and quarantine, ASan's 256 MiB by default). Still far below
// the gigabytes an unbounded request reaches.
constexpr std::uint64_t kOverhead = std::uint64_t{kSanitized ? 768 : 64} << 20;

// S1: a few bytes of text naming a board of 3e9 nodes are refused at once, as the CLI refuses
// them, before anything of that size is allocated.
TEST(ServerBudget, ATextNamingAHugeBoardIsRefusedAtOnce) {
  Serve serve({"--memory", "64M"});
  const auto start = Clock::now();
  const std::string answer =
      exchange(serve.port(), post(R"({"text":"nodes 3000000000\n0 1\n1 2\n"})"));
  EXPECT_LT(seconds_since(start), 5.0);
  EXPECT_EQ(status_of(answer), 413) << answer;
  EXPECT_EQ(error_of(answer)["where"], "line 1, column 7, memory_limit");
  EXPECT_LE(serve.peak_bytes(), (std::uint64_t{64} << 20) + kOverhead);
}

// S2: a complete graph of 5000 nodes (12.5 million edges) is refused before it is generated,
// and a few at once do not add up.
TEST(ServerBudget, AGeneratedGraphTooLargeToSendIsRefusedBeforeItIsMade) {
  Serve serve({"--memory", "256M", "--solves", "3"});
  const std::string request = post(R"({"generate":{"family":"complete","nodes":5000}})");
  std::vector<std::thread> clients;
  std::vector<std::string> answers(3);
  const auto start = Clock::now();
  for (std::string& answer : answers) {
    clients.emplace_back([&] { answer = exchange(serve.port(), request); });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_LT(seconds_since(start), 5.0);
  for (const std::string& answer : answers) {
    EXPECT_EQ(status_of(answer), 413) << answer.substr(0, 300);
    EXPECT_EQ(error_of(answer.substr(0, 4096))["where"], "generate");
  }
  EXPECT_LE(serve.peak_bytes(), (std::uint64_t{256} << 20) + kOverhead);
}

// S1-S3 under a flood: rounds of concurrent requests for the largest graphs the server draws
// (complete graphs of 447 nodes: 100,000 edges and an answer of 1 MB each), random graphs of
// 3,000 nodes (tables of 50 MB) and three cats on grids, far more than --memory together. Every
// answer is a game or a JSON refusal (413, 503), none hangs, and the server's peak stays within
// --memory plus kOverhead: the graphs, the games being built, the answers being sent and the
// cached games all take their bytes from the one budget, and the memory goes back after.
TEST(ServerBudget, AFloodOfRequestsStaysWithinTheBudget) {
  constexpr std::uint64_t kMemory = std::uint64_t{200} << 20;
  // Six solves at once and six waiting, as a machine of six cores would run: the requests under
  // way are many, whatever the machine running the test.
  Serve serve({"--memory", "200M", "--solves", "6", "--queue", "6", "--threads", "1"});
  const auto start = Clock::now();
  int games = 0;
  // Under a sanitizer the server is several times slower: one round, with more time per request.
  const int rounds = kSanitized ? 1 : 3;
  const int timeout = kSanitized ? 120 : 30;
  for (int round = 0; round < rounds; ++round) {
    std::vector<std::string> bodies;
    for (int k = 0; k < 12; ++k) {
      bodies.push_back(fmt::format(
          R"({{"generate":{{"family":"complete","nodes":447,"seed":{}}}}})", 100 * round + k));
    }
    for (int k = 0; k < 6; ++k) {
      bodies.push_back(fmt::format(R"({{"generate":{{"family":"random","nodes":3000,"seed":{}}}}})",
                                   100 * round + k));
    }
    for (int k = 0; k < 4; ++k) {
      bodies.push_back(fmt::format(
          R"({{"generate":{{"family":"grid","nodes":36,"seed":{}}},"rules":{{"cats":3}}}})",
          100 * round + k));
    }
    std::vector<std::string> answers(bodies.size());
    std::vector<std::thread> clients;
    for (std::size_t k = 0; k < bodies.size(); ++k) {
      clients.emplace_back(
          [&, k] { answers[k] = exchange(serve.port(), post(bodies[k]), false, timeout); });
    }
    for (std::thread& t : clients) t.join();
    for (std::size_t k = 0; k < answers.size(); ++k) {
      const int status = status_of(answers[k]);
      if (status == 201) {
        ++games;
        continue;
      }
      EXPECT_TRUE(status == 413 || status == 503) << bodies[k] << "\n" << answers[k].substr(0, 300);
      error_of(answers[k].substr(0, 4096));
    }
  }
  EXPECT_GT(games, 0);
  if (!kSanitized) {
    EXPECT_LT(seconds_since(start), 90.0);
  }
  EXPECT_LE(serve.peak_bytes(), kMemory + kOverhead)
      << "peak " << (serve.peak_bytes() >> 20) << " MiB";
}

// A request takes the bytes of its graph, its game and its answer from the budget before they are
// allocated: a complete graph of 447 nodes (100,000 edges, an answer of 1 MB in a JSON document
// of about 14 MB) does not fit in 20 MiB although its table does, and is refused before it is
// made. Within the budget, the answer holds its bytes until it is sent.
TEST(ServerBudget, GraphsGamesAndAnswersTakeTheirBytesFromTheBudget) {
  const std::string complete = Json{{"generate", {{"family", "complete"}, {"nodes", 447}}}}.dump();
  {
    ApiOptions options = small_options();
    options.memory = std::uint64_t{20} << 20;
    Api api(options, examples());
    expect_error(call(api, "POST", "/api/games", complete), 413, "", "this graph needs about");
    EXPECT_EQ(api.cache().reserved_bytes(), 0u);
  }
  Api api(small_options(), examples());
  Response answer = call(api, "POST", "/api/games", complete);
  ASSERT_EQ(answer.status, 201) << answer.body.substr(0, 300);
  EXPECT_TRUE(answer.hold);
  EXPECT_GE(api.cache().reserved_bytes(), answer.body.size());
  const std::string id = json_of(answer)["id"];
  answer = {};  // sent
  EXPECT_EQ(api.cache().reserved_bytes(), 0u);
  Response again = call(api, "GET", "/api/games/" + id);
  EXPECT_TRUE(again.hold);
  EXPECT_GE(api.cache().reserved_bytes(), again.body.size());
  again = {};
  EXPECT_EQ(api.cache().reserved_bytes(), 0u);
  EXPECT_LE(api.cache().peak_bytes(), small_options().memory);
}

// Bounded answers: a game whose answer would pass max_response is refused, not sent.
TEST(ServerBudget, AnAnswerOverTheLimitIsRefused) {
  ApiOptions options = small_options();
  options.max_response = 200;
  Api api(options, examples());
  const Response r = call(api, "POST", "/api/games",
                          Json{{"generate", {{"family", "cycle"}, {"nodes", 60}}}}.dump());
  expect_error(r, 413, "", "this server sends at most");
  EXPECT_LT(r.body.size(), 200u);
}

// S3: 20 cats on LeetCode's first board, under 500 MB: an answer (a refusal or the game) within
// seconds, never more memory than the budget.
TEST(ServerBudget, ManyCatsAreAnsweredWithinTheBudget) {
  Serve serve({"--memory", "500M", "--threads", "1"});
  const auto start = Clock::now();
  const std::string answer =
      exchange(serve.port(), post(R"({"example":"leetcode1","rules":{"cats":20}})"));
  EXPECT_LT(seconds_since(start), 10.0);
  const int status = status_of(answer);
  EXPECT_TRUE(status == 201 || status == 413 || status == 422) << answer;
  if (status != 201) {
    error_of(answer);
  }
  EXPECT_LE(serve.peak_bytes(), (std::uint64_t{500} << 20) + kOverhead);
}

// A solve is cancelled when the process outgrows its budget, whatever the estimate said: here
// the process has grown by more than --memory plus the slack since the Api was made.
TEST(ServerBudget, ASolveOutgrowingTheBudgetIsCancelled) {
  ApiOptions options = small_options();
  options.memory = std::uint64_t{1} << 20;
  Api api(options, examples());
  std::vector<char> held(std::size_t{100} << 20);
  for (std::size_t i = 0; i < held.size(); i += 4096) held[i] = 1;  // resident, not just reserved
  expect_error(call(api, "POST", "/api/games", Json{{"text", kLeetCode1}}.dump()), 413, "",
               "more memory than its estimate");
  held = {};
  EXPECT_EQ(api.cache().size(), 0u);
}

// Once the server stops, no new solve starts, and those waiting for a turn are sent away.
TEST(ServerStop, AStoppingServerSendsSolvesAway) {
  ApiOptions options = small_options();
  options.solves = 1;
  Api api(options, examples());
  auto held = api.gate().enter();
  Response waiting;
  std::thread client([&] {
    waiting = call(api, "POST", "/api/games", Json{{"text", kLeetCode2}}.dump());
  });
  while (api.gate().waiting() == 0) std::this_thread::yield();
  api.shut_down();
  client.join();
  expect_error(waiting, 503, "");
  held.reset();
  expect_error(call(api, "POST", "/api/games", Json{{"text", kLeetCode1}}.dump()), 503, "");
}

// S3: SIGTERM stops the server within seconds while a long solve is under way.
TEST(ServerStop, SigtermDoesNotWaitForALongSolve) {
  Serve serve({"--memory", "256M", "--threads", "1"});
  std::thread client([&] {
    // Ten cats on the Petersen graph: far longer than this test.
    exchange(serve.port(), post(R"({"example":"petersen","rules":{"cats":10}})"));
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto [seconds, code] = serve.terminate(6.0);
  client.join();
  EXPECT_GE(seconds, 0) << "still running 6 s after SIGTERM";
  EXPECT_EQ(code, 0);
}

// S4: numbers out of range name their member (not a 500).
TEST(ServerErrors, ANumberOutOfRangeIsABadRequestNamingTheMember) {
  Serve serve({"--memory", "64M"});
  for (const auto& [body, where] : std::vector<std::pair<std::string, std::string>>{
           {R"({"example":"leetcode1","rules":{"cats":1e999}})", "rules.cats"},
           {R"({"generate":{"family":"random","nodes":1e999}})", "generate.nodes"},
           {R"({"generate":{"family":"random","nodes":10,"degree":-1e999}})", "generate.degree"}}) {
    const std::string answer = exchange(serve.port(), post(body));
    EXPECT_EQ(status_of(answer), 400) << body << "\n" << answer;
    EXPECT_EQ(error_of(answer)["where"], where) << body;
  }
}

// S5: a board text with bytes beyond ASCII is a bad request whose message is valid UTF-8.
TEST(ServerErrors, NonAsciiBoardTextIsABadRequest) {
  Serve serve({"--memory", "64M"});
  for (const char* body :
       {R"({"text":"[[é]]"})", R"({"text":"0 1\n1 é\n"})", R"({"text":"[[1],[0,2],[1]] 日本"})"}) {
    const std::string answer = exchange(serve.port(), post(body));
    EXPECT_EQ(status_of(answer), 400) << body << "\n" << answer;
    error_of(answer);
  }
}

// S6: 14 connections sending a byte every 3 s (slowloris) hold no thread for long: other
// requests are answered at once all along, and the slow connections are closed.
TEST(ServerSlowClients, SlowlorisCannotBlockOtherRequests) {
  Serve serve({"--memory", "64M", "--solves", "1", "--queue", "1"});
  const std::string head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n";
  std::vector<int> slow;
  for (int k = 0; k < 14; ++k) slow.push_back(connect_to(serve.port()));
  std::vector<bool> closed(slow.size(), false);
  std::size_t sent = 0;  // a byte of each every 3 s
  const Probes probes = probe_examples(serve.port(), 9.0, 0.3, 3, [&](double elapsed) {
    if (elapsed < 3.0 * static_cast<double>(sent) || sent >= head.size()) return;
    for (std::size_t k = 0; k < slow.size(); ++k) {
      if (!closed[k] && ::send(slow[k], &head[sent], 1, MSG_NOSIGNAL) != 1) closed[k] = true;
    }
    ++sent;
  });
  EXPECT_EQ(probes.answered, probes.asked);
  EXPECT_LT(probes.slowest, 1.5);
  // The server has given up on every slow connection: reading finds its end.
  for (std::size_t k = 0; k < slow.size(); ++k) {
    timeval quick{0, 200000};
    ::setsockopt(slow[k], SOL_SOCKET, SO_RCVTIMEO, &quick, sizeof quick);
    char byte;
    const ssize_t n = ::recv(slow[k], &byte, 1, 0);
    EXPECT_TRUE(n == 0 || (n < 0 && errno == ECONNRESET)) << "connection " << k << " still open";
    ::close(slow[k]);
  }
  EXPECT_LE(serve.peak_bytes(), (std::uint64_t{64} << 20) + kOverhead);
}

// PUT and PATCH on the API, with a body or none (no Content-Length): 405 with Allow, at once.
TEST(ServerErrors, MethodsTheApiDoesNotTakeAre405) {
  Serve serve({"--memory", "64M"});
  for (const char* method : {"PUT", "PATCH"}) {
    for (const char* body : {"", "Content-Length: 2\r\n\r\n{}"}) {
      const auto start = Clock::now();
      const std::string answer = exchange(
          serve.port(), fmt::format("{} /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{}",
                                    method, *body ? body : "\r\n"));
      EXPECT_LT(seconds_since(start), 2.0);
      EXPECT_EQ(status_of(answer), 405) << method << "\n" << answer;
      EXPECT_NE(answer.find("Allow: POST"), std::string::npos) << answer;
      error_of(answer);
    }
  }
}

// A body announced over the limit is refused as soon as its headers arrive: 413, not after
// reading 100 MB, and not 400.
TEST(ServerErrors, ABodyAnnouncedOverTheLimitIsRefusedBeforeItIsRead) {
  Serve serve({"--memory", "64M"});
  const auto start = Clock::now();
  const std::string answer =
      exchange(serve.port(),
               "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               "Content-Length: 100000000\r\n\r\n{\"text\":");
  EXPECT_LT(seconds_since(start), 2.0);
  EXPECT_EQ(status_of(answer), 413) << answer;
  EXPECT_EQ(error_of(answer)["where"], "body");
}

// Two Content-Length headers that disagree make the request ambiguous: 400.
TEST(ServerErrors, ConflictingContentLengthsAreABadRequest) {
  Serve serve({"--memory", "64M"});
  const std::string body = Json{{"text", kLeetCode2}}.dump();
  const std::string answer = exchange(
      serve.port(), fmt::format("POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                "Content-Length: {}\r\nContent-Length: 5\r\n\r\n{}",
                                body.size(), body));
  EXPECT_EQ(status_of(answer), 400) << answer;
  EXPECT_EQ(error_of(answer)["where"], "Content-Length");
}

// A client that shuts down its sending side once its request is sent still gets the answer.
TEST(ServerErrors, AHalfClosedConnectionIsAnswered) {
  Serve serve({"--memory", "64M"});
  const std::string answer = exchange(
      serve.port(), "GET /api/examples HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", true);
  EXPECT_EQ(status_of(answer), 200) << answer;
  const std::string game = exchange(serve.port(), post(Json{{"text", kLeetCode2}}.dump()), true);
  EXPECT_EQ(status_of(game), 201) << game;
}

// A key given twice in one object of the body is refused as in a board file, naming the member
// (nlohmann alone would keep the last value).
TEST(ServerErrors, DuplicateKeysAreABadRequest) {
  Serve serve({"--memory", "64M"});
  for (const auto& [body, where] : std::vector<std::pair<std::string, std::string>>{
           {R"({"example":"leetcode1","example":"leetcode2"})", "example"},
           {R"({"example":"leetcode1","rules":{"cats":2,"cats":3}})", "rules.cats"},
           {R"({"example":"leetcode1","rules":{"cats":2,"c\u0061ts":3}})", "rules.cats"},
           {R"({"generate":{"family":"grid","nodes":9,"nodes":16}})", "generate.nodes"},
           {R"({"text":"[[1],[0]]","rules":{"holes":[{"a":1}],"mouse":1,"mouse":1}})",
            "rules.mouse"}}) {
    const std::string answer = exchange(serve.port(), post(body));
    EXPECT_EQ(status_of(answer), 400) << body << "\n" << answer;
    const Json error = error_of(answer);
    EXPECT_EQ(error["where"], where) << body;
    EXPECT_NE(error["error"].get<std::string>().find("duplicate key"), std::string::npos) << body;
  }
  // The same key in two objects is no duplicate.
  const std::string answer = exchange(
      serve.port(), post(R"({"generate":{"family":"grid","nodes":9},"rules":{"mouse":1}})"));
  EXPECT_EQ(status_of(answer), 201) << answer;
}

// Refusals made by the HTTP layer itself are JSON like the API's.
TEST(ServerErrors, TheHttpLayersErrorsAreJson) {
  Serve serve({"--memory", "64M"});
  const std::string garbage = exchange(serve.port(), "NOT A REQUEST\r\n\r\n");
  EXPECT_EQ(status_of(garbage), 400) << garbage;
  error_of(garbage);
  const std::string long_uri =
      exchange(serve.port(), "GET /api/" + std::string(20000, 'a') +
                                 " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_of(long_uri), 414) << long_uri.substr(0, 300);
  error_of(long_uri);
  // Headers over 8 KiB: one long line of 9 KB, or 60 KB in many short ones.
  std::string many;
  for (int k = 0; k < 600; ++k) many += fmt::format("X-Header-{}: {}\r\n", k, std::string(90, 'a'));
  for (const std::string& headers : {"X-Big: " + std::string(9000, 'a') + "\r\n", many}) {
    const auto start = Clock::now();
    const std::string answer =
        exchange(serve.port(), "GET /api/examples HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" +
                                   headers + "\r\n");
    EXPECT_LT(seconds_since(start), 2.0);
    EXPECT_EQ(status_of(answer), 431) << answer.substr(0, 300);
    error_of(answer);
  }
  // Headers just under the limit are served.
  const std::string fits = exchange(
      serve.port(), "GET /api/examples HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: " +
                        std::string(7000, 'a') + "\r\n\r\n");
  EXPECT_EQ(status_of(fits), 200) << fits.substr(0, 300);
}

}  // namespace
}  // namespace catmouse::server
