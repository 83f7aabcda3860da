// The page's own files: every file of the web folder whose name and type are allowed, read once
// at start. Requests are answered from that set only, so no path outside it can ever be served,
// whatever its dots, slashes or encodings.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "catmouse/core/error.hpp"
#include "http_types.hpp"

namespace catmouse::server {

class StaticFiles {
 public:
  // Reads `dir` (recursively): files whose every path segment is made of A-Z a-z 0-9 . _ - and
  // does not start with '.', with a suffix of a known type. Fails when `dir` cannot be read or
  // holds no index.html.
  static Result<StaticFiles> load(const std::string& dir);

  // "/" is index.html, "/static/NAME" the file NAME; anything else is 404, and a method other
  // than GET and HEAD 405. Answers in plain text on errors.
  Response serve(const Request& request) const;

  std::size_t size() const { return files_.size(); }

 private:
  struct File {
    std::string type;
    std::string content;
  };
  std::map<std::string, File> files_;  // by NAME, e.g. "app.js"
};

// The content type for a file name's suffix, or none for a suffix that is never served.
std::optional<std::string> content_type_of(const std::string& name);

}  // namespace catmouse::server
