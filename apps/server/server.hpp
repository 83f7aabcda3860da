// catmouse serve: the page (web/) and the JSON API (api.hpp) over HTTP, with cpp-httplib. The
// site's logic lives in Api and StaticFiles; HttpServer only carries requests to them and back,
// and serve() runs it until SIGINT or SIGTERM.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "api.hpp"
#include "catmouse/core/error.hpp"
#include "http_types.hpp"
#include "static_files.hpp"

namespace catmouse::server {

// Every request of the site: /api and below to the API, the rest to the page's files.
Response route(Api& api, const StaticFiles& files, const Request& request);

// The site on a socket. Each request is read whole by the connection loop (connection_loop.hpp),
// within its time rules (connection.hpp), and then answered by a thread of a pool; a body
// announced over the API's limit, an ambiguous or truncated one, is refused before it takes a
// thread, and every error, the HTTP layer's too, is JSON.
class HttpServer {
 public:
  HttpServer(Api& api, const StaticFiles& files, std::size_t threads);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds to host:port (port 0: a free port); the port bound, or an error naming the address
  // and the reason ("cannot listen on 127.0.0.1:8913: Address already in use").
  Result<int> bind(const std::string& host, int port);
  // Serves until stop(); then the requests under way are answered before it returns. Fails at
  // once when the threads that answer requests cannot all start.
  Status run();
  // Safe from any thread.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8913;
  std::string web_dir;          // the page's files
  std::string examples_dir;     // the example boards
  std::vector<Example> boards;  // more boards, listed first among the examples
  ApiOptions api;
};

// Whether `host` (a name or an address) names an address to listen on: why not, e.g.
// "cannot resolve 'nosuch..': Name or service not known".
Status check_host(const std::string& host);

// share/catmouse beside the program's bin/ folder: the build tree's copy of web/ and examples/,
// or the installed one.
std::string default_data_dir();

// Serves until SIGINT or SIGTERM (which cancel the solves under way): prints "listening on
// http://HOST:PORT/" on stdout once bound (and the address of the first of `boards`, if any), and
// returns once the requests under way are answered. Fails when the page or the examples cannot be
// read or the address cannot be bound.
Status serve(const ServeOptions& options);

}  // namespace catmouse::server
