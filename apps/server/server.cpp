#include "server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <thread>

#include "connection.hpp"
#include "game_json.hpp"

namespace catmouse::server {

namespace {

// Bodies sent without a length (chunked) are read up to this size to the end before a 413, so
// that the client, still sending, is not cut off before it reads the answer; a length announced
// over the API's limit is refused at once (pre_route).
constexpr std::size_t kDrainLimit = std::size_t{64} << 20;

constexpr std::size_t kReadingThreads = 32;

constexpr std::chrono::seconds kStopGrace{3};

Request request_of(const httplib::Request& req, std::string body) {
  Request out{req.method, req.path, {}, std::move(body)};
  for (const auto& [name, value] : req.params) out.query.emplace(name, value);  // first wins
  return out;
}

// Bytes written at a time from a large answer.
constexpr std::size_t kWriteChunk = std::size_t{64} << 10;

void send(Response response, httplib::Response& res) {
  res.status = response.status;
  for (const auto& [name, value] : response.headers) res.set_header(name, value);
  if (!response.hold) {
    res.set_content(response.body, response.content_type);
    return;
  }
  // A large answer is not copied: httplib writes it from here, and the budget's room it holds
  // is given back once it is sent (or the connection has failed) and the response is gone.
  auto body = std::make_shared<const std::string>(std::move(response.body));
  res.set_content_provider(body->size(), response.content_type,
                           [body, hold = std::move(response.hold)](
                               std::size_t offset, std::size_t length, httplib::DataSink& sink) {
                             return sink.write(body->data() + offset,
                                               std::min(length, kWriteChunk));
                           });
}

bool is_api(const std::string& path) {
  return path == "/api" || path.starts_with("/api/");
}

// Set by a handler that answered without reading the body announced: the connection ends after
// the answer, since what follows on it is that body, not a request.
thread_local bool t_close_after_answer = false;

// The connection this thread is reading, for the error handler: httplib says 400 for headers too
// large, and only the connection knows that was the reason (431).
thread_local const ConnectionStream* t_connection = nullptr;

void send_error(httplib::Response& res, int status, const std::string& message,
                const std::string& where) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(Json{{"error", message}, {"where", where}}.dump(-1, ' ', false,
                                                                  Json::error_handler_t::replace),
                  "application/json");
}

std::string http_error_message(int status) {
  switch (status) {
    case 400:
      return "the request is malformed";
    case 404:
      return "no such path";
    case 413:
      return "the body is too large";
    case 414:
      return "the request's address is too long";
    case 431:
      return "the request's headers are too large";
    case 503:
      return "the server is busy; try again in a moment";
    default:
      return fmt::format("HTTP error {}", status);
  }
}

// The body's announced length: none when absent, an error when unreadable or announced twice
// with different values (the request is then ambiguous: 400).
Result<std::optional<std::uint64_t>> content_length(const httplib::Request& req) {
  const std::size_t count = req.get_header_value_count("Content-Length");
  if (count == 0) return std::optional<std::uint64_t>();
  const std::string first = req.get_header_value("Content-Length", 0);
  for (std::size_t i = 1; i < count; ++i) {
    if (req.get_header_value("Content-Length", i) != first) {
      return Error{"the request has two different Content-Length headers", {}};
    }
  }
  std::uint64_t length = 0;
  const auto [end, ec] = std::from_chars(first.data(), first.data() + first.size(), length);
  if (first.empty() || ec != std::errc() || end != first.data() + first.size()) {
    return Error{"the Content-Length header is not a number", {}};
  }
  return std::optional<std::uint64_t>(length);
}

// Before any body is read: an ambiguous length (400), a body announced over the limit (413),
// the methods of the API that take no body (PUT, PATCH, DELETE: answered, 405 or done), and
// methods httplib parses but routes nowhere (TRACE, CONNECT: 405 from the site).
httplib::Server::HandlerResponse pre_route(const httplib::Server::Handler& plain,
                                           std::size_t max_body, const httplib::Request& req,
                                           httplib::Response& res) {
  using httplib::Server;
  const Result<std::optional<std::uint64_t>> length = content_length(req);
  if (!length.ok()) {
    t_close_after_answer = true;
    send_error(res, 400, length.error().message, "Content-Length");
    return Server::HandlerResponse::Handled;
  }
  const bool body = length->value_or(0) > 0;
  if (is_api(req.path) && req.method == "POST" && length->value_or(0) > max_body) {
    t_close_after_answer = true;
    send_error(res, 413, fmt::format("the body is over {} bytes", max_body), "body");
    return Server::HandlerResponse::Handled;
  }
  if (is_api(req.path) &&
      (req.method == "PUT" || req.method == "PATCH" || req.method == "DELETE")) {
    t_close_after_answer = body;
    plain(req, res);
    return Server::HandlerResponse::Handled;
  }
  static const std::string kRouted[] = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
  for (const std::string& method : kRouted) {
    if (req.method == method) return Server::HandlerResponse::Unhandled;
  }
  t_close_after_answer = body;
  plain(req, res);
  return Server::HandlerResponse::Handled;
}

// The threads that serve connections, started before the server listens, so that a machine that
// cannot give them all makes the start fail with a message (exit 1). httplib's own pool, when a
// thread cannot start in its constructor, destroys the condition its started threads wait on and
// hangs for good.
class ConnectionPool {
 public:
  ~ConnectionPool() { shutdown(); }

  // An error naming the failure when a thread cannot start; those started are stopped.
  Status start(std::size_t threads) {
    try {
      while (threads_.size() < threads) threads_.emplace_back([this] { work(); });
    } catch (const std::system_error& failure) {
      const std::size_t started = threads_.size();
      shutdown();
      Error error{fmt::format("could not start {} threads for the connections (started {}): {}",
                              threads, started, failure.code().message()),
                  {}};
      error.where.field = ErrorField::kResources;
      return error;
    }
    return {};
  }

  void enqueue(std::function<void()> job) {
    {
      const std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }

  // The jobs queued are done, then the threads end.
  void shutdown() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_all();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

// The pool as httplib's task queue: httplib deletes the queue it is given, not the pool.
class PoolQueue : public httplib::TaskQueue {
 public:
  explicit PoolQueue(ConnectionPool& pool) : pool_(pool) {}
  void enqueue(std::function<void()> job) override { pool_.enqueue(std::move(job)); }
  void shutdown() override { pool_.shutdown(); }

 private:
  ConnectionPool& pool_;
};

}  // namespace

Response route(Api& api, const StaticFiles& files, const Request& request) {
  return is_api(request.path) ? api.handle(request) : files.serve(request);
}

struct HttpServer::Impl {
  // httplib listens with a backlog of 5 connections: a burst of clients beyond that is dropped
  // by the kernel while the accepting thread catches up. The socket, once bound, is given the
  // system's largest backlog instead.
  //
  // Each connection is read through ConnectionStream (connection.hpp): read timeouts and a
  // deadline per request against slow clients, and answers written to half-closed connections.
  class Server : public httplib::Server {
   public:
    bool widen_backlog() { return ::listen(svr_sock_, SOMAXCONN) == 0; }

   private:
    bool running() const { return svr_sock_ != INVALID_SOCKET; }

    // Waits for the next request of a kept-alive connection, until the keep-alive timeout or
    // the server's stop.
    bool next_request(int sock) const {
      const auto until =
          std::chrono::steady_clock::now() + std::chrono::seconds(keep_alive_timeout_sec_);
      while (running() && std::chrono::steady_clock::now() < until) {
        pollfd fd{sock, POLLIN, 0};
        if (::poll(&fd, 1, 100) > 0) return true;
      }
      return false;
    }

    bool process_and_close_socket(socket_t sock) override {
      ConnectionStream stream(sock);
      t_connection = &stream;
      bool ok = false;
      bool drain = false;
      for (std::size_t count = keep_alive_max_count_; count > 0 && next_request(sock); --count) {
        stream.start_request();
        t_close_after_answer = false;
        bool closed = false;
        ok = process_request(stream, count == 1 || !running(), closed, [](httplib::Request&) {});
        drain = t_close_after_answer;
        if (!ok || closed || drain) break;
      }
      ::shutdown(sock, SHUT_WR);
      // A body left unread: read a little of it before closing, so that the client, still
      // sending, is not reset before it reads the answer.
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
      char buffer[4096];
      while (drain && std::chrono::steady_clock::now() < until) {
        pollfd fd{sock, POLLIN, 0};
        if (::poll(&fd, 1, 100) <= 0) continue;
        if (::recv(sock, buffer, sizeof buffer, 0) <= 0) break;
      }
      ::close(sock);
      t_connection = nullptr;
      return ok;
    }
  };
  Server http;
  ConnectionPool pool;
  std::size_t threads = 0;
};

HttpServer::HttpServer(Api& api, const StaticFiles& files, std::size_t threads)
    : impl_(std::make_unique<Impl>()) {
  httplib::Server& http = impl_->http;
  // httplib deletes the queue it is given on shutdown: a view of the pool, started by run().
  impl_->threads = threads;
  http.new_task_queue = [pool = &impl_->pool] { return new PoolQueue(*pool); };
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second server on the
  // same port would start and silently take half the connections instead of failing.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_keep_alive_timeout(2);
  http.set_read_timeout(std::chrono::duration_cast<std::chrono::seconds>(kReadTimeout));
  http.set_payload_max_length(kDrainLimit);
  const std::size_t max_body = api.options().max_body;
  const auto plain = [&api, &files](const httplib::Request& req, httplib::Response& res) {
    send(route(api, files, request_of(req, req.body)), res);
  };
  http.set_pre_routing_handler(
      [plain, max_body](const httplib::Request& req, httplib::Response& res) {
        return pre_route(plain, max_body, req, res);
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
  // Answers httplib makes on its own (a malformed request, an address or headers too long, a
  // body beyond kDrainLimit): JSON like every other error.
  http.set_error_handler(
      httplib::Server::HandlerWithResponse([](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        if (t_connection && t_connection->headers_too_large()) {
          res.status = 431;
          t_close_after_answer = true;  // the rest of the head is unread
        }
        send_error(res, res.status, http_error_message(res.status), "");
        return httplib::Server::HandlerResponse::Handled;
      }));
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        send_error(res, 500, "internal error", "");
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

Status HttpServer::run() {
  if (Status ok = impl_->pool.start(impl_->threads); !ok) return ok;
  impl_->http.listen_after_bind();
  return {};
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
  // kReadingThreads more for reading requests and the page's lookups beside them, so that slow
  // clients (held at most for a request's deadline, connection.hpp) cannot take them all.
  HttpServer http(api, *files, options.api.solves + options.api.queue + kReadingThreads);

  // SIGINT and SIGTERM go to one thread that stops the server; every other thread (httplib's
  // pool included, created later) inherits the blocked mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  const Result<int> port = http.bind(options.host, options.port);
  if (!port.ok()) return port.error();
  // After a signal, run() returns once the requests under way are answered; a solve that does
  // not look at its cancellation in time (some engines look once per level) would hold it, so
  // the process ends anyway after kStopGrace.
  std::mutex mutex;
  std::condition_variable ended;
  bool done = false;
  const auto wait_for_signal = [&] {
    int signal = 0;
    sigwait(&signals, &signal);
    api.shut_down();  // the solves under way are cancelled, those waiting sent away
    http.stop();
    std::unique_lock lock(mutex);
    if (!ended.wait_for(lock, kStopGrace, [&] { return done; })) {
      std::fputs("catmouse: serve: a solve did not stop in time; exiting without it\n", stderr);
      std::_Exit(0);
    }
  };
  std::thread waiter;
  try {
    waiter = std::thread(wait_for_signal);
  } catch (const std::system_error& failure) {
    Error error{fmt::format("could not start the thread that waits for signals: {}",
                            failure.code().message()),
                {}};
    error.where.field = ErrorField::kResources;
    return error;
  }
  const bool ipv6 = options.host.find(':') != std::string::npos;
  const std::string url = ipv6 ? fmt::format("http://[{}]:{}/", options.host, *port)
                               : fmt::format("http://{}:{}/", options.host, *port);
  std::printf("listening on %s\n", url.c_str());
  if (!first.empty()) std::printf("open %s?example=%s\n", url.c_str(), first.c_str());
  std::fflush(stdout);
  const Status ran = http.run();
  {
    const std::lock_guard lock(mutex);
    done = true;
  }
  ended.notify_all();
  pthread_kill(waiter.native_handle(), SIGTERM);  // wakes the waiter if run() ended by itself
  waiter.join();
  return ran;
}

}  // namespace catmouse::server
