#include "server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include "api_error.hpp"
#include "connection.hpp"
#include "connection_loop.hpp"

namespace catmouse::server {

namespace {

constexpr std::size_t kAnsweringThreads = 32;

constexpr std::chrono::seconds kStopGrace{3};

// The connection this thread is answering, for send(): a large answer's room of the budget stays
// with the connection until the loop has sent the last of it.
thread_local Connection* t_connection = nullptr;

Request request_of(const httplib::Request& req, std::string body) {
  Request out{req.method, req.path, {}, std::move(body)};
  for (const auto& [name, value] : req.params) out.query.emplace(name, value);
  return out;
}

// A query parameter given more than once, however spelt (httplib's params keep one copy of a
// pair repeated with the same value, so the raw query is read): the request does not say which
// it means, or says it twice.
std::optional<std::string> repeated_parameter(const httplib::Request& req) {
  const std::size_t question = req.target.find('?');
  if (question == std::string::npos) return std::nullopt;
  std::set<std::string> names;
  std::optional<std::string> repeated;
  const std::string query = req.target.substr(question + 1);
  httplib::detail::split(
      query.data(), query.data() + query.size(), '&', [&](const char* begin, const char* end) {
        const std::string pair(begin, end);
        const std::string name = httplib::detail::decode_url(pair.substr(0, pair.find('=')), true);
        if (!name.empty() && !names.insert(name).second && !repeated) {
          repeated = name;
        }
      });
  return repeated;
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
  // is given back once it is sent (or the connection has failed): what the socket does not take
  // at once waits in the connection, which keeps the room until then.
  if (t_connection) t_connection->hold = response.hold;
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

void send_error(httplib::Response& res, int status, const std::string& message,
                const std::string& where) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(error_json(message, where), "application/json");
}

std::string http_error_message(int status) {
  switch (status) {
    case 400:
      return "the request is malformed";
    case 404:
      return "no such path";
    case 413:
      return "the body is too large";
    case 503:
      return "the server is busy; try again in a moment";
    default:
      return fmt::format("HTTP error {}", status);
  }
}

// Methods httplib parses but routes nowhere (TRACE, CONNECT) go to the site, which answers 405.
httplib::Server::HandlerResponse pre_route(const httplib::Server::Handler& plain,
                                           const httplib::Request& req, httplib::Response& res) {
  static const std::string kRouted[] = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
  for (const std::string& method : kRouted) {
    if (req.method == method) return httplib::Server::HandlerResponse::Unhandled;
  }
  plain(req, res);
  return httplib::Server::HandlerResponse::Handled;
}

// The threads that answer requests, started before the server listens, so that a machine that
// cannot give them all makes the start fail with a message (exit 1).
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
      error.kind = ErrorKind::kResources;
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

// The addresses `host` names, to listen on `port`.
struct Addresses {
  addrinfo* list = nullptr;
  Addresses() = default;
  Addresses(const Addresses&) = delete;
  Addresses& operator=(const Addresses&) = delete;
  ~Addresses() {
    if (list) ::freeaddrinfo(list);
  }
};

Status resolve(const std::string& host, int port, Addresses& out) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  const int code = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &out.list);
  if (code != 0) {
    return Error{fmt::format("cannot resolve '{}': {}", host,
                             code == EAI_SYSTEM ? std::strerror(errno) : ::gai_strerror(code)),
                 {}};
  }
  return {};
}

// HOST:PORT, an IPv6 address in brackets.
std::string host_and_port(const std::string& host, int port) {
  return host.find(':') != std::string::npos ? fmt::format("[{}]:{}", host, port)
                                             : fmt::format("{}:{}", host, port);
}

}  // namespace

Response route(Api& api, const StaticFiles& files, const Request& request) {
  return is_api(request.path) ? api.handle(request) : files.serve(request);
}

Status check_host(const std::string& host) {
  Addresses addresses;
  return resolve(host, 0, addresses);
}

struct HttpServer::Impl {
  // httplib parses, routes and writes each request; the loop (connection_loop.hpp) has read it
  // whole before, and sends what the socket did not take at once after.
  class Http : public httplib::Server {
   public:
    bool answer(httplib::Stream& stream, bool last, bool& closed) {
      return process_request(stream, last, closed, nullptr);
    }
  };

  explicit Impl(std::size_t max_body)
      : loop(max_body, [this](std::shared_ptr<Connection> c) {
          pool.enqueue([this, c = std::move(c)] { answer(c); });
        }) {}

  // One request of `c`, in a thread of the pool.
  void answer(const std::shared_ptr<Connection>& c) {
    ConnectionStream stream(*c);
    t_connection = c.get();
    bool closed = false;
    const bool last = c->answered + 1 >= kKeepAliveRequests || loop.stopping();
    bool ok = false;
    try {
      ok = http.answer(stream, last, closed);
    } catch (...) {
      ok = false;  // the answer could not be made (memory): the connection ends
    }
    t_connection = nullptr;
    if (!ok || closed || last) c->close_after = true;
    loop.give_back(c);
  }

  Http http;
  ConnectionPool pool;
  ConnectionLoop loop;
  std::size_t threads = 0;
};

HttpServer::HttpServer(Api& api, const StaticFiles& files, std::size_t threads)
    : impl_(std::make_unique<Impl>(api.options().max_body)) {
  httplib::Server& http = impl_->http;
  impl_->threads = threads;
  http.set_payload_max_length(api.options().max_body);
  // What each answer's Keep-Alive header tells the client, so that it does not send on a
  // connection the loop has closed for idling: the loop's own rules.
  http.set_keep_alive_timeout(
      std::chrono::duration_cast<std::chrono::seconds>(kIdleTimeout).count());
  http.set_keep_alive_max_count(kKeepAliveRequests);
  const auto plain = [&api, &files](const httplib::Request& req, httplib::Response& res) {
    if (const auto name = repeated_parameter(req); name && is_api(req.path)) {
      send_error(res, 400, fmt::format("the parameter \"{}\" is given more than once", *name),
                 *name);
      return;
    }
    send(route(api, files, request_of(req, req.body)), res);
  };
  http.set_pre_routing_handler([plain](const httplib::Request& req, httplib::Response& res) {
    return pre_route(plain, req, res);
  });
  http.Get(".*", plain);
  http.Post(".*", plain);
  http.Put(".*", plain);
  http.Patch(".*", plain);
  http.Delete(".*", plain);
  http.Options(".*", plain);
  // Answers httplib makes on its own (a malformed request): JSON like every other error, and the
  // connection closes after it.
  http.set_error_handler(
      httplib::Server::HandlerWithResponse([](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        if (t_connection) t_connection->close_after = true;
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
  Addresses addresses;
  if (Status ok = resolve(host, port, addresses); !ok) return ok.error();
  int failure = 0;
  for (const addrinfo* a = addresses.list; a; a = a->ai_next) {
    const int fd =
        ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      failure = errno;
      continue;
    }
    // SO_REUSEADDR only: with SO_REUSEPORT a second server on the same port would start and
    // silently take half the connections instead of failing.
    const int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    // The system's largest backlog: a burst of clients beyond it would be dropped by the kernel.
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length) == 0) {
      impl_->loop.listen_on(fd);
      return ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6&>(bound).sin6_port
                                               : reinterpret_cast<sockaddr_in&>(bound).sin_port);
    }
    failure = errno;
    ::close(fd);
  }
  return Error{
      fmt::format("cannot listen on {}: {}", host_and_port(host, port), std::strerror(failure)),
      {}};
}

Status HttpServer::run() {
  if (Status ok = impl_->pool.start(impl_->threads); !ok) return ok;
  const Status ran = impl_->loop.run();
  impl_->pool.shutdown();
  return ran;
}

void HttpServer::stop() {
  impl_->loop.stop();
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
  // kAnsweringThreads more for the page's lookups beside them. No client holds one while it
  // sends or reads slowly: the connection loop reads requests whole and sends what is left.
  HttpServer http(api, *files, options.api.solves + options.api.queue + kAnsweringThreads);

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
    error.kind = ErrorKind::kResources;
    return error;
  }
  const std::string url = fmt::format("http://{}/", host_and_port(options.host, *port));
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
