#include "server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace catmouse::server {

namespace {

// Bodies up to this size are read to the end before a 413, so that the client, still sending,
// is not cut off before it reads the answer; larger ones are refused as soon as announced.
constexpr std::size_t kDrainLimit = std::size_t{64} << 20;

Request request_of(const httplib::Request& req, std::string body) {
  Request out{req.method, req.path, {}, std::move(body)};
  for (const auto& [name, value] : req.params) out.query.emplace(name, value);  // first wins
  return out;
}

void send(const Response& response, httplib::Response& res) {
  res.status = response.status;
  for (const auto& [name, value] : response.headers) res.set_header(name, value);
  res.set_content(response.body, response.content_type);
}

bool is_api(const std::string& path) {
  return path == "/api" || path.starts_with("/api/");
}

}  // namespace

Response route(Api& api, const StaticFiles& files, const Request& request) {
  return is_api(request.path) ? api.handle(request) : files.serve(request);
}

struct HttpServer::Impl {
  // httplib listens with a backlog of 5 connections: a burst of clients beyond that is dropped
  // by the kernel while the accepting thread catches up. The socket, once bound, is given the
  // system's largest backlog instead.
  class Server : public httplib::Server {
   public:
    bool widen_backlog() { return ::listen(svr_sock_, SOMAXCONN) == 0; }
  };
  Server http;
};

HttpServer::HttpServer(Api& api, const StaticFiles& files, std::size_t threads)
    : impl_(std::make_unique<Impl>()) {
  httplib::Server& http = impl_->http;
  // httplib owns the pool it is given (it deletes it on shutdown).
  http.new_task_queue = [threads] {
    return std::make_unique<httplib::ThreadPool>(threads).release();
  };
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second server on the
  // same port would start and silently take half the connections instead of failing.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_keep_alive_timeout(2);
  http.set_payload_max_length(kDrainLimit);
  const std::size_t max_body = api.options().max_body;
  const auto plain = [&api, &files](const httplib::Request& req, httplib::Response& res) {
    send(route(api, files, request_of(req, req.body)), res);
  };
  // Methods httplib parses but routes nowhere (TRACE, CONNECT): answered by the site too (405).
  http.set_pre_routing_handler([plain](const httplib::Request& req, httplib::Response& res) {
    static const std::string kRouted[] = {"GET",   "HEAD",   "POST",   "PUT",
                                          "PATCH", "DELETE", "OPTIONS"};
    for (const std::string& method : kRouted) {
      if (req.method == method) return httplib::Server::HandlerResponse::Unhandled;
    }
    plain(req, res);
    return httplib::Server::HandlerResponse::Handled;
  });
  http.Get(".*", plain);
  http.Put(".*", plain);
  http.Patch(".*", plain);
  http.Delete(".*", plain);
  http.Options(".*", plain);
  http.Post(".*", [&api, &files, max_body](const httplib::Request& req, httplib::Response& res,
                                           const httplib::ContentReader& read) {
    std::string body;
    bool over = false;
    read([&](const char* data, std::size_t length) {
      if (body.size() + length > max_body) over = true;
      if (!over) body.append(data, length);
      return true;  // read on to the end even when over, see kDrainLimit
    });
    if (over && is_api(req.path)) {
      send(Response{413,
                    "application/json",
                    fmt::format(R"({{"error":"the body is over {} bytes","where":"body"}})",
                                max_body),
                    {{"Cache-Control", "no-store"}}},
           res);
      return;
    }
    send(route(api, files, request_of(req, over ? std::string() : std::move(body))), res);
  });
  // Answers httplib makes on its own (a body beyond kDrainLimit, a malformed request): JSON
  // under /api, plain text elsewhere.
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string message =
        res.status == 413 ? "the body is too large" : fmt::format("HTTP error {}", res.status);
    if (is_api(req.path)) {
      res.set_content(fmt::format(R"({{"error":"{}","where":""}})", message), "application/json");
    } else {
      res.set_content(message + "\n", "text/plain; charset=utf-8");
    }
  });
}

HttpServer::~HttpServer() = default;

Result<int> HttpServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? impl_->http.bind_to_any_port(host)
                              : (impl_->http.bind_to_port(host, port) ? port : -1);
  if (bound < 0 || !impl_->http.widen_backlog()) {
    return Error{fmt::format("cannot listen on {} port {}", host, port), {}};
  }
  return bound;
}

void HttpServer::run() {
  impl_->http.listen_after_bind();
}

void HttpServer::stop() {
  impl_->http.stop();
}

std::string default_data_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "share/catmouse";
  return (program.parent_path().parent_path() / "share" / "catmouse").string();
}

Status serve(const ServeOptions& options) {
  Result<StaticFiles> files = StaticFiles::load(options.web_dir);
  if (!files.ok()) return files.error();
  Result<std::vector<Example>> examples = load_examples(options.examples_dir);
  if (!examples.ok()) return examples.error();
  std::vector<Example> boards = options.boards;
  for (Example& e : *examples) {
    const bool replaced = std::any_of(boards.begin(), boards.end(),
                                      [&](const Example& b) { return b.name == e.name; });
    if (!replaced) boards.push_back(std::move(e));
  }
  const std::string first = options.boards.empty() ? "" : options.boards.front().name;
  Api api(options.api, std::move(boards));
  // Solves block their request's thread: enough threads for the solves and their queue, and
  // for the page's lookups beside them.
  HttpServer http(api, *files, options.api.solves + options.api.queue + 8);

  // SIGINT and SIGTERM go to one thread that stops the server; every other thread (httplib's
  // pool included, created later) inherits the blocked mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  const Result<int> port = http.bind(options.host, options.port);
  if (!port.ok()) return port.error();
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    http.stop();
  });
  const bool ipv6 = options.host.find(':') != std::string::npos;
  const std::string url = ipv6 ? fmt::format("http://[{}]:{}/", options.host, *port)
                               : fmt::format("http://{}:{}/", options.host, *port);
  std::printf("listening on %s\n", url.c_str());
  if (!first.empty()) std::printf("open %s?example=%s\n", url.c_str(), first.c_str());
  std::fflush(stdout);
  http.run();
  pthread_kill(waiter.native_handle(), SIGTERM);  // wakes the waiter if run() ended by itself
  waiter.join();
  return {};
}

}  // namespace catmouse::server
