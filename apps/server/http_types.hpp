// A request and an answer as the site sees them, apart from any HTTP library: the server's logic
// (api.hpp, static_files.hpp, route() in server.hpp) is tested by calling it directly, and
// server.cpp only moves these to and from the network.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace catmouse::server {

struct Request {
  std::string method;                        // "GET", "POST", ...
  std::string path;                          // decoded, without the query
  std::map<std::string, std::string> query;  // decoded; the first value of each name
  std::string body;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // besides the content type
  // Memory of the server's budget that the body holds until it is sent (a large answer), or null.
  std::shared_ptr<const void> hold = {};
};

}  // namespace catmouse::server
