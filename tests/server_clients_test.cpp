// Clients that send what no well-behaved client would, over real sockets: bodies shorter than
// their Content-Length (the connection closing, half-closed or gone quiet), Content-Length beside
// Transfer-Encoding, a query parameter given twice, and 150 slow connections, which must leave
// other requests answered at once; and where one request ends (RequestFrame) byte by byte.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "request_frame.hpp"
#include "server_process.hpp"
#include "server_test_util.hpp"

namespace catmouse::server {
namespace {

using namespace catmouse::server::test;  // NOLINT: the helpers of these tests

// 23 bytes: the body of the reproducer, sent under a Content-Length of 100.
const std::string kBody = R"({"example":"leetcode2"})";

std::string head(const std::string& headers) {
  return "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + headers + "\r\n";
}

// A body cut short and the connection half-closed: 400 at once, never the game of the part read.
TEST(ServerBodies, AShortBodyIsRefusedWhenTheClientStopsSending) {
  Serve serve({"--memory", "64M"});
  const auto start = Clock::now();
  const std::string answer =
      exchange(serve.port(), head("Content-Length: 100\r\n") + kBody, /*half_close=*/true);
  EXPECT_LT(seconds_since(start), 1.0);
  EXPECT_EQ(status_of(answer), 400) << answer;
  const Json error = error_of(answer);
  EXPECT_EQ(error["where"], "Content-Length");
  EXPECT_NE(error["error"].get<std::string>().find("after 23 of the 100 bytes"), std::string::npos)
      << answer;
}

// The same with the connection left open: 400 once the read times out (2 s without a byte).
TEST(ServerBodies, AShortBodyIsRefusedWhenTheReadTimesOut) {
  Serve serve({"--memory", "64M"});
  const auto start = Clock::now();
  const std::string answer = exchange(serve.port(), head("Content-Length: 100\r\n") + kBody);
  const double waited = seconds_since(start);
  EXPECT_GE(waited, 1.5);
  EXPECT_LT(waited, 4.0);
  EXPECT_EQ(status_of(answer), 400) << answer;
  EXPECT_EQ(error_of(answer)["where"], "Content-Length");
}

// Content-Length and Transfer-Encoding together: which one frames the body is ambiguous.
TEST(ServerBodies, ContentLengthBesideTransferEncodingIsABadRequest) {
  Serve serve({"--memory", "64M"});
  const std::string chunked = fmt::format("{:x}\r\n{}\r\n0\r\n\r\n", kBody.size(), kBody);
  for (const std::string& headers :
       {fmt::format("Content-Length: {}\r\nTransfer-Encoding: chunked\r\n", chunked.size()),
        fmt::format("Transfer-Encoding: chunked\r\nContent-Length: {}\r\n", kBody.size())}) {
    const std::string answer = exchange(serve.port(), head(headers) + chunked);
    EXPECT_EQ(status_of(answer), 400) << headers << answer;
    EXPECT_EQ(error_of(answer)["where"], "Transfer-Encoding") << headers;
  }
  // Either alone is a request like any other.
  EXPECT_EQ(status_of(exchange(serve.port(), head("Transfer-Encoding: chunked\r\n") + chunked)),
            201);
  EXPECT_EQ(status_of(exchange(serve.port(), post(kBody))), 201);
  // A chunked body over the limit is refused as a long Content-Length is.
  const std::string big(std::size_t{1} << 20, ' ');
  const std::string answer = exchange(serve.port(), head("Transfer-Encoding: chunked\r\n") +
                                                        fmt::format("{:x}\r\n", big.size() + 1));
  EXPECT_EQ(status_of(answer), 413) << answer;
  EXPECT_EQ(error_of(answer)["where"], "body");
}

// A parameter given twice does not silently take the first: 400 naming it.
TEST(ServerBodies, ARepeatedParameterIsABadRequestNamingIt) {
  Serve serve({"--memory", "64M"});
  const std::string game = exchange(serve.port(), post(kBody));
  ASSERT_EQ(status_of(game), 201) << game;
  const std::string id = Json::parse(game.substr(game.find("\r\n\r\n") + 4))["id"];
  const auto get = [&](const std::string& query) {
    return exchange(serve.port(),
                    fmt::format("GET /api/games/{}/position?{} HTTP/1.1\r\nHost: x\r\n"
                                "Connection: close\r\n\r\n",
                                id, query));
  };
  EXPECT_EQ(status_of(get("mouse=1&cats=2")), 200);
  for (const auto& [query, name] : std::vector<std::pair<std::string, std::string>>{
           {"mouse=1&cats=2&mouse=3", "mouse"},
           {"mouse=1&cats=2&turn=cat&turn=mouse", "turn"},
           {"cats=2&mouse=1&cats=2", "cats"}}) {
    const std::string answer = get(query);
    EXPECT_EQ(status_of(answer), 400) << query << "\n" << answer;
    const Json error = error_of(answer);
    EXPECT_EQ(error["where"], name) << query;
    EXPECT_NE(error["error"].get<std::string>().find("more than once"), std::string::npos);
  }
}

// Requests sent back to back on one connection are answered in order, each read to its own end;
// a client that waits for 100 Continue gets it before it sends its body.
TEST(ServerBodies, PipelinedRequestsAndContinue) {
  Serve serve({"--memory", "64M"});
  const std::string examples = "GET /api/examples HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string game = fmt::format(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{}", kBody.size(), kBody);
  const std::string answer =
      exchange(serve.port(), examples + game + examples +
                                 "DELETE /api/games/g1 HTTP/1.1\r\nHost: x\r\n"
                                 "Connection: close\r\n\r\n");
  std::vector<int> statuses;
  for (std::size_t at = answer.find("HTTP/1.1 "); at != std::string::npos;
       at = answer.find("HTTP/1.1 ", at + 1)) {
    statuses.push_back(std::atoi(answer.c_str() + at + 9));
  }
  EXPECT_EQ(statuses, (std::vector<int>{200, 201, 200, 204})) << answer.substr(0, 400);

  const int fd = connect_to(serve.port(), 5);
  send_all(fd, head(fmt::format("Expect: 100-continue\r\nContent-Length: {}\r\n", kBody.size())));
  char interim[64] = {};
  const ssize_t n = ::recv(fd, interim, sizeof interim - 1, 0);
  EXPECT_EQ(std::string(interim, n > 0 ? static_cast<std::size_t>(n) : 0),
            "HTTP/1.1 100 Continue\r\n\r\n");
  send_all(fd, kBody);
  const std::string created = read_all(fd);
  ::close(fd);
  EXPECT_EQ(status_of(created), 201) << created.substr(0, 300);
  EXPECT_EQ(created.find("100 Continue"), std::string::npos) << "sent twice";
}

// 150 connections on 127.0.0.1, each sending a byte of a request every second (slowloris, far
// more than the threads that answer requests): a normal request is answered within a second all
// along. Before the connection loop, each held a thread for 5 s and such a request waited for
// tens of seconds.
TEST(ServerSlowClients, HundredAndFiftySlowConnectionsLeaveRequestsAnswered) {
  Serve serve({"--memory", "64M", "--solves", "1", "--queue", "1"});
  const std::string slow_head =
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      "Content-Length: 100\r\n\r\n";
  std::vector<int> slow;
  for (int k = 0; k < 150; ++k) slow.push_back(connect_to(serve.port(), 2));
  std::size_t sent = 0;  // a byte of each a second
  const Probes probes = probe_examples(serve.port(), 4.0, 0.2, 2, [&](double elapsed) {
    for (; sent < 4 && static_cast<double>(sent) <= elapsed; ++sent) {
      for (int fd : slow) ::send(fd, &slow_head[sent], 1, MSG_NOSIGNAL);
    }
  });
  for (int fd : slow) ::close(fd);
  EXPECT_GE(probes.asked, 8);
  EXPECT_EQ(probes.answered, probes.asked);
  EXPECT_LT(probes.slowest, 1.0);
}

// 40 clients that ask for the page's script five times over and never read (a receive window of
// a few kilobytes): what the socket does not take is left to the connection loop, and other
// requests are answered at once. Before, each such connection held a thread for 5 s per stalled
// write.
TEST(ServerSlowClients, ClientsThatDoNotReadHoldNoThread) {
  Serve serve({"--memory", "64M", "--solves", "1", "--queue", "1"});
  std::string requests;
  for (int k = 0; k < 5; ++k) requests += "GET /static/app.js HTTP/1.1\r\nHost: x\r\n\r\n";
  std::vector<int> stalled;
  for (int k = 0; k < 40; ++k) {
    stalled.push_back(connect_to(serve.port(), 2, 4096));
    send_all(stalled.back(), requests);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const Probes probes = probe_examples(serve.port(), 2.5, 0.2, 2);
  for (int fd : stalled) ::close(fd);
  EXPECT_GE(probes.asked, 5);
  EXPECT_EQ(probes.answered, probes.asked);
  EXPECT_LT(probes.slowest, 1.0);
}

// The loop's bound on connections, here 72 (a server allowed 200 files keeps 128 for the rest):
// past it, a connection idle the longest gives way to a new one; with none idle, the new one is
// answered 503 at once.
TEST(ServerSlowClients, ConnectionsBeyondTheBoundAreRefusedOrTakeAnIdlesPlace) {
  rlimit files{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &files), 0);
  rlimit few = files;
  few.rlim_cur = 200;
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &few), 0);
  Serve serve({"--memory", "64M"});  // inherits the limit
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &files), 0);
  constexpr int kBound = 200 - 64 - 64;
  const auto open = [&](const std::string& bytes) {
    std::vector<int> fds;
    for (int k = 0; k < kBound; ++k) {
      fds.push_back(connect_to(serve.port(), 2));
      send_all(fds.back(), bytes);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // all accepted and read
    return fds;
  };
  // Every connection in the middle of a request: the next one is refused.
  std::vector<int> busy = open("GET /api/examples HTTP/1.1\r\n");
  const std::string refused = exchange(serve.port(), "", false, 2);
  EXPECT_EQ(status_of(refused), 503) << refused;
  EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos) << refused;
  EXPECT_NE(error_of(refused)["error"].get<std::string>().find("too many connections"),
            std::string::npos);
  for (int fd : busy) ::close(fd);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  // Every connection idle: the oldest gives way, and the request is answered.
  std::vector<int> idle = open("");
  EXPECT_EQ(status_of(exchange(serve.port(),
                               "GET /api/examples HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                               false, 2)),
            200);
  char byte = 0;
  EXPECT_EQ(::recv(idle.front(), &byte, 1, 0), 0) << "the oldest idle connection is still open";
  for (int fd : idle) ::close(fd);
}

// Bodies being read take their announced length from 32 MiB: 32 bodies of 1 MiB announced and
// not sent fill it, and the 33rd is answered 503 as its headers arrive.
TEST(ServerSlowClients, BodiesBeingReadShareABudget) {
  Serve serve({"--memory", "64M"});
  const std::string announce = head("Content-Length: 1048576\r\n");
  std::vector<int> waiting;
  for (int k = 0; k < 32; ++k) {
    waiting.push_back(connect_to(serve.port(), 2));
    send_all(waiting.back(), announce);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::string refused = exchange(serve.port(), announce, false, 2);
  EXPECT_EQ(status_of(refused), 503) << refused;
  EXPECT_NE(error_of(refused)["error"].get<std::string>().find("busy reading"), std::string::npos);
  for (int fd : waiting) ::close(fd);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // their room given back
  EXPECT_EQ(status_of(exchange(serve.port(), post(kBody))), 201);
}

// RequestFrame alone: where a request ends whatever the pieces it arrives in, and why one is
// refused before it takes a thread.
RequestFrame::Scan scan_in_pieces(RequestFrame& frame, const std::string& request,
                                  std::string& bytes) {
  RequestFrame::Scan scanned = RequestFrame::Scan::kIncomplete;
  for (char c : request) {
    bytes += c;
    scanned = frame.scan(bytes);
    if (scanned != RequestFrame::Scan::kIncomplete) break;
  }
  return scanned;
}

TEST(RequestFrame, EndsWhereTheRequestEndsByteByByte) {
  const std::string next = "GET / HTTP/1.1\r\n\r\n";
  const std::string chunked =
      "POST / HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n"
      "5;x=y\r\nhello\r\n1A\r\n" +
      std::string(26, 'b') + "\r\n0\r\n\r\n";
  for (const std::string& request :
       {std::string("GET /api/examples HTTP/1.1\r\nHost: x\r\n\r\n"),
        std::string("POST / HTTP/1.1\r\ncontent-length: 5\r\nContent-Length:  5 \r\n\r\nhello"),
        chunked}) {
    RequestFrame frame(1 << 20);
    std::string bytes;
    ASSERT_EQ(scan_in_pieces(frame, request + next, bytes), RequestFrame::Scan::kComplete)
        << request;
    EXPECT_EQ(frame.size(), request.size()) << request;
    EXPECT_EQ(bytes, request);
  }
  // Expect: 100-continue is answered by the loop and taken out of what httplib reads.
  RequestFrame frame(1 << 20);
  std::string bytes = "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n";
  EXPECT_EQ(frame.scan(bytes), RequestFrame::Scan::kIncomplete);
  EXPECT_TRUE(frame.expects_continue());
  EXPECT_TRUE(frame.in_body());
  bytes += "{}";
  EXPECT_EQ(frame.scan(bytes), RequestFrame::Scan::kComplete);
  EXPECT_EQ(bytes, "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}");
}

TEST(RequestFrame, RefusesWhatIsAmbiguousOrTooLarge) {
  struct Case {
    std::string request;
    int status;
    std::string where;
  };
  const std::string post = "POST / HTTP/1.1\r\n";
  const std::vector<Case> cases = {
      {"GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n", 414, ""},
      {"GET / HTTP/1.1\r\nX: " + std::string(9000, 'a') + "\r\n\r\n", 431, ""},
      {"GET / HTTP/1.1\nHost: x\n\n", 400, ""},
      {"GET / HTTP/1.1\r\nHost: x\n\r\n", 400, ""},
      {"GET / HTTP/1.1\r\nContent-Length : 5\r\n\r\n", 400, ""},
      {"GET / HTTP/1.1\r\nno colon\r\n\r\n", 400, ""},
      {post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, "Content-Length"},
      {post + "Content-Length: %35\r\n\r\n", 400, "Content-Length"},
      {post + "Content-Length: -1\r\n\r\n", 400, "Content-Length"},
      {post + "Content-Length: 99999999999999999999999\r\n\r\n", 413, "body"},
      {post + "Content-Length: 1048577\r\n\r\n", 413, "body"},
      {post + "Transfer-Encoding: gzip\r\n\r\n", 400, "Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
       "Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400, "Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\n\r\n0x5\r\n", 400, "Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 400, "Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\n\r\n0\r\nX-Trailer: 1\r\n\r\n", 400,
       "Transfer-Encoding"},
      {post + "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFFFF\r\n", 413, "body"},
  };
  for (const Case& c : cases) {
    RequestFrame frame(1 << 20);
    std::string bytes;
    ASSERT_EQ(scan_in_pieces(frame, c.request, bytes), RequestFrame::Scan::kRefused)
        << c.request.substr(0, 120);
    EXPECT_EQ(frame.refusal().status, c.status) << c.request.substr(0, 120);
    EXPECT_EQ(frame.refusal().where, c.where) << c.request.substr(0, 120);
  }
  // What a body cut short says.
  RequestFrame frame(1 << 20);
  std::string bytes = post + "Content-Length: 100\r\n\r\n" + kBody;
  EXPECT_EQ(frame.scan(bytes), RequestFrame::Scan::kIncomplete);
  EXPECT_EQ(frame.truncated(false).message,
            "the body ended after 23 of the 100 bytes its Content-Length announces");
  EXPECT_EQ(frame.truncated(true).where, "Content-Length");
}

}  // namespace
}  // namespace catmouse::server
