// catmouse serve around its API: the game cache, the gate of the solves, the layout, the page's
// files; the site over real sockets (paths with dots and encodings, a body over the limit, 50
// requests at once, a stop with a request under way); and the program itself (the address it
// prints, a clean exit on SIGINT and SIGTERM, its exit codes).
#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "api.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/solve/solve.hpp"
#include "game_cache.hpp"
#include "layout.hpp"
#include "server.hpp"
#include "server_test_util.hpp"
#include "solve_gate.hpp"
#include "static_files.hpp"

extern char** environ;

namespace catmouse::server {
namespace {

using namespace catmouse::server::test;  // NOLINT: the helpers of these tests

TEST(GameCache, LeastRecentlyUsedFirstOut) {
  GameCache<int> cache(100);
  const auto add = [&](const std::string& id, std::uint64_t bytes) {
    auto room = cache.reserve(bytes);
    ASSERT_TRUE(room);
    cache.insert(id, "key " + id, std::make_shared<const int>(static_cast<int>(bytes)), bytes,
                 std::move(*room));
  };
  add("a", 40);
  add("b", 40);
  EXPECT_EQ(*cache.find("a"), 40);  // a is now the most recent
  add("c", 30);                     // b goes
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_FALSE(cache.find_key("key b"));
  EXPECT_EQ(cache.find_key("key a"), "a");
  EXPECT_EQ(cache.cached_bytes(), 70u);
  EXPECT_FALSE(cache.reserve(101));  // never fits
  {
    auto held = cache.reserve(90);  // evicts a and c
    ASSERT_TRUE(held);
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_FALSE(cache.reserve(20));  // the solve under way holds the room
  }
  EXPECT_TRUE(cache.reserve(100));
  add("d", 10);
  EXPECT_TRUE(cache.erase("d"));
  EXPECT_FALSE(cache.erase("d"));
  EXPECT_EQ(cache.cached_bytes(), 0u);
}

TEST(SolveGate, RunsThenQueuesThenRefuses) {
  SolveGate gate(1, 1);
  std::atomic<bool> second_ran = false;
  std::thread second;
  {
    const auto first = gate.enter();
    ASSERT_TRUE(first);
    second = std::thread([&] {
      const auto ticket = gate.enter();  // waits for the first
      second_ran = ticket.has_value();
    });
    while (gate.waiting() == 0) std::this_thread::yield();
    EXPECT_FALSE(gate.enter());  // the queue is full
  }                              // the first solve ends
  second.join();
  EXPECT_TRUE(second_ran);
  EXPECT_TRUE(gate.enter());
}

TEST(Layout, ForceDirectedIsFixedAndFillsTheSquare) {
  const Graph graph = read_game(kLeetCode1, "t").value().graph;
  const std::vector<Point> a = force_layout(graph);
  EXPECT_EQ(a, force_layout(graph));
  ASSERT_EQ(a.size(), 6u);
  double x0 = 1, x1 = 0, y0 = 1, y1 = 0;
  for (const Point& p : a) {
    x0 = std::min(x0, p[0]), x1 = std::max(x1, p[0]);
    y0 = std::min(y0, p[1]), y1 = std::max(y1, p[1]);
  }
  EXPECT_NEAR(std::max(x1 - x0, y1 - y0), 0.9, 1e-4);
  EXPECT_NEAR((x0 + x1) / 2, 0.5, 1e-4);
  EXPECT_NEAR((y0 + y1) / 2, 0.5, 1e-4);
  // The same numbers as the mock's reference implementation (tests/browser/mock/layout.mjs).
  const Graph four = read_game(kLeetCode2, "t").value().graph;
  const std::vector<Point> expected = {
      {0.3658, 0.6568}, {0.05, 0.8675}, {0.95, 0.1325}, {0.679, 0.3987}};
  EXPECT_EQ(force_layout(four), expected);
}

TEST(Layout, GridFamiliesOnTheirBoard) {
  const Graph grid = read_game("0 1\n1 2\n0 3\n1 4\n2 5\n3 4\n4 5\n", "t.txt").value().graph;
  // 6 nodes: 3 columns, 2 rows.
  const auto board = grid_family_layout(grid);
  ASSERT_TRUE(board);
  EXPECT_EQ((*board)[4], (Point{0.5, 0.5}));
  const Graph other = read_game("0 2\n1 2\n2 3\n", "t.txt").value().graph;
  EXPECT_FALSE(grid_family_layout(other));
}

TEST(StaticFiles, OnlyThePagesFiles) {
  const StaticFiles files = StaticFiles::load(CATMOUSE_WEB_DIR).value();
  const auto get = [&](const std::string& path, const std::string& method = "GET") {
    return files.serve(Request{method, path, {}, ""});
  };
  const Response index = get("/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_NE(index.body.find("<html"), std::string::npos);
  EXPECT_EQ(header(index, "Cache-Control"), "no-cache");
  EXPECT_EQ(get("/static/app.js").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(get("/static/style.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(get("/static/icon.svg").content_type, "image/svg+xml");
  EXPECT_EQ(get("/static/index.html").status, 200);
  EXPECT_EQ(get("/", "HEAD").status, 200);
  for (const char* path :
       {"/static/../CMakeLists.txt", "/static/../../etc/passwd", "/../CMakeLists.txt",
        "/static//etc/passwd", "/etc/passwd", "/static/", "/static/.hidden", "/static/./app.js",
        "/static/a/../app.js", "/static/app.js/", "/index.html", "/app.js", "/static/nothing.js",
        "/static/app.js\\..", "/static/%2e%2e/x.js"}) {
    EXPECT_EQ(get(path).status, 404) << path;
  }
  const Response post = get("/", "POST");
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(header(post, "Allow"), "GET, HEAD");
  EXPECT_FALSE(StaticFiles::load(CATMOUSE_EXAMPLES_DIR).ok());  // no index.html
}

// The site on a real socket, in this process.
class ServerOverHttp : public ::testing::Test {
 protected:
  void SetUp() override {
    api_ = std::make_unique<Api>(small_options(), examples());
    files_ = std::make_unique<StaticFiles>(StaticFiles::load(CATMOUSE_WEB_DIR).value());
    http_ = std::make_unique<HttpServer>(*api_, *files_, 16);
    const Result<int> port = http_->bind("127.0.0.1", 0);
    ASSERT_TRUE(port.ok());
    port_ = *port;
    thread_ = std::thread([this] { EXPECT_TRUE(http_->run().ok()); });
  }
  void TearDown() override {
    http_->stop();
    thread_.join();
  }

  // Sends `request` as it is, bytes and all, and returns the whole answer.
  std::string raw(const std::string& request) const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    for (std::size_t sent = 0; sent < request.size();) {
      const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<std::size_t>(n);
    }
    std::string answer;
    char buffer[65536];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, n);
    ::close(fd);
    return answer;
  }
  std::string get(const std::string& target) const {
    return raw("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  }

  std::unique_ptr<Api> api_;
  std::unique_ptr<StaticFiles> files_;
  std::unique_ptr<HttpServer> http_;
  int port_ = 0;
  std::thread thread_;
};

std::string status_line(const std::string& answer) {
  return answer.substr(0, answer.find("\r\n"));
}
std::string body_of(const std::string& answer) {
  const std::size_t at = answer.find("\r\n\r\n");
  return at == std::string::npos ? "" : answer.substr(at + 4);
}

TEST_F(ServerOverHttp, NoPathOutsideThePage) {
  EXPECT_EQ(status_line(get("/")), "HTTP/1.1 200 OK");
  EXPECT_EQ(status_line(get("/static/app.js")), "HTTP/1.1 200 OK");
  for (const char* target : {"/static/../CMakeLists.txt", "/static/%2e%2e/CMakeLists.txt",
                             "/static/%2E%2E/%2E%2E/etc/passwd", "/static/..%2f..%2fetc%2fpasswd",
                             "/static/%2fetc%2fpasswd", "/static//etc/passwd", "//etc/passwd",
                             "/%2e%2e/%2e%2e/etc/passwd", "/static/app.js%00.png", "/etc/passwd",
                             "/static/..\\..\\etc\\passwd", "/static/%2e/app.js"}) {
    const std::string answer = get(target);
    EXPECT_EQ(status_line(answer), "HTTP/1.1 404 Not Found") << target;
    EXPECT_EQ(answer.find("root:"), std::string::npos) << target;
    EXPECT_EQ(answer.find("cmake_minimum_required"), std::string::npos) << target;
  }
  // Methods the site does not take.
  const std::string trace =
      raw("TRACE /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(trace), "HTTP/1.1 405 Method Not Allowed");
  EXPECT_NE(trace.find("Allow: POST"), std::string::npos);
  EXPECT_EQ(status_line(raw("DELETE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
            "HTTP/1.1 405 Method Not Allowed");
  // An absolute URI in the request line names no file either.
  EXPECT_NE(status_line(get("http://x/etc/passwd")), "HTTP/1.1 200 OK");
}

TEST_F(ServerOverHttp, ABodyOverTheLimitIsRefusedWithJson) {
  const std::string text(api_->options().max_body + 1000, ' ');
  const std::string body = "{\"text\": \"" + text + "\"}";
  const std::string answer =
      raw("POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: "
          "application/json\r\nContent-Length: " +
          std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_EQ(status_line(answer), "HTTP/1.1 413 Payload Too Large");
  const Json error = Json::parse(body_of(answer));
  EXPECT_EQ(error["where"], "body");
  // Malformed JSON over HTTP too.
  const std::string bad = raw(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\n{nope");
  EXPECT_EQ(status_line(bad), "HTTP/1.1 400 Bad Request");
  EXPECT_EQ(Json::parse(body_of(bad))["error"], "the body is not valid JSON");
}

TEST_F(ServerOverHttp, FiftyRequestsAtOnceAreAllAnswered) {
  httplib::Client client("127.0.0.1", port_);
  auto first = client.Post("/api/games", Json{{"text", kLeetCode1}}.dump(), "application/json");
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 201);
  const std::string id = Json::parse(first->body)["id"];
  std::atomic<int> answered = 0;
  std::mutex failures_mutex;
  std::vector<std::string> failures;
  std::vector<std::thread> clients;
  for (int k = 0; k < 50; ++k) {
    clients.emplace_back([&, k] {
      httplib::Client c("127.0.0.1", port_);
      c.set_read_timeout(120);
      const auto request = [&]() -> std::pair<httplib::Result, int> {
        switch (k % 5) {
          case 0:  // a new game to solve
            return {
                c.Post(
                    "/api/games",
                    Json{{"generate", {{"family", "random"}, {"nodes", 30}, {"seed", k}}}}.dump(),
                    "application/json"),
                201};
          case 1:
            return {c.Get("/api/games/" + id + "/line?mouse=1&cats=2&turn=mouse"), 200};
          case 2:
            return {c.Get("/static/app.js"), 200};
          case 3:
            return {c.Get("/api/games/" + id + "/valuemap?mouse=3"), 200};
          default:
            return {c.Get("/api/games/" + id + "/position?mouse=" + std::to_string(1 + k % 5) +
                          "&cats=2&turn=cat"),
                    200};
        }
      };
      const auto [r, expected] = request();
      if (r && r->status == expected) {
        ++answered;
      } else {
        const std::lock_guard lock(failures_mutex);
        failures.push_back(fmt::format(
            "request {}: {}", k,
            r ? fmt::format("{} {}", r->status, r->body) : httplib::to_string(r.error())));
      }
    });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(answered, 50) << fmt::format("{}", fmt::join(failures, "\n"));
}

TEST(ServerStop, RequestsUnderWayAreAnswered) {
  ApiOptions options = small_options();
  options.solves = 1;
  options.queue = 1;
  Api api(options, examples());
  const StaticFiles files = StaticFiles::load(CATMOUSE_WEB_DIR).value();
  HttpServer http(api, files, 4);
  const int port = http.bind("127.0.0.1", 0).value();
  std::thread server([&] { EXPECT_TRUE(http.run().ok()); });
  auto held = api.gate().enter();  // the one solve under way: the next POST waits for its turn
  int status = 0;
  std::thread client([&] {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(120);
    const auto r = c.Post("/api/games", Json{{"text", kLeetCode2}}.dump(), "application/json");
    status = r ? r->status : -1;
  });
  while (api.gate().waiting() == 0) std::this_thread::yield();
  http.stop();   // as on SIGINT or SIGTERM: no new connection, but the POST under way ...
  held.reset();  // ... gets its turn, is solved and answered before run() returns
  server.join();
  client.join();
  EXPECT_EQ(status, 201);
}

// The program: `catmouse serve --port 0` prints where it listens, answers, and exits 0 on a
// signal.
struct Child {
  pid_t pid = -1;
  FILE* out = nullptr;
};

Child start_serve(const std::vector<std::string>& extra, const std::string& port = "0") {
  std::vector<std::string> args = {CATMOUSE_CLI, "serve", "--port", port, "--memory", "64M"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int pipe_fds[2];
  EXPECT_EQ(::pipe(pipe_fds), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  Child child;
  EXPECT_EQ(posix_spawn(&child.pid, CATMOUSE_CLI, &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  child.out = ::fdopen(pipe_fds[0], "r");
  return child;
}

std::string read_line(FILE* in) {
  std::string line;
  for (int c; (c = std::fgetc(in)) != EOF && c != '\n';) line += static_cast<char>(c);
  return line;
}

int exit_code(Child& child) {
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  std::fclose(child.out);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ServeProgram, ListensOnTheLoopbackAndStopsCleanlyOnASignal) {
  for (const int signal : {SIGTERM, SIGINT}) {
    Child child = start_serve({CATMOUSE_EXAMPLES_DIR "/leetcode2.json"});
    const std::string line = read_line(child.out);
    std::smatch match;
    ASSERT_TRUE(
        std::regex_match(line, match, std::regex(R"(listening on http://127\.0\.0\.1:(\d+)/)")))
        << line;
    const int port = std::stoi(match[1]);
    EXPECT_EQ(read_line(child.out),
              "open http://127.0.0.1:" + std::to_string(port) + "/?example=leetcode2");
    httplib::Client client("127.0.0.1", port);
    const auto examples = client.Get("/api/examples");
    ASSERT_TRUE(examples);
    EXPECT_EQ(examples->status, 200);
    EXPECT_EQ(Json::parse(examples->body)[0]["name"], "leetcode2");  // the graph given comes first
    const auto page = client.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    ::kill(child.pid, signal);
    EXPECT_EQ(exit_code(child), 0) << "signal " << signal;
  }
}

// `catmouse serve --port 0 --memory 64M ARGS...` run to its end (at most 5 s): exit code, stdout
// and stderr.
struct Ran {
  int code = -1;
  std::string out;
  std::string err;
};

Ran run_serve(const std::vector<std::string>& args, const std::string& port = "0") {
  const std::string dir = ::testing::TempDir();
  std::string command =
      fmt::format("timeout 5 {} serve --port {} --memory 64M", CATMOUSE_CLI, port);
  for (const std::string& a : args) command += " '" + a + "'";
  command += fmt::format(" > {0}serve.out 2> {0}serve.err", dir);
  const int status = std::system(command.c_str());
  Ran ran;
  ran.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  for (auto [file, text] : {std::pair{"serve.out", &ran.out}, std::pair{"serve.err", &ran.err}}) {
    std::ifstream in(dir + file);
    text->assign(std::istreambuf_iterator<char>(in), {});
  }
  return ran;
}

// A host that names no address is the user's mistake: exit 2, saying why.
TEST(ServeProgram, ABadHostIsAUsageErrorWithItsReason) {
  for (const char* host : {"nosuch..", "256.1.1.1"}) {
    const Ran ran = run_serve({"--host", host});
    EXPECT_EQ(ran.code, 2) << host << "\n" << ran.err;
    EXPECT_EQ(ran.out, "") << host;
    EXPECT_TRUE(ran.err.starts_with(fmt::format("catmouse: --host: cannot resolve '{}': ", host)))
        << ran.err;
    EXPECT_GT(ran.err.size(), fmt::format("catmouse: --host: cannot resolve '{}': \n", host).size())
        << "no reason: " << ran.err;
  }
}

// A port taken is the machine's: exit 1, naming the address and the reason.
TEST(ServeProgram, ATakenPortIsAFailureWithItsReason) {
  Api api(small_options(), examples());
  const StaticFiles files = StaticFiles::load(CATMOUSE_WEB_DIR).value();
  HttpServer holder(api, files, 2);
  const Result<int> port = holder.bind("127.0.0.1", 0);
  ASSERT_TRUE(port.ok());
  const Ran ran = run_serve({}, std::to_string(*port));
  EXPECT_EQ(ran.code, 1);
  EXPECT_EQ(ran.out, "");
  EXPECT_EQ(
      ran.err,
      fmt::format("catmouse: cannot listen on 127.0.0.1:{}: Address already in use\n", *port));
}

// A GRAPH that cannot be read is named with the reason, exit 2, nothing on stdout.
TEST(ServeProgram, AGraphThatCannotBeReadIsNamedWithTheReason) {
  const std::string folder = ::testing::TempDir();
  const std::string missing = folder + "no-such-board.json";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {folder, fmt::format("catmouse: {}: is a directory\n", folder)},
      {missing, fmt::format("catmouse: {}: cannot open: No such file or directory\n", missing)},
  };
  for (const auto& [path, message] : cases) {
    const Ran ran = run_serve({path});
    EXPECT_EQ(ran.code, 2) << path;
    EXPECT_EQ(ran.out, "") << path;
    EXPECT_EQ(ran.err, message);
  }
}

TEST(ServeProgram, ABadBoardIsAUsageError) {
  // It must exit at once; one that serves anyway is stopped, so that the test fails, not hangs.
  Child bad = start_serve({CATMOUSE_TEST_DATA "/../../README.md"});
  const std::string line = read_line(bad.out);
  if (!line.empty()) ::kill(bad.pid, SIGTERM);
  EXPECT_EQ(line, "");
  EXPECT_EQ(exit_code(bad), 2);
}

}  // namespace
}  // namespace catmouse::server
